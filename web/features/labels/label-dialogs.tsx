import { Check, Tag } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LIMITS } from '../../../common/limits.ts';
import { LabelUpdateInput } from '../../../common/schemas/label-admin.schema.ts';
import type { Label } from '../../../common/schemas/label.schema.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { LabelChip, paletteFor } from '../../components/ui/label-chip.tsx';
import { inputClasses, TextField } from '../../components/ui/text-field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useDeleteLabel, useDeleteUnusedLabels, useMergeLabel, useUpdateLabel } from '../../lib/api/label-queries.ts';
import { cx } from '../../lib/class-names.ts';
import { useApiForm } from '../../lib/forms/use-api-form.ts';
import { isolated } from './label-actions-menu.tsx';
import { labelNameKey } from './label-stats.ts';

/** What a dialog hands back when it closes: the label that focus should return to, if any. */
export type DialogClose = (focusLabelId?: number) => void;

/** Eight colours a white tag icon reads well on, in light and dark themes alike. */
export const LABEL_COLORS = [
  { key: 'purple', value: '#9333ea' },
  { key: 'blue', value: '#2563eb' },
  { key: 'green', value: '#059669' },
  { key: 'amber', value: '#b45309' },
  { key: 'red', value: '#e11d48' },
  { key: 'cyan', value: '#0e7490' },
  { key: 'indigo', value: '#4f46e5' },
  { key: 'grey', value: '#475569' },
] as const;

/** The label's round icon, in its colour or its palette (the overview shows the same). */
export function LabelIcon({ label, color, size = 'md' }: { label: Pick<Label, 'id'>; color: string | null; size?: 'sm' | 'md' }) {
  return (
    <span
      aria-hidden
      className={cx(
        'flex shrink-0 items-center justify-center rounded-full',
        size === 'md' ? 'h-9 w-9' : 'h-7 w-7',
        !color && paletteFor(label.id),
      )}
      style={color ? { backgroundColor: color, color: '#fff' } : undefined}
    >
      <Tag className={size === 'md' ? 'h-4 w-4' : 'h-3.5 w-3.5'} />
    </span>
  );
}

/**
 * Focus on the dialog's field once it is open: the native dialog focuses its first control (the
 * close button) when it opens, after React's own autoFocus has run.
 */
function useFocusOnOpen<T extends HTMLElement>(ref: RefObject<T | null>, find: (element: T) => HTMLElement | null = (element) => element) {
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const target = ref.current && find(ref.current);
      target?.focus();
      if (target instanceof HTMLInputElement) target.select();
    });
    return () => cancelAnimationFrame(frame);
    // Once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

function useCommon() {
  const { t } = useTranslation('labels');
  return {
    t,
    cancel: t('common:actions.cancel'),
    close: t('common:actions.close'),
    failed: (error: unknown, fallback: string) => errorMessage(error, fallback, t('common:errors.pleaseTryAgain')),
  };
}

/**
 * Rename: the rules of a label typed on a task (1–50 characters, trimmed). A name another label
 * already has, whatever its case, turns the dialog into a merge into that label, which is what
 * the server would suggest too.
 */
export function RenameLabelDialog({ label, labels, onClose }: { label: Label; labels: readonly Label[]; onClose: DialogClose }) {
  const { t, cancel, close } = useCommon();
  const toast = useToast();
  const update = useUpdateLabel();
  const merge = useMergeLabel();
  const formId = useId();
  // The schema's rules of a label name, in this dialog's words.
  const form = useApiForm<{ name: string }, z.output<typeof LabelUpdateInput>>({
    schema: LabelUpdateInput,
    defaultValues: { name: label.name },
    wording: {
      'A label name cannot be empty.': t('rename.errors.empty'),
      [`A label name must not be greater than ${LIMITS.labelNameMax} characters.`]: t('rename.errors.tooLong', {
        max: LIMITS.labelNameMax,
      }),
    },
  });
  useFocusOnOpen(form.formRef, (element) => element.querySelector('input'));
  const name = form.field('name');
  const trimmed = name.value.trim();
  const conflict = trimmed
    ? labels.find((other) => other.id !== label.id && labelNameKey(other.name) === labelNameKey(trimmed))
    : undefined;
  const busy = update.isPending || merge.isPending;

  const onSubmit = form.submit(async (input) => {
    if (conflict) {
      await merge.mutateAsync({ id: label.id, intoId: conflict.id });
      toast.show(t('merge.done', { name: isolated(label.name), target: isolated(conflict.name) }));
      return onClose(conflict.id);
    }
    const renamed = input.name ?? label.name;
    if (renamed !== label.name) await update.mutateAsync({ id: label.id, input: { name: renamed } });
    toast.show(t('rename.done', { name: isolated(renamed) }));
    onClose(label.id);
  }, t('errors.save'));

  return (
    <Dialog
      open
      onClose={() => onClose(label.id)}
      title={t('rename.title')}
      size="sm"
      closeLabel={close}
      testId="label-rename-dialog"
      footer={
        <>
          <Button variant="outline" onClick={() => onClose(label.id)}>
            {cancel}
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {conflict ? t('rename.mergeInstead') : t('rename.save')}
          </Button>
        </>
      }
    >
      <form ref={form.formRef} id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <TextField
          label={t('rename.name')}
          {...name}
          maxLength={LIMITS.labelNameMax + 10}
          autoComplete="off"
          data-testid="label-name-input"
        />
        {conflict && (
          <p className="rounded-control bg-warning-soft px-3 py-2.5 text-sm text-fg" data-testid="label-rename-conflict">
            {label.tasks_count
              ? t('rename.conflict', {
                  name: isolated(conflict.name),
                  from: isolated(label.name),
                  tasks: t('taskCount', { count: label.tasks_count }),
                })
              : t('rename.conflictUnused', { name: isolated(conflict.name), from: isolated(label.name) })}
          </p>
        )}
      </form>
    </Dialog>
  );
}

/** Colour: one of eight, any colour of the picker, or none (the automatic palette). */
export function ColorLabelDialog({ label, onClose }: { label: Label; onClose: DialogClose }) {
  const { t, cancel, close, failed } = useCommon();
  const toast = useToast();
  const update = useUpdateLabel();
  const [color, setColor] = useState<string | null>(label.color);
  const [failure, setFailure] = useState<string>();
  const legendId = useId();
  const customId = useId();
  const isPreset = color === null || LABEL_COLORS.some((preset) => preset.value === color);

  async function save() {
    setFailure(undefined);
    try {
      if (color !== label.color) await update.mutateAsync({ id: label.id, input: { color } });
      toast.show(t('color.done', { name: isolated(label.name) }));
      onClose(label.id);
    } catch (error) {
      setFailure(failed(error, t('errors.save')));
    }
  }

  const swatch = (value: string | null, name: string) => {
    const checked = color === value;
    return (
      <label
        key={value ?? 'auto'}
        className={cx(
          'flex cursor-pointer items-center gap-2 rounded-control border px-2.5 py-2 text-sm',
          checked ? 'border-brand bg-brand-soft text-fg' : 'border-line text-fg hover:bg-surface-2',
          'has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-[var(--ring)]',
        )}
      >
        <input type="radio" name={legendId} className="sr-only" checked={checked} onChange={() => setColor(value)} />
        <span
          aria-hidden
          className={cx('flex h-6 w-6 shrink-0 items-center justify-center rounded-full', value === null && paletteFor(label.id))}
          style={value ? { backgroundColor: value, color: '#fff' } : undefined}
        >
          {checked ? <Check className="h-3.5 w-3.5" /> : value === null ? <Tag className="h-3 w-3" /> : null}
        </span>
        <span className="min-w-0 truncate">{name}</span>
      </label>
    );
  };

  return (
    <Dialog
      open
      onClose={() => onClose(label.id)}
      title={t('color.title', { name: isolated(label.name) })}
      size="sm"
      closeLabel={close}
      testId="label-color-dialog"
      footer={
        <>
          <Button variant="outline" onClick={() => onClose(label.id)}>
            {cancel}
          </Button>
          <Button busy={update.isPending} onClick={() => void save()}>
            {t('color.save')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <fieldset>
          <legend id={legendId} className="mb-2 text-sm font-medium text-fg">
            {t('color.legend')}
          </legend>
          <div className="grid grid-cols-2 gap-2">
            {swatch(null, t('color.auto'))}
            {LABEL_COLORS.map((preset) => swatch(preset.value, t(`color.names.${preset.key}`)))}
          </div>
        </fieldset>
        <div className="flex items-center gap-3">
          <input
            id={customId}
            type="color"
            value={color ?? LABEL_COLORS[0].value}
            onChange={(event) => setColor(event.target.value.toLowerCase())}
            className={cx(
              'h-10 w-14 shrink-0 cursor-pointer rounded-control border bg-surface p-1',
              isPreset ? 'border-line' : 'border-brand',
            )}
            data-testid="label-custom-color"
          />
          <label htmlFor={customId} className="text-sm text-fg">
            {t('color.custom')}
            {!isPreset && color && (
              <span className="ms-2 font-mono text-muted" dir="ltr">
                {color}
              </span>
            )}
          </label>
        </div>
        <div className="flex items-center gap-2 text-sm text-muted">
          <span>{t('color.preview')}</span>
          <LabelChip name={label.name} color={color} index={label.id} size="md" />
        </div>
      </div>
    </Dialog>
  );
}

/** Merge: the label's tasks carry the chosen one instead, and the label goes. */
export function MergeLabelDialog({ label, labels, onClose }: { label: Label; labels: readonly Label[]; onClose: DialogClose }) {
  const { t, cancel, close, failed } = useCommon();
  const toast = useToast();
  const merge = useMergeLabel();
  const selectId = useId();
  const others = labels.filter((other) => other.id !== label.id);
  const [targetId, setTargetId] = useState<number | undefined>(undefined);
  const select = useRef<HTMLSelectElement>(null);
  useFocusOnOpen(select);
  const [failure, setFailure] = useState<string>();
  const target = others.find((other) => other.id === targetId);

  async function confirm() {
    if (!target) return;
    setFailure(undefined);
    try {
      await merge.mutateAsync({ id: label.id, intoId: target.id });
      toast.show(t('merge.done', { name: isolated(label.name), target: isolated(target.name) }));
      onClose(target.id);
    } catch (error) {
      setFailure(failed(error, t('errors.merge')));
    }
  }

  return (
    <Dialog
      open
      onClose={() => onClose(label.id)}
      title={t('merge.title', { name: isolated(label.name) })}
      size="sm"
      closeLabel={close}
      testId="label-merge-dialog"
      footer={
        <>
          <Button variant="outline" onClick={() => onClose(label.id)}>
            {cancel}
          </Button>
          <Button busy={merge.isPending} disabled={!target} onClick={() => void confirm()}>
            {t('merge.confirm')}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-fg">
        {failure && <Alert tone="error">{failure}</Alert>}
        {others.length === 0 ? (
          <p className="text-muted">{t('merge.noOther')}</p>
        ) : (
          <>
            <div>
              <label htmlFor={selectId} className="mb-1.5 block font-medium">
                {t('merge.target')}
              </label>
              <select
                ref={select}
                id={selectId}
                value={targetId ?? ''}
                onChange={(event) => setTargetId(event.target.value ? Number(event.target.value) : undefined)}
                className={inputClasses}
                data-testid="label-merge-target"
              >
                <option value="">{t('merge.choose')}</option>
                {others.map((other) => (
                  <option key={other.id} value={other.id}>
                    {`${other.name} (${t('taskCount', { count: other.tasks_count ?? 0 })})`}
                  </option>
                ))}
              </select>
            </div>
            <p className="text-muted" data-testid="label-merge-explain">
              {!target
                ? t('merge.hint', { name: isolated(label.name) })
                : label.tasks_count
                  ? t('merge.explain', {
                      name: isolated(label.name),
                      target: isolated(target.name),
                      tasks: t('taskCount', { count: label.tasks_count }),
                    })
                  : t('merge.explainUnused', { name: isolated(label.name) })}
            </p>
          </>
        )}
      </div>
    </Dialog>
  );
}

/** Delete: says how many tasks lose it; the tasks stay. */
export function DeleteLabelDialog({ label, onClose }: { label: Label; onClose: DialogClose }) {
  const { t, cancel, close, failed } = useCommon();
  const toast = useToast();
  const remove = useDeleteLabel();
  const [failure, setFailure] = useState<string>();
  const count = label.tasks_count ?? 0;
  return (
    <ConfirmDialog
      open
      title={t('delete.title')}
      confirmLabel={t('delete.confirm')}
      cancelLabel={cancel}
      closeLabel={close}
      tone="danger"
      busy={remove.isPending}
      onCancel={() => onClose(label.id)}
      onConfirm={() => {
        setFailure(undefined);
        remove.mutate(label.id, {
          onSuccess: () => {
            toast.show(t('delete.done', { name: isolated(label.name) }));
            onClose();
          },
          onError: (error) => setFailure(failed(error, t('errors.delete'))),
        });
      }}
    >
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex items-center gap-3 rounded-control border border-line bg-surface-2 p-3">
        <LabelIcon label={label} color={label.color} size="sm" />
        <p className="min-w-0 font-semibold break-words">{label.name}</p>
      </div>
      <p data-testid="label-delete-consequence">
        {count > 0
          ? t('delete.body', { name: isolated(label.name), tasks: t('taskCount', { count }) })
          : t('delete.bodyUnused', { name: isolated(label.name) })}
      </p>
      {count > 0 && <p className="text-muted">{t('delete.tasksStay')}</p>}
    </ConfirmDialog>
  );
}

/** How many unused labels are named in the confirmation before "and N more". */
const UNUSED_NAMES_SHOWN = 12;

/** Delete unused labels: names them (the first few) and deletes them in one call. */
export function DeleteUnusedLabelsDialog({ unused, onClose }: { unused: readonly Label[]; onClose(): void }) {
  const { t, cancel, close, failed } = useCommon();
  const toast = useToast();
  const remove = useDeleteUnusedLabels();
  const [failure, setFailure] = useState<string>();
  const shown = unused.slice(0, UNUSED_NAMES_SHOWN);
  return (
    <ConfirmDialog
      open
      title={t('unused.title')}
      confirmLabel={t('unused.confirm')}
      cancelLabel={cancel}
      closeLabel={close}
      tone="danger"
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => {
        setFailure(undefined);
        remove.mutate(undefined, {
          onSuccess: (deleted) => {
            toast.show(t('unused.done', { labels: t('labelCount', { count: deleted }) }));
            onClose();
          },
          onError: (error) => setFailure(failed(error, t('errors.delete'))),
        });
      }}
    >
      {failure && <Alert tone="error">{failure}</Alert>}
      <p data-testid="label-unused-consequence">{t('unused.body', { labels: t('labelCount', { count: unused.length }) })}</p>
      <ul className="flex flex-wrap gap-1.5" aria-label={t('unused.listLabel')}>
        {shown.map((label) => (
          <li key={label.id}>
            <LabelChip name={label.name} color={label.color} index={label.id} />
          </li>
        ))}
        {unused.length > shown.length && (
          <li className="self-center text-xs text-muted">{t('unused.more', { n: unused.length - shown.length })}</li>
        )}
      </ul>
    </ConfirmDialog>
  );
}
