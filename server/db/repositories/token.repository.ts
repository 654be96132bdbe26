import { CompiledQuery, type Kysely, type Selectable } from 'kysely';
import type { PersonalAccessTokensTable, Tables } from '../tables.ts';
import type { UserRow } from './user.repository.ts';

export type TokenRow = Selectable<PersonalAccessTokensTable>;
/** What signing a request in needs of its token. */
export type TokenCheck = Pick<TokenRow, 'id' | 'token_hash' | 'expires_at' | 'last_used_at' | 'kind' | 'scope'>;

export function createTokenRepository(db: Kysely<Tables>) {
  /**
   * The token and its user in one query, run on every authenticated request. Built by Kysely once
   * (so it is the dialect's SQL) and run with each id through Kysely's own connection: building the
   * query anew cost as much as running it.
   */
  const withUserSql = db
    .selectFrom('personal_access_tokens as token')
    .innerJoin('users', 'users.id', 'token.user_id')
    .selectAll('users')
    .select([
      'token.id as token_id',
      'token.token_hash',
      'token.expires_at as token_expires_at',
      'token.last_used_at as token_last_used_at',
      'token.kind as token_kind',
      'token.scope as token_scope',
    ])
    .where('token.id', '=', 0)
    .compile().sql;
  type WithUserRow = UserRow & {
    token_id: number;
    token_hash: string;
    token_expires_at: string;
    token_last_used_at: string | null;
    token_kind: string;
    token_scope: string | null;
  };

  return {
    /** The token with this id and its user, or undefined. */
    async findWithUser(id: number): Promise<{ token: TokenCheck; user: UserRow } | undefined> {
      const { rows } = await db.executeQuery<WithUserRow>(CompiledQuery.raw(withUserSql, [id]));
      const row = rows[0];
      if (!row) return undefined;
      const { token_id, token_hash, token_expires_at, token_last_used_at, token_kind, token_scope, ...user } = row;
      return {
        token: {
          id: token_id,
          token_hash,
          expires_at: token_expires_at,
          last_used_at: token_last_used_at,
          kind: token_kind,
          scope: token_scope,
        },
        user,
      };
    },

    async create(input: {
      userId: number;
      name: string;
      tokenHash: string;
      expiresAt: string;
      now: string;
      userAgent?: string | null;
      /** A personal API token's scope; without it, a session. */
      apiScope?: 'read' | 'write';
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
          kind: input.apiScope ? 'api' : 'session',
          scope: input.apiScope ?? null,
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
        .where('kind', '=', 'session')
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The user's personal API tokens, newest first. */
    listApiTokens(userId: number): Promise<TokenRow[]> {
      return db
        .selectFrom('personal_access_tokens')
        .selectAll()
        .where('user_id', '=', userId)
        .where('kind', '=', 'api')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** One personal API token of this user revoked; false when it is not theirs or already gone. */
    async deleteApiToken(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('personal_access_tokens')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('kind', '=', 'api')
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
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
