import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';
import { INVALID_LINK } from '../services/account.service.ts';

const CHANGED = 'quiet lantern 58 harbour';
const FROM_LINK = 'plum orchard 4711 violet';

describe.each(testDialects())('a password change and the reset links sent before it on %s (issue 18 §2)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (user: SignedInUser | null, method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: user ? user.headers : {}, payload });
  const askForLink = async (email: string) => {
    expect((await call(null, 'POST', '/api/user/forgot-password', { email })).statusCode).toBe(200);
    return (await t.mailedLinkToken(email, '/reset-password'))!;
  };
  const resetWith = (token: string, password: string) =>
    call(null, 'POST', '/api/user/reset-password', { token, password, password_confirmation: password });
  const signInStatus = async (email: string, password: string) =>
    (await call(null, 'POST', '/api/user/login', { email, password })).statusCode;

  test('changing the password in settings cancels an unused reset link: it answers as an invalid link and sets nothing', async () => {
    const user = await t.signUp();
    // Someone who read the mailbox (or an old mail) holds a link from before the change.
    const before = await askForLink(user.user.email);

    const changed = await call(user, 'PUT', '/api/user/password', {
      current_password: user.password,
      password: CHANGED,
      password_confirmation: CHANGED,
    });
    expect(changed.statusCode).toBe(200);

    const stale = await resetWith(before, FROM_LINK);
    expect(stale.statusCode).toBe(422);
    expect(stale.json().errors).toEqual({ token: [INVALID_LINK] });
    expect(await signInStatus(user.user.email, FROM_LINK)).toBe(422);
    expect(await signInStatus(user.user.email, CHANGED)).toBe(200);
    // The session that changed the password stays signed in.
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: user.headers })).statusCode).toBe(200);

    // A link asked for after the change works as usual.
    const after = await askForLink(user.user.email);
    expect((await resetWith(after, FROM_LINK)).statusCode).toBe(200);
    expect(await signInStatus(user.user.email, FROM_LINK)).toBe(200);
  });

  test('a refused change (wrong current password, weak new one) leaves the reset link usable', async () => {
    const user = await t.signUp();
    const link = await askForLink(user.user.email);
    const wrong = await call(user, 'PUT', '/api/user/password', {
      current_password: 'not the password',
      password: CHANGED,
      password_confirmation: CHANGED,
    });
    expect(wrong.statusCode).toBe(422);
    const weak = await call(user, 'PUT', '/api/user/password', {
      current_password: user.password,
      password: 'password   ',
      password_confirmation: 'password   ',
    });
    expect(weak.statusCode).toBe(422);

    expect((await resetWith(link, FROM_LINK)).statusCode).toBe(200);
    expect(await signInStatus(user.user.email, FROM_LINK)).toBe(200);
  });
});
