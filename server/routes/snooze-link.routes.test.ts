import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startPushReceiver } from '../../tests/support/push-receiver.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testClock } from '../../tests/support/test-clock.ts';
import { testDialects } from '../../tests/support/test-database.ts';
import { createMailOutboxRepository } from '../db/repositories/mail-outbox.repository.ts';
import { createReminderScheduler } from '../services/reminder.scheduler.ts';

/**
 * What follows a delivered reminder (issue 22, migration 017): snoozing it from its e-mail or push
 * message with a single-use link, and held messages (quiet hours) that are no longer true.
 */
describe.each(testDialects())('reminder follow-ups on %s', (dialect) => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
  const clock = testClock('2026-12-01T08:00:00.000Z');
  beforeAll(async () => {
    receiver = await startPushReceiver();
    t = await createTestApp(dialect, { clock, env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const call = (user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user ? user.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const addTask = async (user: SignedInUser, task: Record<string, unknown>) => {
    const response = await call(user, 'POST', '/api/tasks/add', task);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().task as { id: number };
  };
  const remindIn = async (user: SignedInUser, taskId: number, ms: number) => {
    const response = await call(user, 'POST', `/api/tasks/${taskId}/reminders`, {
      remind_at: new Date(clock.now().getTime() + ms).toISOString(),
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  const advance = (ms: number) => clock.set(new Date(clock.now().getTime() + ms).toISOString());
  const reminderMails = (email: string) =>
    t.database.db
      .selectFrom('mail_outbox')
      .select(['id', 'status', 'text_body', 'html_body'])
      .where('to_address', '=', email)
      .where('about_kind', '=', 'reminder')
      .orderBy('id')
      .execute();
  const snooze = (token: string, choice: string) => call(null, 'POST', '/api/reminder-snoozes', { token, for: choice });
  const linkIn = (text: string, choice: string) => {
    const found = new RegExp(`/snooze\\?token=([A-Za-z0-9_-]+)&for=${choice}`).exec(text);
    expect(found, text).not.toBeNull();
    return found![1]!;
  };

  test('a reminder e-mail carries three snooze links in the person’s language; one snoozes once, without a session, and the bell’s reminder is read', async () => {
    clock.set('2026-12-01T08:00:00.000Z');
    const user = await t.signUp({ name: 'Aline', language: 'fr' });
    const task = await addTask(user, { title: 'Appeler la banque' });
    await remindIn(user, task.id, 60_000);
    advance(60_000);
    expect(await t.app.taskaty.reminders.pass()).toBe(1);
    const [mail] = await reminderMails(user.user.email);
    expect(mail!.text_body).toContain('Me le rappeler');
    for (const [choice, words] of [
      ['10m', 'Dans 10 min'],
      ['1h', 'Dans 1 heure'],
      ['tomorrow', 'Demain'],
    ] as const) {
      expect(mail!.text_body).toContain(`- ${words}: `);
      expect(mail!.html_body).toContain(`/snooze?token=${linkIn(mail!.text_body, choice)}&amp;for=${choice}`);
    }
    // Every choice carries the same secret: it is the delivery's, spent by whichever is pressed.
    const token = linkIn(mail!.text_body, '1h');
    expect(linkIn(mail!.text_body, '10m')).toBe(token);
    expect((await call(user, 'GET', '/api/notifications')).json().unread_count).toBe(1);

    const snoozed = await snooze(token, '1h');
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    const inAnHour = new Date(clock.now().getTime() + 3_600_000).toISOString();
    expect(snoozed.json()).toEqual({ message: 'Reminder snoozed', remind_at: inAnHour, task_id: task.id });
    const listed = (await call(user, 'GET', `/api/tasks/${task.id}/reminders`)).json().reminders;
    // The spent moment made way for the new one.
    expect(listed).toEqual([expect.objectContaining({ remind_at: inAnHour, fire_at: inAnHour, state: 'pending' })]);
    expect((await call(user, 'GET', '/api/notifications')).json().unread_count).toBe(0);

    // Once only: again, or with another choice, it is spent; a made-up secret is not valid.
    expect((await snooze(token, '10m')).json()).toEqual({ message: 'This snooze link was already used or has expired.' });
    expect((await snooze(token, '10m')).statusCode).toBe(410);
    const unknown = await snooze('A'.repeat(43), '10m');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'This snooze link is not valid.']);
    // The snoozed reminder falls due again: a new link.
    advance(3_600_000);
    expect(await t.app.taskaty.reminders.pass()).toBe(1);
    const again = await reminderMails(user.user.email);
    expect(again).toHaveLength(2);
    expect(linkIn(again[1]!.text_body, '10m')).not.toBe(token);
  });

  test('a snooze link expires after a week, and snoozes nothing for someone who may no longer open the task (and stays unspent)', async () => {
    clock.set('2026-12-01T08:00:00.000Z');
    const owner = await t.signUp();
    const friend = await t.signUp();
    const task = await addTask(owner, { title: 'Shared errand' });
    await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [friend.user.email] });
    await call(friend, 'POST', `/api/tasks/${task.id}/accept-share`);
    await remindIn(friend, task.id, 60_000);
    await remindIn(owner, task.id, 60_000);
    advance(60_000);
    expect(await t.app.taskaty.reminders.pass()).toBe(2);
    const friendsToken = linkIn((await reminderMails(friend.user.email))[0]!.text_body, '10m');
    const ownersToken = linkIn((await reminderMails(owner.user.email))[0]!.text_body, '10m');

    await call(owner, 'DELETE', `/api/tasks/${task.id}/remove-share`, { user_id: friend.user.id });
    expect((await snooze(friendsToken, '10m')).statusCode).toBe(404);
    // Shared again: the same link works, as it was not spent by the refusal.
    await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [friend.user.email] });
    await call(friend, 'POST', `/api/tasks/${task.id}/accept-share`);
    expect((await snooze(friendsToken, '10m')).statusCode).toBe(200);

    // The task done since: nothing to remind of, said plainly, and the link stays unspent.
    await call(owner, 'PUT', `/api/tasks/complete/${task.id}`);
    const done = await snooze(ownersToken, '10m');
    expect([done.statusCode, done.json().message]).toEqual([422, 'This task is already completed: there is nothing to remind you of.']);
    await call(owner, 'PUT', `/api/tasks/uncomplete/${task.id}`);
    advance(7 * 86_400_000);
    expect((await snooze(ownersToken, '10m')).statusCode).toBe(410);
    // Bad input is a field error, never a 500.
    for (const body of [
      {},
      { token: ownersToken },
      { token: ownersToken, for: '2h' },
      { token: '../../etc', for: '1h' },
      { token: 7, for: '1h' },
    ]) {
      const answer = await call(null, 'POST', '/api/reminder-snoozes', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(422);
      expect(answer.json()).toEqual({ message: expect.any(String), errors: expect.any(Object) });
    }
  });

  test('a reminder’s push message carries two snooze buttons in the person’s language and the secret that snoozes it', async () => {
    clock.set('2026-12-01T08:00:00.000Z');
    const user = await t.signUp({ language: 'hi' });
    const browser = receiver.browser();
    expect((await call(user, 'POST', '/api/push/subscriptions', { endpoint: browser.endpoint, keys: browser.keys })).statusCode).toBe(201);
    const task = await addTask(user, { title: 'बैंक को फ़ोन करें' });
    await remindIn(user, task.id, 60_000);
    advance(60_000);
    await t.app.taskaty.reminders.pass();
    await t.app.taskaty.push.flush();
    expect(browser.received).toHaveLength(1);
    const payload = browser.received[0]!.payload as { snooze: { token: string; actions: unknown[] } };
    expect(payload.snooze.actions).toEqual([
      { action: '10m', title: '10 मिनट में' },
      { action: '1h', title: '1 घंटे में' },
    ]);
    // The mail and the push message of one delivery share its secret: one snooze spends both.
    expect(linkIn((await reminderMails(user.user.email))[0]!.text_body, '10m')).toBe(payload.snooze.token);
    expect((await snooze(payload.snooze.token, '10m')).statusCode).toBe(200);
    expect((await snooze(payload.snooze.token, '1h')).statusCode).toBe(410);
  });

  test('a reminder held by quiet hours is not sent once its task was rescheduled, the reminder removed, or the reminder snoozed meanwhile', async () => {
    clock.set('2026-12-01T08:00:00.000Z');
    const user = await t.signUp();
    await call(user, 'PUT', '/api/user/notification-settings', { quiet_hours: { start: '00:00', end: '23:59' } });
    const outbox = createMailOutboxRepository(t.database.db);
    const claimed = async () => {
      const mails = await reminderMails(user.user.email);
      return Promise.all(mails.map((mail) => outbox.claim(mail.id, clock.nowIso())));
    };
    // Four tasks due at 09:00, each with a reminder 30 minutes before.
    const tasks = [];
    for (const title of ['Moved', 'Removed', 'Snoozed', 'Kept']) {
      const task = await addTask(user, { title, due_date: '2026-12-01', due_time: '09:00' });
      expect((await call(user, 'POST', `/api/tasks/${task.id}/reminders`, { offset_minutes: 30 })).statusCode).toBe(201);
      tasks.push(task);
    }
    clock.set('2026-12-01T08:30:00.000Z');
    await t.app.taskaty.reminders.pass();
    const mails = await reminderMails(user.user.email);
    expect(mails.map((mail) => mail.status)).toEqual(['pending', 'pending', 'pending', 'pending']);

    const [moved, removed, snoozed] = tasks as [{ id: number }, { id: number }, { id: number }];
    // Moved to the afternoon: its reminder is due again then, and the held message is about the old time.
    expect(
      (await call(user, 'PUT', `/api/tasks/update/${moved.id}`, { title: 'Moved', due_date: '2026-12-01', due_time: '17:00' })).statusCode,
    ).toBe(200);
    const [reminder] = (await call(user, 'GET', `/api/tasks/${removed.id}/reminders`)).json().reminders;
    expect((await call(user, 'DELETE', `/api/tasks/${removed.id}/reminders/${reminder.id}`)).statusCode).toBe(200);
    const [notification] = (await call(user, 'GET', '/api/notifications'))
      .json()
      .notifications.filter((item: { task_id: number }) => item.task_id === snoozed.id);
    expect((await call(user, 'POST', `/api/notifications/${notification.id}/snooze`, { for: '1h' })).statusCode).toBe(200);

    // The quiet hours end: only the untouched task's reminder goes.
    clock.set('2026-12-02T00:00:00.000Z');
    const statuses = (await reminderMails(user.user.email)).map((mail) => mail.status);
    expect(statuses[2]).toBe('cancelled');
    expect(await claimed()).toEqual(['cancelled', 'cancelled', undefined, 'sending']);
  });

  test('reminders of one task are one message even when a batch is full: the batch that would cut them leaves the task to the next', async () => {
    clock.set('2026-12-01T08:00:00.000Z');
    const user = await t.signUp();
    const first = await addTask(user, { title: 'First' });
    const second = await addTask(user, { title: 'Second' });
    for (const ms of [60_000, 61_000]) await remindIn(user, first.id, ms);
    for (const ms of [60_000, 62_000, 63_000]) await remindIn(user, second.id, ms);
    advance(120_000);
    // Batches of 3 take all five reminders in two batches, and tell of each task once.
    const scheduler = createReminderScheduler({
      database: t.database,
      clock,
      events: t.app.taskaty.bus,
      publicUrl: 'http://localhost:3000',
      log: { warn: (problem) => expect.fail(String(problem)) },
      batchSize: 3,
    });
    expect(await scheduler.pass()).toBe(5);
    const told = (await call(user, 'GET', '/api/notifications')).json().notifications.map((item: { task_id: number }) => item.task_id);
    expect(told.sort()).toEqual([first.id, second.id].sort());
    expect(await reminderMails(user.user.email)).toHaveLength(2);
  });
});
