import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * A file linked from a drive names the drive's size, which may pass 2 GB (a video): PostgreSQL's
 * `integer` ends at 2^31 − 1, so `attachments.size` becomes `bigint` (read back as text, which every
 * reader turns into a number). SQLite's integers are 64-bit already.
 */
export function attachmentSizes(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') await sql`alter table attachments alter column size type bigint`.execute(db);
    },
  };
}
