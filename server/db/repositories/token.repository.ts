import type { Kysely, Selectable } from 'kysely';
import type { PersonalAccessTokensTable, Tables } from '../tables.ts';

export type TokenRow = Selectable<PersonalAccessTokensTable>;

export function createTokenRepository(db: Kysely<Tables>) {
  return {
    async create(input: {
      userId: number;
      name: string;
      tokenHash: string;
      expiresAt: string;
      now: string;
      userAgent?: string | null;
    }): Promise<TokenRow> {
      return db
        .insertInto('personal_access_tokens')
        .values({
          user_id: input.userId,
          name: input.name,
          token_hash: input.tokenHash,
          expires_at: input.expiresAt,
          last_used_at: null,
          created_at: input.now,
          user_agent: input.userAgent ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    findById(id: number): Promise<TokenRow | undefined> {
      return db.selectFrom('personal_access_tokens').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async touch(id: number, now: string): Promise<void> {
      await db.updateTable('personal_access_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
    },

    /** The deleted token's owner, so its live streams can be ended; undefined when it was already gone. */
    async delete(id: number): Promise<{ user_id: number } | undefined> {
      return db.deleteFrom('personal_access_tokens').where('id', '=', id).returning('user_id').executeTakeFirst();
    },

    /** The user's live sessions, newest first (settings). */
    listForUser(userId: number, now: string): Promise<TokenRow[]> {
      return db
        .selectFrom('personal_access_tokens')
        .selectAll()
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** One session of this user ("sign out" beside it); false when it is not theirs or already gone. */
    async deleteOwn(userId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom('personal_access_tokens').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** Every session of the user but one (a password change keeps the one that made it); the ids that went. */
    async deleteAllExcept(userId: number, keepId: number): Promise<number[]> {
      const rows = await db
        .deleteFrom('personal_access_tokens')
        .where('user_id', '=', userId)
        .where('id', '<>', keepId)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** Every session of the user (a password reset, sign out everywhere). */
    async deleteAllForUser(userId: number): Promise<void> {
      await db.deleteFrom('personal_access_tokens').where('user_id', '=', userId).execute();
    },

    /** Tokens past their expiry (they no longer sign anyone in); how many rows went. Idempotent. */
    async deleteExpired(now: string): Promise<number> {
      const result = await db.deleteFrom('personal_access_tokens').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type TokenRepository = ReturnType<typeof createTokenRepository>;
