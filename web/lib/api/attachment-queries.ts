import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { STORAGE_KEYS } from '../../../common/constants.ts';
import { Attachment, AttachmentsResponse, StorageUsage } from '../../../common/schemas/attachment.schema.ts';
import { apiRequest } from '../api-client.ts';
import { ApiError, apiErrorOf, apiFetch, NetworkError } from '../http/fetch-core.ts';
import { attachmentFileUrl, attachmentIdOfUrl } from '../../../common/attachment-links.ts';
import { attachmentBlob, useAttachmentObjectUrl } from './attachment-bytes.ts';
import { storage } from '../storage.ts';
import { attachmentKeys } from './attachment-keys.ts';
import { saveBlob } from './export-download.ts';
import { taskKeys } from './task-queries.ts';

export { attachmentKeys, attachmentBlob, attachmentFileUrl, attachmentIdOfUrl, useAttachmentObjectUrl };

/** GET /api/tasks/{id}/attachments: the task's files, oldest first. A task made offline has none yet. */
export const attachmentsQuery = (taskId: number) =>
  queryOptions({
    queryKey: attachmentKeys.task(taskId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/tasks/${taskId}/attachments`, { schema: AttachmentsResponse, signal }).then((r) => r.attachments),
    enabled: taskId > 0,
    initialData: taskId > 0 ? undefined : [],
  });

/** GET /api/user/storage: what my files take, for Settings. */
export const storageUsageQuery = () =>
  queryOptions({
    queryKey: attachmentKeys.usage,
    queryFn: ({ signal }) => apiRequest('/api/user/storage', { schema: StorageUsage, signal }),
  });

const Uploaded = z.object({ message: z.string(), attachment: Attachment });

/**
 * POST /api/tasks/{id}/attachments with the file as the body, or with no task POST /api/attachments
 * (an image staged for a description, decision 037): XMLHttpRequest, not fetch, because only it
 * reports how much of the body has gone (the progress bar). Errors are the API's, as fetch-core
 * makes them (spec §8); `signal` cancels.
 */
export function uploadAttachment(
  taskId: number | null,
  file: File,
  options: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal; language: string },
): Promise<Attachment> {
  return new Promise((resolve, reject) => {
    const token = storage.get(STORAGE_KEYS.token);
    if (!token) return reject(new ApiError('Authentication required', 401));
    const request = new XMLHttpRequest();
    request.open(
      'POST',
      `${taskId === null ? '/api/attachments' : `/api/tasks/${taskId}/attachments`}?name=${encodeURIComponent(file.name)}`,
    );
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', options.language);
    // The bytes as they are: the server reads their type from them, whatever the browser guessed.
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.upload.onprogress = (event) => options.onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status === 201) {
        const parsed = Uploaded.safeParse(body);
        return parsed.success ? resolve(parsed.data.attachment) : reject(apiErrorOf(500, undefined));
      }
      reject(apiErrorOf(request.status, body));
    };
    request.onerror = () => reject(new NetworkError());
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (options.signal?.aborted) return reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

/** Saves a file under its own name (the browser's download). */
export async function downloadAttachment(attachment: Pick<Attachment, 'id' | 'name'>): Promise<void> {
  const response = await apiFetch(`/api/attachments/${attachment.id}/file`, { accept: '*/*', query: { download: 1 } });
  // application/octet-stream: the browser saves it, never opens it.
  saveBlob(new Blob([await response.blob()], { type: 'application/octet-stream' }), attachment.name);
}

/**
 * A file was attached (uploaded, or from the drive): it joins the task's list in the server's order
 * (by id) whichever request ends first, and the storage use and the task's activity are read again.
 */
export function attachmentAdded(queryClient: QueryClient, taskId: number, attachment: Attachment) {
  queryClient.setQueryData<Attachment[]>(attachmentKeys.task(taskId), (list) =>
    list && !list.some((file) => file.id === attachment.id) ? [...list, attachment].sort((a, b) => a.id - b.id) : list,
  );
  void queryClient.invalidateQueries({ queryKey: attachmentKeys.usage });
  void queryClient.invalidateQueries({ queryKey: taskKeys.detail(taskId) });
}

export function useDeleteAttachment(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/attachments/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Attachment[]>(attachmentKeys.task(taskId), (files) => files?.filter((file) => file.id !== id));
      void queryClient.invalidateQueries({ queryKey: attachmentKeys.usage });
      void queryClient.invalidateQueries({ queryKey: taskKeys.detail(taskId) });
    },
  });
}
