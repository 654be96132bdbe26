import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, onTestFinished, test } from 'vitest';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openTestDatabase } from '../../tests/support/test-database.ts';
import { openDatabase } from '../db/database.ts';

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-store-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

describe('where attachments are kept (issue 24)', () => {
  test('configuration: files under DATA_DIR by default, a 1 GB quota, STORAGE_URL and the quota checked at start', () => {
    const config = loadConfig({ DATA_DIR: '/srv/taskaty' });
    expect(config.files).toEqual({ storageUrl: undefined, diskRoot: '/srv/taskaty/files', quotaBytes: 1024 * 1024 * 1024 });
    expect(loadConfig({ STORAGE_URL: '' }).files.storageUrl).toBeUndefined();
    expect(loadConfig({ STORAGE_URL: 's3://key:secret@s3.example.com/bucket' }).files.storageUrl).toBe(
      's3://key:secret@s3.example.com/bucket',
    );
    expect(loadConfig({ ATTACHMENT_QUOTA_MB: '50' }).files.quotaBytes).toBe(50 * 1024 * 1024);
    for (const bad of ['0', '-1', 'lots', '1.5']) expect(() => loadConfig({ ATTACHMENT_QUOTA_MB: bad })).toThrow(/ATTACHMENT_QUOTA_MB/);
    for (const bad of ['ftp://x/y', 's3://host-without-credentials/bucket', 'not a url'])
      expect(() => loadConfig({ STORAGE_URL: bad })).toThrow(ConfigError);
    // The secret never appears in the message.
    expect(() => loadConfig({ STORAGE_URL: 's3://key:hunter2@host' })).toThrow(/^(?!.*hunter2).*STORAGE_URL/);
  });

  describe.skipIf(!inject('postgresUrl'))('several processes on one PostgreSQL', () => {
    const start = async (database: Awaited<ReturnType<typeof openTestDatabase>>, dataDir: string, env: Record<string, string> = {}) =>
      buildApp({
        config: loadConfig({ DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', ...env }),
        database,
        logger: false,
      });

    test('the quota holds for uploads at once through two apps, each with its own connections', async () => {
      const database = await openTestDatabase('postgres');
      onTestFinished(() => database.close());
      const shared = tempDir();
      // A second pool on the same database: the second app shares no connection with the first.
      const second = openDatabase({ databaseUrl: database.url });
      onTestFinished(() => second.close());
      const apps = [
        await start(database, shared, { ATTACHMENT_QUOTA_MB: '1' }),
        await start({ ...second, url: database.url }, shared, { ATTACHMENT_QUOTA_MB: '1' }),
      ];
      onTestFinished(async () => {
        for (const app of apps) await app.close();
      });
      const password = 'long-enough-1';
      const payload = { name: 'Q', email: 'q@example.com', password, password_confirmation: password };
      await apps[0]!.inject({ method: 'POST', url: '/api/user/register', payload });
      const token = (await apps[1]!.inject({ method: 'POST', url: '/api/user/login', payload: { email: payload.email, password } })).json()
        .token.plainTextToken;
      const headers = { authorization: `Bearer ${token}` };
      const task = (await apps[0]!.inject({ method: 'POST', url: '/api/tasks/add', headers, payload: { title: 'q' } })).json().task;
      const bytes = Buffer.alloc(300 * 1024, 1);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          apps[index % 2]!.inject({
            method: 'POST',
            url: `/api/tasks/${task.id}/attachments?name=${index}.bin`,
            headers: { ...headers, 'content-type': 'application/octet-stream' },
            payload: bytes,
          }),
        ),
      );
      // 1 MB holds three files of 300 kB: exactly three are taken, whichever app each reached.
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 413, 413, 413, 413, 413]);
      expect((await apps[1]!.inject({ method: 'GET', url: '/api/user/storage', headers })).json().used_bytes).toBe(3 * bytes.length);
    });

    test('processes sharing one DATA_DIR start; one keeping files on another disk refuses, naming STORAGE_URL', async () => {
      const database = await openTestDatabase('postgres');
      onTestFinished(() => database.close());
      const shared = tempDir();
      const first = await start(database, shared);
      const second = await start(database, shared);
      await first.close();
      await second.close();
      await expect(start(database, tempDir())).rejects.toThrow(/set STORAGE_URL/);
    });
  });
});
