import type { Kysely, Selectable } from 'kysely';
import type { Tables, TaskSharesTable } from '../tables.ts';

export type ShareRow = Selectable<TaskSharesTable>;

export function createShareRepository(db: Kysely<Tables>) {
  return {
    listForTask(taskId: number): Promise<ShareRow[]> {
      return db.selectFrom('task_shares').selectAll().where('task_id', '=', taskId).orderBy('id').execute();
    },

    /** Inserts the shares that do not exist yet; returns only the new ones. */
    async addMany(
      rows: Array<{ taskId: number; userId: number | null; email: string; sharedBy: number }>,
      now: string,
    ): Promise<ShareRow[]> {
      if (rows.length === 0) return [];
      return db
        .insertInto('task_shares')
        .values(
          rows.map((row) => ({
            task_id: row.taskId,
            user_id: row.userId,
            email: row.email,
            status: 'pending',
            shared_by: row.sharedBy,
            created_at: now,
            updated_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['task_id', 'email']).doNothing())
        .returningAll()
        .execute();
    },

    /**
     * Gives a task the people of another, each as they are there (accepted stays accepted, pending
     * stays pending, an invitation to an address stays one): a repeating task's next occurrence.
     */
    async copyToTask(fromTaskId: number, toTaskId: number, now: string): Promise<void> {
      const shares = await db.selectFrom('task_shares').selectAll().where('task_id', '=', fromTaskId).orderBy('id').execute();
      if (shares.length === 0) return;
      await db
        .insertInto('task_shares')
        .values(
          shares.map((share) => ({
            task_id: toTaskId,
            user_id: share.user_id,
            email: share.email,
            status: share.status,
            shared_by: share.shared_by,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    },

    findForRecipient(taskId: number, userId: number): Promise<ShareRow | undefined> {
      return db.selectFrom('task_shares').selectAll().where('task_id', '=', taskId).where('user_id', '=', userId).executeTakeFirst();
    },

    async accept(id: number, now: string): Promise<void> {
      await db.updateTable('task_shares').set({ status: 'accepted', updated_at: now }).where('id', '=', id).execute();
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('task_shares').where('id', '=', id).execute();
    },

    /** Invitations sent to an address before its owner had an account become theirs. */
    async claimInvitations(userId: number, email: string, now: string): Promise<number[]> {
      const rows = await db
        .updateTable('task_shares')
        .set({ user_id: userId, updated_at: now })
        .where('email', '=', email)
        .where('user_id', 'is', null)
        .returning('task_id')
        .execute();
      return rows.map((row) => row.task_id);
    },
  };
}
export type ShareRepository = ReturnType<typeof createShareRepository>;
