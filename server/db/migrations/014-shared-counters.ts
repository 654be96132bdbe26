import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Counts that hold across app processes (issue 18 b–d, f; the several-processes rule): with several
 * processes on one PostgreSQL, a limit kept in each process's memory lets a client multiply it by
 * the number of processes. Both tables live in the database every process shares.
 *
 * `rate_limit_counters`: one row per limited key (a route's limit and its client, sign-in failures
 * of an address, an address + e-mail that signed in lately): a count and the end of its window
 * (ISO instant). A hit is one atomic upsert that starts a new window once the old one has ended.
 * Rows past their window are purged with expired tokens.
 *
 * `live_streams`: one row per open live-update stream, held under a lease its process renews
 * while the stream is open; a row whose process died stops counting when its lease runs out.
 */
export function sharedCounters(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limit_counters')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('window_ends_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limit_counters_window_idx').on('rate_limit_counters').column('window_ends_at').execute();

      const streams = db.schema.createTable('live_streams');
      await (
        dialect === 'postgres'
          ? streams.addColumn('id', 'serial', (c) => c.primaryKey())
          : streams.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('lease_until', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('live_streams_user_idx').on('live_streams').columns(['user_id', 'lease_until']).execute();
    },
  };
}
