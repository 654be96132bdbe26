import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testClock } from '../../tests/support/test-clock.ts';
import { testDialects } from '../../tests/support/test-database.ts';

/**
 * Issue 25: a private calendar feed per person, read back with an independent iCalendar parser
 * (ical.js, Mozilla's, which Thunderbird's calendar grew from), on both databases.
 */
describe.each(testDialects())('calendar feed on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock('2026-11-28T08:00:00.000Z');
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
  });
  afterAll(() => t.close());

  const call = (user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user ? user.headers : {}, ...(payload ? { payload } : {}) });
  const addTask = async (user: SignedInUser, payload: object) => {
    const response = await call(user, 'POST', '/api/tasks/add', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().task.id as number;
  };
  /** The feed's path (what follows the host) from its full address. */
  const pathOf = (url: string) => new URL(url).pathname;
  const read = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(response.body));
    // The feed's own VTIMEZONEs are what times with a TZID are read in, as a calendar app does.
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    return { body: response.body, calendar, events, bySummary: (summary: string) => events.find((event) => event.summary === summary) };
  };

  test('is off until turned on; its address is shown again, renewed, and turned off; only the signed-in person manages it', async () => {
    const me = await t.signUp();
    expect((await call(null, 'GET', '/api/user/calendar-feed')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/user/calendar-feed')).statusCode).toBe(401);
    expect((await call(me, 'GET', '/api/user/calendar-feed')).json()).toEqual({ url: null, created_at: null });

    const on = await call(me, 'POST', '/api/user/calendar-feed');
    expect(on.statusCode).toBe(200);
    const { url } = on.json() as { url: string };
    expect(url).toMatch(new RegExp(`/api/calendar/${me.user.id}-[A-Za-z0-9_-]{43}\\.ics$`));
    expect((await call(me, 'GET', '/api/user/calendar-feed')).json()).toEqual({ url, created_at: clock.nowIso() });
    await read(url);

    // A new address: the old one stops working at once.
    const renewed = (await call(me, 'POST', '/api/user/calendar-feed')).json().url as string;
    expect(renewed).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: pathOf(url) })).statusCode).toBe(404);
    await read(renewed);

    // Someone else's id with this token, a token one character off, and odd names: all the same 404.
    const other = await t.signUp();
    const token = /-([A-Za-z0-9_-]{43})\.ics$/.exec(renewed)![1]!;
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const file of [`${other.user.id}-${token}.ics`, `${me.user.id}-${flipped}.ics`, 'nothing', `${me.user.id}-${token}`, '0-x.ics']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/calendar/${encodeURIComponent(file)}` });
      expect(response.statusCode, file).toBe(404);
      expect(response.json()).toEqual({ message: 'Calendar feed not found' });
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/calendar/${'x'.repeat(101)}` })).statusCode).toBe(404);

    expect((await call(me, 'DELETE', '/api/user/calendar-feed')).json()).toEqual({ url: null, created_at: null });
    expect((await t.app.inject({ method: 'GET', url: pathOf(renewed) })).statusCode).toBe(404);
  });

  test('carries the tasks a person sees with a due date: all day, at a time in the owner’s zone, repeating, ticked when done', async () => {
    const me = await t.signUp({ name: 'Maya Rahman' });
    const zoneSet = await call(me, 'PUT', '/api/user/time-zone', { time_zone: 'Asia/Kolkata' });
    expect(zoneSet.statusCode).toBe(200);
    // As the server keeps it (ICU may name it Asia/Calcutta).
    const kolkata = zoneSet.json().user.time_zone as string;
    const rent = await addTask(me, {
      title: 'Pay the rent, on time; really',
      due_date: '2026-12-01',
      recurrence: 'FREQ=MONTHLY;BYMONTHDAY=1',
    });
    await addTask(me, {
      title: 'बिजली का बिल',
      description: 'Meter: 4471\nPay online',
      due_date: '2026-12-03',
      due_time: '18:30',
    });
    await addTask(me, {
      title: 'Water the plants',
      due_date: '2026-12-02',
      due_time: '07:15',
      recurrence: 'FREQ=DAILY;INTERVAL=3',
      recurrence_from: 'completion',
    });
    await addTask(me, { title: 'No date at all' });
    const done = await addTask(me, { title: 'Filed the taxes', due_date: '2026-11-20' });
    expect((await call(me, 'PUT', `/api/tasks/complete/${done}`)).statusCode).toBe(200);
    const longAgo = await addTask(me, { title: 'Done long ago', due_date: '2026-06-01' });
    expect((await call(me, 'PUT', `/api/tasks/complete/${longAgo}`)).statusCode).toBe(200);

    // Shared with me and accepted: in my feed, at its owner's time; pending, or someone else's: not.
    const owner = await t.signUp();
    expect((await call(owner, 'PUT', '/api/user/time-zone', { time_zone: 'Europe/Berlin' })).statusCode).toBe(200);
    const standup = await addTask(owner, {
      title: 'Team standup',
      due_date: '2026-12-07',
      due_time: '09:00',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
    });
    const pending = await addTask(owner, { title: 'Not accepted yet', due_date: '2026-12-08' });
    await addTask(owner, { title: 'Only the owner’s', due_date: '2026-12-09' });
    for (const id of [standup, pending]) {
      expect((await call(owner, 'POST', `/api/tasks/${id}/share`, { email_ids: [me.user.email] })).statusCode).toBe(200);
    }
    expect((await call(me, 'POST', `/api/tasks/${standup}/accept-share`)).statusCode).toBe(200);

    const url = (await call(me, 'POST', '/api/user/calendar-feed')).json().url as string;
    const { body, calendar, events, bySummary } = await read(url);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Taskaty · Maya Rahman');
    expect(events.map((event) => event.summary).sort()).toEqual(
      ['Pay the rent, on time; really', 'बिजली का बिल', 'Water the plants', '✓ Filed the taxes', 'Team standup'].sort(),
    );

    const rentEvent = bySummary('Pay the rent, on time; really')!;
    expect(rentEvent.uid).toMatch(new RegExp(`^task-${rent}@`));
    expect(rentEvent.startDate.isDate).toBe(true);
    expect(rentEvent.startDate.toString()).toBe('2026-12-01');
    expect(rentEvent.endDate.toString()).toBe('2026-12-02');
    expect(rentEvent.isRecurring()).toBe(true);
    expect(rentEvent.component.getFirstPropertyValue('rrule')!.toString()).toBe('FREQ=MONTHLY;BYMONTHDAY=1');
    const next = rentEvent.iterator();
    expect([next.next()!.toString(), next.next()!.toString(), next.next()!.toString()]).toEqual(['2026-12-01', '2027-01-01', '2027-02-01']);

    // A due time is the owner's wall-clock time, in their zone (18:30 in Kolkata is 13:00 UTC).
    const bill = bySummary('बिजली का बिल')!;
    expect(bill.startDate.isDate).toBe(false);
    expect(bill.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe(kolkata);
    expect(bill.startDate.toString()).toBe('2026-12-03T18:30:00');
    expect(bill.startDate.toJSDate().toISOString()).toBe('2026-12-03T13:00:00.000Z');
    expect(bill.endDate.toJSDate().toISOString()).toBe('2026-12-03T13:30:00.000Z');
    expect(bill.description).toBe(
      `Meter: 4471\nPay online\n\n${new URL(url).origin}/dashboard?task=${bill.uid.slice(5, bill.uid.indexOf('@'))}`,
    );

    // Repeating from its completion: the next date is not known, so no rule.
    expect(bySummary('Water the plants')!.isRecurring()).toBe(false);

    // The shared standup at 09:00 Berlin, every Monday, also across the change of clocks in March.
    const standupEvent = bySummary('Team standup')!;
    expect(standupEvent.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Berlin');
    const mondays = standupEvent.iterator();
    const instants: string[] = [];
    for (let occurrence = mondays.next(); occurrence && instants.length < 20; occurrence = mondays.next()) {
      instants.push(occurrence.toJSDate().toISOString());
    }
    expect(instants[0]).toBe('2026-12-07T08:00:00.000Z');
    expect(instants).toContain('2027-03-22T08:00:00.000Z');
    expect(instants).toContain('2027-04-05T07:00:00.000Z');
    // Every zone a time names has its VTIMEZONE, under the very same name (a calendar matches them by it).
    const blocks = [...body.matchAll(/^TZID:(.+)\r$/gm)].map((match) => match[1]).sort();
    const used = [...new Set([...body.matchAll(/;TZID=([^:]+):/g)].map((match) => match[1]))].sort();
    expect(blocks).toEqual([kolkata, 'Europe/Berlin'].sort());
    expect(used).toEqual(blocks);

    // A completed repeating task is ticked without its rule: its next occurrence is an event of its own.
    expect((await call(me, 'PUT', `/api/tasks/complete/${rent}`)).statusCode).toBe(200);
    const after = await read(url);
    expect(after.bySummary('✓ Pay the rent, on time; really')!.isRecurring()).toBe(false);
    const nextRent = after.bySummary('Pay the rent, on time; really')!;
    expect(nextRent.startDate.toString()).toBe('2027-01-01');
    expect(nextRent.isRecurring()).toBe(true);
  });
});
