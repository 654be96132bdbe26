import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, Repeat, RepeatOff, SkipForward } from 'lucide-react';
import { Suspense, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { changeShownTask, moveTaskDue, skipOccurrence, taskKeys, updateTask } from '../../lib/api/task-queries.ts';
import { offerUndoInToast } from '../../lib/undo-toast.ts';
import { useUserClock } from '../../lib/use-user-clock.ts';
import { repeatSummary } from './repeat-rule.ts';
import { fullDateText } from './task-dates.ts';

export interface TaskRepeatProps {
  task: Task;
  /** The owner and accepted recipients: they may skip and stop (both are edits). */
  canEdit: boolean;
}

/**
 * The detail dialog's repeat rule (issue 21): in words, with "Skip this one" and "Stop repeating".
 * Nothing for a task that does not repeat; its texts load on their own, so the dialog never waits.
 */
export function TaskRepeat(props: TaskRepeatProps) {
  if (!props.task.recurrence) return null;
  return (
    <Suspense fallback={null}>
      <RepeatSection {...props} />
    </Suspense>
  );
}

/** The task as the server answered, in its dialog and on every loaded page at once; then lists, counters and activity reload. */
function useShowTask() {
  const queryClient = useQueryClient();
  return (updated: Task) => {
    changeShownTask(queryClient, updated.id, () => updated);
    void queryClient.invalidateQueries({ queryKey: taskKeys.all });
  };
}

function RepeatSection({ task, canEdit }: TaskRepeatProps) {
  const { t, i18n } = useTranslation('schedule');
  const toast = useToast();
  const show = useShowTask();
  const { today } = useUserClock();
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const section = useRef<HTMLElement>(null);
  // The section goes when the rule is stopped. The confirmation may close a render before that
  // (the task reaches this dialog through the query cache, which notifies later), leaving focus
  // on the Stop button as it is removed: focus goes to the task dialog's title instead of the page.
  // A layout effect's cleanup runs while the section is still in the document.
  useLayoutEffect(() => {
    const node = section.current;
    return () => {
      if (!node?.contains(document.activeElement)) return;
      const dialog = node.closest('dialog');
      document.getElementById(dialog?.getAttribute('aria-labelledby') ?? '')?.focus();
    };
  }, []);
  const language = i18n.language;
  const dateText = (day: string | null) => (day ? fullDateText(day, language) : '');
  const failed = (error: unknown, fallback: string) =>
    toast.show(errorMessage(error, fallback, t('common:errors.pleaseTryAgain')), 'error');

  const skip = useMutation({
    mutationFn: () => skipOccurrence(task.id),
    onSuccess: (updated) => {
      show(updated);
      // Undo puts the date back where the skip found it (a reschedule, issue 21 §6).
      const from = task.due_date;
      offerUndoInToast(
        toast,
        i18n,
        () => t('detail.skipped', { date: dateText(updated.due_date) }),
        () =>
          void moveTaskDue(task.id, { due_date: from }).then(
            (back) => {
              show(back);
              toast.show(i18n.t('shortcuts:undo.undone'));
            },
            (error: unknown) => failed(error, t('detail.skipFailed')),
          ),
      );
    },
    onError: (error) => failed(error, t('detail.skipFailed')),
  });
  const stop = useMutation({
    // Only the rule changes: the fields left out keep what the server has.
    mutationFn: () => updateTask(task.id, { title: task.title, recurrence: null }),
    onSuccess: (updated) => {
      // The section goes with the rule; focus moves to the task dialog's title (see above).
      setConfirming(false);
      show(updated);
      toast.show(t('detail.stopped'));
    },
    onError: (error) => {
      setConfirming(false);
      failed(error, t('detail.stopFailed'));
    },
  });

  const summary = repeatSummary(task.recurrence, task.recurrence_from, task.due_date ?? today, t, language);
  return (
    <section ref={section} aria-labelledby={headingId} data-testid="detail-repeat">
      <h3 id={headingId} className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">
        {t('detail.repeats')}
      </h3>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="flex min-w-0 items-start gap-1.5 text-sm font-medium text-fg" data-testid="detail-repeat-rule">
          <Repeat aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-brand" />
          <span>{summary ?? task.recurrence}</span>
        </p>
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            {/* Busy without being disabled: a disabled button would drop the focus it has. */}
            <Button
              variant="outline"
              size="sm"
              icon={
                skip.isPending ? (
                  <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
                ) : (
                  <SkipForward aria-hidden className="rtl-mirror h-4 w-4" />
                )
              }
              aria-busy={skip.isPending || undefined}
              onClick={() => !skip.isPending && skip.mutate()}
            >
              {t('detail.skip')}
            </Button>
            <Button variant="outline" size="sm" icon={<RepeatOff aria-hidden className="h-4 w-4" />} onClick={() => setConfirming(true)}>
              {t('detail.stop')}
            </Button>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('detail.stopTitle')}
        confirmLabel={t('detail.stop')}
        cancelLabel={t('detail.keepRepeating')}
        closeLabel={t('common:actions.close')}
        busy={stop.isPending}
        onConfirm={() => stop.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('detail.stopBody', { date: dateText(task.due_date) })}</p>
      </ConfirmDialog>
    </section>
  );
}
