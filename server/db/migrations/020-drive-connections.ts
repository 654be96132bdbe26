import type { Kysely } from 'kysely';

/**
 * Connected drives (issue 24): the one WebDAV drive a person may connect, to attach its files to
 * tasks as copies or links. `url` is the drive's WebDAV address (the folder shown as its root),
 * `username` the drive account, `secret` its app password sealed with the server's key
 * (server/drive/secret-box.ts, key `drive_secret_key` in `server_keys`): never kept in clear, never
 * answered. `created_at` is when it was connected, `checked_at` when the drive last accepted the
 * saved password. The row goes with its account (ON DELETE CASCADE); disconnecting deletes it.
 */
export function driveConnections() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('drive_connections')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('checked_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
