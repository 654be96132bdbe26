import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { TIMINGS } from '../../../common/constants.ts';
import { NotificationListResponse, NotificationWriteResponse } from '../../../common/schemas/notification.schema.ts';
import { apiRequest } from '../api-client.ts';

/** Query keys of the notification centre (issue 22); outside ['tasks'], so task refreshes leave the bell alone. */
export const notificationKeys = {
  all: ['notifications'] as const,
};

const PAGE = 20;

/**
 * GET /api/notifications, newest first, a page of 20 and older pages on demand. Its first page
 * carries the unread count the bell shows, so it is read with the page and polled as the spec polls
 * pending shares (every 30 s), for when live updates are down.
 */
export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.all,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/api/notifications?limit=${PAGE}${pageParam === undefined ? '' : `&before=${pageParam}`}`, {
        schema: NotificationListResponse,
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.has_more ? page.notifications.at(-1)?.id : undefined),
    refetchInterval: TIMINGS.pendingSharePollMs,
  });

/** Marks one read or unread, or all read; the list is read again after (the server is the truth). */
export function useMarkNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { id: number; read: boolean } | 'all') =>
      target === 'all'
        ? apiRequest('/api/notifications/read-all', { method: 'POST', schema: NotificationWriteResponse })
        : apiRequest(`/api/notifications/${target.id}`, { method: 'PUT', body: { read: target.read }, schema: NotificationWriteResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** "Remind me again" on a reminder's notification: in 10 minutes, an hour, or tomorrow at 09:00. */
export function useSnoozeReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, choice }: { id: number; choice: '10m' | '1h' | 'tomorrow' }) =>
      apiRequest(`/api/notifications/${id}/snooze`, { method: 'POST', body: { for: choice }, schema: NotificationWriteResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
