import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Task } from '../../common/schemas/task.schema.ts';
import type { Clock } from '../clock.ts';
import type { RealtimeEvent } from '../realtime/event-bus.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

/** Due times, time zones and repeating tasks through the HTTP API (issue 21, parts 2 and 4; decision 020). */
describe.each(testDialects())('due times, time zones and repeating tasks on %s', (dialect) => {
  let t: TestApp;
  let now = new Date('2026-01-07T12:00:00.000Z');
  const clock: Clock = { now: () => new Date(now), nowIso: () => now.toISOString() };
  const setNow = (iso: string) => {
    now = new Date(iso);
  };

  beforeAll(async () => {
    // Tokens outlive the clock's moves between tests.
    t = await createTestApp(dialect, { clock, env: { TOKEN_TTL_DAYS: '3650' } });
  });
  afterAll(() => t.close());
  beforeEach(() => setNow('2026-01-07T12:00:00.000Z'));

  const call = (user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user ? user.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const add = async (user: SignedInUser, payload: Record<string, unknown>) => {
    const response = await call(user, 'POST', '/api/tasks/add', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().task;
  };
  const update = async (user: SignedInUser, id: number, payload: Record<string, unknown>) => {
    const response = await call(user, 'PUT', `/api/tasks/update/${id}`, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().task;
  };
  const complete = async (user: SignedInUser, id: number) => {
    const response = await call(user, 'PUT', `/api/tasks/complete/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { task: Task; next_occurrence: Task | null };
  };
  const detail = async (user: SignedInUser, id: number) => (await call(user, 'GET', `/api/task/${id}`)).json();
  const logs = async (user: SignedInUser, id: number) =>
    (await detail(user, id)).activity_logs.map((log: { description: string }) => log.description);
  const ownTasks = async (user: SignedInUser) => (await call(user, 'GET', '/api/tasks')).json().tasks as Array<Record<string, unknown>>;
  const taskCount = async (userId: number) =>
    Number(
      (
        await t.database.db
          .selectFrom('tasks')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).count,
    );
  const setZone = async (user: SignedInUser, zone: string | null) => {
    const response = await call(user, 'PUT', '/api/user/time-zone', { time_zone: zone });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().user;
  };
  /** An owner, an accepted recipient and a pending one, sharing a task. */
  const sharedTask = async (payload: Record<string, unknown>) => {
    const owner = await t.signUp();
    const friend = await t.signUp();
    const invited = await t.signUp();
    const task = await add(owner, payload);
    expect(
      (await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [friend.user.email, invited.user.email] })).statusCode,
    ).toBe(200);
    expect((await call(friend, 'POST', `/api/tasks/${task.id}/accept-share`)).statusCode).toBe(200);
    return { owner, friend, invited, task };
  };

  describe('the fields', () => {
    test('a task without them reads as before: no time, no rule, counted from its due date', async () => {
      const me = await t.signUp();
      const task = await add(me, { title: 'Plain', due_date: '2030-05-01' });
      expect(task).toMatchObject({ due_date: '2030-05-01', due_time: null, recurrence: null, recurrence_from: 'due_date' });
      expect((await ownTasks(me))[0]).toMatchObject({ due_time: null, recurrence: null, recurrence_from: 'due_date' });
      expect(await logs(me, task.id)).toEqual(['Created the task']);
    });

    test('they round-trip on add, update, the list, the detail, the shared list and the pending list; the rule is kept as rrule writes it', async () => {
      const { owner, friend, invited, task } = await sharedTask({
        title: 'Water the plants',
        due_date: '2030-05-06',
        due_time: '09:30',
        recurrence: 'freq=weekly;byday=mo',
        recurrence_from: 'completion',
      });
      const fields = {
        due_date: '2030-05-06',
        due_time: '09:30',
        recurrence: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO',
        recurrence_from: 'completion',
      };
      expect(task).toMatchObject(fields);
      expect((await ownTasks(owner)).find((listed) => listed.id === task.id)).toMatchObject(fields);
      expect((await detail(owner, task.id)).task).toMatchObject(fields);
      expect((await call(friend, 'GET', '/api/tasks/shared')).json().shared_tasks[0]).toMatchObject({ id: task.id, ...fields });
      expect((await call(invited, 'GET', '/api/tasks/pending-shares')).json().pending_tasks[0]).toMatchObject({ id: task.id, ...fields });

      // A recipient who may edit changes them; every list shows the change (the task's revision moved).
      const changed = await update(friend, task.id, {
        title: 'Water the plants',
        due_time: '18:05',
        recurrence: 'FREQ=MONTHLY;BYDAY=-1FR',
        recurrence_from: 'due_date',
      });
      const after = {
        due_date: '2030-05-06',
        due_time: '18:05',
        recurrence: 'FREQ=MONTHLY;INTERVAL=1;BYDAY=-1FR',
        recurrence_from: 'due_date',
      };
      expect(changed).toMatchObject(after);
      expect((await ownTasks(owner)).find((listed) => listed.id === task.id)).toMatchObject(after);
      expect((await call(friend, 'GET', '/api/tasks/shared')).json().shared_tasks[0]).toMatchObject(after);
      expect((await call(invited, 'GET', '/api/tasks/pending-shares')).json().pending_tasks[0]).toMatchObject(after);
      expect((await logs(owner, task.id))[0]).toBe('Set the due time to 18:05; set the repeat rule to FREQ=MONTHLY;INTERVAL=1;BYDAY=-1FR');
      expect((await detail(owner, task.id)).activity_logs[0].event).toEqual({
        code: 'updated',
        changes: [
          { kind: 'due_time', time: '18:05' },
          { kind: 'recurrence', rule: 'FREQ=MONTHLY;INTERVAL=1;BYDAY=-1FR', from: 'due_date' },
        ],
      });
    });

    test('an update keeps what it leaves out; null clears; clearing the due date clears the time; a rule set to null stops repeating', async () => {
      const me = await t.signUp();
      const task = await add(me, { title: 'Report', due_date: '2030-01-06', due_time: '08:00', recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
      expect(await update(me, task.id, { title: 'Monthly report' })).toMatchObject({
        due_date: '2030-01-06',
        due_time: '08:00',
        recurrence: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO',
        recurrence_from: 'due_date',
      });
      expect(await update(me, task.id, { title: 'Monthly report', due_time: '' })).toMatchObject({
        due_date: '2030-01-06',
        due_time: null,
      });
      expect(await update(me, task.id, { title: 'Monthly report', due_time: '07:45' })).toMatchObject({ due_time: '07:45' });
      // Stop repeating: the date stays.
      expect(await update(me, task.id, { title: 'Monthly report', recurrence: null })).toMatchObject({
        due_date: '2030-01-06',
        due_time: '07:45',
        recurrence: null,
      });
      expect(await update(me, task.id, { title: 'Monthly report', due_date: null })).toMatchObject({ due_date: null, due_time: null });
      expect((await logs(me, task.id)).slice(0, 4)).toEqual([
        'Removed the due date; removed the due time',
        'Stopped repeating',
        'Set the due time to 07:45',
        'Removed the due time',
      ]);
    });

    test('a repeating task given no due date gets its rule’s first date on or after its owner’s today, its interval counted from there', async () => {
      // Wednesday 7 January 2026: "every other Tuesday" starts on the coming one.
      const me = await t.signUp();
      expect(await add(me, { title: 'Bins', recurrence: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU' })).toMatchObject({ due_date: '2026-01-13' });
      expect(await add(me, { title: 'Today fits', recurrence: 'FREQ=WEEKLY;BYDAY=WE', due_time: '17:00' })).toMatchObject({
        due_date: '2026-01-07',
        due_time: '17:00',
      });
      expect(await add(me, { title: 'Month end', recurrence: 'FREQ=MONTHLY;BYMONTHDAY=-1' })).toMatchObject({ due_date: '2026-01-31' });
      // An update that clears a repeating task's date gives it the rule's again.
      const task = await add(me, { title: 'Pay rent', due_date: '2026-03-01', recurrence: 'FREQ=MONTHLY;BYMONTHDAY=1' });
      expect(await update(me, task.id, { title: 'Pay rent', due_date: null })).toMatchObject({ due_date: '2026-02-01' });
    });
  });

  describe('validation: 422 with the field’s error, never a 500, nothing written', () => {
    const RULE = 'The repeat rule is not one Taskaty can follow.';
    let refuser: SignedInUser | undefined;
    test.each([
      [{ due_date: '2030-01-01', due_time: '24:00' }, 'due_time', 'The due time must be a time of day (HH:MM).'],
      [{ due_date: '2030-01-01', due_time: '9:30' }, 'due_time', 'The due time must be a time of day (HH:MM).'],
      [{ due_date: '2030-01-01', due_time: '12:60' }, 'due_time', 'The due time must be a time of day (HH:MM).'],
      [{ due_date: '2030-01-01', due_time: 'noon' }, 'due_time', 'The due time must be a time of day (HH:MM).'],
      [{ due_date: '2030-01-01', due_time: 930 }, 'due_time', 'The due time must be a time of day (HH:MM).'],
      [{ due_date: '2030-01-01', due_time: '09:30:00' }, 'due_time', 'The due time must be a time of day (HH:MM).'],
      [{ due_time: '09:30' }, 'due_time', 'A due time needs a due date.'],
      [{ due_date: null, due_time: '09:30' }, 'due_time', 'A due time needs a due date.'],
      [{ recurrence: 'FREQ=WEEKLY;COUNT=3' }, 'recurrence', RULE],
      [{ recurrence: 'FREQ=HOURLY' }, 'recurrence', RULE],
      [{ recurrence: 'FREQ=DAILY;INTERVAL=0' }, 'recurrence', RULE],
      [{ recurrence: 'FREQ=DAILY;INTERVAL=366' }, 'recurrence', RULE],
      [{ recurrence: 'FREQ=MONTHLY;BYMONTHDAY=32' }, 'recurrence', RULE],
      [{ recurrence: 'FREQ=DAILY;UNTIL=20300101T000000Z' }, 'recurrence', RULE],
      [{ recurrence: 'FREQ=DAILY;BYHOUR=9' }, 'recurrence', RULE],
      [{ recurrence: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' }, 'recurrence', RULE],
      [{ recurrence: 'DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY' }, 'recurrence', RULE],
      [{ recurrence: 'garbage' }, 'recurrence', RULE],
      [{ recurrence: `FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=${Array.from({ length: 83 }, () => '1').join(',')};` }, 'recurrence', RULE],
      [{ recurrence: 7 }, 'recurrence', RULE],
      [{ recurrence: ['FREQ=DAILY'] }, 'recurrence', RULE],
      // A rule that never falls from the task's date (every fourth 29 February from a year that is not a leap year's).
      [{ due_date: '2026-03-01', recurrence: 'FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29' }, 'recurrence', RULE],
      [
        { recurrence: 'FREQ=DAILY', recurrence_from: 'sometimes' },
        'recurrence_from',
        'The repeat must follow the due date or the completion (due_date or completion).',
      ],
    ])('add %j → %s', async (fields, field, message) => {
      // One person for every case (sign-ups are rate-limited); none of them writes a task.
      refuser ??= await t.signUp();
      const response = await call(refuser, 'POST', '/api/tasks/add', { title: 'Refused', ...fields });
      expect(response.statusCode, response.body).toBe(422);
      const body = response.json();
      expect(body.errors[field]).toEqual([message]);
      expect(body.message).toBe(message);
      expect(await taskCount(refuser.user.id)).toBe(0);
    });

    test('the 201-character rule is refused and the 200-character one taken', async () => {
      const me = await t.signUp();
      const head = 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=1';
      const longest = `${head}${',10'.repeat(54)},1`;
      const tooLong = `${head}${',10'.repeat(55)}`;
      expect([longest.length, tooLong.length]).toEqual([200, 201]);
      const refused = await call(me, 'POST', '/api/tasks/add', { title: 'Long', recurrence: tooLong });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.recurrence).toEqual([RULE]);
      expect((await add(me, { title: 'Just fits', recurrence: longest })).recurrence).toBe('FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=1,10');
    });

    test('an update is held to the task as stored: a time needs the date it has or is given', async () => {
      const me = await t.signUp();
      const dateless = await add(me, { title: 'No date' });
      for (const payload of [
        { title: 'No date', due_time: '10:00' },
        { title: 'No date', due_date: null, due_time: '10:00' },
      ]) {
        const response = await call(me, 'PUT', `/api/tasks/update/${dateless.id}`, payload);
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({ due_time: ['A due time needs a due date.'] });
      }
      const dated = await add(me, { title: 'Dated', due_date: '2030-01-01', due_time: '10:00' });
      const cleared = await call(me, 'PUT', `/api/tasks/update/${dated.id}`, { title: 'Dated', due_date: null, due_time: '11:00' });
      expect(cleared.statusCode).toBe(422);
      for (const recurrence of ['FREQ=WEEKLY;COUNT=3', 'FREQ=HOURLY', 'FREQ=DAILY;INTERVAL=0', 'FREQ=DAILY;INTERVAL=366', 'garbage']) {
        const response = await call(me, 'PUT', `/api/tasks/update/${dated.id}`, { title: 'Dated', recurrence });
        expect(response.statusCode, recurrence).toBe(422);
        expect(response.json().errors.recurrence).toEqual([RULE]);
      }
      // Nothing of it was written.
      expect((await detail(me, dated.id)).task).toMatchObject({ due_date: '2030-01-01', due_time: '10:00', recurrence: null });
      expect(await logs(me, dated.id)).toEqual(['Created the task']);
    });
  });

  describe('time zones', () => {
    let zoneless: SignedInUser | undefined;
    test('PUT /api/user/time-zone sets an IANA zone (as Intl writes it), GET /api/user shows it, null clears it', async () => {
      const me = await t.signUp();
      expect((await call(me, 'GET', '/api/user')).json().user.time_zone).toBeNull();
      expect(await setZone(me, 'europe/berlin')).toMatchObject({ id: me.user.id, time_zone: 'Europe/Berlin' });
      expect((await call(me, 'GET', '/api/user')).json().user.time_zone).toBe('Europe/Berlin');
      expect((await setZone(me, null)).time_zone).toBeNull();
    });

    test.each([
      [{ time_zone: 'Mars/Olympus_Mons' }, 'The time zone must be an IANA time zone, such as Europe/Berlin.'],
      [{ time_zone: '+05:30' }, 'The time zone must be an IANA time zone, such as Europe/Berlin.'],
      [{ time_zone: `Europe/${'x'.repeat(58)}` }, 'The time zone must be an IANA time zone, such as Europe/Berlin.'],
      [{ time_zone: '' }, 'The time zone must be an IANA time zone, such as Europe/Berlin.'],
      [{ time_zone: 5 }, 'The time zone field must be a string.'],
      [{}, 'The time zone field is required.'],
    ])('%j is a 422 on time_zone', async (payload, message) => {
      zoneless ??= await t.signUp();
      const me = zoneless;
      const response = await call(me, 'PUT', '/api/user/time-zone', payload);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message, errors: { time_zone: [message] } });
      expect((await call(me, 'GET', '/api/user')).json().user.time_zone).toBeNull();
    });

    test('at 11:00 UTC a person in Pacific/Kiritimati (+14) is in tomorrow: a repeating task’s first date and the summary’s “due today”', async () => {
      setNow('2026-06-30T11:00:00.000Z');
      const kiritimati = await t.signUp();
      const utc = await t.signUp();
      await setZone(kiritimati, 'Pacific/Kiritimati');
      expect(await add(kiritimati, { title: 'Daily', recurrence: 'FREQ=DAILY' })).toMatchObject({ due_date: '2026-07-01' });
      expect(await add(utc, { title: 'Daily', recurrence: 'FREQ=DAILY' })).toMatchObject({ due_date: '2026-06-30' });
      // The summary asked without the viewer's date counts "due today" by their zone.
      expect((await call(kiritimati, 'GET', '/api/tasks/summary')).json().due_today).toBe(1);
      expect((await call(utc, 'GET', '/api/tasks/summary')).json().due_today).toBe(1);
      await add(kiritimati, { title: 'Due in UTC today', due_date: '2026-06-30' });
      expect((await call(kiritimati, 'GET', '/api/tasks/summary')).json().due_today).toBe(1);
      expect((await call(kiritimati, 'GET', '/api/tasks/summary?today=2026-06-30')).json().due_today).toBe(1);
      // Pacific/Pago_Pago (-11) is still in yesterday at 10:59 UTC.
      setNow('2026-07-01T10:59:00.000Z');
      const pagoPago = await t.signUp();
      await setZone(pagoPago, 'Pacific/Pago_Pago');
      expect(await add(pagoPago, { title: 'Daily', recurrence: 'FREQ=DAILY' })).toMatchObject({ due_date: '2026-06-30' });
    });

    test('a collaborator’s edit follows the owner’s zone', async () => {
      setNow('2026-06-30T11:00:00.000Z');
      const { owner, friend, task } = await sharedTask({ title: 'Shared daily' });
      await setZone(owner, 'Pacific/Kiritimati');
      expect(await update(friend, task.id, { title: 'Shared daily', recurrence: 'FREQ=DAILY' })).toMatchObject({ due_date: '2026-07-01' });
    });
  });

  describe('completing a repeating task', () => {
    let repeater: SignedInUser | undefined;
    test('weekly: the completed one keeps its date and loses its rule; the next has the same title, text, priority, labels, time, rule and people', async () => {
      const { owner, friend, invited, task } = await sharedTask({
        title: 'Team sync notes',
        description: '- [ ] agenda',
        priority: 'high',
        labels: ['Work', 'Meetings'],
        due_date: '2026-03-02',
        due_time: '10:15',
        recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      });
      const heard = new Map<number, RealtimeEvent[]>();
      const stops = [owner, friend, invited].map((u) =>
        t.app.taskaty.bus.subscribe(u.user.id, (event) => heard.set(u.user.id, [...(heard.get(u.user.id) ?? []), event])),
      );
      let answer;
      try {
        // The collaborator completes it: the next one is still the owner's.
        answer = await complete(friend, task.id);
      } finally {
        for (const stop of stops) stop();
      }
      expect(answer.task).toMatchObject({ id: task.id, is_completed: 1, due_date: '2026-03-02', due_time: '10:15', recurrence: null });
      const next = answer.next_occurrence!;
      expect(next).toMatchObject({
        user_id: owner.user.id,
        title: 'Team sync notes',
        description: '- [ ] agenda',
        priority: 'high',
        is_completed: 0,
        due_date: '2026-03-09',
        due_time: '10:15',
        recurrence: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO',
        recurrence_from: 'due_date',
      });
      expect(next.id).not.toBe(task.id);
      expect(next.labels).toEqual(task.labels);
      expect(next.shared_with.map((p) => [p.email, p.pivot.status])).toEqual([
        [friend.user.email, 'accepted'],
        [invited.user.email, 'pending'],
      ]);
      // Everyone who lists either task heard of both; the owner, who did not complete it, also has
      // a notification of the next occurrence (issue 22).
      const both = [
        { type: 'task-changed', taskId: task.id },
        { type: 'task-changed', taskId: next.id },
      ];
      expect(heard.get(owner.user.id)).toEqual([...both, { type: 'notifications-changed' }]);
      for (const user of [friend, invited]) expect(heard.get(user.user.id)).toEqual(both);
      // Every list shows it as the people have it.
      expect((await ownTasks(owner)).map((listed) => listed.id)).toEqual([next.id, task.id]);
      expect((await call(friend, 'GET', '/api/tasks/shared')).json().shared_tasks.map((s: { id: number }) => s.id)).toEqual([
        next.id,
        task.id,
      ]);
      expect((await call(invited, 'GET', '/api/tasks/pending-shares')).json().pending_tasks.map((s: { id: number }) => s.id)).toEqual([
        next.id,
        task.id,
      ]);
      expect((await detail(friend, next.id)).task).toMatchObject({ id: next.id, due_date: '2026-03-09' });
      // The activity of both.
      expect((await logs(owner, task.id))[0]).toBe('Completed; next occurrence on 2026-03-09');
      expect((await detail(owner, task.id)).activity_logs[0]).toMatchObject({
        user_name: friend.user.name,
        event: { code: 'completed_repeating', next_date: '2026-03-09' },
      });
      expect(await logs(owner, next.id)).toEqual(['Created as the next occurrence of “Team sync notes” after 2026-03-02']);
      expect((await detail(owner, next.id)).activity_logs[0].event).toEqual({
        code: 'created_occurrence',
        title: 'Team sync notes',
        after: '2026-03-02',
      });
    });

    test.each([
      // BYMONTHDAY=31 skips the months without a 31st (RFC 5545, as rrule does); -1 is each month's last day.
      ['FREQ=MONTHLY;BYMONTHDAY=31', '2026-01-31', '2026-03-31'],
      ['FREQ=MONTHLY', '2026-01-31', '2026-03-31'],
      ['FREQ=MONTHLY;BYMONTHDAY=-1', '2026-01-31', '2026-02-28'],
      ['FREQ=MONTHLY;BYMONTHDAY=-1', '2028-01-31', '2028-02-29'],
      ['FREQ=MONTHLY;BYDAY=-1FR', '2026-01-30', '2026-02-27'],
      // 29 February comes back in the next leap year.
      ['FREQ=YEARLY', '2028-02-29', '2032-02-29'],
      ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', '2028-02-29', '2032-02-29'],
      ['FREQ=DAILY;INTERVAL=3', '2026-01-07', '2026-01-10'],
      ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH', '2026-01-08', '2026-01-19'],
    ])('%s due %s: the next is due %s', async (recurrence, due, next) => {
      repeater ??= await t.signUp();
      const me = repeater;
      const task = await add(me, { title: 'Repeats', due_date: due, recurrence });
      const answer = await complete(me, task.id);
      expect(answer.task).toMatchObject({ due_date: due, recurrence: null, is_completed: 1 });
      expect(answer.next_occurrence).toMatchObject({ due_date: next, is_completed: 0 });
    });

    test('one step per completion: a task completed late comes back at its next date, even one already past (no catch-up)', async () => {
      setNow('2026-03-01T12:00:00.000Z');
      const me = await t.signUp();
      const task = await add(me, { title: 'Weekly', due_date: '2026-01-05', recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
      const answer = await complete(me, task.id);
      expect(answer.next_occurrence).toMatchObject({ due_date: '2026-01-12' });
    });

    test('counted from completion: the interval after the completion day in the owner’s zone', async () => {
      setNow('2026-05-10T11:00:00.000Z');
      const utc = await t.signUp();
      const kiritimati = await t.signUp();
      await setZone(kiritimati, 'Pacific/Kiritimati');
      for (const [user, expected] of [
        [utc, '2026-05-13'],
        // Already 11 May there.
        [kiritimati, '2026-05-14'],
      ] as const) {
        const task = await add(user, {
          title: 'Descale',
          due_date: '2026-05-01',
          recurrence: 'FREQ=DAILY;INTERVAL=3',
          recurrence_from: 'completion',
        });
        expect((await complete(user, task.id)).next_occurrence).toMatchObject({
          due_date: expected,
          recurrence: 'FREQ=DAILY;INTERVAL=3',
          recurrence_from: 'completion',
        });
      }
      const monthly = await add(utc, {
        title: 'Filter',
        due_date: '2026-01-31',
        recurrence: 'FREQ=MONTHLY',
        recurrence_from: 'completion',
      });
      setNow('2026-01-31T09:00:00.000Z');
      expect((await complete(utc, monthly.id)).next_occurrence).toMatchObject({ due_date: '2026-02-28' });
    });

    test('reopening the completed one creates nothing and does not repeat; completing it again is a plain completion', async () => {
      const me = await t.signUp();
      const task = await add(me, { title: 'Once a week', due_date: '2026-01-05', recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
      const first = await complete(me, task.id);
      expect(await taskCount(me.user.id)).toBe(2);
      // Completing what is already completed writes nothing.
      expect((await complete(me, task.id)).next_occurrence).toBeNull();
      const reopened = await call(me, 'PUT', `/api/tasks/uncomplete/${task.id}`);
      expect(reopened.statusCode).toBe(200);
      expect(reopened.json()).toEqual({ task: expect.objectContaining({ id: task.id, is_completed: 0, recurrence: null }) });
      expect(await taskCount(me.user.id)).toBe(2);
      expect((await complete(me, task.id)).next_occurrence).toBeNull();
      expect(await taskCount(me.user.id)).toBe(2);
      // The series goes on from the next one.
      expect((await complete(me, first.next_occurrence!.id)).next_occurrence).toMatchObject({ due_date: '2026-01-19' });
    });

    test('undoing a completion takes back its occurrence and gives the rule back, in one call anyone who may reopen it may make', async () => {
      const { owner, friend, invited, task } = await sharedTask({
        title: 'Water the plants',
        due_date: '2026-01-05',
        recurrence: 'FREQ=WEEKLY;BYDAY=MO,TH',
        recurrence_from: 'due_date',
      });
      const { next_occurrence: next } = await complete(friend, task.id);
      setNow('2026-01-07T12:00:05.000Z');
      // Another task, or the pending invitee, cannot use it.
      const other = await add(owner, { title: 'Other', recurrence: 'FREQ=DAILY' });
      const wrong = await call(friend, 'PUT', `/api/tasks/uncomplete/${task.id}`, { take_back_occurrence: other.id });
      expect(wrong.statusCode).toBe(409);
      expect((await call(invited, 'PUT', `/api/tasks/uncomplete/${task.id}`, { take_back_occurrence: next!.id })).statusCode).toBe(404);

      const undone = await call(friend, 'PUT', `/api/tasks/uncomplete/${task.id}`, { take_back_occurrence: next!.id });
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json().task).toMatchObject({
        id: task.id,
        is_completed: 0,
        recurrence: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH',
        due_date: '2026-01-05',
      });
      for (const user of [owner, friend]) expect((await call(user, 'GET', `/api/task/${next!.id}`)).statusCode).toBe(404);
      expect((await ownTasks(owner)).map((listed) => listed.title).sort()).toEqual(['Other', 'Water the plants']);
      expect((await logs(owner, task.id)).slice(0, 2)).toEqual([
        'Set the repeat rule to FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH',
        'Reopened the task',
      ]);
      // The series goes on as before the completion.
      expect((await complete(owner, task.id)).next_occurrence).toMatchObject({ due_date: '2026-01-08' });
    });

    test('an occurrence changed since, or older than the undo window, is not taken back', async () => {
      const me = await t.signUp();
      const edited = await add(me, { title: 'Edited', due_date: '2026-01-05', recurrence: 'FREQ=DAILY' });
      const first = (await complete(me, edited.id)).next_occurrence!;
      setNow('2026-01-07T12:00:01.000Z');
      await update(me, first.id, { title: 'Edited, renamed' });
      const refused = await call(me, 'PUT', `/api/tasks/uncomplete/${edited.id}`, { take_back_occurrence: first.id });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: 'The next occurrence has changed or is too old to take back.' });
      expect((await detail(me, edited.id)).task).toMatchObject({ is_completed: 1, recurrence: null });
      expect((await call(me, 'GET', `/api/task/${first.id}`)).statusCode).toBe(200);

      const old = await add(me, { title: 'Old', due_date: '2026-01-05', recurrence: 'FREQ=DAILY' });
      const second = (await complete(me, old.id)).next_occurrence!;
      setNow('2026-01-07T12:00:12.000Z');
      expect((await call(me, 'PUT', `/api/tasks/uncomplete/${old.id}`, { take_back_occurrence: second.id })).statusCode).toBe(409);
      expect((await call(me, 'PUT', `/api/tasks/uncomplete/${old.id}`, { take_back_occurrence: 0 })).statusCode).toBe(422);
    });

    test('two completions at once create one next occurrence', async () => {
      const { owner, friend, task } = await sharedTask({ title: 'Raced', due_date: '2026-01-05', recurrence: 'FREQ=DAILY' });
      const answers = await Promise.all([complete(owner, task.id), complete(friend, task.id), complete(owner, task.id)]);
      expect(answers.filter((answer) => answer.next_occurrence !== null)).toHaveLength(1);
      expect(await taskCount(owner.user.id)).toBe(2);
      expect((await logs(owner, task.id)).filter((line: string) => line.startsWith('Completed'))).toHaveLength(1);
    });

    test('a task that does not repeat completes as the spec has it, with next_occurrence null', async () => {
      const me = await t.signUp();
      const task = await add(me, { title: 'Once' });
      const answer = await complete(me, task.id);
      expect(answer).toEqual({
        task: expect.objectContaining({ id: task.id, is_completed: 1 }),
        next_occurrence: null,
        completed_subtask_ids: [],
      });
      expect(await logs(me, task.id)).toEqual(['Marked the task as completed', 'Created the task']);
    });
  });

  describe('skip and stop', () => {
    test('skipping moves the due date to the next occurrence, by the owner or a recipient who may edit; others get 404', async () => {
      const { owner, friend, invited, task } = await sharedTask({
        title: 'Gym',
        due_date: '2026-01-05',
        due_time: '07:00',
        recurrence: 'FREQ=WEEKLY;BYDAY=MO,TH',
      });
      const skipped = await call(owner, 'POST', `/api/tasks/${task.id}/skip-occurrence`);
      expect(skipped.statusCode, skipped.body).toBe(200);
      expect(skipped.json()).toMatchObject({
        message: 'Occurrence skipped',
        task: { id: task.id, due_date: '2026-01-08', due_time: '07:00', is_completed: 0, recurrence: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH' },
      });
      const again = await call(friend, 'POST', `/api/tasks/${task.id}/skip-occurrence`);
      expect(again.json().task.due_date).toBe('2026-01-12');
      expect((await ownTasks(owner)).find((listed) => listed.id === task.id)).toMatchObject({ due_date: '2026-01-12' });
      expect((await logs(owner, task.id)).slice(0, 2)).toEqual([
        'Skipped the occurrence on 2026-01-08; next on 2026-01-12',
        'Skipped the occurrence on 2026-01-05; next on 2026-01-08',
      ]);
      const stranger = await t.signUp();
      for (const user of [invited, stranger])
        expect((await call(user, 'POST', `/api/tasks/${task.id}/skip-occurrence`)).statusCode).toBe(404);
      expect((await call(null, 'POST', `/api/tasks/${task.id}/skip-occurrence`)).statusCode).toBe(401);
      expect((await call(owner, 'POST', '/api/tasks/999999999/skip-occurrence')).statusCode).toBe(404);
    });

    test('skips at once are each one step: none is lost', async () => {
      const { owner, friend, task } = await sharedTask({
        title: 'Standup',
        due_date: '2026-01-05',
        recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
      });
      const answers = await Promise.all(
        [owner, friend, owner, friend, owner].map((user) => call(user, 'POST', `/api/tasks/${task.id}/skip-occurrence`)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
      // Mon 5 → Wed 7 → Fri 9 → Mon 12 → Wed 14 → Fri 16, each step recorded once.
      expect((await ownTasks(owner)).find((listed) => listed.id === task.id)).toMatchObject({ due_date: '2026-01-16' });
      expect((await logs(owner, task.id)).filter((line: string) => line.startsWith('Skipped')).reverse()).toEqual([
        'Skipped the occurrence on 2026-01-05; next on 2026-01-07',
        'Skipped the occurrence on 2026-01-07; next on 2026-01-09',
        'Skipped the occurrence on 2026-01-09; next on 2026-01-12',
        'Skipped the occurrence on 2026-01-12; next on 2026-01-14',
        'Skipped the occurrence on 2026-01-14; next on 2026-01-16',
      ]);
    });

    test('a task that does not repeat, or no longer does, cannot be skipped (422)', async () => {
      const me = await t.signUp();
      const plain = await add(me, { title: 'Plain', due_date: '2026-01-05' });
      const refused = await call(me, 'POST', `/api/tasks/${plain.id}/skip-occurrence`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message: 'This task does not repeat.', errors: { recurrence: ['This task does not repeat.'] } });
      const repeating = await add(me, { title: 'Stop me', due_date: '2026-01-05', recurrence: 'FREQ=DAILY' });
      // Stopping is an update with recurrence null: the date stays.
      expect(await update(me, repeating.id, { title: 'Stop me', recurrence: null })).toMatchObject({
        due_date: '2026-01-05',
        recurrence: null,
      });
      expect((await call(me, 'POST', `/api/tasks/${repeating.id}/skip-occurrence`)).statusCode).toBe(422);
      expect((await complete(me, repeating.id)).next_occurrence).toBeNull();
    });
  });

  test('the OpenAPI document describes the new routes and fields', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/tasks/{id}/skip-occurrence', '/api/user/time-zone']));
    const completeAnswer = JSON.stringify(document.paths['/api/tasks/complete/{id}'].put.responses['200']);
    expect(completeAnswer).toContain('next_occurrence');
    expect(JSON.stringify(document.paths['/api/tasks/add'].post.requestBody)).toContain('recurrence_from');
  });
});
