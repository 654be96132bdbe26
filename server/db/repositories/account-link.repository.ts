import { sql, type Kysely, type Selectable } from 'kysely';
import type { AccountLinksTable, Tables } from '../tables.ts';

export type AccountLinkRow = Selectable<AccountLinksTable>;
/** What a link mailed to an address is for (migration 005). */
export type LinkPurpose = 'verify_email' | 'change_email' | 'reset_password' | 'invitation';

export function createAccountLinkRepository(db: Kysely<Tables>) {
  return {
    async create(input: {
      userId: number | null;
      purpose: LinkPurpose;
      email: string;
      secretHash: string;
      expiresAt: string;
      now: string;
    }): Promise<void> {
      await db
        .insertInto('account_links')
        .values({
          user_id: input.userId,
          purpose: input.purpose,
          email: input.email,
          secret_hash: input.secretHash,
          expires_at: input.expiresAt,
          used_at: null,
          created_at: input.now,
        })
        .execute();
    },

    /** The link with this secret for one of these purposes, if it has not expired (used or not). */
    findLive(secretHash: string, purposes: LinkPurpose[], now: string): Promise<AccountLinkRow | undefined> {
      return db
        .selectFrom('account_links')
        .selectAll()
        .where('secret_hash', '=', secretHash)
        .where('purpose', 'in', purposes)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    /** Spends a single-use link; false when it was already spent (by a racing request too). */
    async spend(id: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('account_links')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Unspent links of one user and purpose stop working (a newer one was sent, or the password changed). */
    async spendAllOf(userId: number, purpose: LinkPurpose, now: string): Promise<void> {
      await db
        .updateTable('account_links')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },

    /**
     * Links of a purpose mailed to an address since a moment: the per-address mail limits count
     * these rows, so they hold across every app process on one database.
     */
    async countSentTo(email: string, purpose: LinkPurpose, since: string): Promise<number> {
      const row = await db
        .selectFrom('account_links')
        .select(sql<number>`cast(count(*) as integer)`.as('n'))
        .where('email', '=', email)
        .where('purpose', '=', purpose)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async deleteExpired(now: string): Promise<number> {
      const result = await db.deleteFrom('account_links').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type AccountLinkRepository = ReturnType<typeof createAccountLinkRepository>;
