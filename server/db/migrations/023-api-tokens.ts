import type { Kysely } from 'kysely';

/**
 * Personal API tokens (issue 25, decision 039) are sign-in tokens too: the same table, the same
 * `<id>|<secret>` form, stored as a SHA-256. `kind` tells a browser's session (`session`, what every
 * row before was) from a token made in Settings for a script (`api`), which has a `scope`: `read`
 * (GET and HEAD only) or `write` (everything a session may do but manage the account's sign-ins).
 */
export function apiTokens() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('personal_access_tokens')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('session'))
        .execute();
      await db.schema.alterTable('personal_access_tokens').addColumn('scope', 'text').execute();
    },
  };
}
