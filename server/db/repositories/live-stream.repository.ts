import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import type { Tables } from '../tables.ts';

/**
 * Open live-update streams as every app process sees them (migration 014): a row per stream under
 * a lease its process renews, so the per-account cap holds across processes and a row left by a
 * process that died stops counting when its lease runs out.
 */
export function createLiveStreamRepository(db: Kysely<Tables>, dialect: Dialect) {
  return {
    /**
     * Counts a new stream of `userId` in, under a lease until `leaseUntil`; undefined when the
     * account already holds `max` live ones. The account's row is locked for the count and the
     * insert (PostgreSQL), so two processes opening streams at once cannot both take the last place.
     */
    async open(userId: number, now: string, leaseUntil: string, max: number): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
        const { count } = await trx
          .selectFrom('live_streams')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('user_id', '=', userId)
          .where('lease_until', '>', now)
          .executeTakeFirstOrThrow();
        if (Number(count) >= max) return undefined;
        const row = await trx
          .insertInto('live_streams')
          .values({ user_id: userId, lease_until: leaseUntil })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(row.id);
      });
    },

    /** This process's streams are still open. */
    async renew(ids: readonly number[], leaseUntil: string): Promise<void> {
      for (let start = 0; start < ids.length; start += 500)
        await db
          .updateTable('live_streams')
          .set({ lease_until: leaseUntil })
          .where('id', 'in', ids.slice(start, start + 500))
          .execute();
    },

    async close(id: number): Promise<void> {
      await db.deleteFrom('live_streams').where('id', '=', id).execute();
    },

    /** Rows whose lease ran out (their process died): removed by the hourly purge. */
    async purgeExpired(now: string): Promise<number> {
      const result = await db.deleteFrom('live_streams').where('lease_until', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type LiveStreamRepository = ReturnType<typeof createLiveStreamRepository>;
