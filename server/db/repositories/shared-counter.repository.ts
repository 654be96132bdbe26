import { sql, type Kysely } from 'kysely';
import type { Tables } from '../tables.ts';

export interface CounterState {
  count: number;
  /** ISO instant the window ends. */
  windowEndsAt: string;
}

/**
 * Counters every app process shares (migration 014): rate limits, sign-in failures, addresses that
 * signed in lately. Each hit is one atomic upsert, so two processes counting the same key at the
 * same moment both count.
 */
export function createSharedCounterRepository(db: Kysely<Tables>) {
  return {
    /** Counts one more for `key` in its window, or starts a window of `windowMs` if it has none or it ended. */
    async hit(key: string, now: Date, windowMs: number): Promise<CounterState> {
      const at = now.toISOString();
      const end = new Date(now.getTime() + windowMs).toISOString();
      const ended = sql<boolean>`rate_limit_counters.window_ends_at <= ${at}`;
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ key, count: 1, window_ends_at: end })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql<number>`case when ${ended} then 1 else rate_limit_counters.count + 1 end`,
            window_ends_at: sql<string>`case when ${ended} then ${end} else rate_limit_counters.window_ends_at end`,
          }),
        )
        .returning(['count', 'window_ends_at'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), windowEndsAt: row.window_ends_at };
    },

    /** The key's count in its current window; undefined when it has none. */
    async read(key: string, now: Date): Promise<CounterState | undefined> {
      const row = await db
        .selectFrom('rate_limit_counters')
        .select(['count', 'window_ends_at'])
        .where('key', '=', key)
        .where('window_ends_at', '>', now.toISOString())
        .executeTakeFirst();
      return row && { count: Number(row.count), windowEndsAt: row.window_ends_at };
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('rate_limit_counters').where('key', '=', key).execute();
    },

    /** Windows that ended: removed by the hourly purge. */
    async purgeEnded(now: Date): Promise<number> {
      const result = await db.deleteFrom('rate_limit_counters').where('window_ends_at', '<=', now.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type SharedCounterRepository = ReturnType<typeof createSharedCounterRepository>;
