import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

const STRONG = 'quiet lantern 58 harbour';
const png = (width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .png()
    .toBuffer();

describe.each(testDialects())('account settings on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...(user ? user.headers : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const upload = (user: SignedInUser, body: Buffer | string, type: string) =>
    t.app.inject({ method: 'PUT', url: '/api/user/photo', headers: { ...user.headers, 'content-type': type }, payload: body });
  const signIn = async (email: string, password: string, userAgent?: string) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: userAgent ? { 'user-agent': userAgent } : {},
      payload: { email, password },
    });
    return { status: answer.statusCode, headers: { authorization: `Bearer ${answer.json().token?.plainTextToken}` } } as SignedInUser & {
      status: number;
    };
  };
  /** An owner's task shared with and accepted by a friend. */
  async function sharedPair() {
    const owner = await t.signUp({ name: 'Olga Owner' });
    const friend = await t.signUp({ name: 'Fadi Friend' });
    const task = (await call(owner, 'POST', '/api/tasks/add', { title: 'Together' })).json().task;
    await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [friend.user.email] });
    await call(friend, 'POST', `/api/tasks/${task.id}/accept-share`);
    return { owner, friend, task };
  }
  /** A list as a browser reads it (gzip) and as a script does; both must agree. */
  async function listBoth(user: SignedInUser, url: string) {
    const gzip = await call(user, 'GET', url, undefined, { 'accept-encoding': 'gzip' });
    const plain = await call(user, 'GET', url);
    expect(gzip.statusCode).toBe(200);
    const key = url.includes('shared') ? 'shared_tasks' : 'tasks';
    const { gunzipSync } = await import('node:zlib');
    const fromGzip = gzip.headers['content-encoding'] === 'gzip' ? JSON.parse(gunzipSync(gzip.rawPayload).toString()) : gzip.json();
    expect(fromGzip[key]).toEqual(plain.json()[key]);
    return plain.json()[key];
  }

  test('a new name shows at once wherever the person is shown: as owner and in shared_with, in every list', async () => {
    const { owner, friend } = await sharedPair();
    // Read (and cache) before the change.
    expect((await listBoth(friend, '/api/tasks/shared'))[0].owner.name).toBe('Olga Owner');
    expect((await listBoth(owner, '/api/tasks'))[0].shared_with[0].name).toBe('Fadi Friend');

    const renamed = await call(owner, 'PUT', '/api/user/profile', { name: '  Olga Ortega  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user.name).toBe('Olga Ortega');
    expect((await call(friend, 'PUT', '/api/user/profile', { name: 'Fadi F.' })).statusCode).toBe(200);
    expect((await listBoth(friend, '/api/tasks/shared'))[0].owner.name).toBe('Olga Ortega');
    expect((await listBoth(owner, '/api/tasks'))[0].shared_with[0].name).toBe('Fadi F.');

    // Bidi overrides and invisible characters are no name (finding 18h).
    expect((await call(owner, 'PUT', '/api/user/profile', { name: 'Olga\u202E\u200B Ortega' })).json().user.name).toBe('Olga Ortega');
    for (const bad of [{}, { name: '   ' }, { name: '\u200B\u202E\u2066' }, { name: 'x'.repeat(300) }, { name: 5 }]) {
      const answer = await call(owner, 'PUT', '/api/user/profile', bad);
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors.name).toHaveLength(1);
    }
  });

  test('a photo is sniffed, resized to a 256 px WebP without metadata, served safely, and shown to collaborators', async () => {
    const { owner, friend } = await sharedPair();
    await listBoth(friend, '/api/tasks/shared');
    const answer = await upload(owner, await png(), 'image/jpeg');
    expect(answer.statusCode).toBe(200);
    const url: string = answer.json().user.user_photo;
    expect(url).toMatch(/^\/api\/user-photos\/[A-Za-z0-9_-]{24}\.webp$/);
    expect((await listBoth(friend, '/api/tasks/shared'))[0].owner.user_photo).toBe(url);

    // Loaded as an image by any browser, no token needed.
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 256, 256, undefined]);

    // A new photo has a new address; the old one is gone.
    const second = await upload(owner, await png(300, 900), 'image/png');
    expect(second.json().user.user_photo).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const removed = await call(owner, 'DELETE', '/api/user/photo');
    expect(removed.json().user.user_photo).toBeNull();
    expect((await listBoth(friend, '/api/tasks/shared'))[0].owner.user_photo).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/user-photos/../../etc/passwd' })).statusCode).not.toBe(200);
  });

  test('a photo shows wherever the spec shows the person: shared-with lists, comments, activity and notifications', async () => {
    const { owner, friend, task } = await sharedPair();
    const url: string = (await upload(friend, await png(), 'image/png')).json().user.user_photo;
    expect((await call(friend, 'POST', '/api/tasks/comments/add', { task_id: task.id, content: 'With a face' })).statusCode).toBe(201);

    const detail = (await call(owner, 'GET', `/api/task/${task.id}`)).json();
    const asRead = detail.task ?? detail;
    expect(asRead.shared_with.find((person: { id: number | null }) => person.id === friend.user.id).user_photo).toBe(url);
    expect(asRead.activity_logs.find((entry: { user_name: string | null }) => entry.user_name === 'Fadi Friend').user_photo).toBe(url);
    const [own] = await listBoth(owner, '/api/tasks');
    expect(own.shared_with[0].user_photo).toBe(url);
    const comments = (await call(owner, 'GET', `/api/tasks/${task.id}/comments`)).json();
    expect((comments.comments ?? comments)[0].user_photo).toBe(url);
    const notifications = (await call(owner, 'GET', '/api/notifications')).json().notifications;
    expect(notifications.map((n: { actor: { user_photo: string | null } }) => n.actor.user_photo)).toEqual([url, url]);
  });

  test('an upload that is not a raster image is refused with a field error, whatever it claims to be', async () => {
    const user = await t.signUp();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    for (const [body, type] of [
      [svg, 'image/svg+xml'],
      [svg, 'image/png'],
      ['<html><script>alert(1)</script></html>', 'image/png'],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), 'image/png'],
      [Buffer.alloc(0), 'image/png'],
    ] as const) {
      const answer = await upload(user, body, type);
      expect(answer.statusCode, type).toBe(422);
      expect(answer.json().errors.photo).toEqual(['The photo must be a JPEG, PNG, WebP or GIF image.']);
    }
    expect((await upload(user, 'hello', 'text/plain')).statusCode).toBe(415);
    expect((await upload(user, Buffer.alloc(5 * 1024 * 1024 + 1), 'image/png')).statusCode).toBe(413);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/user/photo', payload: await png(), headers: { 'content-type': 'image/png' } }))
        .statusCode,
    ).toBe(401);
    expect((await call(user, 'GET', '/api/user')).json().user.user_photo).toBeNull();
  });

  test('changing the password needs the current one and a strong new one, and signs the other sessions out', async () => {
    const user = await t.signUp();
    const other = await signIn(user.user.email, user.password);
    const wrong = await call(user, 'PUT', '/api/user/password', {
      current_password: 'nope',
      password: STRONG,
      password_confirmation: STRONG,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['The password is incorrect.'] });
    const weak = await call(user, 'PUT', '/api/user/password', {
      current_password: user.password,
      password: 'password   ',
      password_confirmation: 'password   ',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password.length).toBeGreaterThan(0);

    const changed = await call(user, 'PUT', '/api/user/password', {
      current_password: user.password,
      password: STRONG,
      password_confirmation: STRONG,
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(user, 'GET', '/api/user')).statusCode).toBe(200);
    expect((await call(other, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await signIn(user.user.email, user.password)).status).toBe(422);
    expect((await signIn(user.user.email, STRONG)).status).toBe(200);
  });

  test('sessions are listed by browser and system, and each or all can be signed out', async () => {
    const user = await t.signUp();
    const phone = await signIn(
      user.user.email,
      user.password,
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    );
    const listed = (await call(user, 'GET', '/api/user/sessions')).json().sessions;
    expect(listed).toHaveLength(2);
    const phoneRow = listed.find((s: { current: boolean; os: string | null }) => s.os === 'Android');
    expect(phoneRow).toMatchObject({ browser: 'Mobile Chrome', os: 'Android', current: false });
    expect(listed.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toMatch(/token|hash/i);

    const stranger = await t.signUp();
    expect((await call(stranger, 'DELETE', `/api/user/sessions/${phoneRow.id}`)).statusCode).toBe(404);
    expect((await call(phone, 'GET', '/api/user')).statusCode).toBe(200);
    // Like a task id: an id that cannot be a session is as unknown as someone else's.
    for (const bad of ['0', '-1', 'abc', '99999999999', '1e3'])
      expect((await call(user, 'DELETE', `/api/user/sessions/${bad}`)).statusCode, bad).toBe(404);

    expect((await call(user, 'DELETE', `/api/user/sessions/${phoneRow.id}`)).statusCode).toBe(200);
    expect((await call(phone, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await call(user, 'DELETE', `/api/user/sessions/${phoneRow.id}`)).statusCode).toBe(404);

    const another = await signIn(user.user.email, user.password);
    expect((await call(user, 'POST', '/api/user/sessions/sign-out-everywhere')).statusCode).toBe(200);
    expect((await call(user, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await call(another, 'GET', '/api/user')).statusCode).toBe(401);
  });

  test('a new e-mail address takes effect only through the link mailed to it', async () => {
    const user = await t.signUp({ name: 'Mover' });
    const taken = await t.signUp();
    const next = `moved-${Date.now()}@example.com`;
    expect((await call(user, 'POST', '/api/user/email', { email: next, password: 'wrong' })).json().errors).toEqual({
      password: ['The password is incorrect.'],
    });
    expect((await call(user, 'POST', '/api/user/email', { email: taken.user.email, password: user.password })).json().errors).toEqual({
      email: ['The email has already been taken.'],
    });
    expect((await call(user, 'POST', '/api/user/email', { email: 'nope', password: user.password })).statusCode).toBe(422);

    // Someone shares with the new address before it is the account's.
    const owner = await t.signUp();
    const task = (await call(owner, 'POST', '/api/tasks/add', { title: 'For the new address' })).json().task;
    await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [next] });

    const asked = await call(user, 'POST', '/api/user/email', { email: ` ${next.toUpperCase()} `, password: user.password });
    expect(asked.statusCode).toBe(200);
    expect((await call(user, 'GET', '/api/user')).json().user.email).toBe(user.user.email);
    const [mail] = await t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', next)
      .where('subject', 'like', 'Confirm%')
      .execute();
    expect(mail!.subject).toBe('Confirm your new e-mail address for Taskaty');

    const token = (await t.mailedLinkToken(next, '/verify-email'))!;
    const verified = await call(null, 'POST', '/api/user/email/verify', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ email: next, email_verified_at: expect.any(String) });
    expect((await signIn(user.user.email, user.password)).status).toBe(422);
    expect((await signIn(next, user.password)).status).toBe(200);
    expect((await call(user, 'GET', '/api/tasks/pending-shares')).json().pending_tasks.map((p: { id: number }) => p.id)).toEqual([task.id]);
    expect((await call(owner, 'GET', `/api/task/${task.id}`)).json().task.shared_with[0]).toMatchObject({ email: next, name: 'Mover' });
  });

  test('deleting the account needs the password; its tasks, comments and shares go and recipients lose access at once', async () => {
    const { owner, friend, task } = await sharedPair();
    const bystander = await t.signUp();
    // The friend owns a task shared with the owner, comments on the owner's task and invites a bystander to it.
    const friendsTask = (await call(friend, 'POST', '/api/tasks/add', { title: 'Friend’s own' })).json().task;
    await call(friend, 'POST', `/api/tasks/${friendsTask.id}/share`, { email_ids: [owner.user.email] });
    await call(owner, 'POST', `/api/tasks/${friendsTask.id}/accept-share`);
    await call(friend, 'POST', '/api/tasks/comments/add', { task_id: String(task.id), content: 'On it', parent_id: null });
    await call(friend, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [bystander.user.email] });
    await listBoth(owner, '/api/tasks/shared');
    await listBoth(owner, '/api/tasks');

    expect((await call(friend, 'DELETE', '/api/user', { password: 'wrong' })).json().errors).toEqual({
      password: ['The password is incorrect.'],
    });
    expect((await call(friend, 'DELETE', '/api/user', {})).statusCode).toBe(422);
    const deleted = await call(friend, 'DELETE', '/api/user', { password: friend.password });
    expect(deleted.statusCode).toBe(200);

    expect((await call(friend, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await signIn(friend.user.email, friend.password)).status).toBe(422);
    expect(await listBoth(owner, '/api/tasks/shared')).toEqual([]);
    expect((await call(owner, 'GET', `/api/task/${friendsTask.id}`)).statusCode).toBe(404);
    const own = await listBoth(owner, '/api/tasks');
    expect(own[0].shared_with.map((p: { email: string }) => p.email)).toEqual([bystander.user.email]);
    expect((await call(owner, 'GET', `/api/tasks/${task.id}/comments`)).json().comments).toEqual([]);
    // The bystander's invitation stays, now from the owner.
    expect((await call(bystander, 'GET', '/api/tasks/pending-shares')).json().pending_tasks.map((p: { id: number }) => p.id)).toEqual([
      task.id,
    ]);
    const rows = await t.database.db.selectFrom('tasks').select('id').where('user_id', '=', friend.user.id).execute();
    expect(rows).toEqual([]);
  });
});
