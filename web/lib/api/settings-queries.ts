import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageBody } from '../../../common/schemas/error.schema.ts';
import { SessionsResponse, type Session } from '../../../common/schemas/settings.schema.ts';
import { UserResponse, type User } from '../../../common/schemas/user.schema.ts';
import { apiRequest } from '../api-client.ts';
import { useApplyFreshUser } from './user-queries.ts';

/** Account settings beside the spec's user card (issue 18). */

export const settingsKeys = { sessions: ['user-sessions'] as const };

/** GET /api/user/sessions: where the account is signed in, this device marked `current`. */
export const sessionsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.sessions,
    queryFn: ({ signal }) => apiRequest('/api/user/sessions', { schema: SessionsResponse, signal }).then((r) => r.sessions),
  });

/** The photo types the server reads, and the most it takes (server/services/profile-photo.ts). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** Why a chosen file cannot be a profile photo, checked before it is sent; null when it can. */
export function photoProblem(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_PHOTO_BYTES) return 'size';
  return null;
}

/** A mutation whose answer is the signed-in user anew: the stored session and GET /api/user take it. */
function useUserMutation<Input>(call: (input: Input) => Promise<{ user: User }>) {
  const applyFreshUser = useApplyFreshUser();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ user }) => {
      applyFreshUser(user);
    },
  });
}

/** PUT /api/user/profile { name } → { user } */
export const useRenameUser = () =>
  useUserMutation((name: string) => apiRequest('/api/user/profile', { method: 'PUT', body: { name }, schema: UserResponse }));

/** PUT /api/user/photo with the image itself as the body → { user } (user_photo: a 256 px WebP). */
export const useUploadPhoto = () =>
  useUserMutation((photo: Blob) => apiRequest('/api/user/photo', { method: 'PUT', body: photo, schema: UserResponse }));

/** DELETE /api/user/photo → { user } */
export const useRemovePhoto = () => useUserMutation(() => apiRequest('/api/user/photo', { method: 'DELETE', schema: UserResponse }));

/** POST /api/user/email { email, password }: the address changes once the link mailed to it is followed. */
export const useRequestEmailChange = () =>
  useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      apiRequest('/api/user/email', { method: 'POST', body: input, schema: MessageBody }),
  });

/** PUT /api/user/password: the current one is required; every other session is signed out. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { current_password: string; password: string; password_confirmation: string }) =>
      apiRequest('/api/user/password', { method: 'PUT', body: input, schema: MessageBody }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions }),
  });
}

/** DELETE /api/user/sessions/{id}: that device is signed out (a session already gone answers 404). */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/user/sessions/${id}`, { method: 'DELETE', schema: MessageBody }),
    onSuccess: (_answer, id) => queryClient.setQueryData<Session[]>(settingsKeys.sessions, (rows) => rows?.filter((row) => row.id !== id)),
    // Awaited before the caller's own onSettled, which can then move focus within the list as it now is.
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions }),
  });
}

/** POST /api/user/sessions/sign-out-everywhere: every session ends, this one too. */
export const useSignOutEverywhere = () =>
  useMutation({ mutationFn: () => apiRequest('/api/user/sessions/sign-out-everywhere', { method: 'POST', schema: MessageBody }) });

/** DELETE /api/user { password }: the account, its tasks, comments and shares are gone. */
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (password: string) => apiRequest('/api/user', { method: 'DELETE', body: { password }, schema: MessageBody }),
  });
