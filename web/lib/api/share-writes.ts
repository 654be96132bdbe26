import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageBody } from '../../../common/schemas/error.schema.ts';
import type { SharedPerson, Task } from '../../../common/schemas/task.schema.ts';
import { apiRequest } from '../api-client.ts';
import { shareKeys } from './share-queries.ts';
import { taskKeys } from './task-queries.ts';

/*
 * Sharing's writes: share, accept, decline, leave, remove. Apart from the bell's query
 * (share-queries.ts), so the dashboard's first load carries only what the bell reads (decision 025).
 */

/** POST /api/tasks/{id}/share → the server's message. */
export const shareTask = (taskId: number, emails: string[]) =>
  apiRequest(`/api/tasks/${taskId}/share`, { method: 'POST', body: { email_ids: emails }, schema: MessageBody }).then((r) => r.message);

export const acceptShare = (taskId: number) =>
  apiRequest(`/api/tasks/${taskId}/accept-share`, { method: 'POST', schema: MessageBody }).then((r) => r.message);

/** POST /api/tasks/{id}/decline-share (a pending share) → the server's message. */
export const declineShare = (taskId: number) =>
  apiRequest(`/api/tasks/${taskId}/decline-share`, { method: 'POST', schema: MessageBody }).then((r) => r.message);

/** POST /api/tasks/{id}/leave-share (an accepted share) → the server's message. */
export const leaveShare = (taskId: number) =>
  apiRequest(`/api/tasks/${taskId}/leave-share`, { method: 'POST', schema: MessageBody }).then((r) => r.message);

/** DELETE /api/tasks/{id}/remove-share: by user id, or by address for an invitation without an account. */
export const removeShare = (taskId: number, person: Pick<SharedPerson, 'id' | 'email'>) =>
  apiRequest(`/api/tasks/${taskId}/remove-share`, {
    method: 'DELETE',
    body: person.id !== null ? { user_id: person.id } : { email: person.email },
    schema: MessageBody,
  }).then((r) => r.message);

export function useShareTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, emails }: { taskId: number; emails: string[] }) => shareTask(taskId, emails),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

/** Spec §4: an accepted share leaves the pending list and the task appears under Shared with me. */
export function useAcceptShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: number) => acceptShare(taskId),
    onSuccess: (_message, taskId) => {
      queryClient.setQueryData<Task[]>(shareKeys.pending, (list) => list?.filter((task) => task.id !== taskId));
      void queryClient.invalidateQueries({ queryKey: shareKeys.pending });
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
  });
}

export function useRemoveShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, person }: { taskId: number; person: SharedPerson }) => removeShare(taskId, person),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

/** Issue 18: the recipient turns a pending share down; it leaves the bell. */
export function useDeclineShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: number) => declineShare(taskId),
    onSuccess: (_message, taskId) => {
      queryClient.setQueryData<Task[]>(shareKeys.pending, (list) => list?.filter((task) => task.id !== taskId));
      void queryClient.invalidateQueries({ queryKey: shareKeys.pending });
    },
  });
}

/** Issue 18: the recipient leaves an accepted share; the task leaves Shared with me and its detail is gone. */
export function useLeaveShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: number) => leaveShare(taskId),
    onSuccess: (_message, taskId) => {
      // The lists refresh; the task's own detail would only answer 404 now, so it is not asked again.
      const detail = JSON.stringify(taskKeys.detail(taskId));
      void queryClient.invalidateQueries({ queryKey: taskKeys.all, predicate: (query) => JSON.stringify(query.queryKey) !== detail });
    },
  });
}
