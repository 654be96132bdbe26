import type { Kysely } from 'kysely';
import type { Tables } from '../../server/db/tables.ts';

/**
 * The secret of the newest link of this kind mailed to an address, read from the outbox's text
 * as the person would read it in the mail (verification, password reset, invitation).
 */
export async function mailedLinkToken(
  db: Kysely<Tables>,
  email: string,
  path: '/verify-email' | '/reset-password' | '/invitation',
): Promise<string | undefined> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email.toLowerCase())
    .orderBy('id', 'desc')
    .execute();
  const pattern = new RegExp(`${path.replace('/', '\\/')}\\?token=([A-Za-z0-9_-]+)`);
  for (const row of rows) {
    const match = pattern.exec(row.text_body);
    if (match) return match[1];
  }
  return undefined;
}
