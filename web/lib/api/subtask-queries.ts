import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { SubtaskWriteResponse, type Subtask, type SubtaskProgress } from '../../../common/schemas/subtask.schema.ts';
import type { TaskDetailResponse } from '../../../common/schemas/task.schema.ts';
import { apiRequest } from '../api-client.ts';
import { taskKeys, type TaskPage } from './task-queries.ts';

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
  queryClient.setQueryData<Detail>(taskKeys.detail(taskId), (data) =>
    data ? { ...data, subtasks, task: { ...data.task, subtask_progress: progress } } : data,
  );
  for (const scope of ['own', 'shared'] as const) {
    queryClient.setQueriesData<InfiniteData<TaskPage>>({ queryKey: taskKeys.pages(scope) }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              tasks: page.tasks.map((task) => (task.id === taskId ? { ...task, subtask_progress: progress } : task)),
            })),
          }
        : data,
    );
  }
}

const subtaskMutationKey = (taskId: number) => ['subtasks', taskId] as const;

/**
 * Every change of a task's subtasks: shown at once (a tick, a move, a delete, a new line), then
 * the server's answer replaces it; if the server refuses, what was there comes back and the
 * caller hears of the error. Once the last change of a burst is answered, the task's dialog
 * (its activity) and the lists reload in the background.
 */
export function useSubtaskWrites(taskId: number) {
  const queryClient = useQueryClient();
  const current = () => queryClient.getQueryData<Detail>(taskKeys.detail(taskId))?.subtasks;
  return useMutation({
    mutationKey: subtaskMutationKey(taskId),
    mutationFn: (write: SubtaskWrite) => sendSubtaskWrite(taskId, write),
    onMutate: async (write) => {
      // An answer under way from before the change must not paint over it.
      await queryClient.cancelQueries({ queryKey: taskKeys.detail(taskId) });
      const before = current();
      if (before) showSubtasks(queryClient, taskId, applySubtaskWrite(before, write, taskId));
      return { before };
    },
    onError: (_error, _write, context) => {
      if (context?.before) showSubtasks(queryClient, taskId, context.before);
    },
    onSuccess: (answer) => {
      // Only the last answer of a burst is the list as it stands; earlier ones would undo later changes on screen.
      if (queryClient.isMutating({ mutationKey: subtaskMutationKey(taskId) }) <= 1) showSubtasks(queryClient, taskId, answer.subtasks);
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: subtaskMutationKey(taskId) }) <= 1)
        void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
  });
}
