import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IF_MATCH_MESSAGE, TASK_CHANGED_MESSAGE } from '../../common/schemas/task-revision.schema.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

interface TaskJson {
  id: number;
  title: string;
  description: string;
  is_completed: 0 | 1;
  revision: number;
  labels: Array<{ id: number; name: string }>;
  activity_logs?: unknown[];
}

/**
 * Optimistic concurrency for task writes (issue 23, decision 031) through the HTTP API on each
 * database: the revision in every task answer, If-Match on update, complete, uncomplete and
 * delete (412 with the task as it is now and nothing written, 400 for a malformed header, the
 * access answers unchanged), the ETag of the write answers, and two writes racing on one revision.
 */
describe.each(testDialects())('task revisions and If-Match on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (user: SignedInUser | null, method: Method, url: string, payload?: unknown, ifMatch?: string) =>
    t.app.inject({
      method,
      url,
      headers: { ...(user ? user.headers : {}), ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const add = async (user: SignedInUser, payload: Record<string, unknown> = {}) => {
    const response = await call(user, 'POST', '/api/tasks/add', { title: 'Water the plants', ...payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().task as TaskJson;
  };
  const detail = async (user: SignedInUser, id: number) => {
    const response = await call(user, 'GET', `/api/task/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { task: TaskJson; activity_logs: unknown[] };
  };
  const update = (user: SignedInUser, id: number, body: Record<string, unknown>, ifMatch?: string) =>
    call(user, 'PUT', `/api/tasks/update/${id}`, body, ifMatch);
  const share = async (owner: SignedInUser, taskId: number, friend: SignedInUser, accept: boolean) => {
    expect((await call(owner, 'POST', `/api/tasks/${taskId}/share`, { email_ids: [friend.user.email] })).statusCode).toBe(200);
    if (accept) expect((await call(friend, 'POST', `/api/tasks/${taskId}/accept-share`)).statusCode).toBe(200);
  };
  const tag = (revision: number) => `"${revision}"`;

  /** A 412 names the task as GET /api/task/{id} shows it now, tags its revision, and nothing was written. */
  const expectConflict = async (
    response: Awaited<ReturnType<typeof call>>,
    user: SignedInUser,
    before: { task: TaskJson; activity_logs: unknown[] },
  ) => {
    expect(response.statusCode, response.body).toBe(412);
    const now = await detail(user, before.task.id);
    expect(response.json()).toEqual({ message: TASK_CHANGED_MESSAGE, task: now.task });
    expect(response.headers.etag).toBe(tag(now.task.revision));
    expect(now).toEqual(before);
  };

  test('every answer that shows a task carries the revision of the row it shows', async () => {
    const owner = await t.signUp();
    const friend = await t.signUp();
    const pending = await t.signUp();
    const task = await add(owner, { labels: ['Home'] });
    expect(task.revision).toEqual(expect.any(Number));
    await share(owner, task.id, friend, true);
    await share(owner, task.id, pending, false);
    const { task: current } = await detail(owner, task.id);
    // Two shares and an acceptance changed how lists show it.
    expect(current.revision).toBeGreaterThan(task.revision);

    const listed = async (user: SignedInUser, url: string, key: string) =>
      ((await call(user, 'GET', url)).json()[key] as TaskJson[]).find((listedTask) => listedTask.id === task.id)?.revision;
    expect(await listed(owner, '/api/tasks', 'tasks')).toBe(current.revision);
    expect(await listed(owner, '/api/tasks?limit=10', 'tasks')).toBe(current.revision);
    expect(await listed(friend, '/api/tasks/shared', 'shared_tasks')).toBe(current.revision);
    expect(await listed(pending, '/api/tasks/pending-shares', 'pending_tasks')).toBe(current.revision);
    expect((await detail(friend, task.id)).task.revision).toBe(current.revision);

    // The detail has no ETag: its activity moves without the revision (a comment adds an entry).
    expect((await call(owner, 'GET', `/api/task/${task.id}`)).headers.etag).toBeUndefined();
    const entries = (await detail(owner, task.id)).activity_logs.length;
    expect((await call(friend, 'POST', '/api/tasks/comments/add', { task_id: task.id, content: 'On it' })).statusCode).toBe(201);
    const commented = await detail(owner, task.id);
    expect(commented.task.revision).toBe(current.revision);
    expect(commented.activity_logs).toHaveLength(entries + 1);

    // Without If-Match a write is the spec's, and its answer names the new revision, tagged.
    const edited = await update(owner, task.id, { title: 'Water the ferns' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().task.revision).toBe(current.revision + 1);
    expect(edited.headers.etag).toBe(tag(current.revision + 1));
    expect(await listed(owner, '/api/tasks', 'tasks')).toBe(current.revision + 1);
  });

  test('update: a stale If-Match is a 412 with the task as it is now, and nothing changes', async () => {
    const owner = await t.signUp();
    const friend = await t.signUp();
    const task = await add(owner, { description: 'Twice a week', labels: ['Home'] });
    await share(owner, task.id, friend, true);
    const seen = (await detail(owner, task.id)).task.revision;
    // The friend edits meanwhile.
    expect((await update(friend, task.id, { title: 'Water the plants on the balcony' }, tag(seen))).statusCode).toBe(200);
    const before = await detail(owner, task.id);
    expect(before.task.revision).toBe(seen + 1);

    // Offline, the owner had edited what they saw: based on `seen`, refused.
    await expectConflict(await update(owner, task.id, { title: 'Water the cactus', labels: [] }, tag(seen)), owner, before);
    await expectConflict(await update(owner, task.id, { title: 'Water the cactus' }, `W/${tag(seen)}`), owner, before);
    // Someone else who may edit it, on the same old revision, gets the same answer.
    await expectConflict(await update(friend, task.id, { title: 'Water the cactus' }, tag(seen)), friend, before);
    // A revision from the future is no match either.
    await expectConflict(await update(owner, task.id, { title: 'Water the cactus' }, tag(seen + 5)), owner, before);
  });

  test('update: the current revision (strong or weak) or * writes, and the revision rises by one', async () => {
    const owner = await t.signUp();
    const task = await add(owner);
    const start = (await detail(owner, task.id)).task.revision;

    const first = await update(owner, task.id, { title: 'First' }, tag(start));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: 'Task updated', task: expect.objectContaining({ title: 'First', revision: start + 1 }) });
    expect(first.headers.etag).toBe(tag(start + 1));

    const second = await update(owner, task.id, { title: 'Second' }, `W/${tag(start + 1)}`);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().task).toMatchObject({ title: 'Second', revision: start + 2 });

    // The answer's tag is what the next write is based on.
    const third = await update(owner, task.id, { title: 'Third' }, second.headers.etag as string);
    expect(third.statusCode, third.body).toBe(200);

    // `*`: any revision, even one this client never saw.
    const any = await update(owner, task.id, { title: 'Any' }, '*');
    expect(any.statusCode, any.body).toBe(200);
    expect(any.json().task).toMatchObject({ title: 'Any', revision: start + 4 });
    expect(any.headers.etag).toBe(tag(start + 4));
    expect((await detail(owner, task.id)).task).toMatchObject({ title: 'Any', revision: start + 4 });
  });

  test('a malformed If-Match is a 400 with a clear message, and nothing changes', async () => {
    const owner = await t.signUp();
    const task = await add(owner);
    const before = await detail(owner, task.id);
    const malformed = [
      '7',
      `"${before.task.revision}`,
      `'${before.task.revision}'`,
      '"-1"',
      '"1.5"',
      '"1e3"',
      '"007"',
      '"+7"',
      '"abc"',
      '""',
      '',
      'w/"1"',
      'W/1',
      '"2147483648"',
      '"99999999999999999999"',
      `"${before.task.revision}", "${before.task.revision}"`,
      '**',
      `"${'1'.repeat(40)}"`,
      `W/"${before.task.revision}"${' '.repeat(40)}x`,
    ];
    for (const value of malformed) {
      for (const response of [
        await update(owner, task.id, { title: 'Changed' }, value),
        await call(owner, 'PUT', `/api/tasks/complete/${task.id}`, undefined, value),
        await call(owner, 'PUT', `/api/tasks/uncomplete/${task.id}`, undefined, value),
        await call(owner, 'DELETE', `/api/tasks/delete/${task.id}`, undefined, value),
      ]) {
        expect(response.statusCode, `${value}: ${response.body}`).toBe(400);
        expect(response.json(), value).toEqual({ message: IF_MATCH_MESSAGE });
      }
    }
    expect(await detail(owner, task.id)).toEqual(before);
    // The largest revision a row can hold is well formed (and simply not this task's).
    expect((await update(owner, task.id, { title: 'Changed' }, '"2147483647"')).statusCode).toBe(412);
  });

  test('who may not see or change the task gets the answer they get without If-Match, never a 412', async () => {
    const owner = await t.signUp();
    const friend = await t.signUp();
    const pending = await t.signUp();
    const stranger = await t.signUp();
    const task = await add(owner);
    await share(owner, task.id, friend, true);
    await share(owner, task.id, pending, false);
    // Changed since revision 0 (shares), so every If-Match below but the current is stale.
    const before = await detail(owner, task.id);
    const stale = tag(before.task.revision - 1);

    const writes = (user: SignedInUser, id: number, ifMatch?: string) => [
      () => update(user, id, { title: 'Mine now' }, ifMatch),
      () => call(user, 'PUT', `/api/tasks/complete/${id}`, undefined, ifMatch),
      () => call(user, 'PUT', `/api/tasks/uncomplete/${id}`, undefined, ifMatch),
      () => call(user, 'DELETE', `/api/tasks/delete/${id}`, undefined, ifMatch),
    ];
    for (const user of [stranger, pending]) {
      const plain = writes(user, task.id);
      for (const [index, write] of writes(user, task.id, stale).entries()) {
        const withHeader = await write();
        const without = await plain[index]!();
        expect(without.statusCode).toBe(404);
        expect(withHeader.statusCode, withHeader.body).toBe(without.statusCode);
        expect(withHeader.json()).toEqual(without.json());
        expect(withHeader.headers.etag).toBeUndefined();
      }
    }
    // A recipient may edit, not delete: 403 both ways, the task not shown.
    const refused = await call(friend, 'DELETE', `/api/tasks/delete/${task.id}`, undefined, stale);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual((await call(friend, 'DELETE', `/api/tasks/delete/${task.id}`)).json());
    // No such task: 404 with or without the header, `*` included.
    for (const ifMatch of [stale, '*', undefined]) {
      for (const write of writes(owner, 2_000_000_000, ifMatch)) expect((await write()).statusCode).toBe(404);
    }
    expect(await detail(owner, task.id)).toEqual(before);
  });

  test('complete: stale is a 412 and the task stays open; current completes it and tags its new revision', async () => {
    const owner = await t.signUp();
    const task = await add(owner);
    const seen = (await detail(owner, task.id)).task.revision;
    expect((await update(owner, task.id, { title: task.title, description: 'Changed elsewhere' })).statusCode).toBe(200);
    const before = await detail(owner, task.id);

    await expectConflict(await call(owner, 'PUT', `/api/tasks/complete/${task.id}`, undefined, tag(seen)), owner, before);

    const completed = await call(owner, 'PUT', `/api/tasks/complete/${task.id}`, undefined, tag(seen + 1));
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toMatchObject({ task: { is_completed: 1, revision: seen + 2 }, next_occurrence: null });
    expect(completed.headers.etag).toBe(tag(seen + 2));

    // Completed again with the revision it now has: nothing to write, the same revision answered.
    const again = await call(owner, 'PUT', `/api/tasks/complete/${task.id}`, undefined, tag(seen + 2));
    expect(again.statusCode).toBe(200);
    expect(again.json().task.revision).toBe(seen + 2);
    // Completed meanwhile by someone else, the queued completion based on before: the person decides.
    const done = await detail(owner, task.id);
    await expectConflict(await call(owner, 'PUT', `/api/tasks/complete/${task.id}`, undefined, tag(seen + 1)), owner, done);
  });

  test('complete: a repeating task tags the completed task, not its next occurrence', async () => {
    const owner = await t.signUp();
    const task = await add(owner, { due_date: '2030-01-06', recurrence: 'FREQ=WEEKLY' });
    const completed = await call(owner, 'PUT', `/api/tasks/complete/${task.id}`, undefined, tag(task.revision));
    expect(completed.statusCode, completed.body).toBe(200);
    const body = completed.json();
    expect(body.task).toMatchObject({ id: task.id, revision: task.revision + 1, is_completed: 1 });
    expect(body.next_occurrence).toMatchObject({ revision: expect.any(Number), is_completed: 0 });
    expect(completed.headers.etag).toBe(tag(task.revision + 1));
    expect((await detail(owner, body.next_occurrence.id)).task.revision).toBe(body.next_occurrence.revision);
  });

  test('uncomplete: stale is a 412 and the task stays completed; current reopens it', async () => {
    const owner = await t.signUp();
    const friend = await t.signUp();
    const task = await add(owner);
    await share(owner, task.id, friend, true);
    const completed = await call(owner, 'PUT', `/api/tasks/complete/${task.id}`);
    const seen = completed.json().task.revision as number;
    expect((await update(friend, task.id, { title: 'Renamed by a friend' })).statusCode).toBe(200);
    const before = await detail(owner, task.id);

    await expectConflict(await call(owner, 'PUT', `/api/tasks/uncomplete/${task.id}`, undefined, tag(seen)), owner, before);
    expect(before.task.is_completed).toBe(1);

    const reopened = await call(owner, 'PUT', `/api/tasks/uncomplete/${task.id}`, {}, tag(seen + 1));
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toEqual({ task: expect.objectContaining({ is_completed: 0, revision: seen + 2 }) });
    expect(reopened.headers.etag).toBe(tag(seen + 2));
  });

  test('delete: stale is a 412 and the task stays; current or * deletes it', async () => {
    const owner = await t.signUp();
    const friend = await t.signUp();
    const task = await add(owner);
    await share(owner, task.id, friend, true);
    const seen = (await detail(owner, task.id)).task.revision;
    expect((await update(friend, task.id, { title: 'Still needed' })).statusCode).toBe(200);
    const before = await detail(owner, task.id);

    await expectConflict(await call(owner, 'DELETE', `/api/tasks/delete/${task.id}`, undefined, tag(seen)), owner, before);
    expect((await call(friend, 'GET', `/api/task/${task.id}`)).statusCode).toBe(200);

    const deleted = await call(owner, 'DELETE', `/api/tasks/delete/${task.id}`, undefined, tag(seen + 1));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Task deleted' });
    expect(deleted.headers.etag).toBeUndefined();
    expect((await call(owner, 'GET', `/api/task/${task.id}`)).statusCode).toBe(404);
    // Gone: the 404 it always was, whatever the header.
    expect((await call(owner, 'DELETE', `/api/tasks/delete/${task.id}`, undefined, tag(seen + 1))).statusCode).toBe(404);

    const other = await add(owner);
    expect((await call(owner, 'DELETE', `/api/tasks/delete/${other.id}`, undefined, '*')).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/task/${other.id}`)).statusCode).toBe(404);
  });

  test('a label renamed raises the revision: the 412 shows the edited fields as they were (the client calls that no conflict)', async () => {
    const owner = await t.signUp();
    const task = await add(owner, { labels: ['Hme'] });
    const label = task.labels[0]!;
    expect((await call(owner, 'PUT', `/api/labels/${label.id}`, { name: 'Home' })).statusCode).toBe(200);
    const before = await detail(owner, task.id);
    expect(before.task.revision).toBeGreaterThan(task.revision);

    const refused = await update(owner, task.id, { title: task.title, description: 'Use the rain water' }, tag(task.revision));
    await expectConflict(refused, owner, before);
    const now = refused.json().task as TaskJson;
    // What the offline edit changed (the description) is what it was based on: the client may send it again on the new tag.
    expect({ title: now.title, description: now.description }).toEqual({ title: task.title, description: task.description });
    const retried = await update(owner, task.id, { title: task.title, description: 'Use the rain water' }, refused.headers.etag as string);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().task.labels.map((l: { name: string }) => l.name)).toEqual(['Home']);
  });

  test('two writes at once based on the same revision: exactly one is written, the other is a 412', async () => {
    const owner = await t.signUp();
    const friend = await t.signUp();
    // A few rounds, so a check that is not atomic with the write would show on PostgreSQL.
    for (let round = 0; round < 5; round++) {
      const task = await add(owner, { title: `Round ${round}` });
      await share(owner, task.id, friend, true);
      const base = (await detail(owner, task.id)).task.revision;
      const answers = await Promise.all([
        update(owner, task.id, { title: 'Owner’s title' }, tag(base)),
        update(friend, task.id, { title: 'Friend’s title' }, tag(base)),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort(), answers.map((answer) => answer.body).join('\n')).toEqual([200, 412]);
      const won = answers.find((answer) => answer.statusCode === 200)!.json().task as TaskJson;
      const lost = answers.find((answer) => answer.statusCode === 412)!.json().task as TaskJson;
      expect(won.revision).toBe(base + 1);
      // The refused write is shown the winner's task.
      expect(lost).toMatchObject({ title: won.title, revision: base + 1 });
      expect((await detail(owner, task.id)).task).toMatchObject({ title: won.title, revision: base + 1 });

      // And completing against deleting: one of them, never both.
      const raced = await Promise.all([
        call(owner, 'PUT', `/api/tasks/complete/${task.id}`, undefined, tag(base + 1)),
        call(owner, 'DELETE', `/api/tasks/delete/${task.id}`, undefined, tag(base + 1)),
      ]);
      const statuses = raced.map((answer) => answer.statusCode);
      expect(
        statuses.filter((status) => status === 200),
        raced.map((answer) => answer.body).join('\n'),
      ).toHaveLength(1);
      // The loser: a 412 after the completion, or the 404 of a task deleted first.
      expect([412, 404]).toContain(statuses.find((status) => status !== 200));
    }
  });

  test('the OpenAPI document names the If-Match header, the 400 and the 412 of each write', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operations = [
      document.paths['/api/tasks/update/{id}'].put,
      document.paths['/api/tasks/complete/{id}'].put,
      document.paths['/api/tasks/uncomplete/{id}'].put,
      document.paths['/api/tasks/delete/{id}'].delete,
    ];
    for (const operation of operations) {
      const header = operation.parameters.find((parameter: { in: string; name: string }) => parameter.in === 'header');
      expect(header).toMatchObject({ name: 'if-match', required: false });
      expect(JSON.stringify(header)).toContain('412');
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '412']));
      expect(JSON.stringify(operation.responses['412'])).toContain('revision');
    }
    expect(JSON.stringify(document.paths['/api/task/{id}'].get.responses['200'])).toContain('revision');
  });
});
