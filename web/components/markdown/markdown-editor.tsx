import { Bold, Code, Heading1, Heading2, Heading3, HelpCircle, Italic, Link2, List, ListOrdered, Quote, Strikethrough } from 'lucide-react';
import {
  Suspense,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { DESCRIPTION_IMAGE_TYPES } from '../../../common/attachment-links.ts';
import { cx } from '../../lib/class-names.ts';
import { lazyWithRetry } from '../../lib/lazy-with-retry.ts';
import { MarkdownCheatSheet } from './markdown-cheat-sheet.tsx';
import { applyFormat, type MarkdownFormat } from './markdown-format.ts';

const MarkdownView = lazyWithRetry(() => import('./markdown-view.tsx'));

export interface MarkdownEditorProps {
  value: string;
  onChange(value: string): void;
  label: string;
  /** Spec §9: 200 px by default, 250 px in the task dialogs. */
  height?: number;
  placeholder?: string;
  maxLength?: number;
  id?: string;
  error?: string | undefined;
  /**
   * Issue 24: stores a pasted or dropped image and answers the address the description links it by.
   * It fails with an AbortError when cancelled, else with an Error whose message is shown as the
   * reason
   * (for a task's description: staged, and adopted when it is saved, decision 037). Without it,
   * pasted files are not taken.
   */
  uploadImage?:
    ((file: File, options: { onProgress(sent: number): void; signal: AbortSignal }) => Promise<{ url: string; name: string }>) | undefined;
  /** Whether pasted images are on their way or failed: their placeholders must not be saved as the text. */
  onUploadingChange?: ((uploading: boolean) => void) | undefined;
}

/** A pasted or dropped image on its way, shown under the text with its progress. */
interface ImageUpload {
  key: number;
  file: File;
  placeholder: string;
  sent: number;
  status: 'sending' | 'failed';
  /** Why it failed, in the person's words. */
  reason?: string;
  controller: AbortController;
}

/** Markdown's own characters in a file's name would end the image's alt text early. */
const altText = (name: string) => name.replace(/[[\]\\]/g, '');
let nextPlaceholder = 1;

const TOOLBAR: Array<{ format: MarkdownFormat; icon: typeof Bold; key: string; shortcut?: string }> = [
  { format: 'bold', icon: Bold, key: 'bold', shortcut: 'B' },
  { format: 'italic', icon: Italic, key: 'italic', shortcut: 'I' },
  { format: 'strike', icon: Strikethrough, key: 'strike' },
  { format: 'code', icon: Code, key: 'code' },
  { format: 'h1', icon: Heading1, key: 'h1' },
  { format: 'h2', icon: Heading2, key: 'h2' },
  { format: 'h3', icon: Heading3, key: 'h3' },
  { format: 'bullet', icon: List, key: 'bullet' },
  { format: 'numbered', icon: ListOrdered, key: 'numbered' },
  { format: 'quote', icon: Quote, key: 'quote' },
  { format: 'link', icon: Link2, key: 'link', shortcut: 'K' },
];

export function MarkdownEditor({
  value,
  onChange,
  label,
  height = 200,
  placeholder,
  maxLength,
  id,
  error,
  uploadImage,
  onUploadingChange,
}: MarkdownEditorProps) {
  const { t } = useTranslation('editor');
  const generatedId = useId();
  const textareaId = id ?? generatedId;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [helpOpen, setHelpOpen] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const [imageUploads, setImageUploads] = useState<ImageUpload[]>([]);
  // A failed one too: its placeholder waits in the text for Retry or Remove.
  const uploading = imageUploads.length > 0;
  useEffect(() => onUploadingChange?.(uploading), [uploading, onUploadingChange]);
  // Closing the editor cancels what is still on its way.
  const liveUploads = useRef(imageUploads);
  liveUploads.current = imageUploads;
  useEffect(() => () => liveUploads.current.forEach((upload) => upload.controller.abort()), []);
  // The text as last rendered: an upload finishing later edits what is there then, not what was there when it began.
  const latest = useRef(value);
  latest.current = value;

  // Where the caret goes once the formatted text is on screen: set in the same commit as the new
  // value (a click's updates render before the next key is handled), so typing at once lands there.
  const [selection, setSelection] = useState<{ start: number; end: number } | null>(null);
  useLayoutEffect(() => {
    const element = textarea.current;
    if (!selection || !element) return;
    element.focus();
    element.setSelectionRange(selection.start, selection.end);
  }, [selection]);

  function format(kind: MarkdownFormat) {
    const element = textarea.current;
    if (!element) return;
    const result = applyFormat(value, element.selectionStart, element.selectionEnd, kind, t('markdown.linkText'));
    onChange(result.value);
    setSelection({ start: result.selectionStart, end: result.selectionEnd });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    const kind = key === 'b' ? 'bold' : key === 'i' ? 'italic' : key === 'k' ? 'link' : null;
    if (kind) {
      event.preventDefault();
      format(kind);
    }
  }

  /**
   * Images pasted or dropped into the text: each shows as "![Uploading name…]()" where the caret
   * was, replaced by its link once stored, or taken out again with the reason below the editor.
   */
  function takeImages(files: File[], at: number, upload: NonNullable<typeof uploadImage>): boolean {
    // Only pictures a browser shows in place: an SVG or a TIFF would be linked but never shown.
    const images = files.filter((file) => DESCRIPTION_IMAGE_TYPES.has(file.type));
    if (!images.length) return false;
    setImageError(null);
    const added = images.map((file) => ({
      key: nextPlaceholder,
      file,
      placeholder: `![${t('markdown.uploadingImage', { name: altText(file.name) })}](#uploading-${nextPlaceholder++})`,
      sent: 0,
      status: 'sending' as const,
      controller: new AbortController(),
    }));
    const inserted = added.map((upload) => upload.placeholder).join('\n');
    const text = latest.current;
    onChange(text.slice(0, at) + inserted + text.slice(at));
    setSelection({ start: at + inserted.length, end: at + inserted.length });
    setImageUploads((all) => [...all, ...added]);
    added.forEach((image) => sendImage(image, upload));
    return true;
  }

  const changeUpload = (key: number, patch: Partial<ImageUpload>) =>
    setImageUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)));
  const dropUpload = (upload: ImageUpload, keepPlaceholder = false) => {
    setImageUploads((all) => all.filter((other) => other.key !== upload.key));
    if (!keepPlaceholder) onChange(latest.current.replace(upload.placeholder, () => ''));
  };
  /** Its row's buttons go with what was pressed (Cancel, Remove) or change (Retry): focus returns to the text. */
  const backToText = () => requestAnimationFrame(() => textarea.current?.focus());

  /** Sends one image; its placeholder becomes its link, or stays while a failure waits for Retry or Remove. */
  function sendImage(upload: ImageUpload, send: NonNullable<typeof uploadImage>) {
    send(upload.file, { signal: upload.controller.signal, onProgress: (sent) => changeUpload(upload.key, { sent }) }).then(
      ({ url, name }) => {
        // A function, not a string: a name with "$&" or "$`" in it must not splice the text into itself.
        onChange(latest.current.replace(upload.placeholder, () => `![${altText(name)}](${url})`));
        dropUpload(upload, true);
      },
      (cause: unknown) => {
        if ((cause as Error).name === 'AbortError') dropUpload(upload);
        else changeUpload(upload.key, { status: 'failed', reason: (cause as Error).message || undefined });
      },
    );
  }

  function retryImage(upload: ImageUpload) {
    if (!uploadImage) return;
    const again = { ...upload, sent: 0, status: 'sending' as const, controller: new AbortController() };
    changeUpload(upload.key, again);
    sendImage(again, uploadImage);
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const files = [...event.clipboardData.files];
    if (!files.length || !uploadImage) return;
    event.preventDefault();
    if (!takeImages(files, event.currentTarget.selectionStart, uploadImage)) setImageError(t('markdown.onlyImages'));
  }

  function onDrop(event: DragEvent<HTMLTextAreaElement>) {
    const files = [...event.dataTransfer.files];
    if (!files.length) return;
    // A file is never opened by the browser in place of the app: images go into the text, others are refused.
    event.preventDefault();
    if (!uploadImage) return;
    if (!takeImages(files, event.currentTarget.selectionStart, uploadImage)) setImageError(t('markdown.onlyImages'));
  }

  return (
    <div>
      <div className="mb-1.5 flex items-center justify-between gap-2">
        <label htmlFor={textareaId} className="text-sm font-medium text-fg">
          {label}
        </label>
        <div className="flex items-center gap-1">
          <div role="group" aria-label={t('markdown.mode')} className="flex rounded-control bg-surface-2 p-0.5 text-xs">
            {(['edit', 'preview'] as const).map((m) => (
              <button
                key={m}
                type="button"
                aria-pressed={mode === m}
                onClick={() => setMode(m)}
                className={cx(
                  'rounded-[0.35rem] px-2.5 py-1 font-medium',
                  mode === m ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
                )}
              >
                {t(`markdown.${m}`)}
              </button>
            ))}
          </div>
          <button
            type="button"
            onClick={() => setHelpOpen(true)}
            className="flex h-7 w-7 items-center justify-center rounded-control text-muted hover:bg-surface-2 hover:text-fg"
            aria-label={t('markdown.help')}
            title={t('markdown.help')}
          >
            <HelpCircle aria-hidden className="h-4 w-4" />
          </button>
        </div>
      </div>
      <div
        className={cx(
          'overflow-hidden rounded-control border bg-surface',
          error ? 'border-danger' : 'border-line focus-within:border-brand',
        )}
      >
        {mode === 'edit' && (
          <div
            role="toolbar"
            aria-label={t('markdown.toolbar')}
            aria-controls={textareaId}
            className="flex flex-wrap gap-0.5 border-b border-line bg-surface-2/60 p-1"
          >
            {TOOLBAR.map(({ format: kind, icon: Icon, key, shortcut }) => {
              const name = t(`markdown.tools.${key}`);
              const hint = shortcut ? `${name} (Ctrl/⌘+${shortcut})` : name;
              return (
                <button
                  key={kind}
                  type="button"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => format(kind)}
                  aria-label={name}
                  title={hint}
                  className="flex h-8 w-8 items-center justify-center rounded-[0.35rem] text-muted hover:bg-surface hover:text-fg"
                >
                  <Icon aria-hidden className="h-4 w-4" />
                </button>
              );
            })}
          </div>
        )}
        {mode === 'edit' ? (
          <textarea
            ref={textarea}
            id={textareaId}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onDrop={onDrop}
            placeholder={placeholder}
            maxLength={maxLength}
            aria-invalid={error ? true : undefined}
            style={{ height }}
            className="block w-full resize-y bg-transparent px-3 py-2.5 font-mono text-sm text-fg placeholder:text-muted/80 focus:outline-none"
          />
        ) : (
          <div style={{ minHeight: height }} className="overflow-y-auto px-3 py-2.5" aria-live="polite">
            {value.trim() ? (
              <Suspense fallback={<p className="text-sm text-muted">…</p>}>
                <MarkdownView source={value} />
              </Suspense>
            ) : (
              <p className="text-sm text-muted">{t('markdown.nothingToPreview')}</p>
            )}
          </div>
        )}
      </div>
      {error && (
        <p className="mt-1.5 text-sm text-danger" role="alert">
          {error}
        </p>
      )}
      {imageUploads.length > 0 && (
        <ul className="mt-1.5 space-y-1.5" aria-live="polite" data-testid="editor-image-uploads">
          {imageUploads.map((upload) => (
            <li key={upload.key} className="rounded-control border border-line px-3 py-2 text-sm">
              <div className="flex items-center gap-2">
                <span dir="auto" className="min-w-0 flex-1 truncate">
                  {upload.file.name}
                </span>
                {upload.status === 'sending' ? (
                  <button
                    type="button"
                    className="tap-target rounded-control px-2 py-1 text-muted hover:bg-surface-2 hover:text-fg"
                    onClick={() => {
                      upload.controller.abort();
                      backToText();
                    }}
                  >
                    {t('common:actions.cancel')}
                  </button>
                ) : (
                  <>
                    <button
                      type="button"
                      className="tap-target rounded-control px-2 py-1 font-medium text-brand-strong hover:bg-surface-2"
                      onClick={() => {
                        retryImage(upload);
                        backToText();
                      }}
                    >
                      {t('markdown.retryImage')}
                    </button>
                    <button
                      type="button"
                      className="tap-target rounded-control px-2 py-1 text-muted hover:bg-surface-2 hover:text-fg"
                      onClick={() => {
                        dropUpload(upload);
                        backToText();
                      }}
                    >
                      {t('markdown.removeImage')}
                    </button>
                  </>
                )}
              </div>
              {upload.status === 'sending' ? (
                <progress
                  className="mt-1.5 block h-1.5 w-full overflow-hidden rounded-full accent-brand"
                  max={upload.file.size || 1}
                  value={upload.sent}
                  aria-label={t('markdown.uploadingImage', { name: upload.file.name })}
                />
              ) : (
                <p role="alert" className="mt-1 text-danger">
                  {upload.reason ?? t('markdown.imageUploadFailed', { name: upload.file.name })}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {imageError && (
        <p className="mt-1.5 text-sm text-danger" role="alert" data-testid="editor-image-error">
          {imageError}
        </p>
      )}
      <MarkdownCheatSheet open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
