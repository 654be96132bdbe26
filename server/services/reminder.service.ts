import type { Kysely } from 'kysely';
import type { SnoozeChoice } from '../../common/schemas/notification-input.schema.ts';
import {
  REMINDER_DAY_TIME,
  REMINDERS_PER_TASK_MAX,
  REMINDER_NOT_FOUND,
  type Reminder,
  type ReminderInput,
} from '../../common/schemas/reminder.schema.ts';
import { addDays, localDate, zonedInstant } from '../../common/time-zone.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createMailOutboxRepository } from '../db/repositories/mail-outbox.repository.ts';
import { createPushRepository } from '../db/repositories/push.repository.ts';
import { createReminderRepository, fireAt } from '../db/repositories/reminder.repository.ts';
import type { TaskRow } from '../db/repositories/task.repository.ts';
import type { UserRow } from '../db/repositories/user.repository.ts';
import type { Tables } from '../db/tables.ts';
import { AppError, NotFoundError, ValidationError } from '../errors.ts';
import { loadTask } from './task-access.ts';

export const TASK_ALREADY_DONE = 'This task is already completed: there is nothing to remind you of.';

/**
 * A person's reminders of a task (issue 22, decision 027): whoever may open the task sets their own
 * and sees only theirs. When each falls due is worked out here and, when the task's date, time or
 * completion changes, by the task's own transaction (`reminders.follow`, task.service.ts).
 */
export function createReminderService(deps: { database: Database; clock: Clock }) {
  const { database, clock } = deps;
  const reader = (trx: Kysely<Tables>) => ({ db: trx, dialect: database.dialect });

  /** Adds one to a task the caller loaded with the person's access, in the caller's transaction. */
  async function addWithin(trx: Kysely<Tables>, user: UserRow, task: TaskRow, input: ReminderInput): Promise<Reminder[]> {
    const now = clock.nowIso();
    const taskId = Number(task.id);
    const reminders = createReminderRepository(trx, database.dialect);
    if ((await reminders.count(taskId, user.id)) >= REMINDERS_PER_TASK_MAX)
      throw new AppError(422, `A task can have at most ${REMINDERS_PER_TASK_MAX} reminders.`);
    const setting = {
      offset_minutes: input.offset_minutes ?? null,
      remind_at: input.remind_at ? new Date(input.remind_at).toISOString() : null,
    };
    const at = fireAt(setting, task, user.time_zone);
    if (setting.remind_at !== null && at !== null && at <= now)
      throw new ValidationError({ remind_at: ['The reminder time must be in the future.'] });
    if (setting.offset_minutes !== null && at !== null && at <= now && !task.is_completed)
      throw new ValidationError({ offset_minutes: ['That moment has already passed: the task is due sooner.'] });
    await reminders.insert({
      taskId,
      userId: user.id,
      offsetMinutes: setting.offset_minutes,
      remindAt: setting.remind_at,
      fireAt: at,
      state: task.is_completed ? 'cancelled' : 'pending',
      now,
    });
    return reminders.list(taskId, user.id);
  }

  return {
    async list(user: UserRow, taskId: number): Promise<Reminder[]> {
      await loadTask(database, user, taskId);
      return createReminderRepository(database.db, database.dialect).list(taskId, user.id);
    },

    /** Adds one; answers the person's reminders of the task after it. */
    async add(user: UserRow, taskId: number, input: ReminderInput): Promise<Reminder[]> {
      return database.db
        .transaction()
        .execute(async (trx) => addWithin(trx, user, (await loadTask(reader(trx), user, taskId)).task, input));
    },

    /**
     * "Remind me again" (issue 22), from the bell, an e-mail or a push notification: a reminder of
     * the task at a moment of its own (in 10 minutes, in an hour, or tomorrow at 09:00 in the
     * person's zone). It takes the place of the moments already spent, so snoozing again and again
     * never reaches the limit, and what of the reminder still waits to be mailed or pushed (held by
     * quiet hours) is not sent. `within` runs first in the same transaction (a snooze link is spent
     * there, so a failed snooze leaves it unspent). Answers the new moment.
     */
    async snooze(user: UserRow, taskId: number, choice: SnoozeChoice, within?: (trx: Kysely<Tables>) => Promise<void>): Promise<string> {
      const now = clock.now();
      const at =
        choice === '10m'
          ? new Date(now.getTime() + 10 * 60_000)
          : choice === '1h'
            ? new Date(now.getTime() + 60 * 60_000)
            : zonedInstant(addDays(localDate(now, user.time_zone), 1), REMINDER_DAY_TIME, user.time_zone);
      await database.db.transaction().execute(async (trx) => {
        await within?.(trx);
        // A reminder of a task done since would never go: saying "I'll remind you" would be untrue.
        const { task } = await loadTask(reader(trx), user, taskId);
        if (task.is_completed) throw new AppError(422, TASK_ALREADY_DONE);
        await createReminderRepository(trx, database.dialect).deleteSentMoments(taskId, user.id);
        await createMailOutboxRepository(trx).cancelHeldReminders(taskId, user.id);
        await createPushRepository(trx).cancelHeldReminders(taskId, user.id);
        await addWithin(trx, user, task, { remind_at: at.toISOString() });
      });
      return at.toISOString();
    },

    async remove(user: UserRow, taskId: number, reminderId: number): Promise<Reminder[]> {
      return database.db.transaction().execute(async (trx) => {
        const reminders = createReminderRepository(trx, database.dialect);
        await loadTask(reader(trx), user, taskId);
        if (!(await reminders.delete(reminderId, taskId, user.id))) throw new NotFoundError(REMINDER_NOT_FOUND);
        return reminders.list(taskId, user.id);
      });
    },
  };
}
export type ReminderService = ReturnType<typeof createReminderService>;
