import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { loadServerKey } from '../db/server-keys.ts';
import type { Tables } from '../db/tables.ts';

/**
 * Secrets the server must give back to someone else later (a connected drive's app password), kept
 * sealed with AES-256-GCM under a key of the server's: a copy of the table alone (a leaked backup of
 * one table, a log of a query) does not give them away, and a sealed value changed by one bit does
 * not open. The key is made on first use and kept in `server_keys` with the data, like the VAPID
 * keys (push/vapid-keys.ts), so every process opens what another sealed and a full backup restores
 * both. Each value is bound to what it is for (`context`, e.g. the account's id), so a sealed value
 * copied into another row does not open there.
 *
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. The version names the algorithm
 * and key, so a later change can open old values while sealing new ones differently.
 */
export const DRIVE_SECRET_KEY_NAME = 'drive_secret_key';
const KEY_BYTES = 32;
/** GCM's standard nonce length; random for every seal (2^32 seals under one key stay far from a collision). */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

export class SecretBoxError extends Error {
  constructor() {
    super('The sealed secret could not be opened.');
    this.name = 'SecretBoxError';
  }
}

export interface SecretBox {
  seal(secret: string, context: string): string;
  /** The secret, or SecretBoxError when the value was changed, sealed under another key or for another context. */
  open(sealed: string, context: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`A secret box key must be ${KEY_BYTES} bytes.`);
  return {
    seal(secret, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined || rest.length)
        throw new SecretBoxError();
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new SecretBoxError();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        // final() throws when the tag does not match: changed bytes, another key, another context.
        throw new SecretBoxError();
      }
    },
  };
}

/** The drive secrets' key, made on first use (db/server-keys.ts). */
export const loadDriveSecretKey = (db: Kysely<Tables>, now: string): Promise<Buffer> =>
  loadServerKey(db, DRIVE_SECRET_KEY_NAME, KEY_BYTES, now);
