import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Reminders (issue 22, decision 027): a person's reminder of a task, either a number of minutes
 * before the task is due (`offset_minutes`, 0 = at the due time) or at a moment of their choosing
 * (`remind_at`, an ISO instant). `fire_at` is the instant it falls due, worked out when the reminder
 * or its task changes, in the transaction of that change (null when it cannot fall due: an offset
 * reminder of a task without a due date). `state`: pending, sent or cancelled (its task completed).
 *
 * The scheduler reads pending reminders in `fire_at` order ((state, fire_at)), claims them with a
 * row lock it holds while it delivers (PostgreSQL: FOR UPDATE SKIP LOCKED), and marks them sent in
 * the transaction that writes the notification and queues the e-mail: a reminder is delivered once,
 * and one whose process died mid-delivery is pending again. Reminders go with their task and their
 * person (ON DELETE CASCADE).
 */
export function reminders(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('reminders');
      await (
        dialect === 'postgres'
          ? table.addColumn('id', 'serial', (c) => c.primaryKey())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('offset_minutes', 'integer')
        .addColumn('remind_at', 'text')
        .addColumn('fire_at', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema.createIndex('reminders_due_idx').on('reminders').columns(['state', 'fire_at']).execute();
      await db.schema.createIndex('reminders_task_idx').on('reminders').columns(['task_id', 'user_id']).execute();
    },
  };
}
