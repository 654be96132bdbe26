import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * What follows a delivered reminder (issue 22).
 *
 * `about_reminder_id`, `about_fire_at` on both outboxes: the reminder a queued e-mail or push
 * message tells of and the moment it fell due. A message held by quiet hours goes only if that
 * reminder is still there, delivered, for that same moment: not after its task was rescheduled
 * (the reminder is due again, or due at another moment) or the reminder was removed or snoozed.
 *
 * `snooze_links`: a single-use secret per delivered reminder, carried by its e-mail (three links)
 * and its push message (the notification's buttons), so it can be snoozed where it is read,
 * without signing in: a service worker has no session, and a phone's mail app is often not
 * signed in. Only the SHA-256 of the secret is kept; it snoozes one task's reminder for one
 * person, once, within its lifetime, and does nothing else.
 */
export function reminderFollowUps(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['mail_outbox', 'push_outbox']) {
        await db.schema.alterTable(table).addColumn('about_reminder_id', 'integer').execute();
        await db.schema.alterTable(table).addColumn('about_fire_at', 'text').execute();
      }
      const table = db.schema.createTable('snooze_links');
      await (
        dialect === 'postgres'
          ? table.addColumn('id', 'serial', (c) => c.primaryKey())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('snooze_links_expiry_idx').on('snooze_links').column('expires_at').execute();
    },
  };
}
