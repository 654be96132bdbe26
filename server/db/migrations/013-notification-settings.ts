import type { Kysely } from 'kysely';

/**
 * Settings → Notifications (issue 22, decision 028), and idempotency keys on the mail outbox.
 *
 * `notification_settings`: one row per person who changed a setting (none: the defaults of
 * common/schemas/notification-settings.schema.ts). `channels` is the kind × channel choice as JSON;
 * quiet hours and the digest's time are "HH:MM" on the person's clock. `digest_next_at` is the
 * instant the next digest is due, worked out in the person's zone whenever the time or the zone
 * changes and after each digest, so the scheduler finds due digests by an index without date
 * arithmetic in SQL, and claims each as it claims reminders (decision 027).
 *
 * `mail_outbox.idempotency_key`: a message queued twice under one key is queued once (unique; rows
 * without a key, such as the spec's share mails, are not compared).
 */
export function notificationSettings() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notification_settings')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('channels', 'text', (c) => c.notNull())
        .addColumn('quiet_start', 'text')
        .addColumn('quiet_end', 'text')
        .addColumn('digest_time', 'text')
        .addColumn('digest_next_at', 'text')
        .addColumn('default_reminder_minutes', 'integer')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notification_settings_digest_idx').on('notification_settings').column('digest_next_at').execute();

      await db.schema.alterTable('mail_outbox').addColumn('idempotency_key', 'text').execute();
      await db.schema.createIndex('mail_outbox_idempotency_key_idx').on('mail_outbox').column('idempotency_key').unique().execute();
    },
  };
}
