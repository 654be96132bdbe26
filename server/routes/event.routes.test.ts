import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, test } from 'vitest';
import fs from 'node:fs';
import { openLiveStream, type LiveStreamReader } from '../../tests/support/live-stream.ts';
import { startServerProcess, signUpOver } from '../../tests/support/server-process.ts';
import { openEventStream } from '../../tests/support/sse-reader.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { MAX_STREAMS_PER_USER } from '../realtime/live-streams.ts';
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

/** A clock the test moves by hand (token expiry). */
function handClock(startIso: string) {
  let now = Date.parse(startIso);
  return {
    clock: { now: () => new Date(now), nowIso: () => new Date(now).toISOString() },
    set: (iso: string | number) => void (now = typeof iso === 'number' ? iso : Date.parse(iso)),
  };
}

describe.each(testDialects())('live streams last as long as their sign-in on %s (finding 18f)', (dialect) => {
  const signInAgain = async (t: TestApp, who: SignedInUser) => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: who.user.email, password: who.password },
    });
    return login.json().token.plainTextToken as string;
  };

  test('logout ends the streams opened with that token at once, not those of the account’s other sign-ins', async () => {
    const t = await createTestApp(dialect);
    try {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await t.signUp();
      const otherDevice = await signInAgain(t, user);
      const stream = await openLiveStream(`${base}/api/events`, user.token);
      const secondTab = await openLiveStream(`${base}/api/events`, user.token);
      const elsewhere = await openLiveStream(`${base}/api/events`, otherDevice);
      await Promise.all([stream, secondTab, elsewhere].map((s) => s.waitFor('ready')));

      const logout = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: user.headers });
      expect(logout.statusCode).toBe(200);
      expect(await stream.endsWithin(1000)).toBe(true);
      expect(await secondTab.endsWithin(1000)).toBe(true);
      // The browser reconnects: its token is gone, so it is told so and stops.
      expect((await openLiveStream(`${base}/api/events`, user.token)).status).toBe(401);

      // The other sign-in still hears of changes.
      expect(elsewhere.isOpen()).toBe(true);
      const friend = await t.signUp();
      const task = (
        await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: friend.headers, payload: { title: 'Still live' } })
      ).json().task;
      await t.app.inject({
        method: 'POST',
        url: `/api/tasks/${task.id}/share`,
        headers: friend.headers,
        payload: { email_ids: [user.user.email] },
      });
      await elsewhere.waitFor('pending-shares-changed');
      elsewhere.close();
    } finally {
      await t.close();
    }
  });

  test('sessions.ended(user, "all") (what sign-out everywhere, a reset and account deletion call) ends every stream of the user and nobody else’s', async () => {
    const t = await createTestApp(dialect);
    try {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await t.signUp();
      const bystander = await t.signUp();
      const mine = [
        await openLiveStream(`${base}/api/events`, user.token),
        await openLiveStream(`${base}/api/events`, await signInAgain(t, user)),
      ];
      const theirs = await openLiveStream(`${base}/api/events`, bystander.token);
      await Promise.all([...mine, theirs].map((s) => s.waitFor('ready')));

      // A list naming none of the streams' tokens ends nothing.
      t.app.taskaty.sessions.ended(user.user.id, [987_654]);
      expect(await mine[0]!.endsWithin(200)).toBe(false);

      t.app.taskaty.sessions.ended(user.user.id, 'all');
      for (const stream of mine) expect(await stream.endsWithin(1000)).toBe(true);
      expect(await theirs.endsWithin(200)).toBe(false);
      // Nothing about it is sent to browsers.
      expect(theirs.events.map((e) => e.event)).toEqual(['ready']);
      theirs.close();
    } finally {
      await t.close();
    }
  });

  /** Streams open and past their `ready`, as a browser's tabs would be. */
  const openReady = async (base: string, tokens: string[]) => {
    const streams = await Promise.all(tokens.map((token) => openLiveStream(`${base}/api/events`, token)));
    await Promise.all(streams.map((s) => s.waitFor('ready')));
    return streams;
  };

  test('"sign out everywhere" in settings ends every stream of the account, on every device, and nobody else’s', async () => {
    const t = await createTestApp(dialect);
    try {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await t.signUp();
      const bystander = await t.signUp();
      const mine = await openReady(base, [user.token, user.token, await signInAgain(t, user)]);
      const [theirs] = await openReady(base, [bystander.token]);

      const answer = await t.app.inject({ method: 'POST', url: '/api/user/sessions/sign-out-everywhere', headers: user.headers });
      expect(answer.statusCode).toBe(200);
      for (const stream of mine) expect(await stream.endsWithin(1000)).toBe(true);
      expect((await openLiveStream(`${base}/api/events`, user.token)).status).toBe(401);
      expect(await theirs!.endsWithin(200)).toBe(false);
      theirs!.close();
    } finally {
      await t.close();
    }
  });

  test('signing one session out from the sessions list ends that session’s streams and not the one that signed it out', async () => {
    const t = await createTestApp(dialect);
    try {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await t.signUp();
      const phoneToken = await signInAgain(t, user);
      const [here, phone, phoneAgain] = await openReady(base, [user.token, phoneToken, phoneToken]);

      const sessions = (await t.app.inject({ method: 'GET', url: '/api/user/sessions', headers: user.headers })).json().sessions;
      const phoneSession = sessions.find((s: { current: boolean }) => !s.current);
      expect(phoneSession.id).toBe(Number(phoneToken.split('|')[0]));
      const answer = await t.app.inject({ method: 'DELETE', url: `/api/user/sessions/${phoneSession.id}`, headers: user.headers });
      expect(answer.statusCode).toBe(200);
      expect(await phone!.endsWithin(1000)).toBe(true);
      expect(await phoneAgain!.endsWithin(1000)).toBe(true);
      expect((await openLiveStream(`${base}/api/events`, phoneToken)).status).toBe(401);
      expect(await here!.endsWithin(200)).toBe(false);
      here!.close();
    } finally {
      await t.close();
    }
  });

  test('a password reset through the mailed link ends every stream of the account; asking for the link ends none', async () => {
    const t = await createTestApp(dialect);
    try {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await t.signUp();
      const bystander = await t.signUp();
      const mine = await openReady(base, [user.token, await signInAgain(t, user)]);
      const [theirs] = await openReady(base, [bystander.token]);

      const asked = await t.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: user.user.email } });
      expect(asked.statusCode).toBe(200);
      // Anyone can ask for a link to any address: that alone signs nobody out.
      expect(await mine[0]!.endsWithin(200)).toBe(false);

      const token = await t.mailedLinkToken(user.user.email, '/reset-password');
      const password = 'plum orchard 4711 violet';
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/user/reset-password',
        payload: { token, password, password_confirmation: password },
      });
      expect(reset.statusCode).toBe(200);
      for (const stream of mine) expect(await stream.endsWithin(1000)).toBe(true);
      expect((await openLiveStream(`${base}/api/events`, user.token)).status).toBe(401);
      expect(await theirs!.endsWithin(200)).toBe(false);
      theirs!.close();
    } finally {
      await t.close();
    }
  });

  test('deleting the account ends every stream of it; a refused deletion (wrong password) ends none', async () => {
    const t = await createTestApp(dialect);
    try {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await t.signUp();
      const bystander = await t.signUp();
      const mine = await openReady(base, [user.token, await signInAgain(t, user)]);
      const [theirs] = await openReady(base, [bystander.token]);

      const refused = await t.app.inject({ method: 'DELETE', url: '/api/user', headers: user.headers, payload: { password: 'not it' } });
      expect(refused.statusCode).toBe(422);
      expect(await mine[0]!.endsWithin(200)).toBe(false);

      const deleted = await t.app.inject({
        method: 'DELETE',
        url: '/api/user',
        headers: user.headers,
        payload: { password: user.password },
      });
      expect(deleted.statusCode).toBe(200);
      for (const stream of mine) expect(await stream.endsWithin(1000)).toBe(true);
      expect((await openLiveStream(`${base}/api/events`, user.token)).status).toBe(401);
      expect(await theirs!.endsWithin(200)).toBe(false);
      theirs!.close();
    } finally {
      await t.close();
    }
  });

  test('a stream ends when its token expires', async () => {
    const time = handClock('2031-03-01T08:00:00.000Z');
    const t = await createTestApp(dialect, { clock: time.clock });
    try {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await t.signUp();
      const row = await t.database.db
        .selectFrom('personal_access_tokens')
        .select('expires_at')
        .where('id', '=', Number(user.token.split('|')[0]))
        .executeTakeFirstOrThrow();
      const friend = await t.signUp();
      // 400 ms before the token's end: the stream opens, then ends on its own.
      time.set(Date.parse(row.expires_at) - 400);
      const stream = await openLiveStream(`${base}/api/events`, user.token);
      const longer = await openLiveStream(`${base}/api/events`, friend.token);
      await stream.waitFor('ready');
      expect(await stream.endsWithin(200)).toBe(false);
      expect(await stream.endsWithin(1500)).toBe(true);
      expect(longer.isOpen()).toBe(true);
      longer.close();
    } finally {
      await t.close();
    }
  });

  test(`an account holds at most ${MAX_STREAMS_PER_USER} streams: one more is refused with 429, and a closed one frees its place`, async () => {
    const t = await createTestApp(dialect);
    const streams: LiveStreamReader[] = [];
    try {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await t.signUp();
      const other = await t.signUp();
      for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openLiveStream(`${base}/api/events`, user.token));
      expect(streams.every((s) => s.status === 200)).toBe(true);

      const refused = await openLiveStream(`${base}/api/events`, user.token);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: expect.stringContaining('Too many live-update connections') });
      // Another account is not held back by this one.
      const theirs = await openLiveStream(`${base}/api/events`, other.token);
      expect(theirs.status).toBe(200);
      streams.push(theirs);

      streams.shift()!.close();
      await expect
        .poll(async () => {
          const retry = await openLiveStream(`${base}/api/events`, user.token);
          if (retry.status === 200) streams.push(retry);
          return retry.status;
        })
        .toBe(200);
    } finally {
      for (const s of streams) s.close();
      await t.close();
    }
  });

  test('closing the app ends open streams within a second and completes', async () => {
    const t = await createTestApp(dialect);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await t.signUp();
    const stream = await openLiveStream(`${base}/api/events`, user.token);
    await stream.waitFor('ready');
    const started = performance.now();
    const closed = await Promise.race([
      t.app.close().then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000)),
    ]);
    expect(closed).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await stream.endsWithin(100)).toBe(true);
    await t.database.close();
  });
});

describe('a real server process with an open stream', () => {
  test('SIGTERM ends the stream within a second and the process exits', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-sigterm-'));
    const server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      const token = await signUpOver(server.url, 'sigterm@example.com');
      const stream = await openLiveStream(`${server.url}/api/events`, token);
      await stream.waitFor('ready');
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
      const started = performance.now();
      server.child.kill('SIGTERM');
      expect(await stream.endsWithin(1000)).toBe(true);
      const code = await Promise.race([exited, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 5000))]);
      expect(code).toBe(0);
      expect(performance.now() - started).toBeLessThan(3000);
    } finally {
      await server.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.skipIf(!inject('postgresUrl'))('sign-outs across processes on PostgreSQL (finding 18f)', () => {
  test('logout through process A ends the stream held by process B; SIGTERM with a stream open exits promptly', async () => {
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    const name = `taskaty_signout_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const env = { DATABASE_URL: inject('postgresUrl').replace(/\/[^/]*$/, `/${name}`), DATA_DIR: path.join(os.tmpdir(), name) };
    // One process first, so the migrations do not race.
    const a = await startServerProcess(env);
    const b = await startServerProcess(env);
    try {
      const token = await signUpOver(a.url, 'two-devices@example.com');
      const login = await fetch(`${b.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'two-devices@example.com', password: 'long-enough-1' }),
      });
      const otherDevice = ((await login.json()) as { token: { plainTextToken: string } }).token.plainTextToken;
      const onB = await openLiveStream(`${b.url}/api/events`, token);
      const otherOnB = await openLiveStream(`${b.url}/api/events`, otherDevice);
      await Promise.all([onB.waitFor('ready'), otherOnB.waitFor('ready')]);

      const logout = await fetch(`${a.url}/api/user/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect(logout.status).toBe(200);
      expect(await onB.endsWithin(2000)).toBe(true);
      expect(otherOnB.isOpen()).toBe(true);

      const exited = new Promise<number | null>((resolve) => b.child.once('exit', (code) => resolve(code)));
      b.child.kill('SIGTERM');
      expect(await otherOnB.endsWithin(1000)).toBe(true);
      expect(await Promise.race([exited, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 5000))])).toBe(0);
    } finally {
      await a.stop();
      await b.kill();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});
