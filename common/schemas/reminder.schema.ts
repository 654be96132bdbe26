import { z } from 'zod';
import { recordIdParams } from './ids.ts';

/**
 * Reminders of a task (issue 22, decision 027): minutes before it is due (0: at the due time), or
 * a moment of the person's choosing. Each person sets their own; nobody else sees them.
 */

/** The longest a reminder may come before its task: four weeks. */
export const REMINDER_OFFSET_MAX = 40_320;
/** Reminders one person may set on one task. */
export const REMINDERS_PER_TASK_MAX = 10;
/** A task due on a day without a time is "due" at 09:00 of that day, for its reminders. */
export const REMINDER_DAY_TIME = '09:00';
/** The offsets the app offers; any whole number of minutes up to REMINDER_OFFSET_MAX is allowed. */
export const REMINDER_PRESETS = [0, 5, 10, 15, 30, 60, 120, 1440, 2880, 10_080] as const;

export const REMINDER_STATES = ['pending', 'sent', 'cancelled'] as const;

export const Reminder = z.object({
  id: z.number(),
  task_id: z.number(),
  offset_minutes: z.number().nullable(),
  remind_at: z.string().nullable(),
  /** When it falls due; null when it cannot (minutes before a task that has no due date). */
  fire_at: z.string().nullable(),
  state: z.enum(REMINDER_STATES),
});
export type Reminder = z.infer<typeof Reminder>;

export const ReminderInput = z
  .strictObject({
    offset_minutes: z
      .number({ error: 'The offset must be a whole number of minutes.' })
      .int('The offset must be a whole number of minutes.')
      .min(0, 'The offset must be 0 or more minutes.')
      .max(REMINDER_OFFSET_MAX, `The offset must not be greater than ${REMINDER_OFFSET_MAX} minutes.`)
      .optional(),
    remind_at: z.iso.datetime({ offset: true, error: 'The reminder time must be a date and time (ISO 8601).' }).optional(),
  })
  .superRefine((input, context) => {
    if ((input.offset_minutes === undefined) === (input.remind_at === undefined))
      context.addIssue({ code: 'custom', path: ['offset_minutes'], message: 'Give either offset_minutes or remind_at.', input });
  });
export type ReminderInput = z.infer<typeof ReminderInput>;

export const RemindersResponse = z.object({ reminders: z.array(Reminder) });
export const ReminderWriteResponse = z.object({ message: z.string(), reminders: z.array(Reminder) });

export const REMINDER_NOT_FOUND = 'Reminder not found';
export const ReminderParams = z.object({
  id: recordIdParams('Task not found').shape.id,
  reminderId: recordIdParams(REMINDER_NOT_FOUND).shape.id,
});
