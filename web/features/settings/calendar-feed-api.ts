import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarFeedState } from '../../../common/schemas/calendar-feed.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** Issue 25: the person's private calendar feed, loaded with the settings page only. */
const key = ['calendar-feed'] as const;

export const calendarFeedQuery = () =>
  queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest('/api/user/calendar-feed', { schema: CalendarFeedState, signal }),
  });

/** POST turns the feed on or gives it a new address; DELETE turns it off. The answer is the feed as it is now. */
export function useChangeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: 'renew' | 'off') =>
      apiRequest('/api/user/calendar-feed', { method: change === 'renew' ? 'POST' : 'DELETE', schema: CalendarFeedState }),
    onSuccess: (state) => queryClient.setQueryData(key, state),
  });
}
