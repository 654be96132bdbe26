import i18next from 'i18next';
import { Sparkles } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRIORITIES, type Priority, type RecurrenceFrom } from '../../../common/constants.ts';
import { LIMITS } from '../../../common/limits.ts';
import { type Task } from '../../../common/schemas/task.schema.ts';
import { TaskInput, type TaskInputParsed } from '../../../common/schemas/task-input.schema.ts';
import { MarkdownEditor } from '../../components/markdown/markdown-editor.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { inputClasses, TextField } from '../../components/ui/text-field.tsx';
import { translateServerMessage } from '../../i18n/server-messages.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { streamAiText } from '../../lib/api/ai-queries.ts';
import { attachmentFileUrl, attachmentKeys, uploadAttachment } from '../../lib/api/attachment-queries.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiForm } from '../../lib/forms/use-api-form.ts';
import { AiWorking } from './ai-working.tsx';
import { AiWriterName } from './ai-writer-name.tsx';
import { LabelPicker } from './label-picker.tsx';
import { Recognition } from './lazy-recognition.tsx';
import type { RecognisedFields } from './quick-add-recognition.tsx';
import { RepeatPicker } from './repeat-picker.tsx';
import { useSaveTask } from './use-task-actions.ts';
import { useUserClock } from '../../lib/use-user-clock.ts';

// The texts of times and repeats (the schedule namespace) start loading with the dialogs' chunk,
// which is fetched when the pointer or focus first moves onto a task screen: a dialog rarely waits.
void i18next.loadNamespaces('schedule');

/** What recognition put into the form's own fields, and what they held before, so a removed chip gives it back. */
interface Applied {
  due_date?: { value: string; before: string };
  due_time?: { value: string; before: string };
  recurrence?: { value: string; before: string };
  priority?: { value: Priority; before: Priority };
  labels: string[];
}
/** The recognised parts that have a field of their own in the form. */
const APPLIED_FIELDS = ['due_date', 'due_time', 'recurrence', 'priority'] as const;

export type TaskFormMode = 'add' | 'edit' | 'duplicate';

export interface TaskFormValues {
  title: string;
  description: string;
  due_date: string;
  /** Issue 21: HH:MM, or '' for none. */
  due_time: string;
  /** Issue 21: an RRULE (common/schemas/recurrence.ts), or '' for none. */
  recurrence: string;
  recurrence_from: RecurrenceFrom;
  priority: Priority;
  labels: string[];
}

export interface TaskFormDialogProps {
  open: boolean;
  mode: TaskFormMode;
  /** Prefill: the task being edited or copied, or a partial draft. */
  initial?: Partial<TaskFormValues> | undefined;
  taskId?: number | undefined;
  duplicatedFrom?: number | undefined;
  onClose(): void;
  onSaved?(task: Task): void;
}

export function TaskFormDialog({ open, mode, initial, taskId, duplicatedFrom, onClose, onSaved }: TaskFormDialogProps) {
  const { t, i18n } = useTranslation(['tasks', 'schedule']);
  const formId = useId();
  const aiAbort = useRef<AbortController | null>(null);
  // Today where the person lives (issue 21), not where the browser happens to be.
  const today = useUserClock().today;
  const empty: TaskFormValues = {
    title: '',
    description: '',
    due_date: today,
    due_time: '',
    recurrence: '',
    recurrence_from: 'due_date',
    priority: 'medium',
    labels: [],
  };
  // Spec §5: the title is required (TaskInput, like its lengths and the date's form); an added
  // task's due date is not earlier than today, which only this form knows.
  const form = useApiForm<TaskFormValues, TaskInputParsed>({
    schema: TaskInput,
    defaultValues: { ...empty, ...initial },
    check: (values) => (mode !== 'edit' && values.due_date && values.due_date < today ? { due_date: t('form.dueDateInPast') } : {}),
  });
  const values = form.watch();
  const [aiState, setAiState] = useState<'idle' | 'working' | 'error'>('idle');
  const [aiError, setAiError] = useState<string | null>(null);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const save = useSaveTask();
  const queryClient = useQueryClient();
  // Pasted images still on their way: their placeholders are not saved as the description.
  const [imagesUploading, setImagesUploading] = useState(false);
  // Issue 24, decision 037: an image pasted or dropped into the description is stored at once,
  // staged; the task whose saved description links it adopts it (a new task too), and one a
  // discarded draft linked is swept by the server.
  const stagedImages = useRef(false);
  // A failure is said in the editor in the words the person needs (too large, over the quota…).
  const uploadImage = useCallback(
    async (file: File, options: { onProgress(sent: number): void; signal: AbortSignal }) => {
      // Refused before it is sent, as the Files section does.
      if (file.size > LIMITS.attachmentBytes)
        throw new Error(translateServerMessage(`The file is larger than ${LIMITS.attachmentBytes / (1024 * 1024)} MB.`));
      try {
        const attachment = await uploadAttachment(null, file, { ...options, language: i18n.language });
        stagedImages.current = true;
        return { url: attachmentFileUrl(attachment.id), name: attachment.name };
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error;
        throw new Error(
          errorMessage(error, t('editor:markdown.imageUploadFailed', { name: file.name }), t('common:errors.pleaseTryAgain')),
        );
      }
    },
    [i18n.language, t],
  );
  // Esc, the backdrop, × and Cancel ask first when something was typed: closing throws it away.
  // (Read while rendering: react-hook-form tracks only the form state a render has read.)
  const typedSomething = form.formState.isDirty;
  const requestClose = () => (typedSomething ? setConfirmingDiscard(true) : onClose());

  // Each opening starts from the given task or a fresh draft.
  useEffect(() => {
    if (open) {
      form.reset({ ...empty, ...initial });
      stagedImages.current = false;
      setConfirmingDiscard(false);
      setAiState('idle');
      setAiError(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // Add mode reads the title like quick add (issue 21): a recognised date, time, repeat, priority or
  // label goes into its field at once, and a removed chip (or edited words) puts back what was there.
  const recognises = mode === 'add';
  const titleInput = useRef<HTMLInputElement>(null);
  const recognised = useRef<{ text: string; fields: RecognisedFields }>(undefined);
  const applied = useRef<Applied>({ labels: [] });
  const onParsed = useCallback(
    (parsed: { text: string; fields: RecognisedFields }) => {
      recognised.current = parsed;
      const { fields } = parsed;
      const now = applied.current;
      const set = (name: (typeof APPLIED_FIELDS)[number] | 'labels', value: string | string[]) =>
        form.setValue(name, value as never, { shouldDirty: true });
      for (const name of APPLIED_FIELDS) {
        const wanted = fields[name];
        const current = now[name];
        if (wanted && wanted !== current?.value) {
          now[name] = { value: wanted, before: current?.before ?? form.getValues(name) } as never;
          set(name, wanted);
        } else if (!wanted && current) {
          set(name, current.before);
          delete now[name];
        }
      }
      const labels = form.getValues('labels');
      const gone = now.labels.filter((name) => !fields.labels.includes(name));
      const added = fields.labels.filter((name) => !labels.some((label) => label.toLocaleLowerCase() === name.toLocaleLowerCase()));
      if (gone.length > 0 || added.length > 0) set('labels', [...labels.filter((name) => !gone.includes(name)), ...added]);
      now.labels = [...now.labels.filter((name) => !gone.includes(name)), ...added];
    },
    [form],
  );
  useEffect(() => {
    if (open) applied.current = { labels: [] };
  }, [open]);

  const title = form.field('title');
  const description = form.field('description');
  const dueDate = form.field('due_date');
  const dueTime = form.field('due_time');
  const recurrence = form.field('recurrence');
  const recurrenceFrom = form.field('recurrence_from');
  const priority = form.field('priority');
  const labels = form.field('labels');

  // Closing the dialog stops a generation in flight.
  useEffect(() => {
    if (!open) aiAbort.current?.abort();
  }, [open]);

  /** Spec §4 AI states: idle → working (text streams into the editor) → done or error; Cancel restores. */
  async function onGenerate() {
    if (!values.title.trim()) return;
    const before = values.description;
    const controller = new AbortController();
    aiAbort.current = controller;
    setAiState('working');
    setAiError(null);
    try {
      description.onChange(
        await streamAiText('/api/tasks/generate-content', {
          body: { input_text: values.title.trim() },
          signal: controller.signal,
          language: i18n.language,
          onText: (text) => description.onChange(text),
        }),
      );
      setAiState('idle');
    } catch (error) {
      description.onChange(before);
      if ((error as Error).name === 'AbortError') {
        setAiState('idle');
        return;
      }
      setAiState('error');
      setAiError(errorMessage(error, t('errors.generateDescription'), t('common:errors.pleaseTryAgain')));
    } finally {
      aiAbort.current = null;
    }
  }

  /** The saved title without the recognised words (the rest is in the form's fields already). */
  function recognisedExtras(typed: string) {
    const last = recognised.current;
    if (!recognises || !last || last.text.trim() !== typed) return {};
    return { title: last.fields.title };
  }

  const submit = form.submit(
    async (input) => {
      try {
        const task = await save.mutateAsync({
          id: mode === 'edit' ? taskId : undefined,
          // An edit that moves the date or time offers to undo the move (issue 21 §6).
          before: mode === 'edit' ? { due_date: initial?.due_date || null, due_time: initial?.due_time || null } : undefined,
          input: {
            ...input,
            ...(mode === 'duplicate' && duplicatedFrom ? { duplicated_from: duplicatedFrom } : {}),
            ...recognisedExtras(input.title),
          },
        });
        // Its images are the task's files now: its Files section and the storage used are read again.
        if (stagedImages.current) {
          void queryClient.invalidateQueries({ queryKey: attachmentKeys.task(task.id) });
          void queryClient.invalidateQueries({ queryKey: attachmentKeys.usage });
        }
        onSaved?.(task);
        onClose();
      } catch (error) {
        console.error('Saving the task failed', error);
        throw error;
      }
    },
    t(mode === 'edit' ? 'errors.updateTask' : 'errors.addTask'),
  );
  const onSubmit = (event: FormEvent) => (save.isPending ? event.preventDefault() : submit(event));

  const heading = mode === 'edit' ? t('form.editTitle') : mode === 'duplicate' ? t('form.duplicateTitle') : t('form.addTitle');
  const submitLabel = mode === 'edit' ? t('form.update') : mode === 'duplicate' ? t('form.createCopy') : t('form.add');
  return (
    <Dialog
      open={open}
      onClose={requestClose}
      title={heading}
      closeLabel={t('common:actions.close')}
      testId="task-form-dialog"
      footer={
        <>
          <Button variant="outline" onClick={requestClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            busy={save.isPending}
            disabled={imagesUploading}
            title={imagesUploading ? t('editor:markdown.waitForImages') : undefined}
          >
            {save.isPending ? t('form.saving') : submitLabel}
          </Button>
        </>
      }
    >
      <form ref={form.formRef} id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <TextField
          label={t('form.title')}
          {...title}
          required
          maxLength={LIMITS.taskTitleMax}
          placeholder={t('form.titlePlaceholder')}
          autoFocus
          ref={titleInput}
          adornment={
            recognises && open ? <Recognition text={values.title} input={titleInput} onParsed={onParsed} chips="inline" /> : undefined
          }
        />
        <div>
          <MarkdownEditor
            label={t('form.description')}
            value={description.value}
            onChange={description.onChange}
            height={250}
            maxLength={LIMITS.taskDescriptionMax}
            placeholder={t('form.descriptionPlaceholder')}
            error={description.error}
            uploadImage={uploadImage}
            onUploadingChange={setImagesUploading}
          />
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Button
              variant="secondary"
              size="sm"
              icon={<Sparkles aria-hidden className="h-4 w-4" />}
              disabled={!values.title.trim()}
              busy={aiState === 'working'}
              onClick={() => void onGenerate()}
              title={values.title.trim() ? undefined : t('ai.needsTitle')}
            >
              {aiState === 'working' ? t('ai.generating') : t('ai.generate')}
            </Button>
            {aiState === 'working' && <AiWorking onCancel={() => aiAbort.current?.abort()} />}
            {aiError && (
              <span role="alert" className="text-sm text-danger">
                {aiError}
              </span>
            )}
            {aiState !== 'working' && <AiWriterName />}
          </div>
        </div>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <TextField
            label={t('form.dueDate')}
            type="date"
            {...dueDate}
            // A time belongs to its date: clearing the date clears it (as the API does).
            onChange={(event) => {
              dueDate.onChange(event);
              if (!event.target.value && dueTime.value) dueTime.onChange('');
            }}
            min={mode === 'edit' ? undefined : today}
          />
          <TextField label={t('schedule:form.time')} type="time" {...dueTime} />
          <div className="col-span-2 sm:col-span-1">
            <label htmlFor={`${formId}-priority`} className="mb-1.5 block text-sm font-medium text-fg">
              {t('form.priority')}
            </label>
            <select
              id={`${formId}-priority`}
              value={priority.value}
              onChange={(event) => priority.onChange(event.target.value as Priority)}
              className={inputClasses}
            >
              {PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {t(`priority.${p}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <RepeatPicker
          value={recurrence.value}
          onChange={recurrence.onChange}
          from={recurrenceFrom.value}
          onFromChange={recurrenceFrom.onChange}
          reference={values.due_date || today}
          error={recurrence.error}
        />
        <LabelPicker label={t('form.labels')} value={labels.value} onChange={labels.onChange} />
        {labels.error && (
          <p role="alert" className="text-sm text-danger">
            {labels.error}
          </p>
        )}
      </form>
      <ConfirmDialog
        open={confirmingDiscard}
        title={t('form.discardTitle')}
        confirmLabel={t('form.discard')}
        cancelLabel={t('form.keepEditing')}
        closeLabel={t('common:actions.close')}
        tone="danger"
        onConfirm={() => {
          setConfirmingDiscard(false);
          onClose();
        }}
        onCancel={() => setConfirmingDiscard(false)}
      >
        <p>{t('form.discardBody')}</p>
      </ConfirmDialog>
    </Dialog>
  );
}
