import { sql, type Kysely } from 'kysely';
import type { Tables } from '../tables.ts';

/**
 * Per-user data versions (`users.data_version`, migration 002): the list ETags and cache keys.
 * Services bump them inside the write's transaction, as its last statement, so the version
 * and the change it stands for commit together, and on PostgreSQL every writer takes the
 * users' row locks last and in one order (no deadlock between two writes to shared tasks).
 */
export function createDataVersionRepository(db: Kysely<Tables>) {
  return {
    /**
     * Everyone who sees these tasks in a list: each owner and every recipient with an account,
     * pending or accepted. Read it before a delete, while the shares still exist.
     */
    async audienceOf(taskIds: number[]): Promise<number[]> {
      if (taskIds.length === 0) return [];
      const rows = await db
        .selectFrom('tasks')
        .select('tasks.user_id')
        .where('tasks.id', 'in', taskIds)
        .union(
          db
            .selectFrom('task_shares')
            .select('task_shares.user_id')
            .where('task_shares.task_id', 'in', taskIds)
            .where('task_shares.user_id', 'is not', null)
            .$narrowType<{ user_id: number }>(),
        )
        .execute();
      return rows.map((row) => row.user_id);
    },

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
