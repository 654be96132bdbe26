import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { setChecklistItem } from '../../../common/checklist.ts';
import type { Task } from '../../../common/schemas/task.schema.ts';
import type { TaskInput } from '../../../common/schemas/task-input.schema.ts';
import { useToast } from '../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { labelKeys } from '../../lib/api/label-keys.ts';
import {
  addTask,
  changeCompletion,
  deleteTask,
  markTaskDeleted,
  moveTaskDue,
  restoreTask,
  setTaskCompleted,
  taskKeys,
  updateTask,
  type TaskPage,
  type TaskScope,
} from '../../lib/api/task-queries.ts';
import { serverTaskId } from '../../lib/offline/pending-writes.ts';
import { emitTaskAdded } from '../../lib/task-events.ts';
import { offerUndoInToast } from '../../lib/undo-toast.ts';
import { timeText } from './due-time.ts';
import { fullDateText } from './task-dates.ts';

/** Changes the tasks of every loaded page of a scope's lists in the cache. */
function updateLoadedTasks(queryClient: QueryClient, scope: TaskScope, change: (tasks: Task[]) => Task[]) {
  queryClient.setQueriesData<InfiniteData<TaskPage>>({ queryKey: taskKeys.pages(scope) }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, tasks: change(page.tasks) })) } : data,
  );
}

/** A completion answer on every loaded page at once (the task moves among the completed), then lists and counters reload. */
function showCompletion(queryClient: QueryClient, updated: Task) {
  for (const scope of ['own', 'shared'] as const) {
    updateLoadedTasks(queryClient, scope, (tasks) => tasks.map((task) => (task.id === updated.id ? updated : task)));
  }
  void queryClient.invalidateQueries({ queryKey: taskKeys.all });
}

/** Cancel in the question about a task's open subtasks: nothing was asked of the server. */
class CompletionCancelled extends Error {}

/**
 * Spec §4: toggle calls complete or uncomplete by the current state; on failure the list reloads.
 * Issue 21: completing and reopening say so in a toast with Undo for UNDO_WINDOW_MS (Ctrl/Cmd+Z
 * reaches it too), which calls the inverse.
 */
export function useToggleCompletion() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t, i18n } = useTranslation('tasks');

  /**
   * `next` is the occurrence the completion created, if the task repeated;
   * `subtasks` the subtasks completed with it ("Complete all"), which its undo reopens. Undoing a
   * repeating task's completion puts the series back as it was, in one request that anyone who may
   * reopen it may send: the task reopened with its rule, and the occurrence made from it deleted
   * (otherwise two would be pending).
   */
  const offerToUndo = (updated: Task, next: Task | null, subtasks: number[]) => {
    const completed = updated.is_completed === 1;
    const undoSeries = async () => {
      const back = await setTaskCompleted(updated.id, false, { reopenSubtasks: subtasks, takeBackOccurrence: next?.id });
      if (next) markTaskDeleted(next.id);
      return back;
    };
    offerUndoInToast(
      toast,
      i18n,
      () => (completed ? t('toasts.completed') : i18n.t('shortcuts:undo.reopened')),
      () => {
        (completed ? undoSeries() : setTaskCompleted(updated.id, true)).then(
          (back) => {
            showCompletion(queryClient, back);
            toast.show(i18n.t('shortcuts:undo.undone'));
          },
          (error: unknown) => {
            console.error('Undoing the completion failed', error);
            void queryClient.invalidateQueries({ queryKey: taskKeys.all });
            toast.show(errorMessage(error, t('errors.updateTask'), t('common:errors.pleaseTryAgain')), 'error');
          },
        );
      },
    );
  };

  return useMutation({
    mutationFn: async (task: Task) => {
      const completing = task.is_completed !== 1;
      const open = task.subtask_progress ? task.subtask_progress.total - task.subtask_progress.done : 0;
      // Issue 21: with open subtasks, whether they are done too is asked first (its dialog loads then).
      const choice = completing && open > 0 ? await (await import('./complete-subtasks-question.tsx')).askToCompleteSubtasks(task) : 'only';
      if (choice === null) throw new CompletionCancelled();
      return changeCompletion(task.id, completing, { completeSubtasks: choice === 'all' });
    },
    onSuccess: ({ task: updated, next_occurrence: next, completed_subtask_ids: subtasks }) => {
      // Update every loaded page in place from the response (the task moves among the completed
      // at once), then reload lists and counters in the background: it belongs to the other stream now.
      showCompletion(queryClient, updated);
      offerToUndo(updated, next, subtasks);
    },
    onError: (error) => {
      if (error instanceof CompletionCancelled) return;
      console.error('Changing completion failed', error);
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
  });
}

/** Where a task was due before an edit: an edit that changes it is a reschedule, which Undo takes back. */
export interface DueBefore {
  due_date: string | null;
  due_time: string | null;
}

export function useSaveTask() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t, i18n } = useTranslation('tasks');
  const showSaved = (task: Task) => {
    for (const scope of ['own', 'shared'] as const) {
      updateLoadedTasks(queryClient, scope, (tasks) => tasks.map((loaded) => (loaded.id === task.id ? task : loaded)));
    }
    queryClient.setQueryData<{ task: Task }>(taskKeys.detail(task.id), (data) => (data ? { ...data, task } : data));
    void queryClient.invalidateQueries({ queryKey: taskKeys.all });
  };
  /** "Moved to 27 November 2026 at 9:00": the second line of the toast of an edit that rescheduled. */
  const whereNow = (task: Task) =>
    !task.due_date
      ? t('toasts.dueDateCleared')
      : task.due_time
        ? t('toasts.movedToAt', { date: fullDateText(task.due_date, i18n.language), time: timeText(task.due_time, i18n.language) })
        : t('toasts.movedTo', { date: fullDateText(task.due_date, i18n.language) });

  /**
   * Issue 21 §6: an edit that moved the due date or time says where to, with Undo for
   * UNDO_WINDOW_MS (Ctrl/Cmd+Z too), which puts back only the date and time: whatever else the edit
   * changed stays. The spec's "Task updated" stays the toast's message.
   */
  const offerToUndoMove = (task: Task, before: DueBefore) =>
    offerUndoInToast(
      toast,
      i18n,
      () => t('toasts.updated'),
      () =>
        void moveTaskDue(task.id, before).then(
          (back) => {
            showSaved(back);
            toast.show(i18n.t('shortcuts:undo.undone'));
          },
          (error: unknown) => {
            console.error('Undoing the reschedule failed', error);
            void queryClient.invalidateQueries({ queryKey: taskKeys.all });
            toast.show(errorMessage(error, t('errors.updateTask'), t('common:errors.pleaseTryAgain')), 'error');
          },
        ),
      () => whereNow(task),
    );

  return useMutation({
    mutationFn: ({
      id,
      input,
    }: {
      id?: number | undefined;
      input: TaskInput & { duplicated_from?: number };
      before?: DueBefore | undefined;
    }) => (id === undefined ? addTask(input) : updateTask(id, input)),
    onSuccess: (task, { id, before }) => {
      // An edit shows on its card and in its dialog from the answer, before the lists reload.
      if (id !== undefined) showSaved(task);
      else void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      void queryClient.invalidateQueries({ queryKey: labelKeys.all });
      const moved = before && (before.due_date !== task.due_date || before.due_time !== task.due_time);
      if (id !== undefined && moved) offerToUndoMove(task, before);
      else toast.show(id === undefined ? t('toasts.created') : t('toasts.updated'));
      if (id === undefined) emitTaskAdded();
      return task;
    },
  });
}

/**
 * `onDeleted` closes what shows the task. Its detail is not dropped here: the dialog may still be
 * on screen for a render, and an active query dropped would ask the server again; marked deleted,
 * it is never asked for (task-queries.ts), and unused it is garbage-collected like any query.
 */
export function useDeleteTask(onDeleted: () => void) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t, i18n } = useTranslation('tasks');

  // Issue 21 §6: "Task deleted" with Undo for UNDO_WINDOW_MS (Ctrl/Cmd+Z too). The server keeps the
  // task restorable a little longer (10 s, decision 021), so an Undo pressed at the last moment
  // still arrives in time; past that it is gone for good and the toast says so.
  const offerToUndo = (id: number) => {
    offerUndoInToast(
      toast,
      i18n,
      () => t('toasts.deleted'),
      () => {
        restoreTask(id).then(
          () => {
            markTaskDeleted(id, false);
            void queryClient.invalidateQueries({ queryKey: taskKeys.all });
            void queryClient.invalidateQueries({ queryKey: labelKeys.all });
            toast.show(i18n.t('shortcuts:undo.restored'));
          },
          (error: unknown) => {
            console.error('Restoring the deleted task failed', error);
            const tooLate = error instanceof ApiError && error.status === 404;
            toast.show(
              tooLate
                ? i18n.t('shortcuts:undo.restoreTooLate')
                : errorMessage(error, i18n.t('shortcuts:undo.restoreFailed'), t('common:errors.pleaseTryAgain')),
              'error',
            );
          },
        );
      },
    );
  };

  return useMutation({
    // Made offline and not yet sent (decision 034): nothing on the server to delete, nor to undo.
    // Sent meanwhile, it is deleted under the id the server gave it.
    mutationFn: async (id: number) => {
      if (id < 0 && (await (await import('../../lib/offline/offline-writes.ts')).discardWaitingTask(id))) return 'discarded' as const;
      await deleteTask(serverTaskId(id));
      return 'deleted' as const;
    },
    // From the moment it is asked: a refresh of the open task started now would answer 404.
    onMutate: async (id) => {
      markTaskDeleted(id);
      await queryClient.cancelQueries({ queryKey: taskKeys.detail(id) });
    },
    onSuccess: (result, shownId) => {
      onDeleted();
      if (result === 'discarded') return void toast.show(t('toasts.deleted'));
      const id = serverTaskId(shownId);
      markTaskDeleted(id);
      updateLoadedTasks(queryClient, 'own', (tasks) => tasks.filter((task) => task.id !== id));
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      void queryClient.invalidateQueries({ queryKey: labelKeys.all });
      offerToUndo(id);
    },
    onError: (error, id) => {
      markTaskDeleted(id, false);
      console.error('Deleting the task failed', error);
    },
  });
}

/**
 * Ticks or clears a checklist box of the task's description: saved as an edit of the description
 * (so anyone who may edit the task may tick, and it shows in the activity). The box changes in the
 * same render as the click (a controlled checkbox would otherwise spring back until the cache
 * changed); if saving fails it goes back and a toast says why.
 */
export function useTickChecklistItem() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation('tasks');
  type Detail = { task: Task } & Record<string, unknown>;
  const setDescription = (id: number, description: string) =>
    queryClient.setQueryData<Detail>(taskKeys.detail(id), (data) => (data ? { ...data, task: { ...data.task, description } } : data));
  const save = useMutation({
    mutationFn: ({ task, description }: { task: Task; description: string }) =>
      // Only the description changes: fields left out keep what the server has (someone may have changed them meanwhile).
      updateTask(task.id, { title: task.title, description }),
    onError: (error, { task }) => {
      setDescription(task.id, task.description);
      toast.show(errorMessage(error, t('errors.updateTask'), t('common:errors.pleaseTryAgain')), 'error');
    },
    onSuccess: (updated) => {
      for (const scope of ['own', 'shared'] as const) {
        updateLoadedTasks(queryClient, scope, (tasks) => tasks.map((task) => (task.id === updated.id ? updated : task)));
      }
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
  });
  return (task: Task, markOffset: number, checked: boolean) => {
    const description = setChecklistItem(task.description, markOffset, checked);
    setDescription(task.id, description);
    return save.mutateAsync({ task, description });
  };
}
