import type { Database } from './database.ts';

/** A token with what a list answer needs of its user: who it is and their data version. */
export interface BearerRow {
  id: number;
  user_id: number;
  token_hash: string;
  expires_at: string;
  last_used_at: string | null;
  data_version: number;
}

/** Finds a token by id with its user's data version: synchronous on SQLite, a promise on PostgreSQL. */
export type BearerLookup = (tokenId: number) => BearerRow | undefined | Promise<BearerRow | undefined>;

const SQLITE_LOOKUP = `select t.id, t.user_id, t.token_hash, t.expires_at, t.last_used_at, u.data_version
  from personal_access_tokens t join users u on u.id = t.user_id where t.id = ?`;

/**
 * One query instead of the token and user lookups of `requireUser`. On SQLite it is a statement
 * prepared once and run synchronously on Kysely's own connection: building the query in Kysely
 * costs more than running it. A read between the statements of an open transaction can see its
 * uncommitted version; no answer is ever stored under such a version before it commits, so the
 * fast path (server/routes/list-fast-path.ts) then finds nothing and hands the request on.
 */
export function createBearerLookup(database: Database): BearerLookup {
  if (database.sqlite) {
    const statement = database.sqlite.prepare<[number], BearerRow>(SQLITE_LOOKUP);
    return (tokenId) => statement.get(tokenId);
  }
  return (tokenId) =>
    database.db
      .selectFrom('personal_access_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['t.id', 't.user_id', 't.token_hash', 't.expires_at', 't.last_used_at', 'u.data_version'])
      .where('t.id', '=', tokenId)
      .executeTakeFirst();
}
