import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { TIMINGS } from '../../../common/constants.ts';
import { Comment, CommentsResponse } from '../../../common/schemas/comment.schema.ts';
import { apiRequest } from '../api-client.ts';
import { serverTaskId, writesMustWait } from '../offline/pending-writes.ts';
import { commentKeys } from './comment-keys.ts';
import { taskKeys } from './task-queries.ts';

export { commentKeys };

const CommentResponse = z.object({ message: z.string(), comment: Comment });

/**
 * GET /api/tasks/{id}/comments: top-level comments, each with its replies. A task made offline
 * (a temporary id below zero) has none on the server: only those written here meanwhile.
 */
export const commentsQuery = (taskId: number) =>
  queryOptions({
    queryKey: commentKeys.task(taskId),
    queryFn: ({ signal }) => apiRequest(`/api/tasks/${taskId}/comments`, { schema: CommentsResponse, signal }).then((r) => r.comments),
    enabled: taskId > 0,
    initialData: taskId > 0 ? undefined : [],
  });

/** POST /api/tasks/comments/add: the task id travels as a string (spec §7). */
export const addComment = async (shownTaskId: number, content: string, parentId: number | null, mentions: number[] = []) => {
  const taskId = serverTaskId(shownTaskId);
  // Offline, it waits with the other changes and shows in the thread meanwhile (decision 033).
  if (writesMustWait()) return (await import('../offline/offline-writes.ts')).queueComment(taskId, content, parentId, mentions);
  return apiRequest('/api/tasks/comments/add', {
    method: 'POST',
    // Issue 22: the people the text @mentions; left out when none, as the spec's call is.
    body: { task_id: String(taskId), content: content.trim(), parent_id: parentId, ...(mentions.length ? { mentions } : {}) },
    schema: CommentResponse,
  }).then((r) => r.comment);
};

export const editComment = (commentId: number, content: string, mentions: number[] = []) =>
  apiRequest(`/api/tasks/comments/${commentId}/edit`, {
    method: 'PUT',
    body: { content: content.trim(), ...(mentions.length ? { mentions } : {}) },
    schema: CommentResponse,
  }).then((r) => r.comment);

export function useAddComment(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, parentId, mentions }: { content: string; parentId: number | null; mentions?: number[] }) =>
      addComment(taskId, content, parentId, mentions),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: commentKeys.task(taskId) });
      // The comment is in the task's activity too: the Activity tab shows it without reopening.
      void queryClient.invalidateQueries({ queryKey: taskKeys.detail(taskId) });
    },
  });
}

/** Spec §4: after an edit the list reloads after about 100 ms; the edited text shows at once meanwhile. */
export function useEditComment(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, content, mentions }: { commentId: number; content: string; mentions?: number[] }) =>
      editComment(commentId, content, mentions),
    onSuccess: (updated) => {
      queryClient.setQueryData<Comment[]>(commentKeys.task(taskId), (tree) =>
        tree?.map((comment) =>
          comment.id === updated.id
            ? { ...comment, content: updated.content, updated_at: updated.updated_at }
            : {
                ...comment,
                children: comment.children.map((reply) => (reply.id === updated.id ? { ...reply, ...updated, children: [] } : reply)),
              },
        ),
      );
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: commentKeys.task(taskId) }), TIMINGS.commentReloadMs);
      void queryClient.invalidateQueries({ queryKey: taskKeys.detail(taskId) });
    },
  });
}
