import type { Kysely } from 'kysely';
import type { Tables } from '../tables.ts';

/** A delivered reminder's single-use snooze secrets (migration 017); only their SHA-256 is kept. */
export function createSnoozeLinkRepository(db: Kysely<Tables>) {
  return {
    async create(input: { secretHash: string; userId: number; taskId: number; expiresAt: string; now: string }): Promise<void> {
      await db
        .insertInto('snooze_links')
        .values({
          secret_hash: input.secretHash,
          user_id: input.userId,
          task_id: input.taskId,
          expires_at: input.expiresAt,
          used_at: null,
          created_at: input.now,
        })
        .execute();
    },

    find(secretHash: string) {
      return db.selectFrom('snooze_links').selectAll().where('secret_hash', '=', secretHash).executeTakeFirst();
    },

    /** Spends a live link; false when it was already spent (by a racing request too) or has expired. */
    async spend(id: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('snooze_links')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteExpired(now: string): Promise<number> {
      const result = await db.deleteFrom('snooze_links').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
