import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SECURITY_HEADERS } from '../plugins/security-headers.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

describe.each(testDialects())('accounts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const register = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/user/register', payload: payload as object });

  test('a person registers, signs in and reads their own account with the token', async () => {
    const created = await register({
      name: 'Amira Haddad',
      email: 'Amira@Example.com',
      password: 'amber lantern sets sail',
      password_confirmation: 'amber lantern sets sail',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().user).toMatchObject({ name: 'Amira Haddad', email: 'amira@example.com' });
    expect(created.json().user).not.toHaveProperty('password_hash');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'AMIRA@example.com', password: 'amber lantern sets sail' },
    });
    expect(login.statusCode).toBe(200);
    const { user, token } = login.json();
    expect(user.email).toBe('amira@example.com');
    expect(token.plainTextToken).toMatch(/^\d+\|\S+$/);

    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token.plainTextToken}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toEqual(user);
  });

  test('only a hash of the token secret and an argon2id hash of the password are stored', async () => {
    const { token, user, password } = await t.signUp();
    const secret = token.split('|')[1]!;
    const row = await t.database.db
      .selectFrom('personal_access_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(secret);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const account = await t.database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(account.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(account.password_hash).not.toContain(password);
  });

  test('registration reports every bad field with Laravel-style messages', async () => {
    const response = await register({ name: '  ', email: 'not-an-email', password: 'short', password_confirmation: 'different' });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.errors.name).toEqual(['The name field is required.']);
    expect(body.errors.email).toEqual(['The email must be a valid email address.']);
    expect(body.errors.password[0]).toBe('The password must be at least 8 characters.');
    expect(typeof body.message).toBe('string');
  });

  test('a password that does not match its confirmation is refused', async () => {
    const response = await register({
      name: 'A',
      email: 'mismatch@example.com',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-2',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.password).toEqual(['The password field confirmation does not match.']);
  });

  test('missing fields are each named, also when no body is sent at all; a body that is not an object says so', async () => {
    const response = await register({});
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['email', 'name', 'password', 'password_confirmation']);
    expect(response.json().errors.password).toEqual(['The password field is required.']);

    const bodiless = await t.app.inject({ method: 'POST', url: '/api/user/register' });
    expect(bodiless.statusCode).toBe(422);
    expect(bodiless.json().message).toBe('The name field is required. (and 3 more errors)');
    expect(Object.keys(bodiless.json().errors).sort()).toEqual(['email', 'name', 'password', 'password_confirmation']);

    const list = await t.app.inject({ method: 'POST', url: '/api/user/register', payload: [1, 2] });
    expect(list.statusCode).toBe(422);
    expect(list.json()).toEqual({
      message: 'The request body must be a JSON object.',
      errors: { body: ['The request body must be a JSON object.'] },
    });
  });

  test('an e-mail can be registered once, whatever its case', async () => {
    await t.signUp({ email: 'taken@example.com' });
    const again = await register({
      name: 'B',
      email: 'TAKEN@Example.com',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(['The email has already been taken.']);
    const count = await t.database.db
      .selectFrom('users')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('email', '=', 'taken@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  test('wrong credentials get one message that does not reveal whether the e-mail exists', async () => {
    const { user } = await t.signUp();
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: user.email, password: 'nope-nope-nope' },
    });
    const unknownEmail = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'nobody@example.com', password: 'nope-nope-nope' },
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect(unknownEmail.statusCode).toBe(422);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().message).toBe('These credentials do not match our records.');
  });

  test('without a token, with a garbage token or an unknown token the API answers 401 Authentication required', async () => {
    for (const authorization of [undefined, 'Bearer', 'Bearer garbage', 'Bearer 999999|abc', 'Basic abc']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/user', headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Authentication required' });
    }
  });

  test('logout revokes the token it was called with', async () => {
    const { headers } = await t.signUp();
    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/user', headers });
    expect(after.statusCode).toBe(401);
  });

  test('a token stops working after TOKEN_TTL_DAYS', async () => {
    const { headers, user } = await t.signUp();
    await t.database.db
      .updateTable('personal_access_tokens')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', user.id)
      .execute();
    const response = await t.app.inject({ method: 'GET', url: '/api/user', headers });
    expect(response.statusCode).toBe(401);
  });
});

describe.each(testDialects())('request errors on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  test('an unknown API path is a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json().message).toContain('not found');
  });

  test('malformed JSON is a 400 with a message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  test('a JSON content type with an empty body is accepted as no body (clients send it on every call)', async () => {
    const { headers } = await t.signUp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });

  test('an oversized body is a 413', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/register', payload: { name: 'x'.repeat(400_000) } });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBeTruthy();
  });

  test('wrong JSON types are field errors, never a 500', async () => {
    for (const payload of [{ email: 5, password: [] }, { email: null, password: { a: 1 } }, [], 'x']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: payload as object });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(typeof response.json().message).toBe('string');
    }
  });

  test('responses carry a strict Content-Security-Policy without inline scripts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // The whole set, on errors and answers alike.
    for (const url of ['/api/nothing-here', '/api/openapi.json']) {
      const answer = await t.app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers[name], `${url} ${name}`).toBe(value);
    }
  });

  test('the OpenAPI document describes the account endpoints', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/user/register', '/api/user/login', '/api/user', '/api/user/logout']),
    );
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(docs.statusCode);
  });
});

describe('sign-in and sign-up rate limits', () => {
  test('repeated sign-ins for one e-mail get 429 with Retry-After', async () => {
    const t = await createTestApp('sqlite', { env: { RATE_LIMIT_LOGIN_PER_MINUTE: '3', RATE_LIMIT_SIGNUP_PER_HOUR: '2' } });
    try {
      const attempt = () =>
        t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'x@example.com', password: 'whatever-1' } });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await attempt()).statusCode);
      expect(statuses).toEqual([422, 422, 422, 429]);
      const limited = await attempt();
      expect(limited.headers['retry-after']).toBeDefined();
      expect(limited.json().message).toMatch(/Too many attempts/);
      // Another account from the same address is not locked out.
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: 'y@example.com', password: 'whatever-1' },
      });
      expect(other.statusCode).toBe(422);

      // Only failures count, and a success clears them: signing in right never runs into the limit.
      const account = { name: 'Right', email: 'right@example.com', password: 'long-enough-1', password_confirmation: 'long-enough-1' };
      expect((await t.app.inject({ method: 'POST', url: '/api/user/register', payload: account })).statusCode).toBe(201);
      const signIn = (password: string) =>
        t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: account.email, password } });
      const rights = [];
      for (let i = 0; i < 5; i++) rights.push((await signIn(account.password)).statusCode);
      expect(rights).toEqual([200, 200, 200, 200, 200]);
      const mixed = [];
      for (const password of ['wrong-1', 'wrong-2', account.password, 'wrong-3', 'wrong-4', account.password]) {
        mixed.push((await signIn(password)).statusCode);
      }
      expect(mixed).toEqual([422, 422, 200, 422, 422, 200]);

      const signUp = (i: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/register',
          payload: { name: 'N', email: `s${i}@example.com`, password: 'long-enough-1', password_confirmation: 'long-enough-1' },
        });
      // The account above was the first of the two sign-ups this address may make.
      expect((await signUp(1)).statusCode).toBe(201);
      const third = await signUp(2);
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await t.close();
    }
  });
});
