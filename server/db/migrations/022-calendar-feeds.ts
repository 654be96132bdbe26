import type { Kysely } from 'kysely';

/**
 * Private calendar feeds (issue 25, decision 038): one per person at most, made and renewed in
 * Settings. `salt` is random; the feed's address is the person's id with a token made from the salt
 * under the server's `calendar_feed_key` (in `server_keys`), so the row alone does not give the
 * address away. A new salt is a new address; deleting the row turns the feed off. It goes with its
 * account (ON DELETE CASCADE).
 */
export function calendarFeeds() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('calendar_feeds')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('salt', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
