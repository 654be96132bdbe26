import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openLiveStream } from '../../tests/support/live-stream.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { ConfigError, loadConfig } from '../config.ts';

const TIMEOUT_MS = 1000;
const UPLOAD_TIMEOUT_MS = 3000;

/** Sends `text` on a raw socket and leaves it unfinished; resolves with what came back and when the socket closed. */
function sendAndWait(port: number, text: string, giveUpMs: number) {
  return new Promise<{ answer: string; closedAfterMs: number | undefined }>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const started = performance.now();
    let answer = '';
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closedAfterMs: undefined });
    }, giveUpMs);
    socket.on('connect', () => socket.write(text));
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ answer, closedAfterMs: performance.now() - started });
    });
  });
}

// Over a real socket: Node's HTTP server enforces the timeout before any route runs (finding 18g).
describe('request timeout', () => {
  let t: TestApp;
  let user: SignedInUser;
  let base: string;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS), UPLOAD_TIMEOUT_MS: String(UPLOAD_TIMEOUT_MS) } });
    user = await t.signUp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(base).port);
  });
  afterAll(() => t.close());

  test('a body that never finishes is answered 408 and its connection closed within the timeout', async () => {
    const { answer, closedAfterMs } = await sendAndWait(
      port,
      'POST /api/user/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
      10_000,
    );
    expect(closedAfterMs).toBeDefined();
    // The timeout plus at most one check (a quarter of it, at most a second).
    expect(closedAfterMs!).toBeLessThan(TIMEOUT_MS + 1500);
    expect(closedAfterMs!).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('{"message":"The request took too long to arrive. Please try again."}');
  });

  test('an attachment may take UPLOAD_TIMEOUT_MS to arrive (issue 24): a slow one is stored, one slower still is cut off', async () => {
    const task = (
      await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: user.headers, payload: { title: 'Slow upload' } })
    ).json().task;
    const head = (length: number) =>
      `POST /api/tasks/${task.id}/attachments?name=slow.txt HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${user.headers.authorization}\r\n` +
      `Content-Type: application/octet-stream\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;
    // Twice the request timeout, in pieces: served.
    const { answer } = await new Promise<{ answer: string }>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve({ answer }));
      socket.on('connect', () => {
        socket.write(head(30));
        for (let piece = 0; piece < 3; piece += 1) setTimeout(() => socket.write('0123456789'), 300 + piece * (TIMEOUT_MS * 0.6));
      });
    });
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    // Never finished: cut off once the upload's allowance is over, not before.
    const { answer: cut, closedAfterMs } = await sendAndWait(port, `${head(100)}0123456789`, 10_000);
    expect(closedAfterMs!).toBeGreaterThanOrEqual(UPLOAD_TIMEOUT_MS - 50);
    expect(closedAfterMs!).toBeLessThan(UPLOAD_TIMEOUT_MS + 1500);
    expect(cut).toMatch(/^HTTP\/1\.1 408 /);
  });

  test('headers that never finish are cut off the same way', async () => {
    const { closedAfterMs } = await sendAndWait(port, 'GET /api/tasks HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', 10_000);
    expect(closedAfterMs).toBeDefined();
    expect(closedAfterMs!).toBeLessThan(TIMEOUT_MS + 1500);
  });

  test('a connection that never sends a byte is closed after the timeout too', async () => {
    const { closedAfterMs } = await sendAndWait(port, '', 10_000);
    expect(closedAfterMs).toBeDefined();
    expect(closedAfterMs!).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(closedAfterMs!).toBeLessThan(TIMEOUT_MS + 1500);
  });

  test('a request sent in full is not timed: a live-update stream outlives the timeout and keeps delivering', async () => {
    const stream = await openLiveStream(`${base}/api/events`, user.token);
    await stream.waitFor('ready');
    expect(await stream.endsWithin(TIMEOUT_MS * 3)).toBe(false);
    const friend = await t.signUp();
    const task = (await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: friend.headers, payload: { title: 'Late' } })).json()
      .task;
    await t.app.inject({
      method: 'POST',
      url: `/api/tasks/${task.id}/share`,
      headers: friend.headers,
      payload: { email_ids: [user.user.email] },
    });
    await stream.waitFor('pending-shares-changed');
    stream.close();
  });

  test('a body that arrives slowly but within the timeout is served', async () => {
    const body = JSON.stringify({ email: user.user.email, password: user.password });
    const { answer } = await new Promise<{ answer: string }>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString();
        if (answer.includes('\r\n\r\n')) socket.end();
      });
      socket.on('close', () => resolve({ answer }));
      socket.on('connect', () => {
        socket.write(
          `POST /api/user/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
        );
        setTimeout(() => socket.write(body.slice(0, 10)), 300);
        setTimeout(() => socket.write(body.slice(10)), 600);
      });
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('closing the server', () => {
  test('waits for no connection without a request in flight: a silent one, a keep-alive one after its answer', async () => {
    const t = await createTestApp('sqlite');
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(base).port);
    const silent = net.connect(port, '127.0.0.1');
    const keptAlive = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => {
      keptAlive.on('data', (chunk) => chunk.toString().includes('\r\n\r\n') && resolve());
      keptAlive.write('GET /api/user HTTP/1.1\r\nHost: localhost\r\n\r\n');
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await t.app.close();
    expect(performance.now() - started).toBeLessThan(1000);
    silent.destroy();
    keptAlive.destroy();
    await t.database.close();
  });
});

describe('REQUEST_TIMEOUT_MS', () => {
  test('defaults to 30 s and is range-checked', () => {
    expect(loadConfig({}).requestTimeoutMs).toBe(30_000);
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '5000' }).requestTimeoutMs).toBe(5000);
    for (const bad of ['0', '999', '600001', 'soon', '1.5e3x']) expect(() => loadConfig({ REQUEST_TIMEOUT_MS: bad })).toThrow(ConfigError);
    expect(loadConfig({}).uploadTimeoutMs).toBe(600_000);
    expect(loadConfig({ UPLOAD_TIMEOUT_MS: '120000' }).uploadTimeoutMs).toBe(120_000);
    for (const bad of ['0', '3600001', 'slow']) expect(() => loadConfig({ UPLOAD_TIMEOUT_MS: bad })).toThrow(/UPLOAD_TIMEOUT_MS/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });
});
