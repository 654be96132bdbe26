import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

/** Issue 22: @mentions in comments notify the people of the task they name, by the channels they chose. */
describe.each(testDialects())('@mentions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (user: SignedInUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const bell = async (user: SignedInUser) =>
    ((await call(user, 'GET', '/api/notifications')).json().notifications as Array<{ kind: string; excerpt: string }>).map(
      (n) => `${n.kind}: ${n.excerpt}`,
    );
  const mailsTo = (email: string) =>
    t.database.db
      .selectFrom('mail_outbox')
      .select(['subject'])
      .where('to_address', '=', email)
      .where('idempotency_key', 'like', 'notification:%')
      .orderBy('id')
      .execute();

  /** An owner, two accepted recipients and one still pending, on one task. */
  async function team() {
    const owner = await t.signUp({ name: 'Olga Owner' });
    const amira = await t.signUp({ name: 'Amira Haddad', language: 'ar' });
    const ben = await t.signUp({ name: 'Ben Brown' });
    const pending = await t.signUp({ name: 'Pia Pending' });
    const task = (await call(owner, 'POST', '/api/tasks/add', { title: 'Launch plan' })).json().task as { id: number };
    await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [amira.user.email, ben.user.email, pending.user.email] });
    await call(amira, 'POST', `/api/tasks/${task.id}/accept-share`);
    await call(ben, 'POST', `/api/tasks/${task.id}/accept-share`);
    return { owner, amira, ben, pending, task };
  }

  test('a mention tells the person named as a mention, by e-mail in their language; the others hear of a comment', async () => {
    const { owner, amira, ben, pending, task } = await team();
    const added = await call(owner, 'POST', '/api/tasks/comments/add', {
      task_id: task.id,
      content: '@Amira Haddad can you check the numbers?',
      mentions: [amira.user.id, pending.user.id, 999_999],
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await bell(amira)).toEqual(['mention: @Amira Haddad can you check the numbers?']);
    expect((await bell(ben))[0]).toBe('comment: @Amira Haddad can you check the numbers?');
    // A pending recipient cannot read comments, so cannot be mentioned; an unknown id is nobody.
    expect(await bell(pending)).toEqual([]);
    // Mentions are mailed by default, in the reader's language; comments are not.
    expect((await mailsTo(amira.user.email)).map((mail) => mail.subject)).toEqual(['أشار إليك Olga Owner في «Launch plan»']);
    expect(await mailsTo(ben.user.email)).toEqual([]);
  });

  test('a name the text does not hold, or one that merely starts like it, mentions nobody', async () => {
    const { owner, amira, ben, task } = await team();
    await call(owner, 'POST', '/api/tasks/comments/add', {
      task_id: task.id,
      content: 'No sign here, Amira Haddad',
      mentions: [amira.user.id],
    });
    await call(owner, 'POST', '/api/tasks/comments/add', { task_id: task.id, content: '@Ben Browning?', mentions: [ben.user.id] });
    expect((await bell(amira)).filter((line) => line.startsWith('mention'))).toEqual([]);
    expect((await bell(ben)).filter((line) => line.startsWith('mention'))).toEqual([]);
  });

  test('an edit that adds a mention tells only the newly mentioned, once', async () => {
    const { owner, amira, ben, task } = await team();
    const comment = (
      await call(owner, 'POST', '/api/tasks/comments/add', { task_id: task.id, content: '@Amira Haddad first', mentions: [amira.user.id] })
    ).json().comment as { id: number };
    const edited = await call(owner, 'PUT', `/api/tasks/comments/${comment.id}/edit`, {
      content: '@Amira Haddad and @ben brown, first',
      mentions: [amira.user.id, ben.user.id],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await bell(amira)).filter((line) => line.startsWith('mention'))).toHaveLength(1);
    expect((await bell(ben)).filter((line) => line.startsWith('mention'))).toEqual(['mention: @Amira Haddad and @ben brown, first']);
    // The same edit again tells nobody.
    await call(owner, 'PUT', `/api/tasks/comments/${comment.id}/edit`, {
      content: '@Amira Haddad and @ben brown, first!',
      mentions: [amira.user.id, ben.user.id],
    });
    expect((await bell(ben)).filter((line) => line.startsWith('mention'))).toHaveLength(1);
  });

  test('bad mention lists get field errors', async () => {
    const { owner, task } = await team();
    for (const mentions of ['7', [0], [-1], [2 ** 31], ['x'], Array.from({ length: 51 }, (_, i) => i + 1)]) {
      const response = await call(owner, 'POST', '/api/tasks/comments/add', { task_id: task.id, content: 'Hi', mentions });
      expect(response.statusCode, JSON.stringify(mentions)).toBe(422);
      expect(
        Object.keys(response.json().errors).some((key) => key.startsWith('mentions')),
        JSON.stringify(mentions),
      ).toBe(true);
    }
  });
});
