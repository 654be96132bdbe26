import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { passwordHasher } from '../services/password-hasher.ts';
import { PERSONAL_PASSWORD_MESSAGE, WEAK_PASSWORD_MESSAGE } from '../services/password-policy.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

/** Issue 18: findings b (TRUST_PROXY), c (sign-in floods) and password strength, through the API. */

const PROXY = '10.0.0.2';
const login = (t: TestApp, email: string, options: { from?: string; forwardedFor?: string; password?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password: options.password ?? 'not the password' },
    remoteAddress: options.from ?? PROXY,
    headers: options.forwardedFor === undefined ? {} : { 'x-forwarded-for': options.forwardedFor },
  });
const register = (t: TestApp, payload: Record<string, unknown>, from?: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/register', payload, ...(from ? { remoteAddress: from } : {}) });

describe('TRUST_PROXY configuration', () => {
  test('`true` is refused at start with one line that says what to give instead', () => {
    for (const value of ['true', 'TRUE']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /^Invalid configuration: TRUST_PROXY must be the number of proxies in front of the server \(e\.g\. 1\) or their addresses/,
      );
    }
    for (const value of ['11', '-1', '1.5', 'proxy.example', '10.0.0.0/33', '10.0.0.1,,10.0.0.2']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/^Invalid configuration: TRUST_PROXY /);
    }
  });

  test('unset, empty, false and 0 trust no proxy; a count or addresses are accepted', () => {
    for (const value of [undefined, '', 'false', '0']) expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(false);
    expect(typeof loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe('function');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.2',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
  });
});

describe.each(testDialects())('sign-in limits behind proxies on %s', (dialect) => {
  const apps: TestApp[] = [];
  const appWith = async (env: Record<string, string>) => {
    const t = await createTestApp(dialect, { env: { RATE_LIMIT_LOGIN_PER_MINUTE: '3', ...env } });
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  test('TRUST_PROXY=1: rotating the X-Forwarded-For a client writes itself no longer escapes the limit', async () => {
    const t = await appWith({ TRUST_PROXY: '1' });
    const statuses = [];
    // The proxy appends the address it saw; everything left of it is the client's own invention.
    for (let i = 0; i < 5; i++) {
      const response = await login(t, 'victim@example.com', { forwardedFor: `203.0.113.${i}, 198.51.100.7` });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 429, 429]);
    // The right-most address is the client: another client behind the same proxy is not limited.
    expect((await login(t, 'victim@example.com', { forwardedFor: '198.51.100.8' })).statusCode).toBe(422);
  });

  test('TRUST_PROXY=2: the address two hops from the socket is the client, whatever is left of it', async () => {
    const t = await appWith({ TRUST_PROXY: '2' });
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await login(t, 'victim@example.com', { forwardedFor: `192.0.2.${i}, 198.51.100.7, 10.0.0.9` });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 429]);
    expect((await login(t, 'victim@example.com', { forwardedFor: '192.0.2.1, 198.51.100.9, 10.0.0.9' })).statusCode).toBe(422);
  });

  test('TRUST_PROXY as addresses: only the listed proxy is believed; a client that connects directly is itself', async () => {
    const t = await appWith({ TRUST_PROXY: `${PROXY},10.1.0.0/16` });
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      // Two trusted hops (the edge proxy in 10.1/16, then PROXY), then the client.
      const response = await login(t, 'victim@example.com', { forwardedFor: `192.0.2.${i}, 198.51.100.7, 10.1.3.4` });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 429]);
    // A direct client's own X-Forwarded-For is ignored, so rotating it does not help either.
    const direct = [];
    for (let i = 0; i < 4; i++) {
      const response = await login(t, 'victim@example.com', { from: '203.0.113.50', forwardedFor: `192.0.2.${i}` });
      direct.push(response.statusCode);
    }
    expect(direct).toEqual([422, 422, 422, 429]);
  });

  test('without TRUST_PROXY the header is ignored and the socket address counts', async () => {
    const t = await appWith({});
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await login(t, 'victim@example.com', { forwardedFor: `192.0.2.${i}` })).statusCode);
    expect(statuses).toEqual([422, 422, 422, 429]);
  });
});

describe.each(testDialects())('sign-in floods on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // Per e-mail 2 failures a minute, so per address (5x) 10 across e-mails.
    t = await createTestApp(dialect, { env: { RATE_LIMIT_LOGIN_PER_MINUTE: '2' } });
  });
  afterAll(() => t.close());

  test('failures are counted per address across e-mails too, not only per address and e-mail', async () => {
    const sprayer = '203.0.113.10';
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(t, `unknown-${i}@example.com`, { from: sprayer })).statusCode);
    expect(statuses).toEqual(Array(10).fill(422));
    const limited = await login(t, 'unknown-10@example.com', { from: sprayer });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds\.$/) });
    // Another address is not affected.
    expect((await login(t, 'unknown-10@example.com', { from: '203.0.113.11' })).statusCode).toBe(422);
  });

  test('a household behind one address: whoever signed in there before is not locked out by another’s failures', async () => {
    const home = '198.51.100.20';
    const resident = await t.signUp();
    // The resident signs in from home (and again: successes never count).
    for (let i = 0; i < 3; i++)
      expect((await login(t, resident.user.email, { from: home, password: resident.password })).statusCode).toBe(200);
    // Someone else at the same address tries many accounts until the address is limited.
    for (let i = 0; i < 10; i++) await login(t, `guess-${i}@example.com`, { from: home });
    expect((await login(t, 'guess-10@example.com', { from: home })).statusCode).toBe(429);
    // The resident still gets in, and a wrong password of theirs is still only a wrong password.
    expect((await login(t, resident.user.email, { from: home, password: resident.password })).statusCode).toBe(200);
    expect((await login(t, resident.user.email, { from: home })).statusCode).toBe(422);
    expect((await login(t, resident.user.email, { from: home, password: resident.password })).statusCode).toBe(200);
  });

  test('when the password-hashing queue is full, sign-in and sign-up get 429 with Retry-After at once', async () => {
    const { concurrency, maxWaiting, maxWaitingPerClient } = passwordHasher.limits;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Hold every slot and fill the waiting room, each client within its share.
    const held = Array.from({ length: concurrency + maxWaiting }, (_, i) =>
      passwordHasher.run(() => gate, `holder-${Math.floor(i / maxWaitingPerClient)}`),
    );
    try {
      expect(passwordHasher.load()).toEqual({ running: concurrency, waiting: maxWaiting });
      const refused = await login(t, 'someone@example.com', { from: '192.0.2.77' });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toEqual({ message: 'Too many requests. Please slow down.' });
      const signUp = await register(
        t,
        {
          name: 'Queued',
          email: 'queued@example.com',
          password: 'plum orchard 4711 violet',
          password_confirmation: 'plum orchard 4711 violet',
        },
        '192.0.2.77',
      );
      expect(signUp.statusCode).toBe(429);
      expect(signUp.headers['retry-after']).toBe('1');
    } finally {
      release();
      await Promise.all(held);
    }
    // Refusals for lack of room are not failed guesses; once there is room, the same calls go through.
    expect((await login(t, 'someone@example.com', { from: '192.0.2.77' })).statusCode).toBe(422);
    const later = await register(
      t,
      {
        name: 'Queued',
        email: 'queued@example.com',
        password: 'plum orchard 4711 violet',
        password_confirmation: 'plum orchard 4711 violet',
      },
      '192.0.2.77',
    );
    expect(later.statusCode).toBe(201);
  });

  test('one client’s burst of sign-ins takes only its share of the queue; another client still gets a turn', async () => {
    const { concurrency, maxWaitingPerClient } = passwordHasher.limits;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = Array.from({ length: concurrency }, () => passwordHasher.run(() => gate, 'holder'));
    const burst = Array.from({ length: maxWaitingPerClient + 1 }, (_, i) => login(t, `burst-${i}@example.com`, { from: '203.0.113.66' }));
    let other: ReturnType<typeof login> | undefined;
    try {
      // All but one of the burst wait; the last one is turned away at once.
      await vi.waitFor(() => expect(passwordHasher.load().waiting).toBe(maxWaitingPerClient), { timeout: 5_000 });
      other = login(t, 'bystander@example.com', { from: '198.51.100.66' });
      await vi.waitFor(() => expect(passwordHasher.load().waiting).toBe(maxWaitingPerClient + 1), { timeout: 5_000 });
    } finally {
      release();
      await Promise.all(held);
    }
    const statuses = (await Promise.all(burst)).map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(maxWaitingPerClient).fill(422), 429]);
    expect((await other!).statusCode).toBe(422);
  });
});

describe.each(testDialects())('password strength on sign-up on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const account = (password: string, extra: Record<string, unknown> = {}) => ({
    name: 'Amira Haddad',
    email: `amira-${Math.random().toString(36).slice(2)}@example.com`,
    password,
    password_confirmation: password,
    ...extra,
  });

  test.each(['password    ', 'password123', 'pass-word-123', 'P4ssw0rd!'])('“%s” is refused with a field error', async (password) => {
    const response = await register(t, account(password));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: WEAK_PASSWORD_MESSAGE, errors: { password: [WEAK_PASSWORD_MESSAGE] } });
  });

  test('a password built on the person’s own name or e-mail address is refused; the same one is fine for someone else', async () => {
    const mine = await register(t, account('haddad amira 1990'));
    expect(mine.statusCode).toBe(422);
    expect(mine.json().errors).toEqual({ password: [PERSONAL_PASSWORD_MESSAGE] });
    const byEmail = await register(t, account('xylo.quartz77', { name: 'X', email: 'xylo.quartz77@example.com' }));
    expect(byEmail.json().errors).toEqual({ password: [PERSONAL_PASSWORD_MESSAGE] });
    const someoneElse = await register(t, account('haddad amira 1990', { name: 'Bob Stone', email: 'bob.stone@example.com' }));
    expect(someoneElse.statusCode).toBe(201);
  });

  test('strength is reported together with the other field errors, in the form’s order', async () => {
    const existing = await t.signUp();
    const response = await register(t, {
      name: '  ',
      email: existing.user.email,
      password: 'password123',
      password_confirmation: 'password123',
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(Object.keys(body.errors)).toEqual(['name', 'email', 'password']);
    expect(body.errors.email).toEqual(['The email has already been taken.']);
    expect(body.errors.password).toEqual([WEAK_PASSWORD_MESSAGE]);
    expect(body.message).toBe('The name field is required. (and 2 more errors)');
    // A valid name and a taken e-mail: the weak password is named with it, not only once the e-mail is fixed.
    const taken = await register(t, {
      name: 'B',
      email: existing.user.email,
      password: 'password123',
      password_confirmation: 'password123',
    });
    expect(Object.keys(taken.json().errors)).toEqual(['email', 'password']);
    // The schema's own rules come first: a short or unconfirmed password gets only their message.
    const short = await register(t, account('pass'));
    expect(short.json().errors.password).toEqual(['The password must be at least 8 characters.']);
    const mismatch = await register(t, account('password123', { password_confirmation: 'password124' }));
    expect(mismatch.json().errors.password).toEqual(['The password field confirmation does not match.']);
  });

  test('the tests’ default password and a passphrase are accepted, and nothing is written for a refused one', async () => {
    await expect(t.signUp()).resolves.toMatchObject({ password: 'correct horse battery' });
    const email = 'refused-weak@example.com';
    await register(t, account('password123', { email }));
    const row = await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
