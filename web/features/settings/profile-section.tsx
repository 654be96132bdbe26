import { Camera, ImageUp, Trash2, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../common/limits.ts';
import { ProfileInput } from '../../../common/schemas/settings.schema.ts';
import type { User } from '../../../common/schemas/user.schema.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { PHOTO_TYPES, photoProblem, useRemovePhoto, useRenameUser, useUploadPhoto } from '../../lib/api/settings-queries.ts';
import { cx } from '../../lib/class-names.ts';
import { serverFieldErrors, useApiForm } from '../../lib/forms/use-api-form.ts';
import { SettingsSection } from './settings-section.tsx';
import { useFocusLater } from './use-focus-later.ts';

/** Issue 18: the name and the profile photo (spec §3 user_photo) as the people one works with see them. */
export function ProfileSection({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection id="profile-settings" icon={UserRound} title={t('profileForm.title')} description={t('profileForm.description')}>
      <PhotoEditor user={user} />
      <div className="mt-6 border-t border-line pt-5">
        <NameForm user={user} />
      </div>
    </SettingsSection>
  );
}

function NameForm({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const rename = useRenameUser();
  const form = useApiForm<{ name: string }>({
    schema: ProfileInput,
    // Another tab (or the server's answer) may change the name: the field follows until it is edited.
    values: { name: user.name },
    resetOptions: { keepDirtyValues: true },
    wording: { 'The name field is required.': t('profileForm.nameRequired') },
  });
  const name = form.field('name');
  const unchanged = name.value.trim() === user.name;

  const onSubmit = form.submit(async (input) => {
    if (unchanged) return;
    const { user: saved } = await rename.mutateAsync(input.name);
    form.reset({ name: saved.name });
    toast.show(t('profileForm.nameSaved'));
  }, t('profileForm.nameFailed'));

  return (
    <form
      ref={form.formRef}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      data-testid="name-form"
    >
      <TextField
        className="min-w-0 flex-1"
        label={t('profileForm.name')}
        {...name}
        // The form's one field also carries a failure that named no field, and editing clears both.
        error={name.error ?? form.formError}
        onChange={(event) => {
          name.onChange(event);
          form.clearErrors('root');
        }}
        autoComplete="name"
        maxLength={LIMITS.nameMax}
      />
      {/* Level with the field, below its label. */}
      <Button type="submit" busy={rename.isPending} disabled={unchanged && !rename.isPending} className="sm:mt-7">
        {t('profileForm.saveName')}
      </Button>
    </form>
  );
}

interface Preview {
  file: File;
  url: string;
}

/**
 * The photo: chosen with a file picker or dropped onto the picture, checked here (type, 5 MB)
 * before anything is sent, previewed, then saved; or removed. The server sniffs and resizes it.
 */
function PhotoEditor({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const input = useRef<HTMLInputElement>(null);
  // The row of buttons: its first is "Save photo" while a preview shows, else "Choose/Change photo".
  const actions = useRef<HTMLDivElement>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const errorId = useId();
  const busy = upload.isPending || remove.isPending;

  // A preview's object URL lives as long as the preview.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview.url)), [preview]);

  // After a choice, a save or a removal: the row's first button, once it is there and enabled.
  const focusLater = useFocusLater();
  const focusFirstAction = () => focusLater(() => actions.current?.querySelector('button'));

  function choose(file: File | undefined) {
    if (!file || busy) return;
    const problem = photoProblem(file);
    if (problem) {
      setPreview(null);
      setError(t(problem === 'type' ? 'profileForm.photoWrongType' : 'profileForm.photoTooLarge'));
      return;
    }
    setError(null);
    setPreview({ file, url: URL.createObjectURL(file) });
    focusFirstAction();
  }

  function failed(caught: unknown) {
    if (caught instanceof ApiError && caught.status === 413) return t('profileForm.photoTooLarge');
    if (caught instanceof ApiError && caught.status === 415) return t('profileForm.photoWrongType');
    const photo = serverFieldErrors(caught, (path) => (path === 'photo' ? path : undefined)).fields[0]?.[1];
    return photo ?? errorMessage(caught, t('profileForm.photoFailed'), t('common:errors.pleaseTryAgain'));
  }

  function save() {
    if (!preview) return;
    upload.mutate(preview.file, {
      onSuccess: () => {
        setPreview(null);
        toast.show(t('profileForm.photoSaved'));
        focusFirstAction();
      },
      onError: (caught) => setError(failed(caught)),
    });
  }

  function cancel() {
    setPreview(null);
    setError(null);
    focusFirstAction();
  }

  function removePhoto() {
    setError(null);
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.show(t('profileForm.photoRemoved'));
        focusFirstAction();
      },
      onError: (caught) => setError(failed(caught)),
    });
  }

  const dragProps = {
    onDragEnter: (event: DragEvent) => {
      event.preventDefault();
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      choose(event.dataTransfer.files[0]);
    },
  };

  return (
    <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-center sm:text-start" data-testid="photo-editor">
      {/* The drop target: the picture itself. A click opens the picker too; keyboards use the button beside it. */}
      <div
        {...dragProps}
        onClick={() => !busy && input.current?.click()}
        className={cx(
          'group relative shrink-0 cursor-pointer rounded-full p-1 transition-shadow',
          dragging ? 'ring-2 ring-brand ring-offset-2 ring-offset-surface' : preview ? 'ring-2 ring-brand/60' : '',
        )}
        data-testid="photo-drop-zone"
        data-dragging={dragging || undefined}
      >
        <Avatar name={user.name} photo={preview?.url ?? user.user_photo} size="xl" className={cx(busy && 'opacity-60')} />
        <span
          aria-hidden
          className="absolute bottom-1 end-1 flex h-8 w-8 items-center justify-center rounded-full border-2 border-surface bg-brand text-brand-fg shadow-sm transition-transform group-hover:scale-105"
        >
          <Camera className="h-4 w-4" />
        </span>
        {dragging && (
          <span
            aria-hidden
            className="absolute inset-1 flex items-center justify-center rounded-full bg-brand/80 px-2 text-xs font-semibold text-brand-fg"
          >
            {t('profileForm.dropHere')}
          </span>
        )}
      </div>

      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-fg">{t('profileForm.photo')}</p>
        <p id={hintId} className="mt-0.5 text-xs text-muted">
          {preview ? t('profileForm.previewNotice') : t('profileForm.photoHint')}
        </p>
        <input
          ref={input}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          className="hidden"
          tabIndex={-1}
          aria-hidden
          data-testid="photo-input"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            // The same file chosen again after a cancel still counts as a choice.
            event.target.value = '';
          }}
        />
        <div ref={actions} className="mt-3 flex flex-wrap justify-center gap-2 sm:justify-start">
          {preview ? (
            <>
              <Button size="sm" busy={upload.isPending} onClick={save} icon={<ImageUp aria-hidden className="h-4 w-4" />}>
                {t('profileForm.savePhoto')}
              </Button>
              <Button size="sm" variant="outline" onClick={cancel} disabled={upload.isPending}>
                {t('common:actions.cancel')}
              </Button>
            </>
          ) : (
            <>
              <Button
                size="sm"
                variant="outline"
                onClick={() => input.current?.click()}
                disabled={busy}
                aria-describedby={error ? `${hintId} ${errorId}` : hintId}
                icon={<Camera aria-hidden className="h-4 w-4" />}
              >
                {user.user_photo ? t('profileForm.changePhoto') : t('profileForm.choosePhoto')}
              </Button>
              {user.user_photo && (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={removePhoto}
                  busy={remove.isPending}
                  className="text-danger! hover:bg-danger-soft!"
                  icon={<Trash2 aria-hidden className="h-4 w-4" />}
                >
                  {t('profileForm.removePhoto')}
                </Button>
              )}
            </>
          )}
        </div>
        {error && (
          <p id={errorId} role="alert" className="mt-2 text-sm text-danger" data-testid="photo-error">
            <bdi>{error}</bdi>
          </p>
        )}
      </div>
    </div>
  );
}
