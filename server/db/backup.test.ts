import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, test, onTestFinished } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { backupSqlite, restoreSqlite } from './backup.ts';
import { migrateToLatest, openDatabase } from './database.ts';

async function startApp(dataDir: string) {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', RATE_LIMIT_SIGNUP_PER_HOUR: '100' });
  const database = openDatabase({ sqlitePath: config.sqlitePath });
  await migrateToLatest(database);
  const app = await buildApp({ config, database, logger: false });
  return { app, close: async () => (await app.close(), await database.close()) };
}

describe('SQLite backup and restore', () => {
  test('an online backup taken while the app runs restores every task', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-backup-'));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    const live = await startApp(dir);
    const password = 'long-enough-1';
    await live.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { name: 'B', email: 'b@example.com', password, password_confirmation: password },
    });
    const token = (await live.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'b@example.com', password } })).json()
      .token.plainTextToken;
    const headers = { authorization: `Bearer ${token}` };
    for (const title of ['one', 'two', 'ثلاثة'])
      await live.app.inject({ method: 'POST', url: '/api/tasks/add', headers, payload: { title } });
    const backup = path.join(dir, 'backup.db');
    await backupSqlite(path.join(dir, 'taskaty.db'), backup);
    // A change after the backup is undone by the restore.
    await live.app.inject({ method: 'POST', url: '/api/tasks/add', headers, payload: { title: 'after backup' } });
    const tagAfterBackup = (await live.app.inject({ method: 'GET', url: '/api/tasks', headers })).headers.etag as string;
    await live.close();

    const kept = await restoreSqlite(backup, path.join(dir, 'taskaty.db'));
    expect(kept && fs.existsSync(kept)).toBe(true);
    const restored = await startApp(dir);
    try {
      const tasks = (await restored.app.inject({ method: 'GET', url: '/api/tasks', headers }))
        .json()
        .tasks.map((t: { title: string }) => t.title);
      expect(tasks.sort()).toEqual(['one', 'two', 'ثلاثة'].sort());
      // The restore rewound the data version: a new write reaches the number the tag above was made
      // at, with other tasks. That tag must not earn a 304 (issue 18, item 4).
      await restored.app.inject({ method: 'POST', url: '/api/tasks/add', headers, payload: { title: 'another after restore' } });
      const again = await restored.app.inject({
        method: 'GET',
        url: '/api/tasks',
        headers: { ...headers, 'if-none-match': tagAfterBackup },
      });
      expect(again.statusCode).toBe(200);
      expect(again.headers.etag).not.toBe(tagAfterBackup);
    } finally {
      await restored.close();
    }
  });

  test('npm run db:backup copies the attachments beside the database, and db:restore puts both back', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-backup-files-'));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    const live = await startApp(dir);
    const password = 'long-enough-1';
    const payload = { name: 'F', email: 'f@example.com', password, password_confirmation: password };
    await live.app.inject({ method: 'POST', url: '/api/user/register', payload });
    const token = (await live.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: payload.email, password } })).json()
      .token.plainTextToken;
    const headers = { authorization: `Bearer ${token}` };
    const task = (await live.app.inject({ method: 'POST', url: '/api/tasks/add', headers, payload: { title: 'with a file' } })).json().task;
    const bytes = randomBytes(50_000);
    const attached = await live.app.inject({
      method: 'POST',
      url: `/api/tasks/${task.id}/attachments?name=data.bin`,
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    expect(attached.statusCode).toBe(201);
    const fileId = attached.json().attachment.id;
    const backup = path.join(dir, 'backups', 'nightly.db');
    const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', STORAGE_URL: '' };
    const run = (script: string, ...args: string[]) =>
      execFileSync(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, `../../scripts/${script}`), ...args], {
        env,
        encoding: 'utf8',
      });
    expect(run('db-backup.ts', backup)).toContain(`Attachments (1 files) copied to ${path.join(dir, 'backups', 'nightly.files')}`);
    // Deleted after the backup: gone from the store.
    expect((await live.app.inject({ method: 'DELETE', url: `/api/attachments/${fileId}`, headers })).statusCode).toBe(200);
    await live.close();

    expect(run('db-restore.ts', backup)).toContain('Restored the attachments');
    const restored = await startApp(dir);
    try {
      const answer = await restored.app.inject({ method: 'GET', url: `/api/attachments/${fileId}/file`, headers });
      expect(answer.statusCode).toBe(200);
      expect(answer.rawPayload.equals(bytes)).toBe(true);
    } finally {
      await restored.close();
    }
  });

  test('a damaged backup is refused and the current database is left alone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-restore-'));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    const bad = path.join(dir, 'bad.db');
    fs.writeFileSync(bad, 'not a database');
    fs.writeFileSync(path.join(dir, 'taskaty.db'), 'current');
    await expect(restoreSqlite(bad, path.join(dir, 'taskaty.db'))).rejects.toThrow();
    expect(fs.readFileSync(path.join(dir, 'taskaty.db'), 'utf8')).toBe('current');
  });
});

describe.skipIf(!inject('postgresUrl'))('PostgreSQL restore with npm run db:restore', () => {
  test('pg_restore, then a new list epoch: a list tag handed out after the dump earns no 304', async () => {
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    const name = `taskaty_restore_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = inject('postgresUrl').replace(/\/[^/]*$/, `/${name}`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-pg-restore-'));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    const start = async () => {
      const config = loadConfig({
        DATABASE_URL: url,
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: '/nonexistent',
        RATE_LIMIT_SIGNUP_PER_HOUR: '100',
      });
      const database = openDatabase({ databaseUrl: url });
      await migrateToLatest(database);
      const app = await buildApp({ config, database, logger: false });
      return { app, close: async () => (await app.close(), await database.close()) };
    };
    try {
      const live = await start();
      const password = 'correct horse battery';
      await live.app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: { name: 'P', email: 'p@example.com', password, password_confirmation: password },
      });
      const token = (
        await live.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'p@example.com', password } })
      ).json().token.plainTextToken;
      const headers = { authorization: `Bearer ${token}` };
      await live.app.inject({ method: 'POST', url: '/api/tasks/add', headers, payload: { title: 'before the dump' } });
      const dump = path.join(dir, 'taskaty.dump');
      execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, url]);
      await live.app.inject({ method: 'POST', url: '/api/tasks/add', headers, payload: { title: 'after the dump' } });
      const tagAfterDump = (await live.app.inject({ method: 'GET', url: '/api/tasks', headers })).headers.etag as string;
      await live.close();

      execFileSync('npx', ['tsx', 'scripts/db-restore.ts', dump], {
        env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' },
        stdio: 'pipe',
      });
      const restored = await start();
      try {
        const titles = (await restored.app.inject({ method: 'GET', url: '/api/tasks', headers }))
          .json()
          .tasks.map((t: { title: string }) => t.title);
        expect(titles).toEqual(['before the dump']);
        await restored.app.inject({ method: 'POST', url: '/api/tasks/add', headers, payload: { title: 'another after the restore' } });
        const again = await restored.app.inject({
          method: 'GET',
          url: '/api/tasks',
          headers: { ...headers, 'if-none-match': tagAfterDump },
        });
        expect(again.statusCode).toBe(200);
      } finally {
        await restored.close();
      }
    } finally {
      // A closed pool's connections end a moment after close() resolves: the drop waits for them
      // (a forced drop would kill one mid-goodbye, an uncaught error in this process).
      for (let wait = 0; wait < 50; wait++) {
        const open = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (open.rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
