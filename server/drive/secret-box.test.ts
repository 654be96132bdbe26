import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase, testDialects } from '../../tests/support/test-database.ts';
import { createSecretBox, DRIVE_SECRET_KEY_NAME, loadDriveSecretKey, SecretBoxError } from './secret-box.ts';

/** Issue 24: a drive's app password is kept sealed (AES-256-GCM) under a key kept in server_keys. */
describe('the secret box', () => {
  const box = createSecretBox(randomBytes(32));

  test('opens what it sealed, in any script, and seals the same secret differently every time', () => {
    for (const secret of ['app-password-1', 'كلمة سر التطبيق', 'पासवर्ड 🔑', 'x'.repeat(500)]) {
      const sealed = box.seal(secret, 'drive_connections:7');
      expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$/);
      expect(sealed).not.toContain(secret);
      expect(box.open(sealed, 'drive_connections:7')).toBe(secret);
    }
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  test('refuses a sealed value changed anywhere: version, nonce, tag or ciphertext', () => {
    const sealed = box.seal('app-password-1', 'c');
    const parts = sealed.split('.');
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    const tampered = [
      ['v2', ...parts.slice(1)],
      [parts[0], flip(parts[1]!), parts[2], parts[3]],
      [parts[0], parts[1], flip(parts[2]!), parts[3]],
      [parts[0], parts[1], parts[2], flip(parts[3]!)],
      [parts[0], parts[1], parts[2], `${parts[3]}AA`],
    ].map((list) => list.join('.'));
    for (const value of [...tampered, '', 'v1', 'v1...', `${sealed}.extra`, 'not sealed at all']) {
      expect(() => box.open(value, 'c'), value).toThrow(SecretBoxError);
    }
  });

  test('refuses another key and another context (a value copied into another row)', () => {
    const sealed = box.seal('app-password-1', 'drive_connections:1');
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'drive_connections:1')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'drive_connections:2')).toThrow(SecretBoxError);
  });

  test('takes a 32-byte key only', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe.each(testDialects())('the drive secret key on %s', (dialect) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
  });
  afterAll(async () => {
    await database.close();
  });

  test('is made once, kept in server_keys, and the same for every process that loads it, at once or later', async () => {
    const now = new Date().toISOString();
    const keys = await Promise.all([1, 2, 3, 4].map(() => loadDriveSecretKey(database.db, now)));
    expect(keys[0]).toHaveLength(32);
    for (const key of keys) expect(key.equals(keys[0]!)).toBe(true);
    expect((await loadDriveSecretKey(database.db, now)).equals(keys[0]!)).toBe(true);
    const rows = await database.db.selectFrom('server_keys').select('value').where('name', '=', DRIVE_SECRET_KEY_NAME).execute();
    expect(rows).toHaveLength(1);
    // What one process sealed, another opens.
    const sealed = createSecretBox(keys[1]!).seal('app-password-1', 'c');
    expect(createSecretBox(await loadDriveSecretKey(database.db, now)).open(sealed, 'c')).toBe('app-password-1');
  });
});
