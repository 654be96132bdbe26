import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Attachment } from '../../../common/schemas/attachment.schema.ts';
import { DriveListing, DriveState, type DriveConnectInput, type DriveFilter } from '../../../common/schemas/drive.schema.ts';
import { apiRequest } from '../api-client.ts';
import { attachmentAdded } from './attachment-queries.ts';

/** Issue 24: the connected WebDAV drive, its listing, and files attached from it. */
export const driveKeys = {
  all: ['drive'] as const,
  state: ['drive', 'state'] as const,
  files: (path: string, filter: DriveFilter, search: string) => ['drive', 'files', path, filter, search] as const,
};

export const driveStateQuery = () =>
  queryOptions({
    queryKey: driveKeys.state,
    queryFn: ({ signal }) => apiRequest('/api/drive', { schema: DriveState, signal }),
    staleTime: 5 * 60_000,
  });

/** A folder of the drive, or what a search found under it; the last answer stays shown while the next loads. */
export const driveFilesQuery = (path: string, filter: DriveFilter, search: string) =>
  queryOptions({
    queryKey: driveKeys.files(path, filter, search),
    queryFn: ({ signal }) =>
      apiRequest('/api/drive/files', { query: { path, filter, search: search.trim() || undefined }, schema: DriveListing, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useConnectDrive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DriveConnectInput) => apiRequest('/api/drive', { method: 'PUT', body: input, schema: DriveState }),
    onSuccess: (state) => {
      queryClient.setQueryData(driveKeys.state, state);
      void queryClient.invalidateQueries({ queryKey: ['drive', 'files'] });
    },
  });
}

export function useDisconnectDrive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/drive', { method: 'DELETE', schema: DriveState }),
    onSuccess: (state) => {
      queryClient.setQueryData(driveKeys.state, state);
      queryClient.removeQueries({ queryKey: ['drive', 'files'] });
    },
  });
}

const Attached = z.object({ message: z.string(), attachment: Attachment });

/** Attaches a drive file to a task: a copy kept here, or a link to it on the drive. */
export function useAttachFromDrive(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, mode }: { path: string; mode: 'copy' | 'link' }) =>
      apiRequest(`/api/tasks/${taskId}/attachments/from-drive`, { method: 'POST', body: { path, mode }, schema: Attached }).then(
        (answer) => answer.attachment,
      ),
    onSuccess: (attachment) => attachmentAdded(queryClient, taskId, attachment),
  });
}
