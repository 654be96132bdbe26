import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Web Push (issue 22, decision 028).
 *
 * `server_keys`: keys the server makes for itself on first start and every process shares, kept
 * with the data: the VAPID key pair push services know this server by.
 *
 * `push_subscriptions`: each browser a person allowed to show notifications (its push service
 * endpoint and the keys its messages are encrypted to, RFC 8291), and the browser's name for the
 * settings list. An endpoint belongs to one account; the push service answering 404 or 410 for it
 * removes it.
 *
 * `push_outbox`: messages to send, written in the transaction of what they tell of (as mail is,
 * decision 005), one per browser, under an idempotency key; a dispatcher sends, retries and gives up.
 */
export function webPush(dialect: Dialect) {
  const id = (table: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('server_keys')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await id(db.schema.createTable('push_subscriptions'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();

      await id(db.schema.createTable('push_outbox'))
        .addColumn('subscription_id', 'integer', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema.createIndex('push_outbox_due_idx').on('push_outbox').columns(['status', 'next_attempt_at']).execute();
    },
  };
}
