import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

/** What the Today and Upcoming views read (issue 21 §3): lists by a range of due days, and moving overdue tasks in one action. */
describe.each(testDialects())('due-day ranges and rescheduling on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (user: SignedInUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload }) });
  const add = async (user: SignedInUser, title: string, due_date: string | null, extra: object = {}) => {
    const response = await call(user, 'POST', '/api/tasks/add', { title, due_date, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().task as { id: number; title: string };
  };
  const titles = async (user: SignedInUser, url: string) => {
    const response = await call(user, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    return ((body.tasks ?? body.shared_tasks) as { title: string }[]).map((task) => task.title).sort();
  };

  test('due_from and due_to keep the tasks due on those days and between them, on the own and the shared list', async () => {
    const me = await t.signUp();
    const friend = await t.signUp();
    await add(me, 'Late', '2030-01-01');
    await add(me, 'Today', '2030-01-05', { due_time: '09:00' });
    await add(me, 'In a week', '2030-01-12');
    await add(me, 'Later', '2030-02-01');
    await add(me, 'Someday', null);
    const shared = await add(friend, 'Shared today', '2030-01-05');
    expect((await call(friend, 'POST', `/api/tasks/${shared.id}/share`, { email_ids: [me.user.email] })).statusCode).toBe(200);
    expect((await call(me, 'POST', `/api/tasks/${shared.id}/accept-share`)).statusCode).toBe(200);

    expect(await titles(me, '/api/tasks?due_to=2030-01-05')).toEqual(['Late', 'Today']);
    expect(await titles(me, '/api/tasks?due_from=2030-01-05&due_to=2030-01-18')).toEqual(['In a week', 'Today']);
    expect(await titles(me, '/api/tasks?due_from=2030-01-13')).toEqual(['Later']);
    expect(await titles(me, '/api/tasks?due_from=2030-01-05&due_to=2030-01-04')).toEqual([]);
    expect(await titles(me, '/api/tasks/shared?due_from=2030-01-05&due_to=2030-01-05')).toEqual(['Shared today']);
    // Paged like any list.
    const page = (await call(me, 'GET', '/api/tasks?due_to=2030-01-31&limit=1')).json();
    expect(page.tasks).toHaveLength(1);
    expect(page.next_cursor).toEqual(expect.any(String));
  });

  test('a day that is not one is a 422 on its field, never a 500', async () => {
    const me = await t.signUp();
    for (const [query, field] of [
      ['due_from=2030-02-30', 'due_from'],
      ['due_to=tomorrow', 'due_to'],
      ['due_from=%00', 'due_from'],
    ] as const) {
      const response = await call(me, 'GET', `/api/tasks?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
  });

  test('reschedule moves every task it names to the day, keeps times, logs each, and changes the lists', async () => {
    const me = await t.signUp();
    const a = await add(me, 'Overdue one', '2030-01-01', { due_time: '08:15' });
    const b = await add(me, 'Overdue two', '2030-01-02');
    const c = await add(me, 'Already there', '2030-01-05');
    const before = await call(me, 'GET', '/api/tasks');
    const response = await call(me, 'POST', '/api/tasks/reschedule', { task_ids: [a.id, b.id, c.id, a.id], due_date: '2030-01-05' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Tasks rescheduled', rescheduled: 2 });

    const moved = (await call(me, 'GET', `/api/task/${a.id}`)).json();
    expect(moved.task).toMatchObject({ due_date: '2030-01-05', due_time: '08:15' });
    const log = (moved.task.activity_logs ?? moved.activity_logs) as { description: string }[];
    expect(log.map((entry) => entry.description).join('\n')).toContain('Set the due date to 2030-01-05');
    expect(await titles(me, '/api/tasks?due_to=2030-01-04')).toEqual([]);
    // The list changed, so its tag did: a browser's conditional poll gets the new list.
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/tasks',
      headers: { ...me.headers, 'if-none-match': before.headers.etag as string },
    });
    expect(again.statusCode).toBe(200);
  });

  test('all or none: a task the person cannot see is a 404 and one they cannot edit a 403, and nothing moves', async () => {
    const me = await t.signUp();
    const stranger = await t.signUp();
    const mine = await add(me, 'Mine', '2030-01-01');
    const theirs = await add(stranger, 'Theirs', '2030-01-01');
    const unseen = await call(me, 'POST', '/api/tasks/reschedule', { task_ids: [mine.id, theirs.id], due_date: '2030-01-09' });
    expect(unseen.statusCode).toBe(404);
    expect(await titles(me, '/api/tasks?due_from=2030-01-09')).toEqual([]);

    const invited = await add(stranger, 'Invited', '2030-01-01');
    expect((await call(stranger, 'POST', `/api/tasks/${invited.id}/share`, { email_ids: [me.user.email] })).statusCode).toBe(200);
    // Pending: seen in the bell, not editable.
    const pending = await call(me, 'POST', '/api/tasks/reschedule', { task_ids: [mine.id, invited.id], due_date: '2030-01-09' });
    expect([403, 404]).toContain(pending.statusCode);
    expect(await titles(me, '/api/tasks?due_from=2030-01-09')).toEqual([]);
  });

  test('a bad body gets its field errors', async () => {
    const me = await t.signUp();
    for (const [payload, field] of [
      [{ task_ids: [], due_date: '2030-01-01' }, 'task_ids'],
      [{ task_ids: [1], due_date: '2030-13-01' }, 'due_date'],
      [{ task_ids: [2147483648], due_date: '2030-01-01' }, 'task_ids.0'],
      [{ task_ids: 'all', due_date: '2030-01-01' }, 'task_ids'],
      [{ task_ids: Array.from({ length: 1001 }, (_, i) => i + 1), due_date: '2030-01-01' }, 'task_ids'],
    ] as const) {
      const response = await call(me, 'POST', '/api/tasks/reschedule', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(422);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
  });
});
