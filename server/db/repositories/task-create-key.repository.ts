import type { Kysely } from 'kysely';
import type { Tables } from '../tables.ts';

/** The keys of task creations (migration 018, decision 034): one create per key and person. */
export function createTaskCreateKeyRepository(db: Kysely<Tables>) {
  return {
    /**
     * Claims the key for a create in this transaction. Already claimed: the task that create made
     * (null when it was deleted since: the key then goes to the task made now). On PostgreSQL a claim by a create still running waits
     * for it to end, so two at once never both create.
     */
    async claim(userId: number, key: string, now: string): Promise<{ claimed: true } | { claimed: false; taskId: number | null }> {
      const inserted = await db
        .insertInto('task_create_keys')
        .values({ user_id: userId, key, task_id: null, created_at: now })
        .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { claimed: true };
      // Read by an UPDATE, which on PostgreSQL holds the row to the end of this transaction: two
      // creates with the key of a deleted task (task_id null) make one task between them, not two.
      const row = await db
        .updateTable('task_create_keys')
        .set((eb) => ({ key: eb.ref('key') }))
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .returning('task_id')
        .executeTakeFirst();
      return { claimed: false, taskId: row?.task_id ?? null };
    },

    async attach(userId: number, key: string, taskId: number): Promise<void> {
      await db.updateTable('task_create_keys').set({ task_id: taskId }).where('user_id', '=', userId).where('key', '=', key).execute();
    },

    async deleteOlderThan(before: string): Promise<number> {
      const result = await db.deleteFrom('task_create_keys').where('created_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
