import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';
import { testClock } from '../../tests/support/test-clock.ts';

interface Listed {
  id: number;
  task_id: number;
  offset_minutes: number | null;
  remind_at: string | null;
  fire_at: string | null;
  state: string;
}

describe.each(testDialects())('reminders on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock('2026-12-01T08:00:00.000Z');
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
  });
  afterAll(() => t.close());

  const call = (user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user ? user.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const addTask = async (user: SignedInUser, task: Record<string, unknown>) => {
    const response = await call(user, 'POST', '/api/tasks/add', task);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().task as { id: number };
  };
  const remind = async (user: SignedInUser, taskId: number, body: unknown) => {
    const response = await call(user, 'POST', `/api/tasks/${taskId}/reminders`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().reminders as Listed[];
  };
  const reminders = async (user: SignedInUser, taskId: number) =>
    (await call(user, 'GET', `/api/tasks/${taskId}/reminders`)).json().reminders as Listed[];
  const notifications = async (user: SignedInUser) =>
    (await call(user, 'GET', '/api/notifications')).json().notifications as Array<{ kind: string; task_id: number; actor: unknown }>;
  /** The reminder e-mails to an address (they link to their task; the verification mail does not). */
  const mailsTo = (email: string) =>
    t.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body', 'html_body'])
      .where('to_address', '=', email)
      .where('text_body', 'like', '%/dashboard?task=%')
      .execute();
  const inZone = async (user: SignedInUser, zone: string) =>
    expect((await call(user, 'PUT', '/api/user/time-zone', { time_zone: zone })).statusCode).toBe(200);

  test('a reminder before a task due at a time falls due in the person’s zone, is delivered once in-app and by e-mail in their language, then is sent', async () => {
    clock.set('2026-12-01T08:00:00.000Z');
    const user = await t.signUp({ name: 'Berta', language: 'de' });
    await inZone(user, 'Europe/Berlin');
    const task = await addTask(user, { title: 'Zahnarzt anrufen', due_date: '2026-12-03', due_time: '09:30' });
    // 09:30 in Berlin in December is 08:30 UTC; 15 minutes before is 08:15.
    const [set] = await remind(user, task.id, { offset_minutes: 15 });
    expect(set).toMatchObject({
      task_id: task.id,
      offset_minutes: 15,
      remind_at: null,
      fire_at: '2026-12-03T08:15:00.000Z',
      state: 'pending',
    });

    // Not yet due: nothing happens.
    clock.set('2026-12-03T08:14:59.000Z');
    expect(await t.app.taskaty.reminders.pass()).toBe(0);
    expect(await notifications(user)).toEqual([]);

    clock.set('2026-12-03T08:15:00.000Z');
    expect(await t.app.taskaty.reminders.pass()).toBe(1);
    expect(await notifications(user)).toEqual([expect.objectContaining({ kind: 'reminder', task_id: task.id, actor: null })]);
    const [mail] = await mailsTo(user.user.email);
    expect(mail!.subject).toBe('Erinnerung: Zahnarzt anrufen');
    expect(mail!.text_body).toContain('Donnerstag, 3. Dezember 2026 um 09:30');
    expect(mail!.text_body).toContain(`/dashboard?task=${task.id}`);
    expect((await reminders(user, task.id))[0]!.state).toBe('sent');
    // A second pass, later, sends nothing more.
    clock.set('2026-12-03T09:00:00.000Z');
    expect(await t.app.taskaty.reminders.pass()).toBe(0);
    expect(await notifications(user)).toHaveLength(1);
    expect(await mailsTo(user.user.email)).toHaveLength(1);
  });

  test('a task due on a day is due at 09:00 there; a custom moment is kept as given; moving the task moves its reminders, completing cancels them, reopening brings back those still to come', async () => {
    clock.set('2026-12-01T08:00:00.000Z');
    const user = await t.signUp();
    await inZone(user, 'Asia/Kolkata');
    const task = await addTask(user, { title: 'Pay rent', due_date: '2026-12-05' });
    await remind(user, task.id, { offset_minutes: 0 });
    const all = await remind(user, task.id, { remind_at: '2026-12-04T18:00:00+05:30' });
    // Soonest first: the custom moment (12:30 UTC on the 4th), then 09:00 IST on the 5th (03:30 UTC).
    expect(all.map((r) => [r.offset_minutes, r.remind_at, r.fire_at])).toEqual([
      [null, '2026-12-04T12:30:00.000Z', '2026-12-04T12:30:00.000Z'],
      [0, null, '2026-12-05T03:30:00.000Z'],
    ]);

    expect(
      (await call(user, 'PUT', `/api/tasks/update/${task.id}`, { title: 'Pay rent', due_date: '2026-12-10', due_time: '18:00' }))
        .statusCode,
    ).toBe(200);
    expect((await reminders(user, task.id)).map((r) => r.fire_at)).toEqual(['2026-12-04T12:30:00.000Z', '2026-12-10T12:30:00.000Z']);

    expect((await call(user, 'PUT', `/api/tasks/complete/${task.id}`)).statusCode).toBe(200);
    expect((await reminders(user, task.id)).map((r) => r.state)).toEqual(['cancelled', 'cancelled']);
    clock.set('2026-12-04T13:00:00.000Z');
    expect(await t.app.taskaty.reminders.pass()).toBe(0);

    // Reopened after the custom moment: only the one still to come is pending again.
    expect((await call(user, 'PUT', `/api/tasks/uncomplete/${task.id}`)).statusCode).toBe(200);
    expect((await reminders(user, task.id)).map((r) => r.state)).toEqual(['cancelled', 'pending']);
    // Clearing the date: the offset reminder has no moment left.
    expect((await call(user, 'PUT', `/api/tasks/update/${task.id}`, { title: 'Pay rent', due_date: '' })).statusCode).toBe(200);
    expect((await reminders(user, task.id)).map((r) => [r.offset_minutes, r.fire_at, r.state])).toEqual([
      [null, '2026-12-04T12:30:00.000Z', 'cancelled'],
      [0, null, 'cancelled'],
    ]);
  });

  test('a task moved earlier, so that a waiting reminder’s moment has passed, reminds at once while the task is still ahead; moved into the past, it does not', async () => {
    clock.set('2026-12-01T10:30:00.000Z');
    const user = await t.signUp();
    const soon = await addTask(user, { title: 'Board call', due_date: '2026-12-01', due_time: '12:00' });
    await remind(user, soon.id, { offset_minutes: 60 });
    // Moved from 12:00 to 11:00 at 10:30: "an hour before" was 10:00, so it goes now.
    await call(user, 'PUT', `/api/tasks/update/${soon.id}`, { title: 'Board call', due_date: '2026-12-01', due_time: '11:00' });
    expect((await reminders(user, soon.id)).map((r) => [r.fire_at, r.state])).toEqual([['2026-12-01T10:00:00.000Z', 'pending']]);
    const late = await addTask(user, { title: 'Old report', due_date: '2026-12-01', due_time: '12:00' });
    await remind(user, late.id, { offset_minutes: 60 });
    // Moved to yesterday: the task itself is past, and a reminder of it would only be noise.
    await call(user, 'PUT', `/api/tasks/update/${late.id}`, { title: 'Old report', due_date: '2026-11-30', due_time: '12:00' });
    expect((await reminders(user, late.id)).map((r) => r.state)).toEqual(['cancelled']);
    await t.app.taskaty.reminders.pass();
    const told = (await notifications(user)).filter((n) => n.kind === 'reminder').map((n) => n.task_id);
    expect(told).toEqual([soon.id]);
    expect((await reminders(user, soon.id)).map((r) => r.state)).toEqual(['sent']);
  });

  test('a new time zone moves the person’s reminders before a due moment to its wall time there; a custom moment stays', async () => {
    clock.set('2026-12-01T08:00:00.000Z');
    const user = await t.signUp();
    await inZone(user, 'America/New_York');
    const task = await addTask(user, { title: 'Board meeting', due_date: '2026-12-10', due_time: '09:00' });
    await remind(user, task.id, { offset_minutes: 30 });
    await remind(user, task.id, { remind_at: '2026-12-09T12:00:00Z' });
    expect((await reminders(user, task.id)).map((r) => r.fire_at)).toEqual(['2026-12-09T12:00:00.000Z', '2026-12-10T13:30:00.000Z']);
    await inZone(user, 'Asia/Tokyo');
    expect((await reminders(user, task.id)).map((r) => r.fire_at)).toEqual(['2026-12-09T12:00:00.000Z', '2026-12-09T23:30:00.000Z']);
  });

  test('a delivered reminder is snoozed from its notification: again in 10 minutes, in an hour, or tomorrow at 09:00 in the person’s zone', async () => {
    clock.set('2026-12-01T08:00:00.000Z');
    const user = await t.signUp();
    await inZone(user, 'Europe/Paris');
    const task = await addTask(user, { title: 'Send the invoice', due_date: '2026-12-01', due_time: '10:00' });
    await remind(user, task.id, { offset_minutes: 0 });
    clock.set('2026-12-01T09:00:00.000Z');
    expect(await t.app.taskaty.reminders.pass()).toBe(1);
    const listed = async () =>
      (await call(user, 'GET', '/api/notifications')).json().notifications as Array<{ id: number; kind: string; read_at: string | null }>;
    const [told] = await listed();

    const snoozed = await call(user, 'POST', `/api/notifications/${told!.id}/snooze`, { for: '10m' });
    expect(snoozed.json()).toEqual({ message: 'Reminder snoozed', unread_count: 0 });
    expect((await reminders(user, task.id)).map((r) => [r.remind_at, r.state])).toEqual([
      [null, 'sent'],
      ['2026-12-01T09:10:00.000Z', 'pending'],
    ]);
    clock.set('2026-12-01T09:10:00.000Z');
    expect(await t.app.taskaty.reminders.pass()).toBe(1);
    const [again] = await listed();
    expect(again).toMatchObject({ kind: 'reminder', read_at: null });

    // Snoozed again: the spent moment makes way for the new one, so the list does not grow.
    expect((await call(user, 'POST', `/api/notifications/${again!.id}/snooze`, { for: 'tomorrow' })).statusCode).toBe(200);
    expect((await reminders(user, task.id)).map((r) => [r.remind_at, r.state])).toEqual([
      [null, 'sent'],
      ['2026-12-02T08:00:00.000Z', 'pending'],
    ]);

    // Only a reminder can be snoozed, only by its reader, and only for the offered times.
    const other = await t.signUp();
    expect((await call(other, 'POST', `/api/notifications/${again!.id}/snooze`, { for: '1h' })).statusCode).toBe(404);
    for (const body of [{}, { for: '2h' }, { for: 10 }]) {
      expect((await call(user, 'POST', `/api/notifications/${again!.id}/snooze`, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    const shared = await addTask(other, { title: 'Shared plan' });
    expect((await call(other, 'POST', `/api/tasks/${shared.id}/share`, { email_ids: [user.user.email] })).statusCode).toBe(200);
    expect((await call(user, 'POST', `/api/tasks/${shared.id}/accept-share`)).statusCode).toBe(200);
    const [accepted] = (await call(other, 'GET', '/api/notifications')).json().notifications as Array<{ id: number }>;
    expect((await call(other, 'POST', `/api/notifications/${accepted!.id}/snooze`, { for: '1h' })).json().errors).toEqual({
      for: ['Only a reminder can be snoozed.'],
    });
    // The other tests' passes must not deliver this one: its task goes, and its reminders with it.
    expect((await call(user, 'DELETE', `/api/tasks/delete/${task.id}`)).statusCode).toBe(200);
  });

  test('after downtime the reminders of a task that fell due together are one notification and one e-mail; an unproven address gets none', async () => {
    clock.set('2026-12-01T08:00:00.000Z');
    const user = await t.signUp();
    const unproven = await t.signUp({ verified: false });
    const task = await addTask(user, { title: 'Renew passport', due_date: '2026-12-02', due_time: '12:00' });
    const other = await addTask(unproven, { title: 'Water plants', due_date: '2026-12-02', due_time: '12:00' });
    for (const offset of [0, 30, 60, 1440]) await remind(user, task.id, { offset_minutes: offset });
    await remind(unproven, other.id, { offset_minutes: 0 });
    clock.set('2026-12-02T15:00:00.000Z');
    expect(await t.app.taskaty.reminders.pass()).toBe(5);
    expect((await notifications(user)).filter((n) => n.kind === 'reminder')).toHaveLength(1);
    expect(await mailsTo(user.user.email)).toHaveLength(1);
    expect((await notifications(unproven)).filter((n) => n.kind === 'reminder')).toHaveLength(1);
    expect(await mailsTo(unproven.user.email)).toEqual([]);
  });

  test('a repeating task’s next occurrence keeps its people’s reminders, for its own date; someone removed from a task is not reminded', async () => {
    clock.set('2026-12-01T08:00:00.000Z');
    const owner = await t.signUp();
    const friend = await t.signUp();
    const task = await addTask(owner, { title: 'Standup', due_date: '2026-12-02', due_time: '09:00', recurrence: 'FREQ=DAILY' });
    expect((await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [friend.user.email] })).statusCode).toBe(200);
    expect((await call(friend, 'POST', `/api/tasks/${task.id}/accept-share`)).statusCode).toBe(200);
    await remind(owner, task.id, { offset_minutes: 10 });
    await remind(friend, task.id, { offset_minutes: 5 });
    // Each sees only their own.
    expect((await reminders(friend, task.id)).map((r) => r.offset_minutes)).toEqual([5]);

    const next = (await call(owner, 'PUT', `/api/tasks/complete/${task.id}`)).json().next_occurrence as { id: number; due_date: string };
    expect(next.due_date).toBe('2026-12-03');
    expect((await reminders(owner, next.id)).map((r) => [r.fire_at, r.state])).toEqual([['2026-12-03T08:50:00.000Z', 'pending']]);
    expect((await reminders(friend, next.id)).map((r) => [r.fire_at, r.state])).toEqual([['2026-12-03T08:55:00.000Z', 'pending']]);

    expect((await call(owner, 'DELETE', `/api/tasks/${next.id}/remove-share`, { user_id: friend.user.id })).statusCode).toBe(200);
    clock.set('2026-12-03T09:00:00.000Z');
    expect(await t.app.taskaty.reminders.pass()).toBe(2);
    expect((await notifications(owner)).filter((n) => n.kind === 'reminder')).toHaveLength(1);
    expect((await notifications(friend)).filter((n) => n.kind === 'reminder')).toEqual([]);
  });

  test('bad input is a clear error and nothing is set; only people who may open the task set reminders, and each removes only theirs', async () => {
    clock.set('2026-12-01T08:00:00.000Z');
    const user = await t.signUp();
    const stranger = await t.signUp();
    const task = await addTask(user, { title: 'File taxes', due_date: '2026-12-20', due_time: '10:00' });
    for (const body of [
      {},
      { offset_minutes: 10, remind_at: '2026-12-10T10:00:00Z' },
      { offset_minutes: -1 },
      { offset_minutes: 40_321 },
      { offset_minutes: 2.5 },
      { offset_minutes: '10' },
      { remind_at: 'tomorrow' },
      { remind_at: '2026-11-30T10:00:00Z' },
      { when: 'soon' },
    ]) {
      const response = await call(user, 'POST', `/api/tasks/${task.id}/reminders`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().message, JSON.stringify(body)).toEqual(expect.any(String));
    }
    // A moment already past: the task is due in less than the offset.
    const soon = await addTask(user, { title: 'Call back', due_date: '2026-12-01', due_time: '08:30' });
    expect((await call(user, 'POST', `/api/tasks/${soon.id}/reminders`, { offset_minutes: 60 })).json().errors).toEqual({
      offset_minutes: ['That moment has already passed: the task is due sooner.'],
    });
    for (let i = 0; i < 10; i++) await remind(user, task.id, { offset_minutes: i });
    expect((await call(user, 'POST', `/api/tasks/${task.id}/reminders`, { offset_minutes: 20 })).statusCode).toBe(422);
    expect(await reminders(user, task.id)).toHaveLength(10);

    expect((await call(stranger, 'GET', `/api/tasks/${task.id}/reminders`)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', `/api/tasks/${task.id}/reminders`, { offset_minutes: 5 })).statusCode).toBe(404);
    const [first] = await reminders(user, task.id);
    expect((await call(stranger, 'DELETE', `/api/tasks/${task.id}/reminders/${first!.id}`)).statusCode).toBe(404);
    expect((await call(user, 'DELETE', `/api/tasks/${soon.id}/reminders/${first!.id}`)).statusCode).toBe(404);
    for (const id of ['0', 'x', '99999999999'])
      expect((await call(user, 'DELETE', `/api/tasks/${task.id}/reminders/${id}`)).statusCode).toBe(404);
    const left = await call(user, 'DELETE', `/api/tasks/${task.id}/reminders/${first!.id}`);
    expect(left.statusCode).toBe(200);
    expect(left.json().reminders).toHaveLength(9);
  });
});
