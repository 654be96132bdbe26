import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Verified e-mail addresses, the single-use links that prove a mailbox, and account settings (issue 18):
 * - `users.email_verified_at`: when the account's address was proven (a verification link, an
 *   invitation link, or a password reset, which are all mailed to it). Shares addressed to an
 *   e-mail attach to an account only once it is set.
 * - `account_links`: the SHA-256 of each link's secret, what it is for, and the address it was
 *   mailed to. A link is used once (`used_at`) and expires (`expires_at`).
 * Accounts made before this migration have not proven their address: their pending (not yet
 * accepted) shares go back to being invitations to the address, and come back when it is proven.
 */
export function emailVerification(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();

      const table = db.schema.createTable('account_links');
      await (
        dialect === 'postgres'
          ? table.addColumn('id', 'serial', (c) => c.primaryKey())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('account_links_user_idx').on('account_links').columns(['user_id', 'purpose']).execute();
      await db.schema.createIndex('account_links_expiry_idx').on('account_links').column('expires_at').execute();

      // Settings (issue 18): a profile photo kept with the data, resized, behind an unguessable key
      // (it is shown to collaborators, whose browsers load it without a bearer token), and the
      // browser each session signed in from.
      await db.schema
        .createTable('user_photos')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('photo_key', 'text', (c) => c.notNull().unique())
        .addColumn('content', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('personal_access_tokens').addColumn('user_agent', 'text').execute();

      // Pending shares of accounts whose address was never proven become invitations again;
      // their lists change, so their versions move (list ETags and caches).
      await sql`update users set data_version = data_version + 1
        where id in (select user_id from task_shares where status <> 'accepted' and user_id is not null)`.execute(db);
      await sql`update tasks set revision = revision + 1
        where id in (select task_id from task_shares where status <> 'accepted' and user_id is not null)`.execute(db);
      await sql`update users set data_version = data_version + 1
        where id in (select t.user_id from tasks t join task_shares s on s.task_id = t.id
                     where s.status <> 'accepted' and s.user_id is not null)`.execute(db);
      await sql`update task_shares set user_id = null where status <> 'accepted' and user_id is not null`.execute(db);
    },
  };
}
