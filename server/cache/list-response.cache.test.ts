import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TasksResponse } from '../../common/schemas/task.schema.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase, type Database } from '../db/database.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { mailedLinkToken } from '../../tests/support/mailed-links.ts';
import { openTestDatabase, testDialects } from '../../tests/support/test-database.ts';

const testEnv = (extra: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-build',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_SIGNUP_PER_HOUR: '1000',
    RATE_LIMIT_SHARE_PER_MINUTE: '10000',
    ...extra,
  });

/** The same server with every list cache off: what every list must answer at any moment. */
async function uncachedTwin(database: Database): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testEnv({ LIST_CACHE_MB: '0', TASK_JSON_CACHE_MB: '0' }),
    database,
    logger: false,
  });
  await app.ready();
  return app;
}

const description = (seed: number) => `Line ${seed}: ${'words that repeat enough to compress well. '.repeat(20)}`;

describe.each(testDialects())('list ETags, cache and compression on %s', (dialect) => {
  let t: TestApp;
  let truth: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    truth = await uncachedTwin(t.database);
  });
  afterAll(async () => {
    await truth.close();
    await t.close();
  });

  const call = (user: SignedInUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const addTask = async (user: SignedInUser, payload: Record<string, unknown> = {}) => {
    const response = await call(user, 'POST', '/api/tasks/add', { title: 'A task', labels: ['one', 'two'], ...payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().task as { id: number };
  };

  test('an unchanged list answers 304 to its ETag, and a write makes it 200 with a new ETag', async () => {
    const me = await t.signUp();
    await addTask(me, { title: 'First' });
    const first = await call(me, 'GET', '/api/tasks');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toMatch(/Accept-Encoding/);

    const again = await t.app.inject({ method: 'GET', url: '/api/tasks', headers: { ...me.headers, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A list of tags, the tag without W/, and * all match as RFC 9110 says.
    for (const header of [`"x", ${etag}`, etag.slice(2), '*']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/tasks', headers: { ...me.headers, 'if-none-match': header } });
      expect(response.statusCode, header).toBe(304);
    }

    await addTask(me, { title: 'Second' });
    const changed = await t.app.inject({ method: 'GET', url: '/api/tasks', headers: { ...me.headers, 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().tasks.map((task: { title: string }) => task.title)).toEqual(['Second', 'First']);
  });

  test('the ETag belongs to the user and the query: another query or another user never gets a 304 for it', async () => {
    const me = await t.signUp();
    const other = await t.signUp();
    await addTask(me);
    await addTask(other);
    const etag = (await call(me, 'GET', '/api/tasks')).headers.etag as string;
    const withTag = (user: SignedInUser, url: string) =>
      t.app.inject({ method: 'GET', url, headers: { ...user.headers, 'if-none-match': etag } });
    expect((await withTag(me, '/api/tasks?sort=created_at&direction=desc')).statusCode).toBe(304);
    expect((await withTag(me, '/api/tasks?direction=asc')).statusCode).toBe(200);
    expect((await withTag(me, '/api/tasks?label=one')).statusCode).toBe(200);
    expect((await withTag(me, '/api/tasks/shared')).statusCode).toBe(200);
    expect((await withTag(other, '/api/tasks')).statusCode).toBe(200);
  });

  test('pending shares answer 304 while nothing changes, and 200 once a task is shared with the user', async () => {
    const owner = await t.signUp();
    const friend = await t.signUp();
    const first = await call(friend, 'GET', '/api/tasks/pending-shares');
    expect(first.json()).toEqual({ pending_tasks: [] });
    const etag = first.headers.etag as string;
    const poll = () =>
      t.app.inject({ method: 'GET', url: '/api/tasks/pending-shares', headers: { ...friend.headers, 'if-none-match': etag } });
    expect((await poll()).statusCode).toBe(304);
    const task = await addTask(owner);
    // The owner's own writes are not the friend's business.
    expect((await poll()).statusCode).toBe(304);
    await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [friend.user.email] });
    const after = await poll();
    expect(after.statusCode).toBe(200);
    expect(after.json().pending_tasks.map((p: { id: number }) => p.id)).toEqual([task.id]);
  });

  test('a 304 costs no query beyond signing the request in: the version comes with the user row', async () => {
    const queries: string[] = [];
    const counted = await createTestApp(dialect, { onQuery: (sql) => queries.push(sql) });
    try {
      const me = await counted.signUp();
      await counted.app.inject({ method: 'POST', url: '/api/tasks/add', headers: me.headers, payload: { title: 'x' } });
      queries.length = 0;
      await counted.app.inject({ method: 'GET', url: '/api/user', headers: me.headers });
      const authOnly = [...queries];
      for (const url of ['/api/tasks', '/api/tasks/shared', '/api/tasks/pending-shares']) {
        const etag = (await counted.app.inject({ method: 'GET', url, headers: me.headers })).headers.etag as string;
        queries.length = 0;
        const response = await counted.app.inject({ method: 'GET', url, headers: { ...me.headers, 'if-none-match': etag } });
        expect(response.statusCode, url).toBe(304);
        expect(queries, url).toEqual(authOnly);
      }
    } finally {
      await counted.close();
    }
  });

  test('lists are brotli or gzip compressed when asked, identical once decoded, and small ones go as they are', async () => {
    const me = await t.signUp();
    for (let i = 0; i < 12; i++) await addTask(me, { title: `Task ${i}`, description: description(i) });
    const plain = await call(me, 'GET', '/api/tasks');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(TasksResponse.parse(plain.json()).tasks).toHaveLength(12);
    for (const [header, encoding] of [
      // Brotli first (every browser takes it), gzip for who refuses brotli.
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['br', 'br'],
      ['gzip;q=0, br', 'br'],
      ['deflate', undefined],
      ['*', 'br'],
    ] as const) {
      // Twice: the first builds and stores the encoded body, the second is served from the cache.
      for (let round = 0; round < 2; round++) {
        const response = await t.app.inject({ method: 'GET', url: '/api/tasks', headers: { ...me.headers, 'accept-encoding': header } });
        expect(response.headers['content-encoding'], header).toBe(encoding);
        const decoded =
          encoding === 'br'
            ? zlib.brotliDecompressSync(response.rawPayload)
            : encoding === 'gzip'
              ? zlib.gunzipSync(response.rawPayload)
              : response.rawPayload;
        expect(decoded.toString('utf8'), header).toBe(plain.body);
        if (encoding) expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      }
    }
    const empty = await t.signUp();
    const small = await t.app.inject({ method: 'GET', url: '/api/tasks', headers: { ...empty.headers, 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ tasks: [] });
  });

  test('other JSON answers of the API are compressed too', async () => {
    const me = await t.signUp();
    const task = await addTask(me, { description: description(1) });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/task/${task.id}`,
      headers: { ...me.headers, 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(response.rawPayload).toString('utf8')).task.id).toBe(task.id);
  });

  test('the list JSON is what the task presenter gives, task by task', async () => {
    const me = await t.signUp();
    const friend = await t.signUp();
    const task = await addTask(me, { title: 'Presented', description: 'ünïcödé “quotes” \\ and \n lines', labels: ['x'] });
    await call(me, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [friend.user.email, 'nobody-yet@example.com'] });
    const listed = (await call(me, 'GET', '/api/tasks')).json().tasks[0];
    const detail = (await call(me, 'GET', `/api/task/${task.id}`)).json().task;
    delete detail.activity_logs;
    expect(listed).toEqual(detail);
  });

  test('no write ever leaves a stale list: after each kind of write every list equals an uncached read', async () => {
    const owner = await t.signUp({ name: 'Owner' });
    const friend = await t.signUp({ name: 'Friend' });
    const pending = await t.signUp({ name: 'Pending' });
    const inviteeEmail = `invitee-${Date.now()}@example.com`;
    const urls = [
      '/api/tasks',
      '/api/tasks?sort=priority&direction=asc',
      '/api/tasks?label=one',
      '/api/tasks?limit=2',
      '/api/tasks/shared',
      '/api/tasks/pending-shares',
    ];
    const seen = new Map<string, { etag: string; body: string }>();
    const users = [owner, friend, pending];

    /** Polls every list of every user with its last ETag; a 304 must mean the list is truly unchanged. */
    async function checkAll(step: string, expectChanged: Array<[SignedInUser, string]> = []) {
      for (const user of users) {
        for (const url of urls) {
          const key = `${user.user.id} ${url}`;
          const before = seen.get(key);
          const headers = { ...user.headers, ...(before ? { 'if-none-match': before.etag } : {}) };
          const response = await t.app.inject({ method: 'GET', url, headers });
          const expected = (await truth.inject({ method: 'GET', url, headers: user.headers })).body;
          if (response.statusCode === 304) {
            expect(before?.body, `${step}: ${key} answered 304 but changed`).toBe(expected);
          } else {
            expect(response.statusCode, `${step}: ${key}`).toBe(200);
            expect(response.body, `${step}: ${key}`).toBe(expected);
            seen.set(key, { etag: response.headers.etag as string, body: response.body });
          }
          if (before && expectChanged.some(([who, which]) => who === user && which === url))
            expect(response.statusCode, `${step}: ${key} should have changed`).toBe(200);
          // The gzip answer, stored or built apart from the identity one: once decoded it must be the same list.
          const gzipped = await t.app.inject({ method: 'GET', url, headers: { ...user.headers, 'accept-encoding': 'gzip' } });
          const decoded = gzipped.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(gzipped.rawPayload) : gzipped.rawPayload;
          expect(decoded.toString('utf8'), `${step}: ${key} (gzip)`).toBe(expected);
        }
      }
    }

    await checkAll('start');
    const a = await addTask(owner, { title: 'A', priority: 'high' });
    const b = await addTask(owner, { title: 'B', labels: ['one'] });
    await checkAll('create', [[owner, '/api/tasks']]);
    await call(owner, 'PUT', `/api/tasks/update/${a.id}`, { title: 'A renamed', labels: ['one', 'three'], priority: 'low' });
    await checkAll('update', [[owner, '/api/tasks?label=one']]);
    await call(owner, 'POST', `/api/tasks/${a.id}/share`, { email_ids: [friend.user.email, pending.user.email, inviteeEmail] });
    await checkAll('share', [
      [friend, '/api/tasks/pending-shares'],
      [pending, '/api/tasks/pending-shares'],
      [owner, '/api/tasks'],
    ]);
    await call(friend, 'POST', `/api/tasks/${a.id}/accept-share`);
    await checkAll('accept', [
      [friend, '/api/tasks/shared'],
      [friend, '/api/tasks/pending-shares'],
      [owner, '/api/tasks'],
      [pending, '/api/tasks/pending-shares'],
    ]);
    await call(friend, 'PUT', `/api/tasks/update/${a.id}`, { title: 'A edited by a collaborator', labels: ['one'] });
    await checkAll('collaborator edit', [
      [owner, '/api/tasks'],
      [friend, '/api/tasks/shared'],
    ]);
    await call(friend, 'PUT', `/api/tasks/complete/${a.id}`);
    await checkAll('complete', [[owner, '/api/tasks']]);
    await call(owner, 'PUT', `/api/tasks/uncomplete/${a.id}`);
    await checkAll('uncomplete', [[friend, '/api/tasks/shared']]);
    await call(friend, 'POST', '/api/tasks/comments/add', { task_id: a.id, content: 'A comment is not in any list' });
    await checkAll('comment');
    const invitee = await t.signUp({ name: 'Invitee', email: inviteeEmail });
    users.push(invitee);
    await checkAll('sign-up of an invited address', [[owner, '/api/tasks']]);
    expect((await call(invitee, 'GET', '/api/tasks/pending-shares')).json().pending_tasks.map((p: { id: number }) => p.id)).toEqual([a.id]);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/tasks/${a.id}/remove-share`,
      headers: owner.headers,
      payload: { user_id: friend.user.id },
    });
    await checkAll('remove share', [
      [friend, '/api/tasks/shared'],
      [owner, '/api/tasks'],
    ]);
    await call(owner, 'DELETE', `/api/tasks/delete/${a.id}`);
    await checkAll('delete', [
      [owner, '/api/tasks'],
      [pending, '/api/tasks/pending-shares'],
    ]);
    await call(owner, 'PUT', `/api/tasks/complete/${b.id}`);
    await checkAll('complete own', [[owner, '/api/tasks?label=one']]);
  });
});

describe.each(testDialects())('lists across two app processes on one %s database', (dialect) => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  let databases: Database[] = [];
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    // Two apps over two connections (pools) to one database, as two processes behind a load balancer.
    if (dialect === 'sqlite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-cache-'));
      databases = [openDatabase({ sqlitePath: path.join(dir, 'shared.db') }), openDatabase({ sqlitePath: path.join(dir, 'shared.db') })];
      await migrateToLatest(databases[0]!);
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    } else {
      const owned = await openTestDatabase('postgres');
      databases = [owned, openDatabase({ databaseUrl: owned.url! })];
      cleanup = () => owned.close();
    }
    first = await buildApp({ config: testEnv(), database: databases[0]!, logger: false });
    second = await buildApp({ config: testEnv(), database: databases[1]!, logger: false });
    await Promise.all([first.ready(), second.ready()]);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    if (dialect === 'sqlite') await databases[0]!.close();
    await databases[1]!.close();
    await cleanup();
  });

  async function signUp(app: FastifyInstance, name: string) {
    const email = `${name}-${Date.now()}@example.com`;
    const password = 'correct horse battery';
    await app.inject({ method: 'POST', url: '/api/user/register', payload: { name, email, password, password_confirmation: password } });
    // Shares reach an account once its address is proven by the mailed link.
    const token = await mailedLinkToken(databases[0]!.db, email, '/verify-email');
    await app.inject({ method: 'POST', url: '/api/user/email/verify', payload: { token } });
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
    return { id: login.json().user.id as number, email, headers: { authorization: `Bearer ${login.json().token.plainTextToken}` } };
  }

  test('a write through one process is seen by the other at once: no stale 304, no stale cached body', async () => {
    const owner = await signUp(first, 'owner');
    const friend = await signUp(first, 'friend');
    const created = await first.inject({ method: 'POST', url: '/api/tasks/add', headers: owner.headers, payload: { title: 'Before' } });
    const taskId = created.json().task.id as number;

    // The first process caches the list and the pending shares (body and rendered task).
    const list = await first.inject({ method: 'GET', url: '/api/tasks', headers: { ...owner.headers, 'accept-encoding': 'br' } });
    const etag = list.headers.etag as string;
    const pendingTag = (await first.inject({ method: 'GET', url: '/api/tasks/pending-shares', headers: friend.headers })).headers
      .etag as string;
    expect(
      (await first.inject({ method: 'GET', url: '/api/tasks', headers: { ...owner.headers, 'if-none-match': etag } })).statusCode,
    ).toBe(304);

    // The second process writes.
    await second.inject({ method: 'PUT', url: `/api/tasks/update/${taskId}`, headers: owner.headers, payload: { title: 'After' } });
    await second.inject({
      method: 'POST',
      url: `/api/tasks/${taskId}/share`,
      headers: owner.headers,
      payload: { email_ids: [friend.email] },
    });

    const poll = await first.inject({ method: 'GET', url: '/api/tasks', headers: { ...owner.headers, 'if-none-match': etag } });
    expect(poll.statusCode).toBe(200);
    const tasks = poll.json().tasks;
    expect(tasks[0].title).toBe('After');
    expect(tasks[0].shared_with.map((s: { email: string }) => s.email)).toEqual([friend.email]);
    const pending = await first.inject({
      method: 'GET',
      url: '/api/tasks/pending-shares',
      headers: { ...friend.headers, 'if-none-match': pendingTag },
    });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().pending_tasks[0].title).toBe('After');

    // And both processes agree on the new tag.
    const tagFirst = poll.headers.etag as string;
    expect(
      (await second.inject({ method: 'GET', url: '/api/tasks', headers: { ...owner.headers, 'if-none-match': tagFirst } })).statusCode,
    ).toBe(304);
  });
});
