import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort, signUpOver } from '../../tests/support/server-process.ts';

/**
 * Issue 20, item 11: the first export after start took 14 s while the export worker started, parsed its fonts and
 * shaped every script. A real server process (server/main.ts) starts its worker warming when someone opens a task (the
 * dialog where exports are asked for), not before: an idle server does not carry it. Its log says which workers started
 * and when each was warm, which is what this test reads.
 */
let child: ChildProcess;
let dataDir: string;
let url: string;
const lines: { msg?: string; worker?: number }[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'taskaty-export-warm-'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: '/nonexistent',
      RATE_LIMIT_SIGNUP_PER_HOUR: '1000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let pending = '';
  await new Promise<void>((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`server exited with ${code}`));
    child.once('exit', exited);
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const complete = pending.split('\n');
      pending = complete.pop()!;
      for (const line of complete) {
        if (line.startsWith('{')) lines.push(JSON.parse(line) as { msg?: string; worker?: number });
        if (line.includes('Taskaty is ready')) {
          child.off('exit', exited);
          resolve();
        }
      }
    });
  });
}, 90_000);

afterAll(async () => {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const messages = (msg: string) => lines.filter((line) => line.msg === msg);

test(
  'a fresh server starts no export worker until a task is opened; then one warms, and the first exports are rendered by it',
  { timeout: 120_000 },
  async () => {
    const token = await signUpOver(url, 'first-export@example.com');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${url}/api/tasks/add`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Plan — خطة — योजना', description: 'First export after start' }),
    });
    const { task } = (await created.json()) as { task: { id: number } };
    // Signed in, a task created, a second gone by: still no worker (an idle server keeps its memory).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(messages('export worker starting')).toHaveLength(0);

    // Opening the task starts one warming, without an export asked for.
    expect((await fetch(`${url}/api/task/${task.id}`, { headers })).status).toBe(200);
    await expect.poll(() => messages('export worker warm').length, { timeout: 90_000, interval: 200 }).toBe(1);
    expect(messages('export worker starting')).toHaveLength(1);

    const pdf = await fetch(`${url}/api/tasks/${task.id}/pdf`, { headers: { authorization: headers.authorization } });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    const word = await fetch(`${url}/api/tasks/${task.id}/word`, { headers: { authorization: headers.authorization } });
    expect(word.status).toBe(200);

    // Both exports went to the worker that was already warm: no other worker was started for them.
    expect(messages('export worker starting')).toHaveLength(1);
    expect(messages('export worker warm')).toHaveLength(1);
  },
);
