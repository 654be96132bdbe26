import { Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRIORITIES, type Priority } from '../../../common/constants.ts';
import { LIMITS } from '../../../common/limits.ts';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { localDateString } from '../../../common/task-rules.ts';
import { MarkdownEditor } from '../../components/markdown/markdown-editor.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { inputClasses, TextField } from '../../components/ui/text-field.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { streamAiText } from '../../lib/api/ai-queries.ts';
import { AiWorking } from './ai-working.tsx';
import { AiWriterName } from './ai-writer-name.tsx';
import { LabelPicker } from './label-picker.tsx';
import { useSaveTask } from './use-task-actions.ts';

export type TaskFormMode = 'add' | 'edit' | 'duplicate';

export interface TaskFormValues {
  title: string;
  description: string;
  due_date: string;
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

type FieldErrors = Partial<Record<'title' | 'description' | 'due_date' | 'priority' | 'labels', string>>;

export function TaskFormDialog({ open, mode, initial, taskId, duplicatedFrom, onClose, onSaved }: TaskFormDialogProps) {
  const { t, i18n } = useTranslation('tasks');
  const formId = useId();
  const aiAbort = useRef<AbortController | null>(null);
  const today = localDateString(new Date());
  const empty: TaskFormValues = { title: '', description: '', due_date: today, priority: 'medium', labels: [] };
  const [values, setValues] = useState<TaskFormValues>({ ...empty, ...initial });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [aiState, setAiState] = useState<'idle' | 'working' | 'error'>('idle');
  const [aiError, setAiError] = useState<string | null>(null);
  const save = useSaveTask();

  // Each opening starts from the given task or a fresh draft.
  useEffect(() => {
    if (open) {
      setValues({ ...empty, ...initial });
      setErrors({});
      setFormError(null);
      setAiState('idle');
      setAiError(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const set = <K extends keyof TaskFormValues>(key: K, value: TaskFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

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
      const description = await streamAiText('/api/tasks/generate-content', {
        body: { input_text: values.title.trim() },
        signal: controller.signal,
        language: i18n.language,
        onText: (text) => set('description', text),
      });
      set('description', description);
      setAiState('idle');
    } catch (error) {
      set('description', before);
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

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const next: FieldErrors = {};
    if (!values.title.trim()) next.title = t('form.titleRequired');
    if (mode !== 'edit' && values.due_date && values.due_date < today) next.due_date = t('form.dueDateInPast');
    if (Object.keys(next).length) {
      setErrors(next);
      return;
    }
    setFormError(null);
    try {
      const task = await save.mutateAsync({
        id: mode === 'edit' ? taskId : undefined,
        input: {
          title: values.title.trim(),
          description: values.description,
          due_date: values.due_date || null,
          priority: values.priority,
          labels: values.labels,
          ...(mode === 'duplicate' && duplicatedFrom ? { duplicated_from: duplicatedFrom } : {}),
        },
      });
      onSaved?.(task);
      onClose();
    } catch (error) {
      console.error('Saving the task failed', error);
      if (error instanceof ApiError && error.errors) {
        const fieldErrors: FieldErrors = {};
        for (const [field, messages] of Object.entries(error.errors)) {
          const key = field.split('.')[0] as keyof FieldErrors;
          fieldErrors[key] ??= messages[0];
        }
        setErrors(fieldErrors);
      } else {
        setFormError(errorMessage(error, t(mode === 'edit' ? 'errors.updateTask' : 'errors.addTask'), t('common:errors.pleaseTryAgain')));
      }
    }
  }

  const title = mode === 'edit' ? t('form.editTitle') : mode === 'duplicate' ? t('form.duplicateTitle') : t('form.addTitle');
  const submitLabel = mode === 'edit' ? t('form.update') : mode === 'duplicate' ? t('form.createCopy') : t('form.add');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      closeLabel={t('common:actions.close')}
      testId="task-form-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" form={formId} busy={save.isPending}>
            {save.isPending ? t('form.saving') : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField
          label={t('form.title')}
          name="title"
          required
          value={values.title}
          maxLength={LIMITS.taskTitleMax}
          placeholder={t('form.titlePlaceholder')}
          onChange={(event) => set('title', event.target.value)}
          error={errors.title}
          autoFocus
        />
        <div>
          <MarkdownEditor
            label={t('form.description')}
            value={values.description}
            onChange={(value) => set('description', value)}
            height={250}
            maxLength={LIMITS.taskDescriptionMax}
            placeholder={t('form.descriptionPlaceholder')}
            error={errors.description}
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
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('form.dueDate')}
            type="date"
            name="due_date"
            value={values.due_date}
            min={mode === 'edit' ? undefined : today}
            onChange={(event) => set('due_date', event.target.value)}
            error={errors.due_date}
          />
          <div>
            <label htmlFor={`${formId}-priority`} className="mb-1.5 block text-sm font-medium text-fg">
              {t('form.priority')}
            </label>
            <select
              id={`${formId}-priority`}
              value={values.priority}
              onChange={(event) => set('priority', event.target.value as Priority)}
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
        <LabelPicker label={t('form.labels')} value={values.labels} onChange={(labels) => set('labels', labels)} />
        {errors.labels && (
          <p role="alert" className="text-sm text-danger">
            {errors.labels}
          </p>
        )}
      </form>
    </Dialog>
  );
}
