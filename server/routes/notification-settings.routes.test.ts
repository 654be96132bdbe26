import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../common/schemas/notification-settings.schema.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';
import { testClock } from '../../tests/support/test-clock.ts';

describe.each(testDialects())('Settings → Notifications on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock('2026-12-01T08:00:00.000Z');
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
  });
  afterAll(() => t.close());

  const call = (user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user ? user.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const settingsOf = async (user: SignedInUser) => (await call(user, 'GET', '/api/user/notification-settings')).json().settings;
  const change = async (user: SignedInUser, body: unknown) => {
    const response = await call(user, 'PUT', '/api/user/notification-settings', body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().settings;
  };
  const addTask = async (user: SignedInUser, task: Record<string, unknown>) => {
    const response = await call(user, 'POST', '/api/tasks/add', task);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().task as { id: number };
  };
  const bell = async (user: SignedInUser) =>
    ((await call(user, 'GET', '/api/notifications')).json().notifications as Array<{ kind: string; task_id: number }>).map((n) => n.kind);
  /** Mails to an address other than the account's own link mails, oldest first. */
  const mailsTo = (email: string) =>
    t.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body', 'html_body', 'next_attempt_at', 'idempotency_key'])
      .where('to_address', '=', email)
      .where('text_body', 'not like', '%/verify-email?token=%')
      .orderBy('id')
      .execute();
  /** Owner and an accepted recipient of one task. */
  const sharedTask = async (title: string, ownerLanguage = 'en') => {
    const owner = await t.signUp({ name: 'Owner Olga', language: ownerLanguage });
    const friend = await t.signUp({ name: 'Friend Femi' });
    const task = await addTask(owner, { title });
    expect((await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [friend.user.email] })).statusCode).toBe(200);
    expect((await call(friend, 'POST', `/api/tasks/${task.id}/accept-share`)).statusCode).toBe(200);
    return { owner, friend, task };
  };

  test('a person starts with the defaults, changes any part, and the rest stays', async () => {
    const user = await t.signUp();
    expect(await settingsOf(user)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    await change(user, { channels: { comment: { email: true } } });
    const after = await change(user, { quiet_hours: { start: '22:00', end: '07:00' }, digest_time: '08:30', default_reminder_minutes: 30 });
    expect(after).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      channels: { ...DEFAULT_NOTIFICATION_SETTINGS.channels, comment: { in_app: true, email: true, push: true } },
      quiet_hours: { start: '22:00', end: '07:00' },
      digest_time: '08:30',
      default_reminder_minutes: 30,
    });
    expect(await settingsOf(user)).toEqual(after);
    expect((await change(user, { quiet_hours: null, digest_time: null })).quiet_hours).toBeNull();
    // Someone else's settings are their own.
    expect(await settingsOf(await t.signUp())).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  test('bad settings get field errors and change nothing', async () => {
    const user = await t.signUp();
    for (const [body, field] of [
      [{ digest_time: '24:00' }, 'digest_time'],
      [{ digest_time: '8:00' }, 'digest_time'],
      [{ quiet_hours: { start: '22:00', end: '22:00' } }, 'quiet_hours.end'],
      [{ quiet_hours: { start: '22:00' } }, 'quiet_hours.end'],
      [{ default_reminder_minutes: -1 }, 'default_reminder_minutes'],
      [{ default_reminder_minutes: 40_321 }, 'default_reminder_minutes'],
      [{ default_reminder_minutes: 2 ** 53 }, 'default_reminder_minutes'],
      [{ default_reminder_minutes: 1.5 }, 'default_reminder_minutes'],
      [{ channels: { comment: { email: 'yes' } } }, 'channels.comment.email'],
      [{ channels: { sms: { email: true } } }, 'channels'],
      [{ channels: { comment: { sms: true } } }, 'channels.comment'],
      [{ loud: true }, ''],
    ] as const) {
      const response = await call(user, 'PUT', '/api/user/notification-settings', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      const answer = response.json();
      expect(answer.message).toEqual(expect.any(String));
      if (field) expect(Object.keys(answer.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await settingsOf(user)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect((await call(null, 'GET', '/api/user/notification-settings')).statusCode).toBe(401);
  });

  test('a comment reaches the bell and, once chosen, the mailbox in the reader’s language; turned off it reaches neither', async () => {
    clock.set('2026-12-01T08:00:00.000Z');
    const { owner, friend, task } = await sharedTask('Quarterly numbers', 'fr');
    const comment = (user: SignedInUser, content: string) => call(user, 'POST', '/api/tasks/comments/add', { task_id: task.id, content });

    // Defaults: in the bell, no e-mail.
    expect((await comment(friend, 'First look')).statusCode).toBe(201);
    expect(await bell(owner)).toEqual(['comment', 'share_accepted']);
    expect(await mailsTo(owner.user.email)).toEqual([]);

    // E-mail chosen: the bell's sentence, the comment's start and a link to the task, in the owner's language.
    await change(owner, { channels: { comment: { email: true } } });
    expect((await comment(friend, 'Numbers <b>look</b> good')).statusCode).toBe(201);
    const [mail] = await mailsTo(owner.user.email);
    expect(mail!.subject).toBe('Friend Femi a commenté « Quarterly numbers »');
    expect(mail!.text_body).toContain('Numbers <b>look</b> good');
    expect(mail!.text_body).toContain(`/dashboard?task=${task.id}`);
    expect(mail!.html_body).toContain('Numbers &lt;b&gt;look&lt;/b&gt; good');
    expect(mail!.html_body).toContain('lang="fr"');

    // Both off: nothing in the bell, nothing mailed.
    await change(owner, { channels: { comment: { in_app: false, email: false } } });
    expect((await comment(friend, 'Anyone?')).statusCode).toBe(201);
    expect(await bell(owner)).toEqual(['comment', 'comment', 'share_accepted']);
    expect(await mailsTo(owner.user.email)).toHaveLength(1);
  });

  test('an e-mail during quiet hours waits until they end on the person’s clock; in-app is at once', async () => {
    // 22:30 in Berlin (UTC+1 in December).
    clock.set('2026-12-01T21:30:00.000Z');
    const { owner, friend, task } = await sharedTask('Night shift plan');
    expect((await call(owner, 'PUT', '/api/user/time-zone', { time_zone: 'Europe/Berlin' })).statusCode).toBe(200);
    await change(owner, {
      channels: { share_answer: { email: true }, comment: { email: true } },
      quiet_hours: { start: '22:00', end: '07:00' },
    });
    expect((await call(friend, 'POST', '/api/tasks/comments/add', { task_id: task.id, content: 'Late thought' })).statusCode).toBe(201);
    expect(await bell(owner)).toContain('comment');
    const [held] = await mailsTo(owner.user.email);
    // 07:00 Berlin the next morning.
    expect(held!.next_attempt_at).toBe('2026-12-02T06:00:00.000Z');

    // Outside quiet hours it leaves at once.
    clock.set('2026-12-02T09:00:00.000Z');
    expect((await call(friend, 'POST', '/api/tasks/comments/add', { task_id: task.id, content: 'Morning' })).statusCode).toBe(201);
    const mails = await mailsTo(owner.user.email);
    expect(mails[1]!.next_attempt_at).toBe('2026-12-02T09:00:00.000Z');
  });

  test('e-mail notifications go only to a proven address', async () => {
    clock.set('2026-12-01T08:00:00.000Z');
    const owner = await t.signUp({ verified: false });
    const friend = await t.signUp();
    await change(owner, { channels: { comment: { email: true } } });
    // An unproven owner can still share and comment on their own task; the friend's comment reaches only the bell.
    const task = await addTask(owner, { title: 'Unproven' });
    await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [friend.user.email] });
    await call(friend, 'POST', `/api/tasks/${task.id}/accept-share`);
    expect((await call(friend, 'POST', '/api/tasks/comments/add', { task_id: task.id, content: 'Hello' })).statusCode).toBe(201);
    expect(await bell(owner)).toContain('comment');
    expect(await mailsTo(owner.user.email)).toEqual([]);
    // And the test notification says why it cannot be sent.
    const test = await call(owner, 'POST', '/api/notifications/test');
    expect(test.statusCode).toBe(422);
    expect(test.json().message).toMatch(/verify/i);
  });

  test('reminders follow the reminder setting: bell only, e-mail only, and held through quiet hours', async () => {
    clock.set('2026-12-01T08:00:00.000Z');
    const user = await t.signUp();
    const task = await addTask(user, { title: 'Call the bank', due_date: '2026-12-01', due_time: '12:00' });
    await call(user, 'POST', `/api/tasks/${task.id}/reminders`, { offset_minutes: 0 });
    await change(user, { channels: { reminder: { in_app: false, email: true } }, quiet_hours: { start: '11:00', end: '13:30' } });
    clock.set('2026-12-01T12:00:00.000Z');
    expect(await t.app.taskaty.reminders.pass()).toBe(1);
    expect(await bell(user)).toEqual([]);
    const [mail] = await mailsTo(user.user.email);
    expect(mail!.subject).toBe('Reminder: Call the bank');
    expect(mail!.next_attempt_at).toBe('2026-12-01T13:30:00.000Z');
    expect(mail!.idempotency_key).toMatch(/^reminder:\d+:2026-12-01T12:00:00.000Z$/);
  });

  test('a new task with a time gets the default reminder; one without a time, or whose moment passed, does not', async () => {
    clock.set('2026-12-01T08:00:00.000Z');
    const user = await t.signUp();
    const reminders = async (taskId: number) => (await call(user, 'GET', `/api/tasks/${taskId}/reminders`)).json().reminders;
    const before = await addTask(user, { title: 'Before the setting', due_date: '2026-12-02', due_time: '10:00' });
    expect(await reminders(before.id)).toEqual([]);
    await change(user, { default_reminder_minutes: 30 });
    const timed = await addTask(user, { title: 'Dentist', due_date: '2026-12-02', due_time: '10:00' });
    expect(await reminders(timed.id)).toEqual([
      expect.objectContaining({ offset_minutes: 30, fire_at: '2026-12-02T09:30:00.000Z', state: 'pending' }),
    ]);
    const dayOnly = await addTask(user, { title: 'Someday this week', due_date: '2026-12-02' });
    expect(await reminders(dayOnly.id)).toEqual([]);
    // Due in 10 minutes: "30 minutes before" has passed already.
    const soon = await addTask(user, { title: 'Soon', due_date: '2026-12-01', due_time: '08:10' });
    expect(await reminders(soon.id)).toEqual([]);
  });

  test('the daily digest comes once a day at the person’s time, lists overdue and today’s tasks with links, and skips empty days', async () => {
    clock.set('2026-12-01T05:00:00.000Z');
    const user = await t.signUp({ language: 'es' });
    expect((await call(user, 'PUT', '/api/user/time-zone', { time_zone: 'America/Mexico_City' })).statusCode).toBe(200);
    // 07:30 in Mexico City (UTC−6) is 13:30 UTC.
    await change(user, { digest_time: '07:30' });
    const digests = async () => (await mailsTo(user.user.email)).filter((mail) => mail.idempotency_key?.startsWith('digest:'));

    // An empty day: nothing mailed, and the next digest is tomorrow's.
    clock.set('2026-12-01T13:30:00.000Z');
    await t.app.taskaty.digests.pass();
    expect(await digests()).toEqual([]);

    const late = await addTask(user, { title: 'Pagar la luz', due_date: '2026-11-30' });
    const today = await addTask(user, { title: 'Llamar a Ana', due_date: '2026-12-02', due_time: '09:15' });
    const done = await addTask(user, { title: 'Ya hecho', due_date: '2026-12-02' });
    await addTask(user, { title: 'Más adelante', due_date: '2026-12-09' });
    expect((await call(user, 'PUT', `/api/tasks/complete/${done.id}`)).statusCode).toBe(200);

    clock.set('2026-12-02T13:29:59.000Z');
    await t.app.taskaty.digests.pass();
    expect(await digests()).toEqual([]);
    clock.set('2026-12-02T13:30:00.000Z');
    await t.app.taskaty.digests.pass();
    await t.app.taskaty.digests.pass();
    const [digest, ...more] = await digests();
    expect(more).toEqual([]);
    expect(digest!.idempotency_key).toBe(`digest:${user.user.id}:2026-12-02`);
    expect(digest!.subject).toMatch(/^Tus tareas del miércoles, 2 de diciembre: Vencen hoy 1 · Vencidas 1$/);
    expect(digest!.text_body).toContain(`Pagar la luz`);
    expect(digest!.text_body).toContain(`/dashboard?task=${late.id}`);
    expect(digest!.text_body).toContain(`/dashboard?task=${today.id}`);
    expect(digest!.text_body).not.toContain('Más adelante');
    expect(digest!.text_body).not.toContain('Ya hecho');
    expect(digest!.html_body).toContain('lang="es"');

    // The next day, once again (not twice), however often the scheduler passes.
    clock.set('2026-12-03T14:00:00.000Z');
    await t.app.taskaty.digests.pass();
    await t.app.taskaty.digests.pass();
    expect(await digests()).toHaveLength(2);
  });

  test('after downtime a person gets one digest for their day, not one per day missed', async () => {
    clock.set('2026-12-01T05:00:00.000Z');
    const user = await t.signUp();
    await addTask(user, { title: 'Long overdue', due_date: '2026-11-01' });
    await change(user, { digest_time: '06:00' });
    clock.set('2026-12-05T10:00:00.000Z');
    await t.app.taskaty.digests.pass();
    const keys = (await mailsTo(user.user.email)).map((mail) => mail.idempotency_key);
    expect(keys).toEqual([`digest:${user.user.id}:2026-12-05`]);
  });

  test('changing the time zone moves the next digest to the new clock', async () => {
    clock.set('2026-12-01T05:00:00.000Z');
    const user = await t.signUp();
    await addTask(user, { title: 'Due', due_date: '2026-12-01' });
    await change(user, { digest_time: '08:00' });
    expect((await call(user, 'PUT', '/api/user/time-zone', { time_zone: 'Asia/Kolkata' })).statusCode).toBe(200);
    // 08:00 in Kolkata (UTC+5:30) on 1 December has passed at 05:00 UTC (10:30 there): tomorrow's 02:30 UTC.
    clock.set('2026-12-01T08:00:00.000Z');
    await t.app.taskaty.digests.pass();
    expect((await mailsTo(user.user.email)).filter((mail) => mail.idempotency_key?.startsWith('digest:'))).toEqual([]);
    clock.set('2026-12-02T02:30:00.000Z');
    await t.app.taskaty.digests.pass();
    expect((await mailsTo(user.user.email)).map((mail) => mail.idempotency_key)).toEqual([`digest:${user.user.id}:2026-12-02`]);
  });

  test('a test notification is mailed to a proven address in the person’s language, at most 5 an hour', async () => {
    clock.set('2026-12-01T08:00:00.000Z');
    const user = await t.signUp({ language: 'hi' });
    for (let i = 0; i < 5; i++) {
      const response = await call(user, 'POST', '/api/notifications/test');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: 'Test notification sent', channels: ['email'] });
      clock.set(new Date(Date.parse('2026-12-01T08:00:00.000Z') + (i + 1) * 1000).toISOString());
    }
    const limited = await call(user, 'POST', '/api/notifications/test');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.stringMatching(/too many/i) });
    const mails = await mailsTo(user.user.email);
    expect(mails).toHaveLength(5);
    expect(mails[0]!.subject).toBe('Taskaty: परीक्षण सूचना');
    clock.set('2026-12-01T09:00:10.000Z');
    expect((await call(user, 'POST', '/api/notifications/test')).statusCode).toBe(200);
  });
});
