import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

describe.each(testDialects())('sharing on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user ? user.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const addTask = async (user: SignedInUser, payload: Record<string, unknown> = {}) =>
    (
      await call(user, 'POST', '/api/tasks/add', {
        title: 'Shared plan',
        description: 'The **plan** in detail',
        labels: ['a', 'b', 'c', 'd'],
        ...payload,
      })
    ).json().task;

  test('a share is pending for the recipient, shows in the bell list, and after accepting under Shared with me', async () => {
    const owner = await t.signUp({ name: 'Olivia Owner' });
    const friend = await t.signUp({ name: 'Farid Friend' });
    const task = await addTask(owner);
    const shared = await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [` ${friend.user.email.toUpperCase()} `] });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toEqual({ message: 'Task shared successfully!' });

    const pending = (await call(friend, 'GET', '/api/tasks/pending-shares')).json().pending_tasks;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      id: task.id,
      title: 'Shared plan',
      description: 'The **plan** in detail',
      owner: { name: 'Olivia Owner' },
    });
    expect(pending[0].labels).toHaveLength(4);
    // Pending: not yet under Shared with me and not readable.
    expect((await call(friend, 'GET', '/api/tasks/shared')).json().shared_tasks).toEqual([]);
    expect((await call(friend, 'GET', `/api/task/${task.id}`)).statusCode).toBe(404);

    const detail = (await call(owner, 'GET', `/api/task/${task.id}`)).json().task;
    expect(detail.shared_with).toEqual([
      { id: friend.user.id, name: 'Farid Friend', email: friend.user.email, user_photo: null, pivot: { status: 'pending' } },
    ]);

    const accepted = await call(friend, 'POST', `/api/tasks/${task.id}/accept-share`);
    expect(accepted.statusCode).toBe(200);
    expect((await call(friend, 'GET', '/api/tasks/pending-shares')).json().pending_tasks).toEqual([]);
    const sharedList = (await call(friend, 'GET', '/api/tasks/shared')).json().shared_tasks;
    expect(sharedList.map((x: { id: number }) => x.id)).toEqual([task.id]);
    expect(sharedList[0].owner).toMatchObject({ id: owner.user.id, name: 'Olivia Owner' });
    expect((await call(owner, 'GET', `/api/task/${task.id}`)).json().task.shared_with[0].pivot.status).toBe('accepted');
  });

  test('the shared list takes the same filters as the own list', async () => {
    const owner = await t.signUp();
    const friend = await t.signUp();
    const high = await addTask(owner, { title: 'high one', priority: 'high', labels: ['x'] });
    const low = await addTask(owner, { title: 'low one', priority: 'low', labels: ['y'] });
    for (const task of [high, low]) {
      await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [friend.user.email] });
      await call(friend, 'POST', `/api/tasks/${task.id}/accept-share`);
    }
    const titles = async (q: string) =>
      (await call(friend, 'GET', `/api/tasks/shared${q}`)).json().shared_tasks.map((x: { title: string }) => x.title);
    expect(await titles('?sort=priority&direction=desc')).toEqual(['high one', 'low one']);
    expect(await titles('?priority=low')).toEqual(['low one']);
    expect(await titles('?label=X')).toEqual(['high one']);
  });

  test('share validation: required, valid, unique, at most 10, not yourself; nothing is written on refusal', async () => {
    const owner = await t.signUp();
    const task = await addTask(owner, { title: 'Never shared' });
    const cases: Array<[unknown, string, string]> = [
      [{ email_ids: [''] }, 'email_ids.0', 'Email address is required'],
      [{ email_ids: ['not-an-address'] }, 'email_ids.0', 'Please enter a valid email address'],
      [{ email_ids: ['a@example.com', 'A@Example.com'] }, 'email_ids.1', 'Duplicate email address'],
      [
        { email_ids: Array.from({ length: 11 }, (_, i) => `p${i}@example.com`) },
        'email_ids',
        'You can share with at most 10 people at once.',
      ],
      [{ email_ids: [] }, 'email_ids', 'At least one email address is required.'],
      [{}, 'email_ids', 'At least one email address is required.'],
      // Something other than a list is told so, and only so (not also about its length).
      [{ email_ids: 'abcdefghijklmnop' }, 'email_ids', 'At least one email address is required.'],
      [{ email_ids: [5] }, 'email_ids.0', 'Please enter a valid email address'],
      [{ email_ids: [owner.user.email] }, 'email_ids.0', 'You cannot share a task with yourself.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call(owner, 'POST', `/api/tasks/${task.id}/share`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      // Exactly one message, the spec's, and it is also the answer's message.
      expect(response.json().errors[field], JSON.stringify(payload)).toEqual([message]);
      expect(response.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect((await call(owner, 'GET', `/api/task/${task.id}`)).json().task.shared_with).toEqual([]);
    const outbox = await t.database.db.selectFrom('mail_outbox').selectAll().execute();
    expect(outbox.filter((m) => m.to_address.endsWith('@example.com') && m.subject.includes(task.title))).toEqual([]);
  });

  test('an address without an account becomes an invitation that appears when its owner signs up', async () => {
    const owner = await t.signUp();
    const task = await addTask(owner, { title: 'For a newcomer' });
    const email = `newcomer-${Date.now()}@example.com`;
    await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [email] });
    const invitation = (await call(owner, 'GET', `/api/task/${task.id}`)).json().task.shared_with[0];
    expect(invitation).toMatchObject({ id: null, email, pivot: { status: 'pending' } });
    const newcomer = await t.signUp({ email });
    const pending = (await call(newcomer, 'GET', '/api/tasks/pending-shares')).json().pending_tasks;
    expect(pending.map((x: { title: string }) => x.title)).toEqual(['For a newcomer']);
  });

  test('each share queues one e-mail in the recipient language with the title, the sharer and a link', async () => {
    const owner = await t.signUp({ name: 'Mail Sender' });
    const task = await addTask(owner, { title: 'Quarterly <b>numbers</b>' });
    const email = `mail-${Date.now()}@example.com`;
    await t.app.inject({
      method: 'POST',
      url: `/api/tasks/${task.id}/share`,
      headers: { ...owner.headers, 'accept-language': 'ar' },
      payload: { email_ids: [email] },
    });
    const mails = await t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('شارك Mail Sender مهمة معك: Quarterly <b>numbers</b>');
    expect(mails[0]!.html_body).toContain('Quarterly &lt;b&gt;numbers&lt;/b&gt;');
    expect(mails[0]!.text_body).toMatch(/\/invitation\?token=[A-Za-z0-9_-]{43}/);
    // Sharing the same address again sends nothing new.
    await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [email] });
    expect(await t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).execute()).toHaveLength(1);
  });

  test('removing a person takes their access away at once', async () => {
    const owner = await t.signUp();
    const friend = await t.signUp();
    const task = await addTask(owner);
    await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [friend.user.email] });
    await call(friend, 'POST', `/api/tasks/${task.id}/accept-share`);
    expect((await call(friend, 'GET', `/api/task/${task.id}`)).statusCode).toBe(200);
    const removed = await call(owner, 'DELETE', `/api/tasks/${task.id}/remove-share`, { user_id: friend.user.id });
    expect(removed.statusCode).toBe(200);
    expect((await call(friend, 'GET', `/api/task/${task.id}`)).statusCode).toBe(404);
    expect((await call(friend, 'GET', '/api/tasks/shared')).json().shared_tasks).toEqual([]);
    expect((await call(owner, 'DELETE', `/api/tasks/${task.id}/remove-share`, { user_id: friend.user.id })).statusCode).toBe(404);
  });

  test('an accepted recipient may invite more people, not the owner, and not remove anyone', async () => {
    const owner = await t.signUp({ name: 'Task Owner' });
    const friend = await t.signUp({ name: 'Helpful Friend' });
    const third = await t.signUp();
    const task = await addTask(owner, { title: 'Passed along' });
    await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [friend.user.email] });
    // Pending: the recipient cannot see the task yet, so cannot share it.
    expect((await call(friend, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [third.user.email] })).statusCode).toBe(404);
    await call(friend, 'POST', `/api/tasks/${task.id}/accept-share`);

    const ownerTag = (await call(owner, 'GET', '/api/tasks')).headers.etag;
    const toOwner = await call(friend, 'POST', `/api/tasks/${task.id}/share`, {
      email_ids: [third.user.email, owner.user.email.toUpperCase()],
    });
    expect(toOwner.statusCode).toBe(422);
    expect(toOwner.json().errors).toEqual({ 'email_ids.1': ['This person owns the task.'] });
    expect((await call(third, 'GET', '/api/tasks/pending-shares')).json().pending_tasks).toEqual([]);

    const shared = await call(friend, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [third.user.email] });
    expect(shared.statusCode).toBe(200);
    expect(shared.json().message).toBe('Task shared successfully!');
    expect((await call(third, 'GET', '/api/tasks/pending-shares')).json().pending_tasks.map((p: { id: number }) => p.id)).toEqual([
      task.id,
    ]);
    const mails = await t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', third.user.email)
      .where('subject', 'not like', 'Verify%')
      .execute();
    expect(mails.map((mail) => mail.subject)).toEqual(['Helpful Friend shared a task with you: Passed along']);
    // The owner's list shows the new person at once: its version moved.
    const ownerList = await call(owner, 'GET', '/api/tasks');
    expect(ownerList.headers.etag).not.toBe(ownerTag);
    const people = ownerList
      .json()
      .tasks[0].shared_with.map((p: { email: string; pivot: { status: string } }) => [p.email, p.pivot.status]);
    expect(people).toEqual([
      [friend.user.email, 'accepted'],
      [third.user.email, 'pending'],
    ]);
    const removal = await call(friend, 'DELETE', `/api/tasks/${task.id}/remove-share`, { user_id: third.user.id });
    expect(removal.statusCode).toBe(403);
  });

  test('an invitation without an account can be removed by e-mail', async () => {
    const owner = await t.signUp();
    const task = await addTask(owner);
    await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: ['ghost@example.com'] });
    expect((await call(owner, 'DELETE', `/api/tasks/${task.id}/remove-share`, { email: 'ghost@example.com' })).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/task/${task.id}`)).json().task.shared_with).toEqual([]);
  });
});

describe('sharing rate limit', () => {
  test('bursts of shares from one user get 429 with Retry-After', async () => {
    const t = await createTestApp('sqlite', { env: { RATE_LIMIT_SHARE_PER_MINUTE: '2' } });
    try {
      const owner = await t.signUp();
      const task = (
        await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: owner.headers, payload: { title: 'Burst' } })
      ).json().task;
      const share = (i: number) =>
        t.app.inject({
          method: 'POST',
          url: `/api/tasks/${task.id}/share`,
          headers: owner.headers,
          payload: { email_ids: [`b${i}@example.com`] },
        });
      expect((await share(1)).statusCode).toBe(200);
      expect((await share(2)).statusCode).toBe(200);
      const limited = await share(3);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(await t.database.db.selectFrom('task_shares').selectAll().execute()).toHaveLength(2);
    } finally {
      await t.close();
    }
  });
});
