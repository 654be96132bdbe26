import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { describe, expect, inject, test } from 'vitest';
import { signUpOver, startServerProcess, type ServerProcess } from '../support/server-process.ts';

/**
 * Issue 18 and the several-processes rule: what is counted (sign-in failures, rate limits, the
 * live-stream cap) is counted once for all app processes on one PostgreSQL, not once per process,
 * so a client cannot multiply a limit by spreading its requests over them.
 */
describe.skipIf(!inject('postgresUrl'))('limits with two app processes on one PostgreSQL', () => {
  test('sign-in failures and live streams spread over two processes meet one limit', async () => {
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    const name = `taskaty_limits_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = inject('postgresUrl').replace(/\/[^/]*$/, `/${name}`);
    const env = { DATABASE_URL: url, DATA_DIR: os.tmpdir(), RATE_LIMIT_LOGIN_PER_MINUTE: '10' };
    const processes: ServerProcess[] = [];
    const aborts: AbortController[] = [];
    try {
      processes.push(await startServerProcess(env));
      processes.push(await startServerProcess(env));
      const [a, b] = processes.map((process) => process.url) as [string, string];
      const token = await signUpOver(a, 'limited@example.com');

      // Ten wrong passwords, five through each process: the eleventh try is refused by either.
      const signIn = (base: string, password: string) =>
        fetch(`${base}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'limited@example.com', password }),
        });
      for (let i = 0; i < 10; i++) expect((await signIn(i % 2 ? b : a, 'wrong guess')).status).toBe(422);
      expect((await signIn(a, 'wrong guess')).status).toBe(429);
      const refused = await signIn(b, 'correct horse battery');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

      // Twenty live streams, ten on each process: the twenty-first is refused by either, and a
      // stream closed on one process frees a place on the other.
      const open = async (base: string) => {
        const abort = new AbortController();
        aborts.push(abort);
        const response = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
        if (response.status !== 200) {
          await response.body?.cancel();
          return { status: response.status, abort };
        }
        // The stream is counted once its first event arrives.
        await response.body!.getReader().read();
        return { status: 200, abort };
      };
      const streams = [];
      for (let i = 0; i < 20; i++) streams.push(await open(i % 2 ? b : a));
      expect(streams.map((stream) => stream.status)).toEqual(Array(20).fill(200));
      expect((await open(a)).status).toBe(429);
      expect((await open(b)).status).toBe(429);
      streams[0]!.abort.abort();
      const deadline = Date.now() + 10_000;
      let reopened = 429;
      while (reopened === 429 && Date.now() < deadline) {
        reopened = (await open(b)).status;
        if (reopened === 429) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(reopened).toBe(200);
    } finally {
      for (const abort of aborts) abort.abort();
      await Promise.all(processes.map((process) => (process.child.exitCode === null ? process.stop() : undefined)));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);
});
