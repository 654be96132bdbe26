import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { UserResponse, type User } from '../../../common/schemas/user.schema.ts';
import { apiRequest } from '../api-client.ts';
import { useSession } from '../session.tsx';
import { shareKeys } from './share-queries.ts';

export const userKeys = { me: ['user'] as const };

/** GET /api/user: the signed-in user as the server knows it now. */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: userKeys.me,
    queryFn: ({ signal }) => apiRequest('/api/user', { schema: UserResponse, signal }),
    staleTime: 60_000,
  });

/**
 * After an answer that carries the signed-in user anew (an address verified, an invitation
 * followed): the stored session and the cached GET /api/user both take it, so the app layout
 * does not put the older copy back; invitations to the address are now pending shares.
 * A user other than the signed-in one (a link opened in someone else's session) changes nothing.
 */
export function useApplyFreshUser() {
  const { session, signIn } = useSession();
  const queryClient = useQueryClient();
  // The session when the answer arrives, not when the request was made.
  const current = useRef(session);
  useEffect(() => {
    current.current = session;
  }, [session]);
  return useCallback(
    async (user: User) => {
      const now = current.current;
      if (now.status !== 'authenticated' || now.user.id !== user.id) return false;
      // A read of either that left before this answer would land after it with the older state
      // (and a first read still in flight would be shared by a refetch), so those reads are dropped.
      await Promise.all([queryClient.cancelQueries({ queryKey: userKeys.me }), queryClient.cancelQueries({ queryKey: shareKeys.pending })]);
      queryClient.setQueryData(userKeys.me, { user });
      signIn(user, now.token);
      void queryClient.invalidateQueries({ queryKey: shareKeys.pending });
      return true;
    },
    [signIn, queryClient],
  );
}
