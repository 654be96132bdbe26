import { Info, Mail, Plus, Send, X } from 'lucide-react';
import { Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '../../../common/constants.ts';
import { LIMITS } from '../../../common/limits.ts';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { inputClasses } from '../../components/ui/text-field.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useShareTask } from '../../lib/api/share-queries.ts';
import { cx } from '../../lib/class-names.ts';
import { checkShareEmails, hasShareEmailErrors, serverErrorsByRow } from './share-emails.ts';

/** The server's default success text; shown in the UI language instead. */
const SERVER_SUCCESS = 'Task shared successfully!';

export interface ShareDialogProps {
  /** The task to share; null keeps the dialog closed. */
  task: Pick<Task, 'id' | 'title'> | null;
  onClose(): void;
}

/** Spec §2 share dialog: one to ten e-mail rows, add and remove rows, and a note. */
export function ShareDialog({ task, onClose }: ShareDialogProps) {
  if (!task) return null;
  return (
    <Suspense fallback={null}>
      {/* Keyed by task: every opening starts with one empty row. */}
      <ShareForm key={task.id} task={task} onClose={onClose} />
    </Suspense>
  );
}

interface Row {
  id: number;
  value: string;
  /** A validation key (required/invalid/duplicate) or a server message. */
  error: string | null;
}

function ShareForm({ task, onClose }: { task: Pick<Task, 'id' | 'title'>; onClose(): void }) {
  const { t } = useTranslation('sharing');
  const formId = useId();
  const nextId = useRef(1);
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const [rows, setRows] = useState<Row[]>([{ id: 0, value: '', error: null }]);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const share = useShareTask();

  useEffect(() => {
    if (focusRow === null) return;
    inputs.current.get(focusRow)?.focus();
    setFocusRow(null);
  }, [focusRow]);

  // Spec §9: the success banner disappears after 3 s.
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(null), TIMINGS.successBannerMs);
    return () => clearTimeout(timer);
  }, [success]);

  // Spec §5: addresses are trimmed, so a row of spaces is an empty row.
  const allEmpty = rows.every((row) => row.value.trim() === '');
  const full = rows.length >= LIMITS.shareEmailsMax;

  const setValue = (id: number, value: string) =>
    setRows((current) => current.map((row) => (row.id === id ? { ...row, value, error: null } : row)));

  const addRow = () => {
    if (full) return;
    const id = nextId.current++;
    setRows((current) => [...current, { id, value: '', error: null }]);
    setFocusRow(id);
  };

  const removeRow = (index: number) => {
    const neighbour = rows[index - 1] ?? rows[index + 1];
    setRows((current) => current.filter((_, i) => i !== index));
    if (neighbour) setFocusRow(neighbour.id);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (allEmpty || share.isPending) return;
    setFailure(null);
    setSuccess(null);
    const check = checkShareEmails(rows.map((row) => row.value));
    if (hasShareEmailErrors(check)) {
      setRows((current) => current.map((row, index) => ({ ...row, error: check.errors[index] ?? null })));
      const firstBad = rows[check.errors.findIndex((error) => error !== null)];
      if (firstBad) setFocusRow(firstBad.id);
      return;
    }
    try {
      const message = await share.mutateAsync({ taskId: task.id, emails: check.emails });
      setSuccess(message && message !== SERVER_SUCCESS ? message : t('share.success'));
      const id = nextId.current++;
      setRows([{ id, value: '', error: null }]);
      setFocusRow(id);
    } catch (error) {
      const { byRow, general } = serverErrorsByRow(error instanceof ApiError ? error.errors : undefined, check.rows);
      if (byRow.size > 0) {
        setRows((current) => current.map((row, index) => ({ ...row, error: byRow.get(index) ?? null })));
        if (general.length) setFailure(general.join(' '));
      } else {
        setFailure(general[0] ?? errorMessage(error, t('share.errors.failed'), t('common:errors.pleaseTryAgain')));
      }
    }
  }

  const rowError = (error: string | null) =>
    error === 'required' || error === 'invalid' || error === 'duplicate' ? t(`share.errors.${error}`) : error;

  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title={t('share.title')}
      closeLabel={t('common:actions.close')}
      testId="share-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            disabled={allEmpty}
            busy={share.isPending}
            icon={<Send aria-hidden className="rtl-mirror h-4 w-4" />}
          >
            {share.isPending ? t('share.submitting') : t('share.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <p className="text-sm text-muted">{t('share.intro', { title: `\u2068${task.title}\u2069` })}</p>
        {success && <Alert tone="success">{success}</Alert>}
        {failure && <Alert tone="error">{failure}</Alert>}
        <fieldset className="space-y-2.5">
          <legend className="mb-2 text-sm font-medium text-fg">{t('share.emails')}</legend>
          {rows.map((row, index) => {
            const error = rowError(row.error);
            const inputId = `${formId}-email-${row.id}`;
            return (
              <div key={row.id} data-testid="share-email-row">
                <div className="flex items-center gap-2">
                  {/* Addresses read left to right in every language; icon and padding follow the field. */}
                  <div className="relative min-w-0 flex-1" dir="ltr">
                    <label htmlFor={inputId} className="sr-only">
                      {t('share.emailLabel', { number: index + 1 })}
                    </label>
                    <Mail aria-hidden className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" />
                    <input
                      id={inputId}
                      ref={(element) => {
                        if (element) inputs.current.set(row.id, element);
                        else inputs.current.delete(row.id);
                      }}
                      // type="email" would strip spaces before we see them, hiding 'Email address is
                      // required' for a row of blanks; inputMode still brings up the e-mail keyboard.
                      type="text"
                      inputMode="email"
                      autoCapitalize="none"
                      autoCorrect="off"
                      autoComplete="off"
                      spellCheck={false}
                      maxLength={LIMITS.emailMax}
                      value={row.value}
                      placeholder={t('share.emailPlaceholder')}
                      onChange={(event) => setValue(row.id, event.target.value)}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${inputId}-error` : undefined}
                      className={cx(inputClasses, 'ps-9 text-start', error && 'border-danger focus:border-danger')}
                    />
                  </div>
                  {rows.length > 1 && (
                    <button
                      type="button"
                      onClick={() => removeRow(index)}
                      aria-label={t('share.removeRow', { number: index + 1 })}
                      title={t('share.removeRow', { number: index + 1 })}
                      className="flex h-10 w-10 shrink-0 items-center justify-center rounded-control text-muted hover:bg-surface-2 hover:text-danger"
                    >
                      <X aria-hidden className="h-4 w-4" />
                    </button>
                  )}
                </div>
                {error && (
                  <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm text-danger" data-testid="share-email-error">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button
            variant="ghost"
            size="sm"
            className="-ms-2"
            onClick={addRow}
            disabled={full}
            icon={<Plus aria-hidden className="h-4 w-4" />}
          >
            {t('share.addRow')}
          </Button>
          <span className={cx('text-xs', full ? 'text-warning' : 'text-muted')}>{t('share.limit', { max: LIMITS.shareEmailsMax })}</span>
        </div>
        <p className="flex gap-2 rounded-control bg-surface-2 px-3 py-2.5 text-xs leading-5 text-muted">
          <Info aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          <span>{t('share.note')}</span>
        </p>
      </form>
    </Dialog>
  );
}
