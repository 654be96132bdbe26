import { isRecordId } from '../../common/schemas/ids.ts';
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
 * costs more than running it. It never runs while a transaction is open on that connection, whose
 * uncommitted version a rollback could undo (server/cache/list-rollback.test.ts).
 */
export function createBearerLookup(database: Database): BearerLookup {
  // No row has an id outside 1..2,147,483,647, and PostgreSQL refuses one beyond it with an error:
  // parseBearerToken already keeps such ids out; this keeps every caller safe.
  if (database.sqlite) {
    const statement = database.sqlite.prepare<[number], BearerRow>(SQLITE_LOOKUP);
    const sqlite = database.sqlite;
    // Inside an open transaction the connection would show its uncommitted data version: the fast
    // path then finds no token and hands the request to Fastify, whose lookup waits for the commit.
    return (tokenId) => (isRecordId(tokenId) && !sqlite.inTransaction ? statement.get(tokenId) : undefined);
  }
  return (tokenId) =>
    !isRecordId(tokenId)
      ? undefined
      : database.db
          .selectFrom('personal_access_tokens as t')
          .innerJoin('users as u', 'u.id', 't.user_id')
          .select(['t.id', 't.user_id', 't.token_hash', 't.expires_at', 't.last_used_at', 'u.data_version'])
          .where('t.id', '=', tokenId)
          .executeTakeFirst();
}
