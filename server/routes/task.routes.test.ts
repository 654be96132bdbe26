import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RealtimeEvent } from '../realtime/event-bus.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

describe.each(testDialects())('tasks API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user ? user.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const add = async (user: SignedInUser, payload: Record<string, unknown>) => {
    const response = await call(user, 'POST', '/api/tasks/add', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().task;
  };

  test('a task is created with defaults and read back with its labels and activity', async () => {
    const me = await t.signUp();
    const response = await call(me, 'POST', '/api/tasks/add', {
      title: '  Write the quarterly report  ',
      description: '## Plan\n- gather numbers',
      due_date: '2030-05-01',
      labels: ['Work', 'Reports'],
    });
    expect(response.statusCode).toBe(201);
    const { task, message } = response.json();
    expect(message).toBe('Task created');
    expect(task).toMatchObject({
      user_id: me.user.id,
      title: 'Write the quarterly report',
      description: '## Plan\n- gather numbers',
      due_date: '2030-05-01',
      priority: 'medium',
      is_completed: 0,
      shared_with: [],
    });
    expect(task.labels.map((l: { name: string }) => l.name)).toEqual(['Work', 'Reports']);
    expect(task.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);

    const detail = await call(me, 'GET', `/api/task/${task.id}`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body.task.id).toBe(task.id);
    expect(body.activity_logs).toHaveLength(1);
    expect(body.activity_logs[0]).toMatchObject({ description: 'Created the task', user_name: me.user.name, user_email: me.user.email });
    expect(body.task.activity_logs).toEqual(body.activity_logs);
  });

  test('the same label twice in one payload is kept once', async () => {
    const me = await t.signUp();
    const task = await add(me, { title: 'Dup labels', labels: ['x', 'X', ' x '] });
    expect(task.labels).toHaveLength(1);
  });

  test('default order is newest first; sort and direction work for created_at, updated_at and priority', async () => {
    const me = await t.signUp();
    const low = await add(me, { title: 'low', priority: 'low' });
    const high = await add(me, { title: 'high', priority: 'high' });
    const medium = await add(me, { title: 'medium', priority: 'medium' });
    // Touch "low" so it is the most recently updated.
    await call(me, 'PUT', `/api/tasks/update/${low.id}`, { title: 'low', priority: 'low', description: 'changed' });

    const ids = async (query: string) => (await call(me, 'GET', `/api/tasks${query}`)).json().tasks.map((task: { id: number }) => task.id);
    expect(await ids('')).toEqual([medium.id, high.id, low.id]);
    expect(await ids('?sort=created_at&direction=asc')).toEqual([low.id, high.id, medium.id]);
    expect((await ids('?sort=updated_at&direction=desc'))[0]).toBe(low.id);
    expect(await ids('?sort=priority&direction=desc')).toEqual([high.id, medium.id, low.id]);
    expect(await ids('?sort=priority&direction=asc')).toEqual([low.id, medium.id, high.id]);
  });

  test('filters by label (case-insensitive) and priority', async () => {
    const me = await t.signUp();
    const a = await add(me, { title: 'a', labels: ['Garden'], priority: 'high' });
    await add(me, { title: 'b', labels: ['Kitchen'], priority: 'high' });
    const c = await add(me, { title: 'c', labels: ['garden', 'Kitchen'], priority: 'low' });
    const titles = async (query: string) =>
      (await call(me, 'GET', `/api/tasks${query}`)).json().tasks.map((task: { title: string }) => task.title);
    expect(await titles('?label=GARDEN')).toEqual([c.title, a.title]);
    expect(await titles('?label=Garden&priority=high')).toEqual([a.title]);
    expect(await titles('?priority=low')).toEqual([c.title]);
    expect(await titles('?priority=all')).toHaveLength(3);
    expect(await titles('?label=nothing')).toEqual([]);
  });

  test('bad query parameters are 422 field errors', async () => {
    const me = await t.signUp();
    const response = await call(me, 'GET', '/api/tasks?sort=title&direction=up&priority=urgent');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['direction', 'priority', 'sort']);
  });

  test('completing and reopening answer with is_completed 1 and 0 and are logged', async () => {
    const me = await t.signUp();
    const task = await add(me, { title: 'Finish me' });
    const done = await call(me, 'PUT', `/api/tasks/complete/${task.id}`);
    expect(done.statusCode).toBe(200);
    expect(done.json().task.is_completed).toBe(1);
    const again = await call(me, 'PUT', `/api/tasks/complete/${task.id}`);
    expect(again.json().task.is_completed).toBe(1);
    const reopened = await call(me, 'PUT', `/api/tasks/uncomplete/${task.id}`);
    expect(reopened.json().task.is_completed).toBe(0);
    const logs = (await call(me, 'GET', `/api/task/${task.id}`)).json().activity_logs.map((l: { description: string }) => l.description);
    expect(logs).toEqual(['Reopened the task', 'Marked the task as completed', 'Created the task']);
  });

  test('an update replaces fields and labels and says what changed', async () => {
    const me = await t.signUp();
    const task = await add(me, { title: 'Old', labels: ['one'], priority: 'low', due_date: '2030-01-01' });
    const response = await call(me, 'PUT', `/api/tasks/update/${task.id}`, {
      title: 'New',
      description: 'Now with text',
      due_date: null,
      priority: 'high',
      labels: ['two'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Task updated');
    expect(response.json().task).toMatchObject({ title: 'New', description: 'Now with text', due_date: null, priority: 'high' });
    expect(response.json().task.labels.map((l: { name: string }) => l.name)).toEqual(['two']);
    const [latest] = (await call(me, 'GET', `/api/task/${task.id}`)).json().activity_logs;
    expect(latest.description).toContain('Renamed the task from “Old” to “New”');
    expect(latest.description).toContain('changed the priority from low to high');
    expect(latest.description).toContain('removed the due date');
    expect(latest.description).toContain('set the labels to two');
    // Beyond the spec: what the description says, for the web app to word in the reader's language.
    expect(latest.event).toEqual({
      code: 'updated',
      changes: [
        { kind: 'renamed', from: 'Old', to: 'New' },
        { kind: 'description' },
        { kind: 'due_date_removed' },
        { kind: 'priority', from: 'low', to: 'high' },
        { kind: 'labels', labels: ['two'] },
      ],
    });
  });

  test('activity written before events were stored shows its description and no event', async () => {
    const me = await t.signUp();
    const task = await add(me, { title: 'From before' });
    await t.database.db.updateTable('activity_logs').set({ event: null }).where('task_id', '=', task.id).execute();
    await t.database.db
      .insertInto('activity_logs')
      .values({
        task_id: task.id,
        user_id: me.user.id,
        description: 'Something old',
        event: '{"code":"no-longer-known"}',
        created_at: '2030-01-01T00:00:00.000Z',
      })
      .execute();
    const logs = (await call(me, 'GET', `/api/task/${task.id}`)).json().activity_logs;
    expect(logs.map((l: { description: string; event: unknown }) => [l.description, l.event])).toEqual([
      ['Something old', null],
      ['Created the task', null],
    ]);
  });

  test('an update that leaves fields out keeps them; null and empty values clear', async () => {
    const me = await t.signUp();
    const task = await add(me, {
      title: 'Full',
      description: 'Keep me',
      labels: ['Work', 'home'],
      priority: 'high',
      due_date: '2030-01-01',
    });
    const renamed = await call(me, 'PUT', `/api/tasks/update/${task.id}`, { title: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().task).toMatchObject({ title: 'Renamed', description: 'Keep me', priority: 'high', due_date: '2030-01-01' });
    expect(renamed.json().task.labels.map((l: { name: string }) => l.name)).toEqual(['Work', 'home']);
    const [latest] = (await call(me, 'GET', `/api/task/${task.id}`)).json().activity_logs;
    expect(latest.description).toBe('Renamed the task from “Full” to “Renamed”');

    const cleared = await call(me, 'PUT', `/api/tasks/update/${task.id}`, {
      title: 'Renamed',
      description: null,
      due_date: '',
      labels: [],
    });
    expect(cleared.json().task).toMatchObject({ description: '', due_date: null, priority: 'high', labels: [] });
    // The title is still required, as for adding.
    const untitled = await call(me, 'PUT', `/api/tasks/update/${task.id}`, { priority: 'low' });
    expect(untitled.statusCode).toBe(422);
    expect(untitled.json().errors.title).toEqual(['The title field is required.']);
  });

  test('a duplicate records where it came from', async () => {
    const me = await t.signUp();
    const source = await add(me, { title: 'Original' });
    const copy = await add(me, { title: 'Copy of Original', duplicated_from: source.id });
    const [log] = (await call(me, 'GET', `/api/task/${copy.id}`)).json().activity_logs;
    expect(log.description).toBe('Created the task as a copy of “Original”');
  });

  test('validation: title required and limited, description, labels and due date limits; nothing is written', async () => {
    const me = await t.signUp();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '   ' }, 'title'],
      [{}, 'title'],
      [{ title: 'x'.repeat(256) }, 'title'],
      [{ title: 'ok', description: 'x'.repeat(20_001) }, 'description'],
      [{ title: 'ok', labels: Array.from({ length: 21 }, (_, i) => `l${i}`) }, 'labels'],
      [{ title: 'ok', labels: ['x'.repeat(51)] }, 'labels.0'],
      [{ title: 'ok', labels: [''] }, 'labels.0'],
      [{ title: 'ok', due_date: '2030-02-30' }, 'due_date'],
      [{ title: 'ok', due_date: 'tomorrow' }, 'due_date'],
      [{ title: 'ok', priority: 'urgent' }, 'priority'],
      [{ title: 5 }, 'title'],
      [{ title: 'ok', labels: 'work' }, 'labels'],
    ];
    for (const [payload, field] of cases) {
      const response = await call(me, 'POST', '/api/tasks/add', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(payload)).toContain(field);
    }
    // A text sent for the list of labels is told it is not a list, not also that it is too long.
    const notAList = await call(me, 'POST', '/api/tasks/add', { title: 'ok', labels: 'x'.repeat(30) });
    expect(notAList.json().errors.labels).toEqual(['The labels must be a list of names.']);
    expect((await call(me, 'GET', '/api/tasks')).json().tasks).toEqual([]);
    expect((await call(me, 'GET', '/api/labels')).json().labels).toEqual([]);
  });

  test('a failed update leaves the task as it was', async () => {
    const me = await t.signUp();
    const task = await add(me, { title: 'Keep me', labels: ['a'] });
    const response = await call(me, 'PUT', `/api/tasks/update/${task.id}`, { title: '', labels: ['b'] });
    expect(response.statusCode).toBe(422);
    const after = (await call(me, 'GET', `/api/task/${task.id}`)).json().task;
    expect(after.title).toBe('Keep me');
    expect(after.labels.map((l: { name: string }) => l.name)).toEqual(['a']);
  });

  test("someone else's task is 404 for every action and stays unchanged", async () => {
    const owner = await t.signUp();
    const stranger = await t.signUp();
    const task = await add(owner, { title: 'Private', labels: ['secret'] });
    for (const [method, url, payload] of [
      ['GET', `/api/task/${task.id}`],
      ['PUT', `/api/tasks/update/${task.id}`, { title: 'Hacked' }],
      ['PUT', `/api/tasks/complete/${task.id}`],
      ['PUT', `/api/tasks/uncomplete/${task.id}`],
      ['DELETE', `/api/tasks/delete/${task.id}`],
    ] as const) {
      const response = await call(stranger, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ message: 'Task not found' });
    }
    expect((await call(stranger, 'GET', '/api/tasks')).json().tasks).toEqual([]);
    expect((await call(stranger, 'GET', '/api/tasks?label=secret')).json().tasks).toEqual([]);
    const still = (await call(owner, 'GET', `/api/task/${task.id}`)).json().task;
    expect(still).toMatchObject({ title: 'Private', is_completed: 0 });
  });

  test('unknown and malformed ids are all 404 with the not-found message, on every route that takes one', async () => {
    const me = await t.signUp();
    for (const id of ['999999', 'abc', '-1', '0', '1.5', '99999999999999999999']) {
      for (const [method, url, payload] of [
        ['GET', `/api/task/${id}`],
        ['PUT', `/api/tasks/update/${id}`, { title: 'x' }],
        ['PUT', `/api/tasks/complete/${id}`],
        ['DELETE', `/api/tasks/delete/${id}`],
        ['POST', `/api/tasks/${id}/share`, { email_ids: ['someone@example.com'] }],
        ['POST', `/api/tasks/${id}/accept-share`],
      ] as const) {
        const response = await call(me, method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json(), `${method} ${url}`).toEqual({ message: 'Task not found' });
      }
    }
  });

  test('deleting removes the task, its labels links and activity; labels remain with zero tasks', async () => {
    const me = await t.signUp();
    const task = await add(me, { title: 'Temporary', labels: ['short-lived'] });
    const response = await call(me, 'DELETE', `/api/tasks/delete/${task.id}`);
    expect(response.statusCode).toBe(200);
    expect((await call(me, 'GET', `/api/task/${task.id}`)).statusCode).toBe(404);
    const labels = (await call(me, 'GET', '/api/labels')).json().labels;
    expect(labels).toEqual([expect.objectContaining({ name: 'short-lived', tasks_count: 0 })]);
    const logs = await t.database.db.selectFrom('activity_logs').selectAll().where('task_id', '=', task.id).execute();
    expect(logs).toEqual([]);
  });

  test('open screens hear of a change: task-changed to the owner and every recipient with an account, pending too; nobody else', async () => {
    const owner = await t.signUp();
    const accepted = await t.signUp();
    const pending = await t.signUp();
    const stranger = await t.signUp();
    const task = await add(owner, { title: 'Heard' });
    expect(
      (await call(owner, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [accepted.user.email, pending.user.email] })).statusCode,
    ).toBe(200);
    expect((await call(accepted, 'POST', `/api/tasks/${task.id}/accept-share`)).statusCode).toBe(200);
    const heard = new Map<number, RealtimeEvent[]>();
    const stops = [owner, accepted, pending, stranger].map((u) =>
      t.app.taskaty.bus.subscribe(u.user.id, (event) => heard.set(u.user.id, [...(heard.get(u.user.id) ?? []), event])),
    );
    try {
      // The pending recipient's list shows the task's preview, so they hear of it too.
      expect((await call(accepted, 'PUT', `/api/tasks/update/${task.id}`, { title: 'Heard again' })).statusCode).toBe(200);
      expect((await call(accepted, 'PUT', `/api/tasks/complete/${task.id}`)).statusCode).toBe(200);
      expect((await call(owner, 'DELETE', `/api/tasks/delete/${task.id}`)).statusCode).toBe(200);
      // The test app's bus is in-process: every event arrives before the answer does.
      const changed = { type: 'task-changed', taskId: task.id };
      for (const user of [owner, accepted, pending]) expect(heard.get(user.user.id)).toEqual([changed, changed, changed]);
      expect(heard.get(stranger.user.id)).toBeUndefined();
    } finally {
      for (const stop of stops) stop();
    }
  });

  test('every task endpoint needs a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/tasks'],
      ['GET', '/api/tasks/shared'],
      ['GET', '/api/task/1'],
      ['POST', '/api/tasks/add'],
      ['PUT', '/api/tasks/update/1'],
      ['PUT', '/api/tasks/complete/1'],
      ['PUT', '/api/tasks/uncomplete/1'],
      ['DELETE', '/api/tasks/delete/1'],
      ['GET', '/api/labels'],
    ] as const) {
      const response = await call(null, method, url, method === 'POST' || method === 'PUT' ? { title: 'x' } : undefined);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ message: 'Authentication required' });
    }
  });
});

describe.each(testDialects())('task list queries on %s', (dialect) => {
  test('the list takes the same few queries whatever the number of tasks, labels included', async () => {
    const queries: string[] = [];
    const t = await createTestApp(dialect, { onQuery: (sql) => queries.push(sql) });
    try {
      const me = await t.signUp();
      const addTasks = async (from: number, count: number) => {
        for (let i = from; i < from + count; i++) {
          await t.app.inject({
            method: 'POST',
            url: '/api/tasks/add',
            headers: me.headers,
            payload: { title: `t${i}`, labels: [`l${i}`, 'common'] },
          });
        }
      };
      const taskQueriesOfList = async (expected: number) => {
        queries.length = 0;
        const response = await t.app.inject({ method: 'GET', url: '/api/tasks', headers: me.headers });
        const tasks = response.json().tasks;
        expect(tasks).toHaveLength(expected);
        expect(tasks.every((task: { labels: unknown[] }) => task.labels.length === 2)).toBe(true);
        return queries.filter((sql) => /from "tasks"/i.test(sql)).length;
      };
      await addTasks(0, 5);
      const few = await taskQueriesOfList(5);
      await addTasks(5, 20);
      // The keys in order, then the tasks not yet rendered with their labels, shares and owner.
      expect(few).toBeLessThanOrEqual(2);
      expect(await taskQueriesOfList(25)).toBe(few);
    } finally {
      await t.close();
    }
  });
});
