import { sql, type Kysely } from 'kysely';
import type { Tables } from '../tables.ts';

/**
 * Per-user data versions (`users.data_version`, migration 002): the list ETags and cache keys.
 * Services bump them inside the write's transaction, as its last statement, so the version
 * and the change it stands for commit together, and on PostgreSQL every writer takes the
 * users' row locks last and in one order (no deadlock between two writes to shared tasks).
 * Whose versions: a changed task's listers (audience.repository.ts).
 */
export function createDataVersionRepository(db: Kysely<Tables>) {
  return {
    /** Each user's version goes up by one, in id order (the row locks, on PostgreSQL). */
    async bump(userIds: number[]): Promise<void> {
      const ids = [...new Set(userIds)].sort((a, b) => a - b);
      if (ids.length === 0) return;
      await db
        .updateTable('users')
        .set({ data_version: sql<number>`data_version + 1` })
        .where('id', 'in', ids)
        .execute();
    },
  };
}
export type DataVersionRepository = ReturnType<typeof createDataVersionRepository>;
