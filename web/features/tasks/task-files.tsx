import { useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import {
  Cloud,
  Download,
  ExternalLink,
  Eye,
  File as FileIcon,
  FileText,
  Image as ImageIcon,
  Link2,
  Paperclip,
  RotateCw,
  Trash2,
  X,
} from 'lucide-react';
import { Suspense, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../common/limits.ts';
import type { Attachment } from '../../../common/schemas/attachment.schema.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import {
  attachmentAdded,
  attachmentsQuery,
  downloadAttachment,
  uploadAttachment,
  useAttachmentObjectUrl,
  useDeleteAttachment,
} from '../../lib/api/attachment-queries.ts';
import { cx } from '../../lib/class-names.ts';
import { fileSizeText } from '../../../common/file-size.ts';
import { lazyWithRetry } from '../../lib/lazy-with-retry.ts';
import { commentFullTime } from '../../lib/relative-time.ts';

void i18next.loadNamespaces('files');

// The drive's browser loads when it is first opened.
const DrivePicker = lazyWithRetry(() => import('./drive-picker.tsx'));

interface Upload {
  key: number;
  file: File;
  sent: number;
  status: 'sending' | 'failed';
  error?: string;
  controller: AbortController;
}

let nextUploadKey = 1;

/**
 * The detail dialog's Files section (issue 24): the task's files with a thumbnail or an icon, who
 * added each and when; a viewer for images and PDFs, a download for everything; files added by
 * the button or dropped on the section, each with a progress bar, Cancel and, after a failure,
 * Retry. Whoever may edit the task adds files; who added one, or the owner, deletes it.
 */
export default function TaskFiles({ taskId, canAdd }: { taskId: number; canAdd: boolean }) {
  const { t, i18n } = useTranslation('files');
  const queryClient = useQueryClient();
  const files = useQuery(attachmentsQuery(taskId));
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const [viewing, setViewing] = useState<Attachment | null>(null);
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [browsingDrive, setBrowsingDrive] = useState(false);
  const remove = useDeleteAttachment(taskId);
  const picker = useRef<HTMLInputElement>(null);
  const section = useRef<HTMLElement>(null);
  // Where focus goes when what had it is gone (a cancelled upload, a deleted file): the Attach button.
  const attachButton = () => section.current?.querySelector<HTMLElement>('[data-testid="attach-files"]');
  const focusAttach = () => requestAnimationFrame(() => attachButton()?.focus());
  // The confirmation closes after a delete with its opener (the row's Delete) still on screen for a moment.
  const deleted = useRef(false);
  const headingId = useId();
  const hintId = useId();

  // Leaving the task (or the dialog) cancels what is still on its way.
  const live = useRef(uploads);
  live.current = uploads;
  useEffect(() => () => live.current.forEach((upload) => upload.controller.abort()), [taskId]);

  const change = (key: number, patch: Partial<Upload>) =>
    setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)));
  const drop = (key: number) => setUploads((all) => all.filter((upload) => upload.key !== key));

  function send(upload: Upload) {
    if (upload.file.size > LIMITS.attachmentBytes) {
      change(upload.key, { status: 'failed', error: t('errors.tooLarge', { size: fileSizeText(LIMITS.attachmentBytes, i18n.language) }) });
      return;
    }
    uploadAttachment(taskId, upload.file, {
      language: i18n.language,
      signal: upload.controller.signal,
      onProgress: (sent) => change(upload.key, { sent }),
    }).then(
      (attachment) => {
        drop(upload.key);
        attachmentAdded(queryClient, taskId, attachment);
      },
      (error: unknown) => {
        if ((error as Error).name === 'AbortError') return drop(upload.key);
        change(upload.key, { status: 'failed', error: errorMessage(error, t('errors.upload'), t('common:errors.pleaseTryAgain')) });
      },
    );
  }

  function add(list: FileList | File[]) {
    const added = [...list].map((file) => ({
      key: nextUploadKey++,
      file,
      sent: 0,
      status: 'sending' as const,
      controller: new AbortController(),
    }));
    setUploads((all) => [...all, ...added]);
    added.forEach(send);
  }

  function retry(upload: Upload) {
    const again = { ...upload, sent: 0, status: 'sending' as const, error: undefined, controller: new AbortController() };
    change(upload.key, again);
    send(again);
  }

  const onDrop = (event: DragEvent) => {
    if (!canAdd || !event.dataTransfer.files.length) return;
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  // Files dropped anywhere on the task's dialog are attached too; dropped elsewhere on the page,
  // they are not opened by the browser in place of the app.
  const addLatest = useRef(add);
  addLatest.current = add;
  useEffect(() => {
    const carriesFiles = (event: globalThis.DragEvent) => !!event.dataTransfer?.types.includes('Files');
    const inDialog = (event: globalThis.DragEvent) =>
      event.target instanceof Element && !!event.target.closest('[data-testid="task-detail-dialog"]');
    const over = (event: globalThis.DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = canAdd && inDialog(event) ? 'copy' : 'none';
      setDragging(canAdd && inDialog(event));
    };
    const drop = (event: globalThis.DragEvent) => {
      if (!carriesFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      setDragging(false);
      if (canAdd && inDialog(event) && event.dataTransfer?.files.length) addLatest.current(event.dataTransfer.files);
    };
    const leave = (event: globalThis.DragEvent) => {
      if (!event.relatedTarget) setDragging(false);
    };
    document.addEventListener('dragover', over);
    document.addEventListener('drop', drop);
    document.addEventListener('dragleave', leave);
    return () => {
      document.removeEventListener('dragover', over);
      document.removeEventListener('drop', drop);
      document.removeEventListener('dragleave', leave);
    };
  }, [canAdd]);

  async function download(file: Attachment) {
    setDownloadError(null);
    try {
      await downloadAttachment(file);
    } catch (error) {
      setDownloadError(errorMessage(error, t('errors.download'), t('common:errors.pleaseTryAgain')));
    }
  }

  const list = files.data ?? [];
  return (
    <section
      ref={section}
      aria-labelledby={headingId}
      data-testid="task-files"
      onDragOver={(event) => {
        if (!canAdd || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      className={cx('rounded-card transition-colors', dragging && 'bg-brand-soft outline-2 outline-offset-4 outline-brand outline-dashed')}
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-xs font-semibold tracking-wide text-muted uppercase">
          {t('title')}
          {list.length > 0 && <span className="ms-1.5 font-normal">({new Intl.NumberFormat(i18n.language).format(list.length)})</span>}
        </h3>
        {canAdd && (
          <>
            <Button
              variant="ghost"
              size="sm"
              icon={<Paperclip aria-hidden className="h-4 w-4" />}
              onClick={() => picker.current?.click()}
              aria-describedby={hintId}
              data-testid="attach-files"
            >
              {t('attach')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              icon={<Cloud aria-hidden className="h-4 w-4" />}
              onClick={() => setBrowsingDrive(true)}
              data-testid="attach-from-drive"
            >
              {t('fromDrive')}
            </Button>
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              data-testid="attach-input"
              onChange={(event) => {
                if (event.target.files?.length) add(event.target.files);
                event.target.value = '';
              }}
            />
          </>
        )}
      </div>

      {files.isPending ? (
        <Loading paused={files.fetchStatus === 'paused'}>
          <Skeleton className="h-14 w-full" />
        </Loading>
      ) : files.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(files.error, t('errors.load'), t('common:errors.pleaseTryAgain'))}{' '}
          <button type="button" className="underline" onClick={() => void files.refetch()}>
            {t('common:actions.tryAgain')}
          </button>
        </p>
      ) : (
        list.length > 0 && (
          <ul className="space-y-1.5" data-testid="file-list">
            {list.map((file) => (
              <FileRow
                key={file.id}
                file={file}
                onView={() => setViewing(file)}
                onDownload={() => void download(file)}
                onDelete={() => {
                  deleted.current = false;
                  setDeleting(file);
                }}
              />
            ))}
          </ul>
        )
      )}

      {uploads.length > 0 && (
        <ul className="mt-1.5 space-y-1.5" aria-live="polite" data-testid="upload-list">
          {uploads.map((upload) => (
            <li key={upload.key} className="rounded-control border border-line px-3 py-2 text-sm" data-testid="upload">
              <div className="flex items-center gap-2">
                <span dir="auto" className="min-w-0 flex-1 truncate font-medium">
                  {upload.file.name}
                </span>
                {upload.status === 'failed' ? (
                  <>
                    <Button variant="ghost" size="sm" icon={<RotateCw aria-hidden className="h-4 w-4" />} onClick={() => retry(upload)}>
                      {t('retry')}
                    </Button>
                    <button
                      type="button"
                      onClick={() => drop(upload.key)}
                      aria-label={t('dismiss', { name: upload.file.name })}
                      title={t('dismiss', { name: upload.file.name })}
                      className="tap-target flex h-8 w-8 items-center justify-center rounded-control text-muted hover:bg-surface-2 hover:text-fg"
                    >
                      <X aria-hidden className="h-4 w-4" />
                    </button>
                  </>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      upload.controller.abort();
                      focusAttach();
                    }}
                  >
                    {t('common:actions.cancel')}
                  </Button>
                )}
              </div>
              {upload.status === 'sending' ? (
                <progress
                  className="mt-1.5 block h-1.5 w-full overflow-hidden rounded-full accent-brand"
                  max={upload.file.size || 1}
                  value={upload.sent}
                  aria-label={t('uploading', { name: upload.file.name })}
                />
              ) : (
                <p role="alert" className="mt-1 text-danger">
                  {upload.error}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}

      {canAdd && (
        <p
          id={hintId}
          className={cx(
            'text-xs text-muted',
            list.length || uploads.length ? 'mt-2' : 'rounded-card border border-dashed border-line px-4 py-4 text-center',
          )}
        >
          {t('dropHint', { size: fileSizeText(LIMITS.attachmentBytes, i18n.language) })}
        </p>
      )}
      {!canAdd && !list.length && !files.isPending && <p className="text-sm text-muted">{t('none')}</p>}
      {downloadError && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {downloadError}
        </p>
      )}

      {browsingDrive && (
        <Suspense fallback={null}>
          <DrivePicker taskId={taskId} onClose={() => setBrowsingDrive(false)} />
        </Suspense>
      )}
      {viewing && <FileViewer file={viewing} onClose={() => setViewing(null)} onDownload={() => void download(viewing)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title')}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        tone="danger"
        busy={remove.isPending}
        returnFocusTo={() => (deleted.current ? attachButton() : null)}
        onCancel={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              deleted.current = true;
              setDeleting(null);
            },
          })
        }
      >
        <p>{t('delete.warning', { name: `\u2068${deleting?.name ?? ''}\u2069` })}</p>
        {remove.isError && (
          <p role="alert" className="text-danger">
            {errorMessage(remove.error, t('errors.delete'), t('common:errors.pleaseTryAgain'))}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

const iconOf = (file: Attachment) =>
  file.link_url
    ? Link2
    : file.mime.startsWith('image/')
      ? ImageIcon
      : file.mime === 'application/pdf' || file.mime.startsWith('text/')
        ? FileText
        : FileIcon;

function FileRow({ file, onView, onDownload, onDelete }: { file: Attachment; onView(): void; onDownload(): void; onDelete(): void }) {
  const { t, i18n } = useTranslation('files');
  const thumbnail = useAttachmentObjectUrl(file.has_thumbnail ? file.id : null, 'thumbnail');
  const Icon = iconOf(file);
  // A file left on a drive opens there (the drive asks who it is); others are viewed or saved here.
  const openLink = () => window.open(file.link_url!, '_blank', 'noopener,noreferrer');
  const open = file.link_url ? openLink : file.inline ? onView : onDownload;
  const iconButton =
    'tap-target flex h-9 w-9 shrink-0 items-center justify-center rounded-control text-muted hover:bg-surface-2 hover:text-fg';
  return (
    <li className="flex items-center gap-3 rounded-control border border-line p-2" data-testid="file-row">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center overflow-hidden rounded-control bg-surface-2">
        {thumbnail.url ? (
          <img src={thumbnail.url} alt="" className="h-full w-full object-cover" />
        ) : (
          <Icon aria-hidden className="h-5 w-5 text-muted" />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={open}
          className="block max-w-full truncate text-start text-sm font-medium hover:underline"
          dir="auto"
          data-testid="file-name"
        >
          {file.name}
        </button>
        <p className="truncate text-xs text-muted">
          {t('meta', {
            size: fileSizeText(file.size, i18n.language),
            name: `\u2068${file.user_name}\u2069`,
            date: commentFullTime(file.created_at, i18n.language),
          })}
        </p>
      </div>
      {file.inline && (
        <button
          type="button"
          onClick={onView}
          aria-label={t('view', { name: file.name })}
          title={t('view', { name: file.name })}
          className={iconButton}
        >
          <Eye aria-hidden className="h-4 w-4" />
        </button>
      )}
      {file.link_url ? (
        <button
          type="button"
          onClick={openLink}
          aria-label={t('openOnDrive', { name: file.name })}
          title={t('openOnDrive', { name: file.name })}
          className={iconButton}
        >
          <ExternalLink aria-hidden className="rtl-mirror h-4 w-4" />
        </button>
      ) : (
        <button
          type="button"
          onClick={onDownload}
          aria-label={t('download', { name: file.name })}
          title={t('download', { name: file.name })}
          className={iconButton}
        >
          <Download aria-hidden className="h-4 w-4" />
        </button>
      )}
      {file.can_delete && (
        <button
          type="button"
          onClick={onDelete}
          aria-label={t('delete.action', { name: file.name })}
          title={t('delete.action', { name: file.name })}
          className={cx(iconButton, 'hover:text-danger')}
          data-testid="file-delete"
        >
          <Trash2 aria-hidden className="h-4 w-4" />
        </button>
      )}
    </li>
  );
}

/** An image or a PDF, shown from its bytes (fetched with the session's token) in a dialog of its own. */
function FileViewer({ file, onClose, onDownload }: { file: Attachment; onClose(): void; onDownload(): void }) {
  const { t } = useTranslation('files');
  const shown = useAttachmentObjectUrl(file.id, 'file');
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={<span dir="auto">{file.name}</span>}
      closeLabel={t('common:actions.close')}
      testId="file-viewer"
      headerActions={
        <Button variant="ghost" size="sm" icon={<Download aria-hidden className="h-4 w-4" />} onClick={onDownload}>
          {t('downloadShort')}
        </Button>
      }
    >
      {shown.failed ? (
        <p role="alert" className="text-sm text-danger">
          {t('errors.view')}
        </p>
      ) : !shown.url ? (
        <Skeleton className="h-64 w-full" />
      ) : file.mime === 'application/pdf' ? (
        <iframe src={shown.url} title={file.name} className="h-[70dvh] w-full rounded-control border border-line bg-white" />
      ) : (
        <img src={shown.url} alt={file.name} className="mx-auto max-h-[70dvh] max-w-full rounded-control object-contain" />
      )}
    </Dialog>
  );
}
