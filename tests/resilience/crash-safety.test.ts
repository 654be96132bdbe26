import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, inject, test, onTestFinished } from 'vitest';
import { signUpOver, startServerProcess } from '../support/server-process.ts';

/**
 * Fires concurrent task creations, SIGKILLs the server mid-burst, restarts it and checks
 * that every creation that was acknowledged with a 2xx is there.
 */
async function burstAndKill(env: Record<string, string>) {
  const first = await startServerProcess(env);
  const token = await signUpOver(first.url, 'crash@example.com');
  const acknowledged: string[] = [];
  let stop = false;
  const worker = async (id: number) => {
    for (let i = 0; !stop; i++) {
      const title = `w${id}-${i}`;
      try {
        const response = await fetch(`${first.url}/api/tasks/add`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ title, labels: ['burst', `w${id}`], description: 'x'.repeat(200) }),
        });
        if (response.status === 201) acknowledged.push(title);
      } catch {
        return; // the server is gone
      }
    }
  };
  const workers = Array.from({ length: 16 }, (_, id) => worker(id));
  // Let the burst get going, then pull the plug without any shutdown.
  while (acknowledged.length < 150) await new Promise((resolve) => setTimeout(resolve, 20));
  await first.kill();
  stop = true;
  await Promise.all(workers);

  const second = await startServerProcess(env);
  try {
    const response = await fetch(`${second.url}/api/tasks`, { headers: { authorization: `Bearer ${token}` } });
    const titles = new Set(((await response.json()) as { tasks: Array<{ title: string; labels: unknown[] }> }).tasks.map((t) => t.title));
    const missing = acknowledged.filter((title) => !titles.has(title));
    expect(missing).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);
  } finally {
    await second.stop();
  }
}

describe('crash safety', () => {
  test('SQLite: every acknowledged write survives SIGKILL and the file passes integrity_check', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-crash-'));
    onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    await burstAndKill({ DATA_DIR: dataDir });
    const db = new SQLite(path.join(dataDir, 'taskaty.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
    } finally {
      db.close();
    }
  }, 120_000);

  test.skipIf(!inject('postgresUrl'))(
    'PostgreSQL: every acknowledged write survives SIGKILL of the app',
    async () => {
      const admin = new pg.Client({ connectionString: inject('postgresUrl') });
      await admin.connect();
      const name = `taskaty_crash_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        await burstAndKill({ DATABASE_URL: inject('postgresUrl').replace(/\/[^/]*$/, `/${name}`), DATA_DIR: os.tmpdir() });
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
    120_000,
  );
});
