import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Clock } from '../clock.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

interface ListedTask {
  id: number;
  title: string;
  is_completed: number;
  due_date: string | null;
}

const TODAY = '2030-03-10';
/** A clock on TODAY, a minute further at each task, so created_at orders the tasks. */
function clockOnToday(): Clock {
  let now = Date.parse(`${TODAY}T08:00:00.000Z`);
  return {
    now: () => new Date((now += 60_000)),
    nowIso: () => new Date((now += 60_000)).toISOString(),
  };
}

/**
 * The filters a dashboard needs to load only what it shows (search, status, due day) and the
 * summary that replaces counting the whole list in the browser: through the HTTP API, on both
 * databases, alone and with the spec's own filters and with paging.
 */
describe.each(testDialects())('task list filters and summary on %s', (dialect) => {
  let t: TestApp;
  let me: SignedInUser;
  let friend: SignedInUser;
  const titles: Record<string, number> = {};

  const add = async (user: SignedInUser, payload: Record<string, unknown>) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: user.headers, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().task as ListedTask;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: clockOnToday() });
    me = await t.signUp();
    friend = await t.signUp();
    const tasks: Array<Record<string, unknown>> = [
      { title: 'Écrire le rapport', description: 'Chiffres du trimestre', priority: 'high', due_date: TODAY, labels: ['Travail'] },
      { title: 'Call the dentist', description: 'Ask about the ÉCOLE discount', priority: 'low', due_date: '2030-03-11', labels: ['home'] },
      { title: 'रिपोर्ट लिखें', description: 'तिमाही के आंकड़े', priority: 'medium', due_date: TODAY, labels: ['work'] },
      { title: 'Plan the sprint', description: '50% done, see the_board', priority: 'high', due_date: null, labels: ['work', 'home'] },
      { title: 'Pay the invoice', description: 'Before Friday', priority: 'medium', due_date: TODAY, labels: [] },
    ];
    for (const payload of tasks) titles[payload.title as string] = (await add(me, payload)).id;
    for (const title of ['Call the dentist', 'Pay the invoice']) {
      expect((await t.app.inject({ method: 'PUT', url: `/api/tasks/complete/${titles[title]}`, headers: me.headers })).statusCode).toBe(
        200,
      );
    }
    // Someone else's task that matches every filter must never show.
    await add(friend, { title: 'Écrire le rapport', description: 'not yours', priority: 'high', due_date: TODAY, labels: ['Secret'] });
  });
  afterAll(() => t.close());

  const list = async (query: string, user = me) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/tasks?${query}`, headers: user.headers });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().tasks as ListedTask[]).map((task) => task.title);
  };

  test('search finds text in the title or the description, whatever its case or script', async () => {
    expect(await list('search=écrire')).toEqual(['Écrire le rapport']);
    expect(await list('search=ÉCRIRE')).toEqual(['Écrire le rapport']);
    expect(await list('search=école')).toEqual(['Call the dentist']);
    expect(await list('search=आंकड़े')).toEqual(['रिपोर्ट लिखें']);
    expect(await list(`search=${encodeURIComponent('  the  ')}`)).toEqual(['Pay the invoice', 'Plan the sprint', 'Call the dentist']);
    // Wildcards of LIKE are plain characters here.
    expect(await list(`search=${encodeURIComponent('50%')}`)).toEqual(['Plan the sprint']);
    expect(await list('search=the_board')).toEqual(['Plan the sprint']);
    expect(await list('search=%25')).toEqual(['Plan the sprint']);
    expect(await list('search=nothing-like-this')).toEqual([]);
    // An empty search is no filter.
    expect(await list('search=')).toHaveLength(5);
  });

  test('status and due day keep pending, completed or due tasks, and combine with the spec’s filters and sorts', async () => {
    expect(await list('status=pending')).toEqual(['Plan the sprint', 'रिपोर्ट लिखें', 'Écrire le rapport']);
    expect(await list('status=completed')).toEqual(['Pay the invoice', 'Call the dentist']);
    expect(await list('status=all')).toHaveLength(5);
    expect(await list(`due_date=${TODAY}`)).toEqual(['Pay the invoice', 'रिपोर्ट लिखें', 'Écrire le rapport']);
    expect(await list(`due_date=${TODAY}&status=pending&sort=created_at&direction=asc`)).toEqual(['Écrire le rapport', 'रिपोर्ट लिखें']);
    expect(await list('status=pending&priority=high')).toEqual(['Plan the sprint', 'Écrire le rapport']);
    expect(await list('status=pending&label=WORK&sort=priority')).toEqual(['Plan the sprint', 'रिपोर्ट लिखें']);
    expect(await list('search=the&status=completed&priority=low')).toEqual(['Call the dentist']);
  });

  test('every page of a filtered list continues where the last ended', async () => {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/tasks?status=pending&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const body = (await t.app.inject({ method: 'GET', url, headers: me.headers })).json();
      ids.push(...(body.tasks as ListedTask[]).map((task) => task.title));
      cursor = body.next_cursor;
    } while (cursor);
    expect(ids).toEqual(['Plan the sprint', 'रिपोर्ट लिखें', 'Écrire le rapport']);
  });

  test('bad filters are 422 field errors', async () => {
    for (const [query, field, message] of [
      ['status=done', 'status', 'The status must be all, pending or completed.'],
      ['due_date=tomorrow', 'due_date', 'The due date must be a valid date (YYYY-MM-DD).'],
      [`search=${'x'.repeat(201)}`, 'search', 'The search must not be greater than 200 characters.'],
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/tasks?${query}`, headers: me.headers });
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors[field!], query).toEqual([message]);
    }
    const summary = await t.app.inject({ method: 'GET', url: '/api/tasks/summary?today=soon', headers: me.headers });
    expect(summary.statusCode).toBe(422);
    expect(summary.json().errors.today).toEqual(['The date must be a valid date (YYYY-MM-DD).']);
  });

  test('the summary counts the whole list by status and due day, follows label and priority, and lists the labels in use', async () => {
    const summary = async (query: string, user = me) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/tasks/summary?${query}`, headers: user.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    expect(await summary(`today=${TODAY}`)).toEqual({
      pending: 3,
      done: 2,
      due_today: 3,
      total: 5,
      labels: ['home', 'Travail', 'work'],
    });
    // The counters follow label and priority; total follows every filter.
    expect(await summary(`today=${TODAY}&label=work`)).toMatchObject({ pending: 2, done: 0, due_today: 1, total: 2 });
    expect(await summary(`today=${TODAY}&priority=medium&status=completed`)).toMatchObject({ pending: 1, done: 1, due_today: 2, total: 1 });
    expect(await summary(`today=${TODAY}&search=the&due_date=${TODAY}`)).toMatchObject({ pending: 3, done: 2, total: 1 });
    expect(await summary('today=2030-03-11')).toMatchObject({ due_today: 1 });
    // Without the viewer's date, the server's (the test clock's) day.
    expect(await summary('')).toMatchObject({ due_today: 3 });
    // Someone with nothing has zeros, not another user's tasks.
    const stranger = await t.signUp();
    expect(await summary(`today=${TODAY}`, stranger)).toEqual({ pending: 0, done: 0, due_today: 0, total: 0, labels: [] });
  });

  test('the shared summary counts accepted shares only, with their owners’ labels', async () => {
    const recipient = await t.signUp();
    for (const title of ['Écrire le rapport', 'Plan the sprint', 'Pay the invoice']) {
      const shared = await t.app.inject({
        method: 'POST',
        url: `/api/tasks/${titles[title]}/share`,
        headers: me.headers,
        payload: { email_ids: [recipient.user.email] },
      });
      expect(shared.statusCode).toBe(200);
    }
    const url = `/api/tasks/shared/summary?today=${TODAY}`;
    expect((await t.app.inject({ method: 'GET', url, headers: recipient.headers })).json()).toMatchObject({ total: 0, labels: [] });
    for (const title of ['Écrire le rapport', 'Pay the invoice']) {
      await t.app.inject({ method: 'POST', url: `/api/tasks/${titles[title]}/accept-share`, headers: recipient.headers });
    }
    expect((await t.app.inject({ method: 'GET', url, headers: recipient.headers })).json()).toEqual({
      pending: 1,
      done: 1,
      due_today: 2,
      total: 2,
      labels: ['Travail'],
    });
    const shared = await t.app.inject({
      method: 'GET',
      url: '/api/tasks/shared?status=pending&search=rapport',
      headers: recipient.headers,
    });
    expect(shared.json().shared_tasks.map((task: ListedTask) => task.title)).toEqual(['Écrire le rapport']);
  });

  test('an unchanged summary is a 304 to its ETag; a write or another day gives a new one', async () => {
    const url = `/api/tasks/summary?today=${TODAY}`;
    const first = await t.app.inject({ method: 'GET', url, headers: me.headers });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({ method: 'GET', url, headers: { ...me.headers, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const otherDay = await t.app.inject({
      method: 'GET',
      url: '/api/tasks/summary?today=2030-03-11',
      headers: { ...me.headers, 'if-none-match': etag },
    });
    expect(otherDay.statusCode).toBe(200);
    await add(me, { title: 'One more', due_date: TODAY });
    const afterWrite = await t.app.inject({ method: 'GET', url, headers: { ...me.headers, 'if-none-match': etag } });
    expect(afterWrite.statusCode).toBe(200);
    expect(afterWrite.json().pending).toBe(4);
  });

  test('the summary needs a token', async () => {
    for (const url of ['/api/tasks/summary', '/api/tasks/shared/summary']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Authentication required' });
    }
  });
});
