import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from './tables.ts';

/**
 * A random key of the server's, kept in `server_keys` with the data and made on first use (the drive
 * secrets' key, the calendar feeds' key): every process uses the one kept, and a full backup
 * restores it with what it protects. Several processes at once: each offers a key, the first insert
 * wins, all read back the one kept (as loadVapidKeys does).
 */
export async function loadServerKey(db: Kysely<Tables>, name: string, bytes: number, now: string): Promise<Buffer> {
  await db
    .insertInto('server_keys')
    .values({ name, value: randomBytes(bytes).toString('base64url'), created_at: now })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_keys').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  const key = Buffer.from(row.value, 'base64url');
  if (key.length !== bytes) throw new Error(`The ${name} in server_keys is not ${bytes} bytes.`);
  return key;
}
