import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Clock } from '../clock.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';
import { FORGOT_PASSWORD_ANSWER } from './account.routes.ts';

/** A clock the tests move forward (link expiry). */
function movableClock() {
  let offsetMs = 0;
  const clock: Clock & { advance(ms: number): void } = {
    now: () => new Date(Date.now() + offsetMs),
    nowIso: () => new Date(Date.now() + offsetMs).toISOString(),
    advance: (ms) => void (offsetMs += ms),
  };
  return clock;
}

const HOUR = 3_600_000;

describe.each(testDialects())('verified e-mail, invitations and recovery on %s', (dialect) => {
  let t: TestApp;
  const clock = movableClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
  });
  afterAll(() => t.close());

  let counter = 0;
  const uniqueEmail = (name: string) => `${name}-${++counter}-${Date.now()}@corp.example`;
  const call = (user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...(user ? user.headers : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const addTask = async (user: SignedInUser, title = 'Board pack') =>
    (await call(user, 'POST', '/api/tasks/add', { title, description: 'Salaries of **everyone**', labels: ['confidential'] })).json()
      .task as { id: number };
  const mailsTo = (email: string) =>
    t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('id').execute();
  const pendingIds = async (user: SignedInUser) =>
    (await call(user, 'GET', '/api/tasks/pending-shares')).json().pending_tasks.map((task: { id: number }) => task.id);

  test('sign-up signs in at once and mails a verification link in the language of the sign-up', async () => {
    const email = uniqueEmail('amal');
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'accept-language': 'ar' },
      payload: { name: 'Amal', email, password: 'a long unguessable phrase 91', password_confirmation: 'a long unguessable phrase 91' },
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ message: 'Account created successfully! You can now sign in.' });
    expect(registered.json().user.email_verified_at).toBeNull();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: 'a long unguessable phrase 91' },
    });
    expect(login.statusCode).toBe(200);

    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe('أكِّد عنوان بريدك الإلكتروني في Taskaty');
    expect(mail!.html_body).toContain('dir="rtl"');
    expect(mail!.text_body).toMatch(/\/verify-email\?token=[A-Za-z0-9_-]{43}\n/);
    // Only the link's hash is stored.
    const token = (await t.mailedLinkToken(email, '/verify-email'))!;
    const stored = await t.database.db.selectFrom('account_links').selectAll().where('email', '=', email).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    const verified = await call(null, 'POST', '/api/user/email/verify', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.email_verified_at).toEqual(expect.any(String));
    const me = await call(
      { headers: { authorization: `Bearer ${login.json().token.plainTextToken}` } } as SignedInUser,
      'GET',
      '/api/user',
    );
    expect(me.json().user.email_verified_at).toEqual(verified.json().user.email_verified_at);
  });

  test('a share to an address whose owner has not proven it stays an invitation: not listed, not acceptable, nothing leaks', async () => {
    const owner = await t.signUp({ name: 'Olivia Owner' });
    const task = await addTask(owner);
    const ceo = uniqueEmail('ceo');
    await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [ceo, uniqueEmail('cfo')] });

    // Someone registers the invited address without owning the mailbox.
    const squatter = await t.signUp({ email: ceo, verified: false });
    expect(await pendingIds(squatter)).toEqual([]);
    expect((await call(squatter, 'POST', `/api/tasks/${task.id}/accept-share`)).statusCode).toBe(404);
    expect((await call(squatter, 'GET', `/api/task/${task.id}`)).statusCode).toBe(404);
    expect((await call(squatter, 'GET', `/api/tasks/${task.id}/comments`)).statusCode).toBe(404);
    expect((await call(squatter, 'GET', `/api/tasks/${task.id}/pdf`)).statusCode).toBe(404);
    // A later share to the address does not attach either.
    const later = await addTask(owner, 'Later plan');
    await call(owner, 'POST', `/api/tasks/${later.id}/share`, { email_ids: [ceo] });
    expect(await pendingIds(squatter)).toEqual([]);
    const detail = (await call(owner, 'GET', `/api/task/${later.id}`)).json().task;
    expect(detail.shared_with).toEqual([{ id: null, name: ceo, email: ceo, user_photo: null, pivot: { status: 'pending' } }]);

    // The mailbox's owner proves it: both shares arrive.
    const token = (await t.mailedLinkToken(ceo, '/verify-email'))!;
    expect((await call(null, 'POST', '/api/user/email/verify', { token })).statusCode).toBe(200);
    expect((await pendingIds(squatter)).sort()).toEqual([task.id, later.id].sort());
    expect((await call(squatter, 'POST', `/api/tasks/${task.id}/accept-share`)).statusCode).toBe(200);
  });

  test('a verification link works once, only within 24 hours, and only for the address it was sent to', async () => {
    const user = await t.signUp({ verified: false });
    const token = (await t.mailedLinkToken(user.user.email, '/verify-email'))!;
    clock.advance(24 * HOUR + 1000);
    try {
      const expired = await call(null, 'POST', '/api/user/email/verify', { token });
      expect(expired.statusCode).toBe(422);
      expect(expired.json()).toEqual({
        message: 'This link is invalid or has expired.',
        errors: { token: ['This link is invalid or has expired.'] },
      });
    } finally {
      clock.advance(-(24 * HOUR + 1000));
    }
    expect((await call(null, 'POST', '/api/user/email/verify', { token })).statusCode).toBe(200);
    expect((await call(null, 'POST', '/api/user/email/verify', { token })).statusCode).toBe(422);
    for (const bad of ['', 'x'.repeat(43), 'not a token!', 'a'.repeat(500), 42]) {
      const answer = await call(null, 'POST', '/api/user/email/verify', { token: bad });
      expect(answer.statusCode, String(bad)).toBe(422);
    }
    expect((await call(null, 'POST', '/api/user/email/verify', {})).json().errors.token).toEqual(['The token field is required.']);
  });

  test('resend: a new link replaces the old one, refused once verified, and limited per hour', async () => {
    const user = await t.signUp({ verified: false });
    const first = (await t.mailedLinkToken(user.user.email, '/verify-email'))!;
    const resent = await call(user, 'POST', '/api/user/email/resend');
    expect(resent.statusCode).toBe(200);
    const second = (await t.mailedLinkToken(user.user.email, '/verify-email'))!;
    expect(second).not.toBe(first);
    expect((await call(null, 'POST', '/api/user/email/verify', { token: first })).statusCode).toBe(422);
    // Three verification mails an hour per address: sign-up, and two more.
    expect((await call(user, 'POST', '/api/user/email/resend')).statusCode).toBe(200);
    const limited = await call(user, 'POST', '/api/user/email/resend');
    expect(limited.statusCode).toBe(429);
    expect((await mailsTo(user.user.email)).length).toBe(3);
    expect((await call(null, 'POST', '/api/user/email/resend')).statusCode).toBe(401);

    const latest = (await t.mailedLinkToken(user.user.email, '/verify-email'))!;
    expect((await call(null, 'POST', '/api/user/email/verify', { token: latest })).statusCode).toBe(200);
    const done = await call(user, 'POST', '/api/user/email/resend');
    expect(done.statusCode).toBe(422);
    expect(done.json().message).toBe('Your e-mail address is already verified.');
  });

  test('following the invitation link proves the mailbox of the account with that address, and of no other', async () => {
    const owner = await t.signUp();
    const task = await addTask(owner);
    const invited = uniqueEmail('invitee');
    await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [invited] });
    const token = (await t.mailedLinkToken(invited, '/invitation'))!;
    expect(token).toBeTruthy();

    const stranger = await t.signUp();
    const refused = await call(stranger, 'POST', '/api/invitations/claim', { token });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.token).toEqual([
      'This invitation was sent to another e-mail address. Sign in with that address to see it.',
    ]);
    expect(await pendingIds(stranger)).toEqual([]);
    expect((await call(null, 'POST', '/api/invitations/claim', { token })).statusCode).toBe(401);

    const invitee = await t.signUp({ email: invited, verified: false });
    expect(await pendingIds(invitee)).toEqual([]);
    const claimed = await call(invitee, 'POST', '/api/invitations/claim', { token });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().user.email_verified_at).toEqual(expect.any(String));
    expect(await pendingIds(invitee)).toEqual([task.id]);
    // Opening the mail twice is harmless.
    expect((await call(invitee, 'POST', '/api/invitations/claim', { token })).statusCode).toBe(200);
    expect((await call(invitee, 'POST', '/api/invitations/claim', { token: 'A'.repeat(43) })).statusCode).toBe(422);
  });

  test('invitation e-mails to one address are limited per hour; the shares are still made', async () => {
    const owner = await t.signUp();
    const victim = uniqueEmail('victim');
    for (let i = 0; i < 7; i += 1) {
      const task = await addTask(owner, `Spam ${i}`);
      expect((await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [victim] })).statusCode).toBe(200);
    }
    expect(await mailsTo(victim)).toHaveLength(5);
    const person = await t.signUp({ email: victim });
    expect(await pendingIds(person)).toHaveLength(7);
  });

  test('forgot password answers the same for every address and mails a one-hour, single-use link to a real account', async () => {
    const user = await t.signUp({ name: 'Rosa Reset' });
    const unknown = uniqueEmail('nobody');
    const forUnknown = await call(null, 'POST', '/api/user/forgot-password', { email: unknown });
    const forKnown = await call(
      null,
      'POST',
      '/api/user/forgot-password',
      { email: ` ${user.user.email.toUpperCase()} ` },
      { 'accept-language': 'de' },
    );
    expect(forUnknown.statusCode).toBe(200);
    expect(forKnown.statusCode).toBe(200);
    expect(forUnknown.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(forKnown.json()).toEqual(forUnknown.json());
    expect(await mailsTo(unknown)).toEqual([]);
    const resetMail = (await mailsTo(user.user.email)).at(-1)!;
    // The account chose no language, so the one the request asked in.
    expect(resetMail.subject).toBe('Setze dein Taskaty-Passwort zurück');
    expect((await call(null, 'POST', '/api/user/forgot-password', { email: 'not-an-address' })).statusCode).toBe(422);

    const token = (await t.mailedLinkToken(user.user.email, '/reset-password'))!;
    const mismatch = await call(null, 'POST', '/api/user/reset-password', {
      token,
      password: 'plum orchard 4711 violet',
      password_confirmation: 'other',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password).toEqual(['The password field confirmation does not match.']);

    const secondSession = await call(null, 'POST', '/api/user/login', { email: user.user.email, password: user.password });
    const newPassword = 'plum orchard 4711 violet';
    const reset = await call(null, 'POST', '/api/user/reset-password', {
      token,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    // Every session is signed out; the old password no longer works, the new one does.
    expect((await call(user, 'GET', '/api/user')).statusCode).toBe(401);
    const other = { headers: { authorization: `Bearer ${secondSession.json().token.plainTextToken}` } } as SignedInUser;
    expect((await call(other, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/user/login', { email: user.user.email, password: user.password })).statusCode).toBe(422);
    expect((await call(null, 'POST', '/api/user/login', { email: user.user.email, password: newPassword })).statusCode).toBe(200);
    // Single use.
    const again = await call(null, 'POST', '/api/user/reset-password', {
      token,
      password: 'another fine phrase 22',
      password_confirmation: 'another fine phrase 22',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual(['This link is invalid or has expired.']);
  });

  test('a weak new password on reset is a field error and leaves the link usable', async () => {
    const user = await t.signUp({ name: 'Wanda Weak' });
    await call(null, 'POST', '/api/user/forgot-password', { email: user.user.email });
    const token = (await t.mailedLinkToken(user.user.email, '/reset-password'))!;
    for (const weak of ['password   ', 'password123', 'wanda weak 1']) {
      const refused = await call(null, 'POST', '/api/user/reset-password', { token, password: weak, password_confirmation: weak });
      expect(refused.statusCode, weak).toBe(422);
      expect(refused.json().errors.password, weak).toHaveLength(1);
    }
    expect((await call(user, 'GET', '/api/user')).statusCode).toBe(200);
    const strong = 'plum orchard 4711 violet';
    expect(
      (await call(null, 'POST', '/api/user/reset-password', { token, password: strong, password_confirmation: strong })).statusCode,
    ).toBe(200);
  });

  test('a reset link expires after an hour, and proves the address of an account that had not verified it', async () => {
    const user = await t.signUp({ verified: false });
    await call(null, 'POST', '/api/user/forgot-password', { email: user.user.email });
    const stale = (await t.mailedLinkToken(user.user.email, '/reset-password'))!;
    clock.advance(HOUR + 1000);
    try {
      const expired = await call(null, 'POST', '/api/user/reset-password', {
        token: stale,
        password: 'plum orchard 4711 violet',
        password_confirmation: 'plum orchard 4711 violet',
      });
      expect(expired.statusCode).toBe(422);
      await call(null, 'POST', '/api/user/forgot-password', { email: user.user.email });
      const fresh = (await t.mailedLinkToken(user.user.email, '/reset-password'))!;
      const done = await call(null, 'POST', '/api/user/reset-password', {
        token: fresh,
        password: 'plum orchard 4711 violet',
        password_confirmation: 'plum orchard 4711 violet',
      });
      expect(done.statusCode).toBe(200);
    } finally {
      clock.advance(-(HOUR + 1000));
    }
    const row = await t.database.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();
  });

  test('a recipient declines a pending share or leaves an accepted one; the owner sees it in the activity', async () => {
    const owner = await t.signUp();
    const friend = await t.signUp();
    const stranger = await t.signUp();
    const first = await addTask(owner, 'First');
    const second = await addTask(owner, 'Second');
    for (const task of [first, second]) await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [friend.user.email] });

    expect((await call(stranger, 'POST', `/api/tasks/${first.id}/decline-share`)).statusCode).toBe(404);
    expect((await call(owner, 'POST', `/api/tasks/${first.id}/decline-share`)).statusCode).toBe(404);
    expect((await call(friend, 'POST', `/api/tasks/999999/decline-share`)).statusCode).toBe(404);
    const notYet = await call(friend, 'POST', `/api/tasks/${first.id}/leave-share`);
    expect(notYet.statusCode).toBe(422);

    const declined = await call(friend, 'POST', `/api/tasks/${first.id}/decline-share`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ message: 'Share declined' });
    expect(await pendingIds(friend)).toEqual([second.id]);
    const firstDetail = (await call(owner, 'GET', `/api/task/${first.id}`)).json();
    expect(firstDetail.task.shared_with).toEqual([]);
    const activity = firstDetail.activity_logs ?? firstDetail.task.activity_logs;
    expect(activity.map((entry: { event: { code: string } | null }) => entry.event?.code)).toContain('share_declined');

    expect((await call(friend, 'POST', `/api/tasks/${second.id}/accept-share`)).statusCode).toBe(200);
    expect((await call(friend, 'POST', `/api/tasks/${second.id}/decline-share`)).statusCode).toBe(422);
    expect((await call(friend, 'POST', `/api/tasks/${second.id}/leave-share`)).statusCode).toBe(200);
    expect((await call(friend, 'GET', `/api/task/${second.id}`)).statusCode).toBe(404);
    expect((await call(friend, 'GET', '/api/tasks/shared')).json().shared_tasks).toEqual([]);
    // The owner may invite the address again.
    expect((await call(owner, 'POST', `/api/tasks/${second.id}/share`, { email_ids: [friend.user.email] })).statusCode).toBe(200);
    expect(await pendingIds(friend)).toEqual([second.id]);
  });

  test('share addresses are at most 254 characters', async () => {
    const owner = await t.signUp();
    const task = await addTask(owner);
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.example`;
    const answer = await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [long] });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors['email_ids.0']).toEqual(['The email must not be greater than 254 characters.']);
  });
});
