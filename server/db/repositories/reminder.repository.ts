import { sql, type Kysely } from 'kysely';
import { REMINDER_DAY_TIME, type Reminder } from '../../../common/schemas/reminder.schema.ts';
import { zonedInstant } from '../../../common/time-zone.ts';
import type { Dialect } from '../database.ts';
import type { Tables } from '../tables.ts';

/** When a task is due, for its reminders: its day and time (a day alone is due at REMINDER_DAY_TIME). */
export interface Due {
  due_date: string | null;
  due_time: string | null;
}

/**
 * The instant a reminder falls due: `remind_at` as set, or `offset_minutes` before its task's due
 * moment in the reminded person's time zone; null when the task has no due date.
 */
export function fireAt(
  reminder: { offset_minutes: number | null; remind_at: string | null },
  due: Due,
  timeZone: string | null,
): string | null {
  if (reminder.remind_at !== null) return new Date(reminder.remind_at).toISOString();
  if (reminder.offset_minutes === null || !due.due_date) return null;
  const dueAt = zonedInstant(due.due_date, due.due_time ?? REMINDER_DAY_TIME, timeZone);
  return new Date(dueAt.getTime() - reminder.offset_minutes * 60_000).toISOString();
}

/** A due reminder as the scheduler delivers it, with what its message needs. */
export interface DueReminder {
  id: number;
  task_id: number;
  user_id: number;
  /** The instant it fell due (it names the delivery: a reminder moved and due again is another). */
  fire_at: string;
  task_title: string;
  due_date: string | null;
  due_time: string | null;
  is_completed: number;
  email: string;
  email_verified_at: string | null;
  language: string | null;
  time_zone: string | null;
  /** Whether the person may still open the task (its owner, or an accepted recipient). */
  may_open: boolean;
}

const present = (row: {
  id: number;
  task_id: number;
  offset_minutes: number | null;
  remind_at: string | null;
  fire_at: string | null;
  state: string;
}): Reminder => ({
  id: Number(row.id),
  task_id: Number(row.task_id),
  offset_minutes: row.offset_minutes === null ? null : Number(row.offset_minutes),
  remind_at: row.remind_at,
  fire_at: row.fire_at,
  state: row.state as Reminder['state'],
});

export function createReminderRepository(db: Kysely<Tables>, dialect: Dialect) {
  /** Each reminder of a task with its person's zone, for working out when it falls due. */
  const ofTask = (taskId: number) =>
    db
      .selectFrom('reminders')
      .innerJoin('users', 'users.id', 'reminders.user_id')
      .select([
        'reminders.id',
        'reminders.offset_minutes',
        'reminders.remind_at',
        'reminders.fire_at',
        'reminders.state',
        'users.time_zone',
      ])
      .where('reminders.task_id', '=', taskId);

  return {
    /** One person's reminders of a task, soonest first (those that cannot fall due last). */
    async list(taskId: number, userId: number): Promise<Reminder[]> {
      const rows = await db
        .selectFrom('reminders')
        .select(['id', 'task_id', 'offset_minutes', 'remind_at', 'fire_at', 'state'])
        .where('task_id', '=', taskId)
        .where('user_id', '=', userId)
        .orderBy(sql`fire_at is null`)
        .orderBy('fire_at')
        .orderBy('id')
        .execute();
      return rows.map(present);
    },

    async count(taskId: number, userId: number): Promise<number> {
      const row = await db
        .selectFrom('reminders')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('task_id', '=', taskId)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insert(input: {
      taskId: number;
      userId: number;
      offsetMinutes: number | null;
      remindAt: string | null;
      fireAt: string | null;
      state: 'pending' | 'sent' | 'cancelled';
      now: string;
    }): Promise<void> {
      await db
        .insertInto('reminders')
        .values({
          task_id: input.taskId,
          user_id: input.userId,
          offset_minutes: input.offsetMinutes,
          remind_at: input.remindAt,
          fire_at: input.fireAt,
          state: input.state,
          created_at: input.now,
          sent_at: null,
        })
        .execute();
    },

    /** A person's reminders of a task at a set moment that were already delivered. */
    async deleteSentMoments(taskId: number, userId: number): Promise<void> {
      await db
        .deleteFrom('reminders')
        .where('task_id', '=', taskId)
        .where('user_id', '=', userId)
        .where('remind_at', 'is not', null)
        .where('state', '=', 'sent')
        .execute();
    },

    /** Deletes one of a person's reminders of a task; false when there is no such reminder. */
    async delete(id: number, taskId: number, userId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('reminders')
        .where('id', '=', id)
        .where('task_id', '=', taskId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /**
     * After a task's due date or time changed, or it was completed or reopened: each of its
     * reminders falls due when it now should. One still to come is pending (again, if it was sent
     * for the old date). One that was waiting and whose moment has now passed goes at once while
     * the task is still ahead (moved from 12:00 to 11:00 at 10:30, "an hour before" reminds now),
     * and is cancelled once the task itself is past; one already sent stays sent. All are
     * cancelled while the task is completed.
     */
    async follow(taskId: number, due: Due & { is_completed: number }, now: string): Promise<void> {
      for (const reminder of await ofTask(taskId).execute()) {
        const next = fireAt(reminder, due, reminder.time_zone);
        const dueAt = fireAt({ offset_minutes: 0, remind_at: null }, due, reminder.time_zone);
        const state = due.is_completed
          ? reminder.state === 'pending'
            ? 'cancelled'
            : reminder.state
          : next !== null && next > now
            ? 'pending'
            : reminder.state === 'pending' && next !== reminder.fire_at
              ? next !== null && dueAt !== null && dueAt > now
                ? 'pending'
                : 'cancelled'
              : reminder.state;
        if (next === reminder.fire_at && state === reminder.state) continue;
        await db.updateTable('reminders').set({ fire_at: next, state }).where('id', '=', Number(reminder.id)).execute();
      }
    },

    /**
     * After a person changed their time zone: their pending reminders before a task's due moment fall
     * due at that moment's wall time in the new zone (a custom moment is an instant and stays).
     */
    async followPerson(userId: number, timeZone: string | null, now: string): Promise<void> {
      const rows = await db
        .selectFrom('reminders')
        .innerJoin('tasks', 'tasks.id', 'reminders.task_id')
        .select([
          'reminders.id',
          'reminders.offset_minutes',
          'reminders.remind_at',
          'reminders.fire_at',
          'tasks.due_date',
          'tasks.due_time',
        ])
        .where('reminders.user_id', '=', userId)
        .where('reminders.state', '=', 'pending')
        .where('reminders.offset_minutes', 'is not', null)
        .execute();
      for (const reminder of rows) {
        const next = fireAt(reminder, reminder, timeZone);
        if (next === reminder.fire_at) continue;
        await db
          .updateTable('reminders')
          .set({ fire_at: next, state: next !== null && next > now ? 'pending' : 'cancelled' })
          .where('id', '=', Number(reminder.id))
          .execute();
      }
    },

    /** A repeating task's next occurrence gets its people's reminders, worked out for its date. */
    async copyToTask(fromTaskId: number, toTaskId: number, due: Due, now: string): Promise<void> {
      for (const reminder of await ofTask(fromTaskId)
        .select(['reminders.user_id'])
        .where('reminders.offset_minutes', 'is not', null)
        .execute()) {
        const next = fireAt(reminder, due, reminder.time_zone);
        await db
          .insertInto('reminders')
          .values({
            task_id: toTaskId,
            user_id: Number(reminder.user_id),
            offset_minutes: reminder.offset_minutes,
            remind_at: null,
            fire_at: next,
            state: next !== null && next > now ? 'pending' : 'cancelled',
            created_at: now,
            sent_at: null,
          })
          .execute();
      }
    },

    /**
     * The pending reminders due by `now`, by task and person, locked for this transaction:
     * on PostgreSQL rows another process holds are skipped (FOR UPDATE SKIP LOCKED), so two
     * schedulers never take the same reminder; SQLite has one writer, whose transaction holds them.
     * Each says whether its person may still open the task: one who may not is not reminded.
     */
    async claimDue(now: string, limit: number): Promise<DueReminder[]> {
      let query = db
        .selectFrom('reminders')
        .innerJoin('tasks', 'tasks.id', 'reminders.task_id')
        .innerJoin('users', 'users.id', 'reminders.user_id')
        .select([
          'reminders.id',
          'reminders.task_id',
          'reminders.user_id',
          'reminders.fire_at',
          'tasks.title as task_title',
          'tasks.due_date',
          'tasks.due_time',
          'tasks.is_completed',
          'users.email',
          'users.email_verified_at',
          'users.language',
          'users.time_zone',
          (eb) =>
            eb
              .or([
                eb('tasks.user_id', '=', eb.ref('reminders.user_id')),
                eb.exists(
                  eb
                    .selectFrom('task_shares')
                    .select('task_shares.id')
                    .whereRef('task_shares.task_id', '=', 'reminders.task_id')
                    .whereRef('task_shares.user_id', '=', 'reminders.user_id')
                    .where('task_shares.status', '=', 'accepted'),
                ),
              ])
              .as('may_open'),
        ])
        .where('reminders.state', '=', 'pending')
        .where('reminders.fire_at', '<=', now)
        // By task and person, so each one's reminders come together (one message for them all).
        .orderBy('reminders.task_id')
        .orderBy('reminders.user_id')
        .orderBy('reminders.fire_at')
        .orderBy('reminders.id')
        .limit(limit);
      if (dialect === 'postgres') query = query.forUpdate('reminders').skipLocked();
      const rows = await query.execute();
      return rows.map((row) => ({
        ...row,
        id: Number(row.id),
        task_id: Number(row.task_id),
        user_id: Number(row.user_id),
        // Selected where fire_at <= now, so never null here.
        fire_at: row.fire_at!,
        is_completed: Number(row.is_completed),
        may_open: Boolean(row.may_open),
      }));
    },

    /** Reminders the scheduler delivered (or found it may no longer deliver). */
    async markSent(ids: readonly number[], state: 'sent' | 'cancelled', now: string): Promise<void> {
      for (let start = 0; start < ids.length; start += 200) {
        await db
          .updateTable('reminders')
          .set({ state, sent_at: state === 'sent' ? now : null })
          .where('id', 'in', ids.slice(start, start + 200))
          .execute();
      }
    },
  };
}
export type ReminderRepository = ReturnType<typeof createReminderRepository>;
