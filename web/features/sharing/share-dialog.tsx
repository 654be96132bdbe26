import { Info, Mail, Plus, Send, X } from 'lucide-react';
import { Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '../../../common/constants.ts';
import { LIMITS } from '../../../common/limits.ts';
import { ShareInput } from '../../../common/schemas/share.schema.ts';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { inputClasses } from '../../components/ui/text-field.tsx';
import { useShareTask } from '../../lib/api/share-writes.ts';
import { cx } from '../../lib/class-names.ts';
import { useApiForm } from '../../lib/forms/use-api-form.ts';

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

interface ShareValues {
  emails: Array<{ value: string }>;
}
const ONE_EMPTY_ROW: ShareValues = { emails: [{ value: '' }] };

/** Spec §5: the rows that are sent, trimmed, empties dropped; their positions are the schema's `email_ids.N`. */
const sentRows = (values: ShareValues) =>
  values.emails.flatMap((row, index) => (row.value.trim() === '' ? [] : [{ index, email: row.value.trim() }]));

function ShareForm({ task, onClose }: { task: Pick<Task, 'id' | 'title'>; onClose(): void }) {
  const { t } = useTranslation('sharing');
  const formId = useId();
  const inputs = useRef(new Map<string, HTMLInputElement>());
  /** Rows the user has typed an address in (by field id). */
  const typedRows = useRef(new Set<string>());
  // ShareInput's rules (required, address pattern, duplicates ignoring case), checked on the rows
  // sent; its messages, and the server's, land on the row the address came from.
  const form = useApiForm<ShareValues, { email_ids: string[] }>({
    schema: ShareInput,
    defaultValues: ONE_EMPTY_ROW,
    toInput: (values) => ({ email_ids: sentRows(values).map((row) => row.email) }),
    fieldFor: (path, values) => {
      const position = /^email_ids\.(\d+)$/.exec(path)?.[1];
      const row = position === undefined ? undefined : sentRows(values)[Number(position)];
      return row ? `emails.${row.index}.value` : undefined;
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'emails' });
  const values = form.watch('emails');
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const share = useShareTask();

  useEffect(() => {
    if (focusRow === null) return;
    const row = rows.fields[focusRow];
    if (row) inputs.current.get(row.id)?.focus();
    setFocusRow(null);
  }, [focusRow, rows.fields]);

  // Spec §9: the success banner disappears after 3 s.
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(null), TIMINGS.successBannerMs);
    return () => clearTimeout(timer);
  }, [success]);

  // Spec §5: addresses are trimmed, so a row of spaces is an empty row.
  const allEmpty = values.every((row) => row.value.trim() === '');
  const full = rows.fields.length >= LIMITS.shareEmailsMax;

  const addRow = () => {
    if (full) return;
    rows.append({ value: '' }, { shouldFocus: false });
    setFocusRow(rows.fields.length);
  };

  const removeRow = (index: number) => {
    rows.remove(index);
    // The row before, else the one that takes its place.
    if (rows.fields.length > 1) setFocusRow(index > 0 ? index - 1 : 0);
  };

  const submit = form.submit(async ({ email_ids }) => {
    const message = await share.mutateAsync({ taskId: task.id, emails: email_ids });
    setSuccess(message && message !== SERVER_SUCCESS ? message : t('share.success'));
    form.reset(ONE_EMPTY_ROW);
    setFocusRow(0);
  }, t('share.errors.failed'));

  function onSubmit(event: FormEvent) {
    if (allEmpty || share.isPending) return event.preventDefault();
    setSuccess(null);
    submit(event);
  }

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
      <form ref={form.formRef} id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        <p className="text-sm text-muted">{t('share.intro', { title: `\u2068${task.title}\u2069` })}</p>
        {success && <Alert tone="success">{success}</Alert>}
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <fieldset className="space-y-2.5">
          <legend className="mb-2 text-sm font-medium text-fg">{t('share.emails')}</legend>
          {rows.fields.map((row, index) => {
            const email = form.field(`emails.${index}.value`);
            const error = email.error;
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
                      value={email.value}
                      placeholder={t('share.emailPlaceholder')}
                      onChange={(event) => {
                        if (event.target.value.trim() !== '') typedRows.current.add(row.id);
                        email.onChange(event);
                      }}
                      // Spec §5's 'Email address is required': a row typed in and cleared says so when
                      // it is left (blank rows are still dropped on submit).
                      onBlur={() => {
                        if (email.value.trim() === '' && typedRows.current.has(row.id))
                          form.setError(`emails.${index}.value`, { type: 'required', message: t('share.errors.required') });
                      }}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${inputId}-error` : undefined}
                      className={cx(inputClasses, 'ps-9 text-start', error && 'border-danger focus:border-danger')}
                    />
                  </div>
                  {rows.fields.length > 1 && (
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
