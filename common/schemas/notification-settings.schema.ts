import { z } from 'zod';
import { REMINDER_OFFSET_MAX } from './reminder.schema.ts';

/**
 * Settings → Notifications (issue 22, decision 028): per kind of event and channel, quiet hours,
 * the daily digest's time and the default reminder of new tasks with a time.
 *
 * Kinds group the notification kinds a person would name: `mention` is being @mentioned in a
 * comment, `comment` covers other comments and replies,
 * `share_answer` an invitation accepted or declined. Channels: in the app (the bell) and by e-mail
 * (sent only to a proven address).
 */
export const NOTIFICATION_SETTING_KINDS = ['reminder', 'mention', 'comment', 'share_answer', 'occurrence'] as const;
export type NotificationSettingKind = (typeof NOTIFICATION_SETTING_KINDS)[number];
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** A time of day on the person's clock, "HH:MM", 00:00–23:59. */
export const ClockTime = z
  .string({ error: 'The time must be written as HH:MM.' })
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'The time must be written as HH:MM, from 00:00 to 23:59.');

const ChannelChoices = z.object({ in_app: z.boolean(), email: z.boolean(), push: z.boolean() });
export type ChannelChoices = z.infer<typeof ChannelChoices>;

export const NotificationSettings = z.object({
  channels: z.object({
    reminder: ChannelChoices,
    mention: ChannelChoices,
    comment: ChannelChoices,
    share_answer: ChannelChoices,
    occurrence: ChannelChoices,
  }),
  /** E-mails and push messages wait while quiet hours last (start inclusive, end exclusive; may cross midnight); null: none. */
  quiet_hours: z.object({ start: ClockTime, end: ClockTime }).nullable(),
  /** When the daily digest is mailed, on the person's clock; null: no digest. */
  digest_time: ClockTime.nullable(),
  /** Minutes before the due time of a reminder added to each new task with a time; null: none. */
  default_reminder_minutes: z.number().int().min(0).max(REMINDER_OFFSET_MAX).nullable(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** What a person starts with: everything in the bell; e-mail for reminders and mentions; push but for repeats. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  channels: {
    reminder: { in_app: true, email: true, push: true },
    mention: { in_app: true, email: true, push: true },
    comment: { in_app: true, email: false, push: true },
    share_answer: { in_app: true, email: false, push: true },
    occurrence: { in_app: true, email: false, push: false },
  },
  quiet_hours: null,
  digest_time: null,
  default_reminder_minutes: null,
};

const boolean = (field: string) => z.boolean({ error: `The ${field} field must be true or false.` });
const ChannelChoicesInput = z.strictObject({
  in_app: boolean('in_app').optional(),
  email: boolean('email').optional(),
  push: boolean('push').optional(),
});

/** PUT /api/user/notification-settings: any part of the settings; what is left out stays. */
export const NotificationSettingsInput = z.strictObject({
  channels: z
    .strictObject({
      reminder: ChannelChoicesInput.optional(),
      mention: ChannelChoicesInput.optional(),
      comment: ChannelChoicesInput.optional(),
      share_answer: ChannelChoicesInput.optional(),
      occurrence: ChannelChoicesInput.optional(),
    })
    .optional(),
  quiet_hours: z
    .strictObject({ start: ClockTime, end: ClockTime })
    .refine((hours) => hours.start !== hours.end, { message: 'Quiet hours must end at another time than they start.', path: ['end'] })
    .nullable()
    .optional(),
  digest_time: ClockTime.nullable().optional(),
  default_reminder_minutes: z
    .number({ error: 'The default reminder must be a whole number of minutes or null.' })
    .int('The default reminder must be a whole number of minutes.')
    .min(0, 'The default reminder must be 0 or more minutes.')
    .max(REMINDER_OFFSET_MAX, `The default reminder must not be greater than ${REMINDER_OFFSET_MAX} minutes.`)
    .nullable()
    .optional(),
});
export type NotificationSettingsInput = z.infer<typeof NotificationSettingsInput>;

export const NotificationSettingsResponse = z.object({ settings: NotificationSettings });
export const NotificationSettingsWriteResponse = z.object({ message: z.string(), settings: NotificationSettings });

/** POST /api/notifications/test: which channels carried the test (e-mail, and push to every allowed browser). */
export const TestNotificationResponse = z.object({ message: z.string(), channels: z.array(z.enum(NOTIFICATION_CHANNELS)) });

/** Whether `time` ("HH:MM") falls in quiet hours from `start` to `end` (which may cross midnight). */
export function inQuietHours(time: string, hours: { start: string; end: string } | null): boolean {
  if (!hours) return false;
  return hours.start < hours.end ? time >= hours.start && time < hours.end : time >= hours.start || time < hours.end;
}
