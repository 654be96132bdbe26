import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startPushReceiver } from '../../tests/support/push-receiver.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';
import { createPushRepository } from '../db/repositories/push.repository.ts';
import { stillTrue } from '../db/repositories/outbox-relevance.ts';
import { testClock } from '../../tests/support/test-clock.ts';

describe.each(testDialects())('Web Push on %s', (dialect) => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
  const clock = testClock(new Date().toISOString());
  beforeAll(async () => {
    receiver = await startPushReceiver();
    // The receiver is on loopback: the outbound guard is opened for it, as a test or a private network needs.
    t = await createTestApp(dialect, { clock, env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const call = (user: SignedInUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const enable = async (user: SignedInUser, browser = receiver.browser()) => {
    const response = await call(user, 'POST', '/api/push/subscriptions', { endpoint: browser.endpoint, keys: browser.keys });
    expect(response.statusCode, response.body).toBe(201);
    return browser;
  };
  const outbox = () =>
    t.database.db
      .selectFrom('push_outbox')
      .select(['idempotency_key', 'status', 'attempts', 'next_attempt_at', 'last_error'])
      .orderBy('id')
      .execute();

  test('the VAPID key pair is made once and kept with the data; its public key is what browsers subscribe with', async () => {
    const user = await t.signUp();
    const first = (await call(user, 'GET', '/api/push/public-key')).json().public_key as string;
    expect(Buffer.from(first, 'base64url')).toHaveLength(65);
    const stored = await t.database.db.selectFrom('server_keys').select(['name', 'value']).execute();
    expect(stored.map((row) => row.name)).toEqual(['vapid']);
    expect(JSON.parse(stored[0]!.value).publicKey).toBe(first);
  });

  test('a comment reaches every browser of the owner, encrypted to each browser’s keys and signed with the server’s key, in the owner’s language', async () => {
    const owner = await t.signUp({ name: 'Olga', language: 'es' });
    const friend = await t.signUp({ name: 'Femi' });
    const task = (await call(owner, 'POST', '/api/tasks/add', { title: 'Informe' })).json().task as { id: number };
    await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [friend.user.email] });
    await call(friend, 'POST', `/api/tasks/${task.id}/accept-share`);
    const [phone, laptop] = [await enable(owner), await enable(owner)];
    const listed = (await call(owner, 'GET', '/api/push/subscriptions')).json().subscriptions;
    expect(listed).toHaveLength(2);

    expect((await call(friend, 'POST', '/api/tasks/comments/add', { task_id: task.id, content: 'Listo para revisar' })).statusCode).toBe(
      201,
    );
    await t.app.taskaty.push.flush();
    const publicKey = (await call(owner, 'GET', '/api/push/public-key')).json().public_key;
    for (const browser of [phone, laptop]) {
      expect(browser.received).toEqual([
        expect.objectContaining({
          payload: {
            title: 'Femi comentó en «Informe»',
            body: 'Listo para revisar',
            url: `/dashboard?task=${task.id}`,
            tag: `comment-${task.id}`,
          },
          vapidKey: publicKey,
          claims: expect.objectContaining({ sub: 'mailto:no-reply@taskaty.local' }),
          ttl: '86400',
        }),
      ]);
    }
    expect(receiver.errors).toEqual([]);
    // A kind turned off for push reaches no browser.
    await call(owner, 'PUT', '/api/user/notification-settings', { channels: { comment: { push: false } } });
    await call(friend, 'POST', '/api/tasks/comments/add', { task_id: task.id, content: 'Otra cosa' });
    await t.app.taskaty.push.flush();
    expect(phone.received).toHaveLength(1);
  });

  test('a reminder is pushed when it falls due; during quiet hours it waits until they end', async () => {
    const user = await t.signUp();
    const browser = await enable(user);
    const now = clock.now();
    const due = new Date(now.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    const task = (await call(user, 'POST', '/api/tasks/add', { title: 'Call the bank', due_date: due, due_time: '12:00' })).json().task;
    await call(user, 'POST', `/api/tasks/${task.id}/reminders`, { offset_minutes: 0 });
    await call(user, 'PUT', '/api/user/notification-settings', { quiet_hours: { start: '11:00', end: '12:30' } });
    clock.set(`${due}T12:00:00.000Z`);
    expect(await t.app.taskaty.reminders.pass()).toBe(1);
    await t.app.taskaty.push.flush();
    expect(browser.received).toEqual([]);
    clock.set(`${due}T12:30:00.000Z`);
    await t.app.taskaty.push.flush();
    expect(browser.received.map((message) => message.payload)).toEqual([
      expect.objectContaining({ title: 'Reminder: Call the bank', url: `/dashboard?task=${task.id}`, tag: `reminder-${task.id}` }),
    ]);
    clock.set(new Date().toISOString());
  });

  test('a browser the push service says is gone (410) is removed; a failing service is retried with backoff', async () => {
    const user = await t.signUp();
    const gone = await enable(user);
    const failing = await enable(user);
    gone.answer = 410;
    failing.answer = 500;
    expect((await call(user, 'POST', '/api/notifications/test')).json().channels).toEqual(['email', 'push']);
    await t.app.taskaty.push.flush();
    const left = (await call(user, 'GET', '/api/push/subscriptions')).json().subscriptions;
    expect(left).toHaveLength(1);
    const [retrying] = (await outbox()).filter((row) => row.idempotency_key.startsWith(`test:${user.user.id}:`));
    expect(retrying).toMatchObject({ status: 'pending', attempts: 1, last_error: 'The push service answered 500' });
    // Not before its time; then it goes through once the service is back.
    failing.answer = 201;
    await t.app.taskaty.push.flush();
    expect(failing.received).toEqual([]);
    clock.set(new Date(Date.parse(retrying!.next_attempt_at) + 1).toISOString());
    await t.app.taskaty.push.flush();
    expect(failing.received.map((message) => (message.payload as { tag: string }).tag)).toEqual(['test']);
    clock.set(new Date().toISOString());
  });

  test('what waits in the outboxes is not sent once its subject has gone: a person removed, a reminder’s task completed, an occurrence taken back', async () => {
    const owner = await t.signUp({ name: 'Olga' });
    const friend = await t.signUp({ name: 'Femi' });
    const friendsBrowser = await enable(friend);
    const ownersBrowser = await enable(owner);
    // Every e-mail channel on, and quiet hours all day long: everything waits in the outboxes.
    for (const user of [owner, friend])
      await call(user, 'PUT', '/api/user/notification-settings', {
        channels: {
          comment: { email: true },
          occurrence: { email: true, push: true },
          reminder: { email: true },
          share_answer: { push: false },
        },
        quiet_hours: { start: '00:00', end: '23:59' },
      });
    const today = clock.nowIso().slice(0, 10);
    const task = (
      await call(owner, 'POST', '/api/tasks/add', { title: 'Weekly sync', due_date: today, recurrence: 'FREQ=WEEKLY;INTERVAL=1' })
    ).json().task;
    await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [friend.user.email] });
    await call(friend, 'POST', `/api/tasks/${task.id}/accept-share`);

    // A comment told to the friend, who is then removed from the task before the quiet hours end.
    await call(owner, 'POST', '/api/tasks/comments/add', { task_id: task.id, content: 'Agenda attached' });
    // The owner's reminder, due now, and the task completed before the message leaves.
    const other = (await call(owner, 'POST', '/api/tasks/add', { title: 'Pay rent', due_date: today, due_time: '23:59' })).json().task;
    await call(owner, 'POST', `/api/tasks/${other.id}/reminders`, { remind_at: new Date(clock.now().getTime() + 60_000).toISOString() });
    clock.set(new Date(clock.now().getTime() + 60_000).toISOString());
    expect(await t.app.taskaty.reminders.pass()).toBe(1);
    await call(owner, 'PUT', `/api/tasks/complete/${other.id}`);
    await call(owner, 'DELETE', `/api/tasks/${task.id}/remove-share`, { user_id: friend.user.id });

    clock.set(new Date(clock.now().getTime() + 86_400_000).toISOString());
    await t.app.taskaty.push.flush();
    await t.app.taskaty.mail.flush();
    expect(friendsBrowser.received).toEqual([]);
    expect(ownersBrowser.received).toEqual([]);
    expect((await outbox()).filter((row) => row.status === 'pending')).toEqual([]);
    // This app has no SMTP server, so its mail waits; the dispatcher's claim would find the reminder's no longer true.
    const waiting = await t.database.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'about_kind', stillTrue('mail_outbox').as('still_true')])
      .where('status', '=', 'pending')
      .execute();
    expect(
      waiting
        .filter((mail) => mail.to_address === owner.user.email && mail.about_kind)
        .map((mail) => [mail.about_kind, Number(mail.still_true)]),
    ).toEqual([['reminder', 0]]);
    expect(
      waiting
        .filter((mail) => mail.to_address === friend.user.email && mail.about_kind)
        .map((mail) => [mail.about_kind, Number(mail.still_true)]),
    ).toEqual([['comment', 0]]);

    // A repeating task completed by the friend tells the owner of the next occurrence, 10 s later:
    // taken back within them, it is never sent.
    await call(owner, 'PUT', '/api/user/notification-settings', { quiet_hours: null });
    await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [friend.user.email] });
    await call(friend, 'POST', `/api/tasks/${task.id}/accept-share`);
    const completed = (await call(friend, 'PUT', `/api/tasks/complete/${task.id}`)).json();
    await t.app.taskaty.push.flush();
    expect(ownersBrowser.received).toEqual([]);
    await call(friend, 'PUT', `/api/tasks/uncomplete/${task.id}`, { take_back_occurrence: completed.next_occurrence.id });
    clock.set(new Date(clock.now().getTime() + 11_000).toISOString());
    await t.app.taskaty.push.flush();
    expect(ownersBrowser.received).toEqual([]);
    clock.set(new Date().toISOString());
  });

  test('the claim itself checks: a message picked while still true, whose task then goes, is cancelled, not sent', async () => {
    const user = await t.signUp();
    const browser = await enable(user);
    const task = (await call(user, 'POST', '/api/tasks/add', { title: 'Soon gone' })).json().task as { id: number };
    const push = createPushRepository(t.database.db);
    const [subscription] = await push.listFor([user.user.id]);
    await push.enqueue({
      subscriptionId: subscription!.id,
      payload: '{}',
      key: `claim-test:${task.id}`,
      sendAt: clock.nowIso(),
      now: clock.nowIso(),
      about: { taskId: task.id, kind: 'comment' },
    });
    const [picked] = (await push.due(clock.nowIso(), 100)).filter((message) => message.idempotency_key === `claim-test:${task.id}`);
    const checked = await t.database.db
      .selectFrom('push_outbox')
      .select(stillTrue('push_outbox').as('still_true'))
      .where('id', '=', picked!.id)
      .executeTakeFirstOrThrow();
    expect(Number(checked.still_true)).toBe(1);
    // The batch was picked; the task is deleted before this message's turn.
    expect((await call(user, 'DELETE', `/api/tasks/delete/${task.id}`)).statusCode).toBe(200);
    expect(await push.claim(picked!.id, clock.nowIso())).toBe('cancelled');
    expect(await push.claim(picked!.id, clock.nowIso())).toBeUndefined();
    await t.app.taskaty.push.flush();
    expect(browser.received).toEqual([]);
  });

  test('push lasts as long as the sign-in that enabled it: signing out removes the browser', async () => {
    const user = await t.signUp();
    await enable(user);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: user.user.email, password: 'correct horse battery' },
    });
    const other = { ...user, headers: { authorization: `Bearer ${second.json().token.plainTextToken}` } };
    expect((await call(other, 'GET', '/api/push/subscriptions')).json().subscriptions).toHaveLength(1);
    expect((await call(user, 'POST', '/api/user/logout')).statusCode).toBe(200);
    expect((await call(other, 'GET', '/api/push/subscriptions')).json().subscriptions).toEqual([]);
  });

  test('a browser can be removed by its person only; limits and bad subscriptions get field errors', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    await enable(user);
    const [browser] = (await call(user, 'GET', '/api/push/subscriptions')).json().subscriptions;
    expect((await call(other, 'DELETE', `/api/push/subscriptions/${browser.id}`)).statusCode).toBe(404);
    const removed = await call(user, 'DELETE', `/api/push/subscriptions/${browser.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().subscriptions).toEqual([]);
    for (const [body, field] of [
      [{ endpoint: 'https://push.example.com/x', keys: { p256dh: 'AAAA', auth: receiver.browser().keys.auth } }, 'keys.p256dh'],
      [{ endpoint: 'https://push.example.com/x', keys: { p256dh: receiver.browser().keys.p256dh, auth: 'not base64!' } }, 'keys.auth'],
      [{ endpoint: 'ftp://push.example.com/x', keys: receiver.browser().keys }, 'endpoint'],
      [{ endpoint: 'x'.repeat(2049), keys: receiver.browser().keys }, 'endpoint'],
      // 700 CJK characters are 2,100 bytes: over the limit in bytes (PostgreSQL's index), not in characters.
      [{ endpoint: `https://push.example.com/${'推'.repeat(700)}`, keys: receiver.browser().keys }, 'endpoint'],
      // 65 bytes, but not a point of the curve: no message could ever be encrypted to it.
      [
        {
          endpoint: 'https://push.example.com/x',
          keys: { p256dh: Buffer.from([4, ...new Array(64).fill(7)]).toString('base64url'), auth: receiver.browser().keys.auth },
        },
        'keys.p256dh',
      ],
      [{ endpoint: 'https://push.example.com/x' }, 'keys'],
    ] as const) {
      const response = await call(user, 'POST', '/api/push/subscriptions', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    expect((await call(user, 'DELETE', '/api/push/subscriptions/99999999999')).statusCode).toBe(404);
  });
});

describe('Web Push endpoints without OUTBOUND_ALLOW_PRIVATE', () => {
  test('an endpoint on loopback or a private network is refused: the server would post to it', async () => {
    const t = await createTestApp('sqlite');
    try {
      const user = await t.signUp();
      const receiver = await startPushReceiver();
      for (const endpoint of [receiver.browser().endpoint, 'https://127.0.0.1/push', 'https://10.0.0.8/push', 'https://localhost/push']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/push/subscriptions',
          headers: user.headers,
          payload: { endpoint, keys: receiver.browser().keys },
        });
        expect(response.statusCode, endpoint).toBe(422);
        expect(response.json().errors.endpoint[0]).toMatch(/https:\/\/|public internet address/);
      }
      await receiver.close();
    } finally {
      await t.close();
    }
  });
});
