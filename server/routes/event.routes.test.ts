import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, test } from 'vitest';
import { openEventStream } from '../../tests/support/sse-reader.ts';
import { createTestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

describe.each(testDialects())('live updates on %s', (dialect) => {
  test('a share reaches the recipient at once; a collaborator edit reaches the owner', async () => {
    const t = await createTestApp(dialect);
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const owner = await t.signUp();
      const friend = await t.signUp();
      const ownerStream = await openEventStream(`${address}/api/events`, owner.token);
      const friendStream = await openEventStream(`${address}/api/events`, friend.token);
      await friendStream.waitFor('ready');
      const task = (
        await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: owner.headers, payload: { title: 'Live' } })
      ).json().task;
      await t.app.inject({
        method: 'POST',
        url: `/api/tasks/${task.id}/share`,
        headers: owner.headers,
        payload: { email_ids: [friend.user.email] },
      });
      await friendStream.waitFor('pending-shares-changed');

      await t.app.inject({ method: 'POST', url: `/api/tasks/${task.id}/accept-share`, headers: friend.headers });
      ownerStream.events.length = 0;
      await t.app.inject({ method: 'PUT', url: `/api/tasks/complete/${task.id}`, headers: friend.headers });
      const changed = await ownerStream.waitFor('task-changed');
      expect(changed.data).toEqual({ type: 'task-changed', taskId: task.id });
      ownerStream.close();
      friendStream.close();
    } finally {
      await t.close();
    }
  });

  test('the event stream needs a token', async () => {
    const t = await createTestApp(dialect);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/events' });
      expect(response.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Taskaty is ready')) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

describe.skipIf(!inject('postgresUrl'))('live updates across processes on PostgreSQL', () => {
  test('two app processes on one database deliver each other’s events through LISTEN/NOTIFY', async () => {
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    const name = `taskaty_two_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = inject('postgresUrl').replace(/\/[^/]*$/, `/${name}`);
    const [portA, portB] = [await freePort(), await freePort()];
    const common = {
      DATABASE_URL: url,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(os.tmpdir(), name),
      WEB_DIST_DIR: '/nonexistent',
    };
    // One process first, so the migrations do not race.
    const a = await startServer({ ...common, PORT: String(portA) });
    const b = await startServer({ ...common, PORT: String(portB) });
    try {
      const base = (port: number) => `http://127.0.0.1:${port}`;
      const account = async (port: number, email: string) => {
        await fetch(`${base(port)}/api/user/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: email, email, password: 'long-enough-1', password_confirmation: 'long-enough-1' }),
        });
        // Shares reach an account once its address is proven: follow the mailed link.
        const reader = new pg.Client({ connectionString: url });
        await reader.connect();
        const mail = await reader.query<{ text_body: string }>('select text_body from mail_outbox where to_address = $1', [email]);
        await reader.end();
        const token = /\/verify-email\?token=([\w-]+)/.exec(mail.rows[0]!.text_body)![1];
        await fetch(`${base(port)}/api/user/email/verify`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token }),
        });
        const login = await fetch(`${base(port)}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'long-enough-1' }),
        });
        return ((await login.json()) as { token: { plainTextToken: string } }).token.plainTextToken;
      };
      const ownerToken = await account(portA, 'owner@example.com');
      const friendToken = await account(portB, 'friend@example.com');
      const stream = await openEventStream(`${base(portB)}/api/events`, friendToken);
      await stream.waitFor('ready');
      const created = await fetch(`${base(portA)}/api/tasks/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ownerToken}` },
        body: JSON.stringify({ title: 'Across processes' }),
      });
      const { task } = (await created.json()) as { task: { id: number } };
      await fetch(`${base(portA)}/api/tasks/${task.id}/share`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ownerToken}` },
        body: JSON.stringify({ email_ids: ['friend@example.com'] }),
      });
      const event = await stream.waitFor('pending-shares-changed', 10_000);
      expect(event.data).toEqual({ type: 'pending-shares-changed' });
      stream.close();
    } finally {
      a.kill('SIGTERM');
      b.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});
