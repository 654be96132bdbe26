import webpush from 'web-push';
import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair (issue 22): made on first start and kept in the database with the
 * data, so every process signs with the same key and a backup keeps browsers' subscriptions valid.
 * Several processes starting at once: each offers a pair, the first insert wins, all read it back.
 */
export async function loadVapidKeys(db: Kysely<Tables>, now: string): Promise<VapidKeys> {
  const fresh = webpush.generateVAPIDKeys();
  await db
    .insertInto('server_keys')
    .values({ name: 'vapid', value: JSON.stringify(fresh), created_at: now })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_keys').select('value').where('name', '=', 'vapid').executeTakeFirstOrThrow();
  return JSON.parse(row.value) as VapidKeys;
}
