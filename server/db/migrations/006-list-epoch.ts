import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * `instance.list_epoch`: part of every list ETag (cache/list-response.cache.ts). Data versions
 * only grow, except when a backup is restored: the restore rewinds them, and an ETag a browser
 * got after the backup could then match a different list. A restore writes a new epoch
 * (db/backup.ts `renewListEpoch`), so no ETag from before it matches after it.
 */
export function listEpoch() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('instance')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await (db as Kysely<{ instance: { name: string; value: string } }>)
        .insertInto('instance')
        .values({ name: 'list_epoch', value: randomBytes(9).toString('base64url') })
        .execute();
    },
  };
}
