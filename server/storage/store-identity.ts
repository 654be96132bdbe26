import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables.ts';

export class FileStoreMismatchError extends Error {}

/**
 * Several processes on one PostgreSQL must keep attachments in one place (issue 24): a file
 * uploaded through one must download through another. Each disk store has an id (a file in its
 * folder); the database remembers the first disk store's. A process whose disk store is another
 * one (its own DATA_DIR on another machine) refuses to start and says to set STORAGE_URL. Processes
 * sharing one DATA_DIR share the id; an S3-compatible store is shared by its nature.
 */
export async function claimFileStore(db: Kysely<Tables>, kind: 'disk' | 's3', diskRoot: string): Promise<void> {
  if (kind !== 'disk') return;
  await fs.promises.mkdir(diskRoot, { recursive: true });
  const idFile = path.join(diskRoot, '.store-id');
  let id: string;
  try {
    id = (await fs.promises.readFile(idFile, 'utf8')).trim();
  } catch {
    id = randomBytes(12).toString('hex');
    // `wx`: two processes on one folder starting at once keep the first id written.
    await fs.promises.writeFile(idFile, id, { flag: 'wx' }).catch(() => undefined);
    id = (await fs.promises.readFile(idFile, 'utf8')).trim();
  }
  await db
    .insertInto('instance')
    .values({ name: 'file_store', value: id })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const claimed = await db.selectFrom('instance').select('value').where('name', '=', 'file_store').executeTakeFirstOrThrow();
  if (claimed.value !== id) {
    throw new FileStoreMismatchError(
      `Attachments of this database are kept on another server's disk (${diskRoot} here is not that folder). ` +
        'Several processes on one PostgreSQL must share one file store: set STORAGE_URL to an S3-compatible store (docs/operations.md).',
    );
  }
}
