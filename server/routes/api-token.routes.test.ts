import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testClock } from '../../tests/support/test-clock.ts';
import { testDialects } from '../../tests/support/test-database.ts';

/** Issue 25: personal API tokens through the HTTP API, on both databases. */
describe.each(testDialects())('API tokens on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock('2026-11-28T08:00:00.000Z');
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
  });
  afterAll(() => t.close());

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const call = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const make = async (me: SignedInUser, name: string, scope: 'read' | 'write') => {
    const response = await call(me.headers, 'POST', '/api/user/api-tokens', { name, scope });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as {
      message: string;
      token: string;
      api_token: { id: number; name: string; scope: string; last_used_at: string | null };
    };
  };

  test('made by a session, shown once, stored hashed, listed without its secret, revoked', async () => {
    const me = await t.signUp();
    const made = await make(me, '  Backup script  ', 'read');
    expect(made.message).toBe('API token made. Copy it now: it is not shown again.');
    expect(made.token).toMatch(/^\d+\|[A-Za-z0-9_-]{40}$/);
    expect(made.api_token).toEqual({
      id: Number(made.token.split('|')[0]),
      name: 'Backup script',
      scope: 'read',
      created_at: clock.nowIso(),
      last_used_at: null,
    });
    const row = await t.database.db
      .selectFrom('personal_access_tokens')
      .selectAll()
      .where('id', '=', made.api_token.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(made.token.split('|')[1]!).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.token.split('|')[1]);

    // Used: the list says when, and never gives the secret again. Not a session either.
    clock.set('2026-11-28T09:00:00.000Z');
    expect((await call(as(made.token), 'GET', '/api/tasks')).statusCode).toBe(200);
    const listed = (await call(me.headers, 'GET', '/api/user/api-tokens')).json().tokens;
    expect(listed).toEqual([{ ...made.api_token, last_used_at: '2026-11-28T09:00:00.000Z' }]);
    expect(JSON.stringify(listed)).not.toContain(made.token.split('|')[1]);
    const sessions = (await call(me.headers, 'GET', '/api/user/sessions')).json().sessions as Array<{ id: number }>;
    expect(sessions.map((session) => session.id)).not.toContain(made.api_token.id);

    // Revoked: it opens nothing, and a second revoke (or someone else's) is the same 404.
    const other = await t.signUp();
    expect((await call(other.headers, 'DELETE', `/api/user/api-tokens/${made.api_token.id}`)).statusCode).toBe(404);
    expect((await call(me.headers, 'DELETE', `/api/user/api-tokens/${made.api_token.id}`)).json()).toEqual({
      message: 'API token revoked',
    });
    expect((await call(as(made.token), 'GET', '/api/tasks')).statusCode).toBe(401);
    expect((await call(me.headers, 'DELETE', `/api/user/api-tokens/${made.api_token.id}`)).json()).toEqual({
      message: 'This API token has already been revoked.',
    });
  });

  test('a read token only reads; a write token writes; neither manages how the account signs in', async () => {
    const me = await t.signUp();
    const reader = (await make(me, 'Dashboard screen', 'read')).token;
    const writer = (await make(me, 'Zapier', 'write')).token;
    expect((await call(as(reader), 'GET', '/api/tasks')).statusCode).toBe(200);
    const refused = await call(as(reader), 'POST', '/api/tasks/add', { title: 'From a read token' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'This API token can only read. Make one that may read and write in Settings.' });
    const added = await call(as(writer), 'POST', '/api/tasks/add', { title: 'From a script' });
    expect(added.statusCode).toBe(201);
    expect((await call(as(writer), 'PUT', `/api/tasks/complete/${added.json().task.id}`)).statusCode).toBe(200);

    for (const [method, url, payload] of [
      ['GET', '/api/user/api-tokens'],
      ['POST', '/api/user/api-tokens', { name: 'Another', scope: 'write' }],
      ['GET', '/api/user/sessions'],
      ['POST', '/api/user/sessions/sign-out-everywhere'],
      [
        'PUT',
        '/api/user/password',
        { current_password: me.password, password: 'a new long passphrase', password_confirmation: 'a new long passphrase' },
      ],
      ['POST', '/api/user/email', { email: 'taken-over@example.com', password: me.password }],
      ['DELETE', '/api/user', { password: me.password }],
    ] as const) {
      const response = await call(as(writer), method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ message: 'An API token cannot do this. Sign in to Taskaty to do it.' });
    }
    // Nothing of it happened: the account and its sign-ins are as they were.
    expect((await call(me.headers, 'GET', '/api/user')).statusCode).toBe(200);
    expect((await call(me.headers, 'GET', '/api/user/api-tokens')).json().tokens).toHaveLength(2);
  });

  test('bad input gets a clear error, and a person has at most 20', async () => {
    const me = await t.signUp();
    for (const [payload, field, message] of [
      [{ scope: 'read' }, 'name', 'The name field is required.'],
      [{ name: '   ', scope: 'read' }, 'name', 'The name field is required.'],
      [{ name: 'x'.repeat(101), scope: 'read' }, 'name', 'The name must not be greater than 100 characters.'],
      [{ name: 'Admin', scope: 'admin' }, 'scope', 'The scope must be read or write.'],
    ] as const) {
      const response = await call(me.headers, 'POST', '/api/user/api-tokens', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    expect((await call(me.headers, 'DELETE', '/api/user/api-tokens/99999999999')).statusCode).toBe(404);
    for (let n = 0; n < 20; n += 1) await make(me, `Token ${n}`, 'read');
    const over = await call(me.headers, 'POST', '/api/user/api-tokens', { name: 'One more', scope: 'read' });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.name).toEqual(['You can have at most 20 API tokens. Revoke one you no longer use.']);
  });

  test('the OpenAPI document describes them', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/user/api-tokens', '/api/user/api-tokens/{id}']));
    expect(document.paths['/api/user/api-tokens'].post.description).toContain('Authorization: Bearer');
  });
});
