import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { SubtaskWriteResponse, type Subtask, type SubtaskProgress } from '../../../common/schemas/subtask.schema.ts';
import type { TaskDetailResponse } from '../../../common/schemas/task-detail.schema.ts';
import { apiRequest } from '../api-client.ts';
import { changeShownTask, holdDetailRefreshes, taskKeys } from './task-queries.ts';

/** A change of a task's subtasks, as the panel asks for it. */
export type SubtaskWrite =
  | { kind: 'add'; titles: string[] }
  | { kind: 'update'; id: number; changes: { title?: string; is_completed?: boolean; due_date?: string | null } }
  | { kind: 'move'; id: number; index: number }
  | { kind: 'delete'; id: number };

type Detail = z.output<typeof TaskDetailResponse>;

/** POST, PUT or DELETE under /api/tasks/{id}/subtasks: the task's subtasks in order after the write. */
export function sendSubtaskWrite(taskId: number, write: SubtaskWrite) {
  const base = `/api/tasks/${taskId}/subtasks`;
  const schema = SubtaskWriteResponse;
  switch (write.kind) {
    case 'add':
      return apiRequest(base, {
        method: 'POST',
        body: write.titles.length === 1 ? { title: write.titles[0] } : { titles: write.titles },
        schema,
      });
    case 'update':
      return apiRequest(`${base}/${write.id}`, { method: 'PUT', body: write.changes, schema });
    case 'move':
      return apiRequest(`${base}/order`, { method: 'PUT', body: { id: write.id, index: write.index }, schema });
    case 'delete':
      return apiRequest(`${base}/${write.id}`, { method: 'DELETE', schema });
  }
}

export const progressOf = (subtasks: readonly Pick<Subtask, 'is_completed'>[]): SubtaskProgress | null =>
  subtasks.length ? { done: subtasks.filter((subtask) => subtask.is_completed === 1).length, total: subtasks.length } : null;

/** The list as it will be after the write, shown while the server is asked (new ones with ids below zero until it answers). */
export function applySubtaskWrite(
  subtasks: readonly Subtask[],
  write: SubtaskWrite,
  taskId: number,
  now = new Date().toISOString(),
): Subtask[] {
  switch (write.kind) {
    case 'add': {
      const last = subtasks.at(-1)?.position ?? -1;
      return [
        ...subtasks,
        ...write.titles.map((title, index) => ({
          id: -(Date.now() * 1000 + index),
          task_id: taskId,
          title,
          is_completed: 0 as const,
          due_date: null,
          position: last + 1 + index,
          created_at: now,
          updated_at: now,
        })),
      ];
    }
    case 'update':
      return subtasks.map((subtask) =>
        subtask.id === write.id
          ? {
              ...subtask,
              ...(write.changes.title !== undefined && { title: write.changes.title }),
              ...(write.changes.is_completed !== undefined && { is_completed: write.changes.is_completed ? (1 as const) : (0 as const) }),
              ...(write.changes.due_date !== undefined && { due_date: write.changes.due_date }),
            }
          : subtask,
      );
    case 'move': {
      const moving = subtasks.find((subtask) => subtask.id === write.id);
      if (!moving) return [...subtasks];
      const rest = subtasks.filter((subtask) => subtask !== moving);
      rest.splice(write.index, 0, moving);
      return rest.map((subtask, position) => ({ ...subtask, position }));
    }
    case 'delete':
      return subtasks.filter((subtask) => subtask.id !== write.id);
  }
}

/** A task's subtasks in its dialog, and its progress there and on every loaded card, at once. */
export function showSubtasks(queryClient: QueryClient, taskId: number, subtasks: Subtask[]) {
  const progress = progressOf(subtasks);
  queryClient.setQueryData<Detail>(taskKeys.detail(taskId), (data) => (data ? { ...data, subtasks } : data));
  changeShownTask(queryClient, taskId, (task) => ({ ...task, subtask_progress: progress }));
}

/** Per task: the last write asked for (the next one waits for it), and how many are not answered yet. */
const queues = new Map<number, { last: Promise<unknown>; open: number }>();

/**
 * Every change of a task's subtasks: shown at once (a tick, a move, a delete, a new line), in the
 * same event as the click or key, then sent, one after another: a move is relative to the list
 * before it, so two sent at once could be applied in the other order. The answer to the last one
 * replaces what is shown; if the server refuses one, what was there before it comes back and
 * `onError` hears why. Once all are answered, the task's dialog (its activity) and the lists reload.
 */
export function useSubtaskWrites(taskId: number) {
  const queryClient = useQueryClient();
  return (write: SubtaskWrite, options: { onError?: (error: unknown) => void } = {}) => {
    const before = queryClient.getQueryData<Detail>(taskKeys.detail(taskId))?.subtasks;
    // Now, not after a promise: what was clicked changes in this very frame.
    if (before) showSubtasks(queryClient, taskId, applySubtaskWrite(before, write, taskId));
    // A refresh of the dialog asked before the change would paint over it: it is stopped, and the
    // query keeps what was just shown (setQueryData made it the state a cancel returns to).
    void queryClient.cancelQueries({ queryKey: taskKeys.detail(taskId) });
    const queue = queues.get(taskId) ?? { last: Promise.resolve(), open: 0 };
    queues.set(taskId, queue);
    holdDetailRefreshes(taskId, true);
    queue.open += 1;
    const sent = queue.last.then(() => sendSubtaskWrite(taskId, write));
    queue.last = sent.catch(() => undefined);
    sent
      .then(
        (answer) => {
          if (queue.open === 1) showSubtasks(queryClient, taskId, answer.subtasks);
        },
        (error: unknown) => {
          if (before) showSubtasks(queryClient, taskId, before);
          options.onError?.(error);
        },
      )
      .finally(() => {
        queue.open -= 1;
        if (queue.open === 0) {
          queues.delete(taskId);
          holdDetailRefreshes(taskId, false);
          void queryClient.invalidateQueries({ queryKey: taskKeys.all });
        }
      });
  };
}
