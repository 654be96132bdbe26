import { z } from 'zod';
import { linkToken } from './account.schema.ts';
import { recordId, recordIdParams } from './ids.ts';
import { NOT_A_NOTIFICATION } from './notification.schema.ts';

/**
 * What the notification centre's requests carry (issue 22), apart from the answers in
 * notification.schema.ts, which the browser also loads: these only the server needs.
 */

/** The most notifications one read answers. */
export const NOTIFICATION_PAGE_MAX = 50;

export const NotificationListQuery = z.object({
  /** Older than this notification (the id of the last one read), for the next page. */
  before: recordId({ invalid: 'The before field must be a notification id.' }).optional(),
  limit: z.coerce
    .number({ error: 'The limit must be a whole number.' })
    .int('The limit must be a whole number.')
    .min(1, 'The limit must be at least 1.')
    .max(NOTIFICATION_PAGE_MAX, `The limit must not be greater than ${NOTIFICATION_PAGE_MAX}.`)
    .default(20),
});

export const NotificationParams = recordIdParams(NOT_A_NOTIFICATION);

export const NotificationReadInput = z.object({
  read: z.boolean({ error: 'The read field must be true or false.' }),
});

/** Snoozing a reminder from its notification (issue 22): again in 10 minutes, in an hour, or tomorrow at 09:00. */
export const SNOOZE_CHOICES = ['10m', '1h', 'tomorrow'] as const;
export type SnoozeChoice = (typeof SNOOZE_CHOICES)[number];
export const NotificationSnoozeInput = z.object({
  for: z.enum(SNOOZE_CHOICES, { error: 'Snooze for 10m, 1h or tomorrow.' }),
});

/** POST /api/reminder-snoozes: a delivered reminder snoozed by the secret its e-mail or push message carries. */
export const SnoozeLinkInput = NotificationSnoozeInput.extend({ token: linkToken });
export const SnoozeLinkResponse = z.object({
  message: z.string(),
  /** When it will remind again. */
  remind_at: z.string(),
  task_id: z.number(),
});
