import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, onTestFinished, test } from 'vitest';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openTestDatabase } from '../../tests/support/test-database.ts';

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
    const start = async (database: Awaited<ReturnType<typeof openTestDatabase>>, dataDir: string) =>
      buildApp({
        config: loadConfig({ DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' }),
        database,
        logger: false,
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
