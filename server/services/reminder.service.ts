import type { Kysely } from 'kysely';
import { REMINDERS_PER_TASK_MAX, REMINDER_NOT_FOUND, type Reminder, type ReminderInput } from '../../common/schemas/reminder.schema.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createReminderRepository, fireAt } from '../db/repositories/reminder.repository.ts';
import type { UserRow } from '../db/repositories/user.repository.ts';
import type { Tables } from '../db/tables.ts';
import { AppError, NotFoundError, ValidationError } from '../errors.ts';
import { loadTask } from './task-access.ts';

/**
 * A person's reminders of a task (issue 22, decision 027): whoever may open the task sets their own
 * and sees only theirs. When each falls due is worked out here and, when the task's date, time or
 * completion changes, by the task's own transaction (`reminders.follow`, task.service.ts).
 */
export function createReminderService(deps: { database: Database; clock: Clock }) {
  const { database, clock } = deps;
  const reader = (trx: Kysely<Tables>) => ({ db: trx, dialect: database.dialect });

  return {
    async list(user: UserRow, taskId: number): Promise<Reminder[]> {
      await loadTask(database, user, taskId);
      return createReminderRepository(database.db, database.dialect).list(taskId, user.id);
    },

    /** Adds one; answers the person's reminders of the task after it. */
    async add(user: UserRow, taskId: number, input: ReminderInput, options: { replacingSent?: boolean } = {}): Promise<Reminder[]> {
      const now = clock.nowIso();
      return database.db.transaction().execute(async (trx) => {
        const reminders = createReminderRepository(trx, database.dialect);
        const { task } = await loadTask(reader(trx), user, taskId);
        // A snooze takes the place of the moments already spent, so snoozing again and again never reaches the limit.
        if (options.replacingSent) await reminders.deleteSentMoments(taskId, user.id);
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
      });
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
