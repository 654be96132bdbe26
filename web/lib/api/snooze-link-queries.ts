import { useMutation } from '@tanstack/react-query';
import { SnoozeLinkResponse, type SnoozeChoice } from '../../../common/schemas/notification-input.schema.ts';
import { apiRequest } from '../api-client.ts';

/**
 * POST /api/reminder-snoozes: a reminder snoozed with the single-use link of its e-mail (no session
 * needed). Only the snooze page uses it: apart from the bell's queries (notification-queries.ts),
 * the request schemas it imports stay out of the dashboard's first load (decision 025).
 */
export function useSnoozeByLink() {
  return useMutation({
    mutationFn: ({ token, choice }: { token: string; choice: SnoozeChoice }) =>
      apiRequest('/api/reminder-snoozes', { method: 'POST', auth: false, body: { token, for: choice }, schema: SnoozeLinkResponse }),
  });
}
