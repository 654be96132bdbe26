import http from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type SignedInUser, type TestApp } from '../tests/support/test-app.ts';
import { testDialects } from '../tests/support/test-database.ts';

/**
 * Read-path rule 1 (docs/architecture.md): every HTTP request passes through Fastify's routing and
 * hooks; nothing answers in front of it. Seen from outside: over a real socket, every answer of
 * every kind (list bodies in each encoding, 304s, 401s, 422s) gets the one access-log line that
 * Fastify's onResponse hook writes, with the request id Fastify gave it (rule 4: through pino's
 * public API). ESLint guards rules 2 and 4 in the source (eslint.config.js).
 */
describe.each(testDialects())('every request goes through Fastify on %s', (dialect) => {
  let t: TestApp;
  let me: SignedInUser;
  let base: string;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    // Debug: 304s are logged at that level (plugins/request-log.ts).
    t = await createTestApp(dialect, {
      logLevel: 'debug',
      logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    me = await t.signUp();
    for (let i = 0; i < 8; i++)
      await t.app.inject({
        method: 'POST',
        url: '/api/tasks/add',
        headers: me.headers,
        payload: { title: `Task ${i}`, description: 'long enough to be compressed '.repeat(10) },
      });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  const get = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; etag: string | undefined; length: string | undefined }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers, agent: false }, (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode!, etag: response.headers.etag, length: response.headers['content-length'] }),
          );
        })
        .on('error', reject);
    });

  test('lists, polls and refusals each get the access line of a Fastify request', async () => {
    const asked: Array<[string, number]> = [];
    const ask = async (path: string, headers: Record<string, string>, status: number) => {
      const answer = await get(path, headers);
      expect(answer.status, path).toBe(status);
      // A 304 has no body: announcing the length of one ("null") leaves strict clients waiting for it.
      if (status === 304) expect(answer.length, path).toBeUndefined();
      asked.push([path, status]);
      return answer;
    };
    for (const path of ['/api/tasks', '/api/tasks?limit=5', '/api/tasks/shared', '/api/tasks/pending-shares']) {
      for (const encoding of ['identity', 'gzip', 'gzip, deflate, br, zstd']) {
        // Twice: a first read and a stored answer.
        await ask(path, { ...me.headers, 'accept-encoding': encoding }, 200);
        const { etag } = await ask(path, { ...me.headers, 'accept-encoding': encoding }, 200);
        await ask(path, { ...me.headers, 'accept-encoding': encoding, 'if-none-match': etag! }, 304);
      }
      await ask(path, { authorization: 'Bearer 1|wrong' }, 401);
    }
    await ask('/api/tasks?limit=0', me.headers, 422);
    const summary = await ask('/api/tasks/summary', me.headers, 200);
    await ask('/api/tasks/summary', { ...me.headers, 'if-none-match': summary.etag! }, 304);

    const answered = lines.filter((line) => line.msg === 'request completed' && (line.req as { remotePort?: number }).remotePort);
    expect(answered.map((line) => [(line.req as { url: string }).url, (line.res as { statusCode: number }).statusCode])).toEqual(asked);
    for (const line of answered) expect(line.reqId).toEqual(expect.any(String));
    expect(new Set(answered.map((line) => line.reqId)).size).toBe(asked.length);
  });
});
