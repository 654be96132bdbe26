import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';
import { withFastPath } from './list-fast-path.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Headers that belong to the connection or the moment, not to the answer. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const answerHeaders = (headers: http.IncomingHttpHeaders | Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_CONNECTION.has(name)));

/**
 * The fast path answers repeated list reads in front of Fastify (list-fast-path.ts). It is seen
 * only over real HTTP (inject bypasses the server), and it must be indistinguishable from the
 * routes: same status, headers and bytes, and never an answer the routes would not give.
 */
describe.each(testDialects())('list fast path on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  const queries: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { onQuery: (sql) => queries.push(sql) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = http.request(`${base}${path}`, { method, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      request.on('error', reject);
      request.end();
    });
  }
  /** What the routes themselves answer (inject goes straight to Fastify). */
  async function viaRoutes(path: string, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await t.app.inject({ method: 'GET', url: path, headers });
    return { status: response.statusCode, headers: response.headers as http.IncomingHttpHeaders, body: response.rawPayload };
  }
  const withTasks = async (count: number): Promise<SignedInUser> => {
    const user = await t.signUp();
    for (let i = 0; i < count; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/tasks/add',
        headers: user.headers,
        payload: { title: `Task ${i}`, description: `A description long enough to be compressed. `.repeat(10), labels: ['work'] },
      });
      expect(response.statusCode).toBe(201);
    }
    return user;
  };

  test('a repeated read and an unchanged poll are answered without the routes, with the same status, headers and bytes', async () => {
    const me = await withTasks(30);
    for (const path of ['/api/tasks', '/api/tasks?sort=priority&direction=asc', '/api/tasks/shared', '/api/tasks/pending-shares']) {
      for (const encoding of [undefined, 'gzip, deflate, br', 'br']) {
        const headers = { ...me.headers, ...(encoding ? { 'accept-encoding': encoding } : {}) };
        const first = await get(path, headers);
        expect(first.status, path).toBe(200);
        queries.length = 0;
        const again = await get(path, headers);
        // Kysely saw nothing on SQLite (the token lookup is a prepared statement) and only that lookup on PostgreSQL.
        expect(queries, `${path} ${encoding}`).toHaveLength(dialect === 'sqlite' ? 0 : 1);
        const routes = await viaRoutes(path, headers);
        expect(again.status).toBe(200);
        expect(again.body.equals(routes.body), `${path} ${encoding}`).toBe(true);
        expect(answerHeaders(again.headers), `${path} ${encoding}`).toEqual(answerHeaders(routes.headers));

        queries.length = 0;
        const poll = await get(path, { ...headers, 'if-none-match': first.headers.etag as string });
        expect(queries).toHaveLength(dialect === 'sqlite' ? 0 : 1);
        const routesPoll = await viaRoutes(path, { ...headers, 'if-none-match': first.headers.etag as string });
        expect(poll.status).toBe(304);
        expect(poll.body).toHaveLength(0);
        expect(answerHeaders(poll.headers)).toEqual(answerHeaders(routesPoll.headers));
      }
    }
  });

  /** Queries that authenticate a request: none on SQLite (a prepared statement), one joined lookup on PostgreSQL; Fastify's hook makes two. */
  const authQueries = () => queries.filter((sql) => /personal_access_tokens|"users"/.test(sql)).length;
  const fastPathAuthQueries = dialect === 'sqlite' ? 0 : 1;

  test('a first read after a change is built without the routes, with the same status, headers and bytes', async () => {
    const me = await withTasks(40);
    let owned = 40;
    const change = async () => {
      const added = await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: me.headers, payload: { title: 'A change' } });
      expect(added.statusCode).toBe(201);
      owned += 1;
    };
    for (const path of [
      '/api/tasks',
      '/api/tasks?sort=updated_at&direction=asc&priority=medium',
      '/api/tasks/shared',
      '/api/tasks/pending-shares',
    ]) {
      for (const encoding of [undefined, 'gzip, deflate, br', 'br']) {
        const headers = { ...me.headers, ...(encoding ? { 'accept-encoding': encoding } : {}) };
        await change();
        queries.length = 0;
        const first = await get(path, headers);
        expect(authQueries(), `${path} ${encoding}`).toBe(fastPathAuthQueries);
        const routes = await viaRoutes(path, headers);
        expect(first.status, path).toBe(200);
        expect(first.body.equals(routes.body), `${path} ${encoding}`).toBe(true);
        expect(answerHeaders(first.headers), `${path} ${encoding}`).toEqual(answerHeaders(routes.headers));
      }
    }
    // Pages: every page of a paged list, each a first read, as the routes page it.
    await change();
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/api/tasks?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      queries.length = 0;
      const page = await get(path, me.headers);
      expect(authQueries()).toBe(fastPathAuthQueries);
      expect(page.body.equals((await viaRoutes(path, me.headers)).body)).toBe(true);
      const parsed = JSON.parse(page.body.toString('utf8')) as { tasks: Array<{ id: number }>; next_cursor: string | null };
      seen.push(...parsed.tasks.map((task) => task.id));
      cursor = parsed.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(owned);
    expect(new Set(seen).size).toBe(seen.length);
  });

  test('a cursor the list refuses on a first read gets the routes’ 422, and nothing is answered twice', async () => {
    const me = await withTasks(3);
    const path = '/api/tasks?limit=2&cursor=not-a-cursor';
    const answer = await get(path, me.headers);
    const routes = await viaRoutes(path, me.headers);
    expect(answer.status).toBe(422);
    expect(answer.body.toString('utf8')).toBe(routes.body.toString('utf8'));
    expect(answer.headers.etag).toBeUndefined();
  });

  test('a write is seen at once: the next read is the new list, the old ETag gets a 200', async () => {
    const me = await withTasks(3);
    const headers = { ...me.headers, 'accept-encoding': 'gzip' };
    const before = await get('/api/tasks', headers);
    await get('/api/tasks', headers);
    const added = await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: me.headers, payload: { title: 'Added just now' } });
    expect(added.statusCode).toBe(201);
    const after = await get('/api/tasks', { ...headers, 'if-none-match': before.headers.etag as string });
    expect(after.status).toBe(200);
    const tasks = JSON.parse(zlib.gunzipSync(after.body).toString('utf8')).tasks as Array<{ title: string }>;
    expect(tasks.map((task) => task.title)).toContain('Added just now');
    expect(tasks).toHaveLength(4);
  });

  test('anything the fast path cannot vouch for gets the routes’ own answer', async () => {
    const me = await withTasks(2);
    const etag = (await get('/api/tasks', me.headers)).headers.etag as string;
    await get('/api/tasks', me.headers);
    const [id] = me.token.split('|');
    const cases: Array<[string, string, Record<string, string>, number]> = [
      ['no token', '/api/tasks', {}, 401],
      ['a wrong secret', '/api/tasks', { authorization: `Bearer ${id}|not-the-secret` }, 401],
      ['another scheme', '/api/tasks', { authorization: `Basic ${me.token}` }, 401],
      ['a query the schema refuses', '/api/tasks?sort=nonsense', me.headers, 422],
      ['a NUL in the query', '/api/tasks?label=a%00b', me.headers, 422],
      ['a NUL in an ignored query', '/api/tasks/pending-shares?x=%00', me.headers, 422],
      ['another list path', '/api/tasks/everything', me.headers, 404],
    ];
    for (const [what, path, headers, status] of cases) {
      const answer = await get(path, { ...headers, 'if-none-match': etag });
      const routes = await viaRoutes(path, { ...headers, 'if-none-match': etag });
      expect(answer.status, what).toBe(status);
      expect(answer.body.toString('utf8'), what).toBe(routes.body.toString('utf8'));
    }
    // One trailing slash is the same list, as the router has it.
    expect((await get('/api/tasks/', { ...me.headers, 'if-none-match': etag })).status).toBe(304);
    // HEAD is Fastify's own: headers of the list, no body.
    const head = await get('/api/tasks', me.headers, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toHaveLength(0);
  });

  test('a signed-out token is refused at once, and a token due to be touched is written down', async () => {
    const me = await withTasks(1);
    const etag = (await get('/api/tasks', me.headers)).headers.etag as string;
    expect((await get('/api/tasks', { ...me.headers, 'if-none-match': etag })).status).toBe(304);
    const [id] = me.token.split('|');
    const longAgo = '2000-01-01T00:00:00.000Z';
    await t.database.db.updateTable('personal_access_tokens').set({ last_used_at: longAgo }).where('id', '=', Number(id)).execute();
    expect((await get('/api/tasks', { ...me.headers, 'if-none-match': etag })).status).toBe(304);
    const touched = await t.database.db
      .selectFrom('personal_access_tokens')
      .select('last_used_at')
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(touched.last_used_at).not.toBe(longAgo);

    expect((await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: me.headers })).statusCode).toBe(200);
    const afterLogout = await get('/api/tasks', { ...me.headers, 'if-none-match': etag });
    expect(afterLogout.status).toBe(401);
  });

  test('an expired token is refused even for a list it once read', async () => {
    const me = await withTasks(1);
    const etag = (await get('/api/tasks', me.headers)).headers.etag as string;
    const [id] = me.token.split('|');
    await t.database.db
      .updateTable('personal_access_tokens')
      .set({ expires_at: '2001-01-01T00:00:00.000Z' })
      .where('id', '=', Number(id))
      .execute();
    expect((await get('/api/tasks', { ...me.headers, 'if-none-match': etag })).status).toBe(401);
    expect((await get('/api/tasks', me.headers)).status).toBe(401);
  });
});

describe('withFastPath', () => {
  const fakeResponse = () => ({ headersSent: false }) as unknown as http.ServerResponse;
  const fakeRequest = {} as http.IncomingMessage;

  test('a fast path that throws or rejects hands the request to Fastify instead of failing it', async () => {
    for (const faulty of [
      () => {
        throw new Error('bug');
      },
      () => Promise.reject(new Error('database gone')),
      () => Promise.resolve(false),
      () => false,
    ]) {
      let handled = 0;
      withFastPath(
        () => (handled += 1),
        () => faulty,
      )(fakeRequest, fakeResponse());
      await new Promise((resolve) => setImmediate(resolve));
      expect(handled).toBe(1);
    }
  });

  test('an answered request never reaches Fastify', async () => {
    let handled = 0;
    withFastPath(
      () => (handled += 1),
      () => () => true,
    )(fakeRequest, fakeResponse());
    withFastPath(
      () => (handled += 1),
      () => () => Promise.resolve(true),
    )(fakeRequest, fakeResponse());
    await new Promise((resolve) => setImmediate(resolve));
    expect(handled).toBe(0);
  });
});
