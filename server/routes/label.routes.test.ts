import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RealtimeEvent } from '../realtime/event-bus.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

interface LabelJson {
  id: number;
  name: string;
  color: string | null;
  tasks_count?: number;
}
interface TaskJson {
  id: number;
  title: string;
  labels: LabelJson[];
}

/**
 * Issue 18, finding e: a collaborator's edits create labels in the owner's account, and the owner
 * can rename, recolour, delete and merge them, and delete the unused ones. Lists show label names
 * and colours, and are cached by task revision and data version: every change must reach them.
 */
describe.each(testDialects())('label administration on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const call = (user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user ? user.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const addTask = async (user: SignedInUser, title: string, labels: string[]): Promise<TaskJson> => {
    const response = await call(user, 'POST', '/api/tasks/add', { title, labels });
    expect(response.statusCode).toBe(201);
    return response.json().task;
  };
  const labelsOf = async (user: SignedInUser): Promise<LabelJson[]> => {
    const response = await call(user, 'GET', '/api/labels');
    expect(response.statusCode).toBe(200);
    return response.json().labels;
  };
  const labelNamed = async (user: SignedInUser, name: string): Promise<LabelJson> => {
    const label = (await labelsOf(user)).find((l) => l.name === name);
    if (!label) throw new Error(`no label ${name}`);
    return label;
  };
  const taskLabels = async (user: SignedInUser, taskId: number) =>
    ((await call(user, 'GET', `/api/task/${taskId}`)).json().task as TaskJson).labels.map((l) => l.name);
  const shareAccepted = async (owner: SignedInUser, taskId: number, friend: SignedInUser) => {
    expect((await call(owner, 'POST', `/api/tasks/${taskId}/share`, { email_ids: [friend.user.email] })).statusCode).toBe(200);
    expect((await call(friend, 'POST', `/api/tasks/${taskId}/accept-share`)).statusCode).toBe(200);
  };

  /** A list over real HTTP, as a browser reads it: compressed or not, revalidating with its ETag. */
  function read(path: string, user: SignedInUser, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; etag: string | undefined; json: Record<string, TaskJson[]> | null }>((resolve, reject) => {
      const request = http.request(`${base}${path}`, { headers: { ...user.headers, ...headers }, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          let body = Buffer.concat(chunks);
          if (response.headers['content-encoding'] === 'gzip') body = zlib.gunzipSync(body);
          if (response.headers['content-encoding'] === 'br') body = zlib.brotliDecompressSync(body);
          resolve({
            status: response.statusCode ?? 0,
            etag: response.headers.etag,
            json: body.length ? (JSON.parse(body.toString('utf8')) as Record<string, TaskJson[]>) : null,
          });
        });
      });
      request.on('error', reject);
      request.end();
    });
  }

  test('GET /api/labels keeps its shape: the user’s labels by name with task counts, unauthenticated 401', async () => {
    const me = await t.signUp();
    await addTask(me, 'one', ['Work', 'home']);
    await addTask(me, 'two', ['work']);
    expect(await labelsOf(me)).toEqual([
      { id: expect.any(Number), name: 'home', color: null, tasks_count: 1 },
      { id: expect.any(Number), name: 'Work', color: null, tasks_count: 2 },
    ]);
    expect((await call(null, 'GET', '/api/labels')).statusCode).toBe(401);
    for (const [method, url] of [
      ['PUT', '/api/labels/1'],
      ['DELETE', '/api/labels/1'],
      ['POST', '/api/labels/1/merge'],
      ['DELETE', '/api/labels/unused'],
    ] as const) {
      const response = await call(null, method, url, method === 'DELETE' ? undefined : {});
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  test('labels are per user, created on first use, one per name whatever the case', async () => {
    const me = await t.signUp();
    const other = await t.signUp();
    await addTask(me, 'A', ['Home', 'urgent']);
    await addTask(me, 'B', ['home', 'URGENT', 'Errands']);
    await addTask(other, 'C', ['Home']);
    const labels = await labelsOf(me);
    expect(labels.map((l) => [l.name, l.tasks_count])).toEqual([
      ['Errands', 1],
      ['Home', 2],
      ['urgent', 2],
    ]);
    expect(labels[0]).toHaveProperty('color', null);
    expect((await labelsOf(other)).map((l) => l.name)).toEqual(['Home']);
  });

  test('a collaborator’s label lands in the owner’s account; only the owner can change it, for anyone else it is 404', async () => {
    const owner = await t.signUp();
    const friend = await t.signUp();
    const stranger = await t.signUp();
    const task = await addTask(owner, 'Shared', ['plan']);
    await shareAccepted(owner, task.id, friend);
    // The collaborator adds a label while editing: it belongs to the owner.
    expect(
      (await call(friend, 'PUT', `/api/tasks/update/${task.id}`, { title: 'Shared', labels: ['plan', 'friend-made'] })).statusCode,
    ).toBe(200);
    const made = await labelNamed(owner, 'friend-made');
    expect((await labelsOf(friend)).map((l) => l.name)).not.toContain('friend-made');
    await addTask(friend, 'mine', ['theirs']);
    const theirs = await labelNamed(friend, 'theirs');

    const mine = await labelNamed(owner, 'plan');
    for (const user of [friend, stranger]) {
      for (const [method, url, payload] of [
        ['PUT', `/api/labels/${made.id}`, { name: 'hijacked' }],
        ['PUT', `/api/labels/${made.id}`, { color: '#000000' }],
        ['DELETE', `/api/labels/${made.id}`, undefined],
        ['POST', `/api/labels/${made.id}/merge`, { into_id: made.id }],
        ['POST', `/api/labels/${made.id}/merge`, { into_id: mine.id }],
        ['POST', `/api/labels/${made.id}/merge`, { into_id: theirs.id }],
      ] as const) {
        const response = await call(user, method, url, payload);
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(404);
        expect(response.json()).toEqual({ message: 'Label not found' });
      }
    }
    // The owner cannot merge into the collaborator's label either.
    const intoForeign = await call(owner, 'POST', `/api/labels/${made.id}/merge`, { into_id: theirs.id });
    expect(intoForeign.statusCode).toBe(422);
    expect(intoForeign.json().errors).toEqual({ into_id: ['The selected label to merge into does not exist.'] });
    // Deleting the collaborator's unused labels leaves the owner's alone.
    expect((await call(friend, 'DELETE', '/api/labels/unused')).json()).toEqual({ message: 'Unused labels deleted', deleted: 0 });
    expect(await taskLabels(owner, task.id)).toEqual(['plan', 'friend-made']);

    // The owner removes it: gone from the task, for both of them.
    const removed = await call(owner, 'DELETE', `/api/labels/${made.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Label deleted', tasks_count: 1 });
    expect(await taskLabels(friend, task.id)).toEqual(['plan']);
    expect((await labelsOf(owner)).map((l) => l.name)).toEqual(['plan']);
  });

  test('ids that name no label are 404 on both databases, never 500', async () => {
    const me = await t.signUp();
    for (const id of ['0', '-1', 'abc', '1.5', '2147483648', '99999999999999999999', '1e3', '999999']) {
      for (const [method, url, payload] of [
        ['PUT', `/api/labels/${id}`, { name: 'x' }],
        ['DELETE', `/api/labels/${id}`, undefined],
        ['POST', `/api/labels/${id}/merge`, { into_id: 1 }],
      ] as const) {
        const response = await call(me, method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ message: 'Label not found' });
      }
    }
  });

  test('hostile bodies and ids get 404 or 422 with { message, errors }, never a 500', async () => {
    const me = await t.signUp();
    await addTask(me, 'Task', ['one', 'two']);
    const [one, two] = await labelsOf(me);
    const value = fc.oneof(
      fc.string(),
      fc.string({ minLength: 40, maxLength: 80 }),
      fc.constantFrom('', ' ', 'a\u0000b', '\uD800', '#ABCDEF', '#abc', 'two', ' TWO ', '\u202Eevil'),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.bigInt().map(String),
      fc.constant(Number.MAX_SAFE_INTEGER + 1),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(String(one!.id), String(two!.id), '0', '2147483648', 'x'),
        fc.record({ name: value, color: value, into_id: value }, { requiredKeys: [] }),
        fc.constantFrom('PUT', 'POST'),
        async (id, body, method) => {
          // A real merge target would merge: leave those out.
          fc.pre(!(method === 'POST' && (body.into_id === one!.id || body.into_id === two!.id)));
          const url = method === 'PUT' ? `/api/labels/${id}` : `/api/labels/${id}/merge`;
          // Only refusals: no body here may rename one into two or merge them.
          const response = await call(me, method, url, { ...body, ...(method === 'PUT' ? { color: 'not a colour' } : {}) });
          expect([404, 422]).toContain(response.statusCode);
          const json = response.json();
          expect(typeof json.message).toBe('string');
          if (response.statusCode === 422) expect(Object.keys(json.errors ?? {}).length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 60 },
    );
    expect((await labelsOf(me)).map((l) => l.name)).toEqual(['one', 'two']);
  });

  test('rename and recolour: validation, a name already used is a field error that suggests merging, case-only renames', async () => {
    const me = await t.signUp();
    const other = await t.signUp();
    const task = await addTask(me, 'Task', ['draft', 'Urgent']);
    await addTask(other, 'Theirs', ['final']);
    const draft = await labelNamed(me, 'draft');
    const put = (payload: unknown) => call(me, 'PUT', `/api/labels/${draft.id}`, payload);

    const invalid: Array<[unknown, string, string]> = [
      [{}, 'name', 'Give a new name or a new colour.'],
      [{ name: '' }, 'name', 'A label name cannot be empty.'],
      [{ name: '   ' }, 'name', 'A label name cannot be empty.'],
      [{ name: 'x'.repeat(51) }, 'name', 'A label name must not be greater than 50 characters.'],
      [{ name: 5 }, 'name', 'Each label must be text.'],
      [{ color: 'red' }, 'color', 'The colour must be a hex colour such as #9333ea, or null.'],
      [{ color: '#abc' }, 'color', 'The colour must be a hex colour such as #9333ea, or null.'],
      [{ color: '#12345g' }, 'color', 'The colour must be a hex colour such as #9333ea, or null.'],
      [{ color: 123456 }, 'color', 'The colour must be a hex colour such as #9333ea, or null.'],
      [{ name: 'urgent' }, 'name', 'You already have a label named “Urgent”. Merge the two labels instead.'],
      [{ name: ' URGENT ' }, 'name', 'You already have a label named “Urgent”. Merge the two labels instead.'],
    ];
    for (const [payload, field, message] of invalid) {
      const response = await put(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(payload)).toEqual([message]);
    }
    expect((await put([1, 2])).statusCode).toBe(422);
    expect(await taskLabels(me, task.id)).toEqual(['draft', 'Urgent']);

    // Another user's label of the same name is no obstacle; the name is trimmed.
    const renamed = await put({ name: '  final  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ message: 'Label updated', label: { id: draft.id, name: 'final', color: null, tasks_count: 1 } });
    // Its case only.
    expect((await put({ name: 'Final' })).json().label.name).toBe('Final');
    expect(await taskLabels(me, task.id)).toEqual(['Final', 'Urgent']);
    // The old name is free again: a task may use it, as a new label.
    await addTask(me, 'Later', ['draft']);
    expect((await labelsOf(me)).map((l) => l.name)).toEqual(['draft', 'Final', 'Urgent']);

    // Colour: stored lower-case, null clears, absent keeps.
    expect((await put({ color: '#A1B2C3' })).json().label.color).toBe('#a1b2c3');
    expect((await put({ name: 'Final v2' })).json().label).toMatchObject({ name: 'Final v2', color: '#a1b2c3' });
    expect((await put({ color: null })).json().label.color).toBeNull();
    expect((await call(me, 'GET', `/api/task/${task.id}`)).json().task.labels[0]).toEqual({ id: draft.id, name: 'Final v2', color: null });

    // The activity log words the rename like an edit of the task's labels; a colour is not logged.
    const activity = (await call(me, 'GET', `/api/task/${task.id}`)).json().activity_logs as Array<{ description: string; event: unknown }>;
    expect(activity.map((a) => a.description).slice(0, 3)).toEqual([
      'Set the labels to Final v2, Urgent',
      'Set the labels to Final, Urgent',
      'Set the labels to final, Urgent',
    ]);
    expect(activity[0]!.event).toEqual({ code: 'updated', changes: [{ kind: 'labels', labels: ['Final v2', 'Urgent'] }] });
  });

  test('merge: the tasks carry the other label in its place, a task carrying both keeps one, the label goes; refusals', async () => {
    const me = await t.signUp();
    const a = await addTask(me, 'A', ['todo', 'x', 'ToDo-list']);
    const b = await addTask(me, 'B', ['todo-list', 'y']);
    const c = await addTask(me, 'C', ['y', 'todo', 'z']);
    const d = await addTask(me, 'D', ['z']);
    const source = await labelNamed(me, 'todo');
    const target = await labelNamed(me, 'ToDo-list');
    const merge = (payload: unknown, id = source.id) => call(me, 'POST', `/api/labels/${id}/merge`, payload);

    const refusals: Array<[unknown, string]> = [
      [{}, 'The into id field is required.'],
      [{ into_id: 'abc' }, 'The into id field must be a number.'],
      [{ into_id: 1.5 }, 'The into id must be a whole number.'],
      [{ into_id: 0 }, 'The selected label to merge into does not exist.'],
      [{ into_id: 2147483648 }, 'The selected label to merge into does not exist.'],
      [{ into_id: 1e20 }, 'The selected label to merge into does not exist.'],
      [{ into_id: source.id }, 'A label cannot be merged into itself.'],
      [{ into_id: 2147483647 }, 'The selected label to merge into does not exist.'],
    ];
    for (const [payload, message] of refusals) {
      const response = await merge(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors, JSON.stringify(payload)).toEqual({ into_id: [message] });
    }

    const merged = await merge({ into_id: target.id });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toEqual({ message: 'Labels merged', label: { id: target.id, name: 'ToDo-list', color: null, tasks_count: 3 } });
    expect(await taskLabels(me, a.id)).toEqual(['x', 'ToDo-list']);
    expect(await taskLabels(me, b.id)).toEqual(['ToDo-list', 'y']);
    expect(await taskLabels(me, c.id)).toEqual(['y', 'ToDo-list', 'z']);
    expect(await taskLabels(me, d.id)).toEqual(['z']);
    expect((await labelsOf(me)).map((l) => [l.name, l.tasks_count])).toEqual([
      ['ToDo-list', 3],
      ['x', 1],
      ['y', 2],
      ['z', 2],
    ]);
    // Gone: a second merge or a rename of it is a 404.
    expect((await merge({ into_id: target.id })).statusCode).toBe(404);
    expect((await call(me, 'PUT', `/api/labels/${source.id}`, { name: 'again' })).statusCode).toBe(404);
    // The label filter follows: the old name lists nothing, the new one every merged task.
    const titles = async (label: string) =>
      (await call(me, 'GET', `/api/tasks?label=${encodeURIComponent(label)}`))
        .json()
        .tasks.map((x: TaskJson) => x.title)
        .sort();
    expect(await titles('todo')).toEqual([]);
    expect(await titles('todo-list')).toEqual(['A', 'B', 'C']);
    // A task edited afterwards keeps working with the merged labels (positions stay unique).
    const edited = await call(me, 'PUT', `/api/tasks/update/${c.id}`, { title: 'C', labels: ['ToDo-list', 'y', 'z', 'new'] });
    expect(edited.statusCode).toBe(200);
    expect(await taskLabels(me, c.id)).toEqual(['ToDo-list', 'y', 'z', 'new']);
    // Activity on the merged tasks only.
    const entries = async (taskId: number) =>
      ((await call(me, 'GET', `/api/task/${taskId}`)).json().activity_logs as Array<{ description: string }>).map((x) => x.description);
    expect((await entries(a.id))[0]).toBe('Set the labels to x, ToDo-list');
    expect((await entries(b.id))[0]).toBe('Created the task');
  });

  test('delete removes the label from its tasks (which stay); delete unused removes only labels no task carries; the counts follow', async () => {
    const me = await t.signUp();
    const other = await t.signUp();
    const one = await addTask(me, 'one', ['keep', 'drop']);
    const two = await addTask(me, 'two', ['drop']);
    await addTask(me, 'three', ['soon-unused', 'also-unused']);
    const theirs = await addTask(other, 'theirs', ['unused-elsewhere']);
    // Two of my labels and one of theirs become unused: their tasks are edited without them.
    const three = (await call(me, 'GET', '/api/tasks?sort=created_at')).json().tasks.find((x: TaskJson) => x.title === 'three');
    expect((await call(me, 'PUT', `/api/tasks/update/${three.id}`, { title: 'three', labels: [] })).statusCode).toBe(200);
    expect((await call(other, 'PUT', `/api/tasks/update/${theirs.id}`, { title: 'theirs', labels: [] })).statusCode).toBe(200);

    const stats = (labels: LabelJson[]) => {
      const totalTasks = labels.reduce((sum, l) => sum + (l.tasks_count ?? 0), 0);
      return {
        total: labels.length,
        tasks: totalTasks,
        active: labels.filter((l) => (l.tasks_count ?? 0) > 0).length,
        average: labels.length ? Math.round(totalTasks / labels.length) : 0,
      };
    };
    expect(stats(await labelsOf(me))).toEqual({ total: 4, tasks: 3, active: 2, average: 1 });

    const drop = await labelNamed(me, 'drop');
    const deleted = await call(me, 'DELETE', `/api/labels/${drop.id}`);
    expect(deleted.json()).toEqual({ message: 'Label deleted', tasks_count: 2 });
    expect(await taskLabels(me, one.id)).toEqual(['keep']);
    expect(await taskLabels(me, two.id)).toEqual([]);
    expect((await call(me, 'GET', `/api/task/${two.id}`)).json().activity_logs[0].description).toBe('Removed all labels');
    expect((await call(me, 'DELETE', `/api/labels/${drop.id}`)).statusCode).toBe(404);
    expect(stats(await labelsOf(me))).toEqual({ total: 3, tasks: 1, active: 1, average: 0 });

    const unused = await call(me, 'DELETE', '/api/labels/unused');
    expect(unused.statusCode).toBe(200);
    expect(unused.json()).toEqual({ message: 'Unused labels deleted', deleted: 2 });
    expect(await labelsOf(me)).toEqual([{ id: expect.any(Number), name: 'keep', color: null, tasks_count: 1 }]);
    expect(stats(await labelsOf(me))).toEqual({ total: 1, tasks: 1, active: 1, average: 1 });
    expect((await call(me, 'DELETE', '/api/labels/unused')).json().deleted).toBe(0);
    // The other user's labels are theirs to tidy.
    expect((await labelsOf(other)).map((l) => l.name)).toEqual(['unused-elsewhere']);
    // The tasks themselves are all still there.
    expect((await call(me, 'GET', '/api/tasks')).json().tasks).toHaveLength(3);
  });

  test('lists never show a label’s old name or colour: owner (identity and gzip), accepted and pending recipients, summaries, ETags', async () => {
    const owner = await t.signUp();
    const friend = await t.signUp();
    const invitee = await t.signUp();
    const shared = await addTask(owner, 'Shared plan', ['alpha', 'beta']);
    await addTask(owner, 'Own plan', ['alpha', 'gamma']);
    await addTask(owner, 'Untouched', ['delta']);
    await shareAccepted(owner, shared.id, friend);
    expect((await call(owner, 'POST', `/api/tasks/${shared.id}/share`, { email_ids: [invitee.user.email] })).statusCode).toBe(200);

    const reads: Array<{ user: SignedInUser; path: string; key: string; headers: Record<string, string> }> = [
      { user: owner, path: '/api/tasks', key: 'tasks', headers: {} },
      { user: owner, path: '/api/tasks', key: 'tasks', headers: { 'accept-encoding': 'gzip' } },
      { user: owner, path: '/api/tasks?limit=2', key: 'tasks', headers: { 'accept-encoding': 'gzip' } },
      { user: friend, path: '/api/tasks/shared', key: 'shared_tasks', headers: {} },
      { user: friend, path: '/api/tasks/shared', key: 'shared_tasks', headers: { 'accept-encoding': 'gzip' } },
      { user: invitee, path: '/api/tasks/pending-shares', key: 'pending_tasks', headers: { 'accept-encoding': 'gzip' } },
    ];
    /** Each list's ETag from the last look: after a change it must not match any more (a 304 would keep the old labels). */
    const etags = new Map<number, string>();
    /** Every list, read after revalidating and again from the caches, shows each task's labels as the task has them now. */
    async function expectListsShow(expected: Record<string, Array<[string, string | null]>>) {
      for (const [index, { user, path, key, headers }] of reads.entries()) {
        const previous = etags.get(index);
        for (const extra of [previous ? { 'if-none-match': previous } : {}, {}] as Array<Record<string, string>>) {
          const answer = await read(path, user, { ...headers, ...extra });
          expect(answer.status, `${path} ${JSON.stringify(extra)}`).toBe(200);
          etags.set(index, answer.etag!);
          for (const task of answer.json![key]!) {
            expect(
              task.labels.map((l) => [l.name, l.color]),
              `${path} ${JSON.stringify(headers)} ${task.title}`,
            ).toEqual(expected[task.title]);
          }
        }
        // Unchanged since: a 304.
        expect((await read(path, user, { ...headers, 'if-none-match': etags.get(index)! })).status).toBe(304);
      }
      const summary = (await call(owner, 'GET', '/api/tasks/summary')).json().labels;
      expect(summary).toEqual(
        [...new Set(Object.values(expected).flatMap((labels) => labels.map(([name]) => name)))].sort((x, y) => x.localeCompare(y)),
      );
    }
    await expectListsShow({
      'Shared plan': [
        ['alpha', null],
        ['beta', null],
      ],
      'Own plan': [
        ['alpha', null],
        ['gamma', null],
      ],
      Untouched: [['delta', null]],
    });

    const alpha = await labelNamed(owner, 'alpha');
    expect((await call(owner, 'PUT', `/api/labels/${alpha.id}`, { name: 'Alpha One' })).statusCode).toBe(200);
    await expectListsShow({
      'Shared plan': [
        ['Alpha One', null],
        ['beta', null],
      ],
      'Own plan': [
        ['Alpha One', null],
        ['gamma', null],
      ],
      Untouched: [['delta', null]],
    });

    expect((await call(owner, 'PUT', `/api/labels/${alpha.id}`, { color: '#0f766e' })).statusCode).toBe(200);
    await expectListsShow({
      'Shared plan': [
        ['Alpha One', '#0f766e'],
        ['beta', null],
      ],
      'Own plan': [
        ['Alpha One', '#0f766e'],
        ['gamma', null],
      ],
      Untouched: [['delta', null]],
    });

    const beta = await labelNamed(owner, 'beta');
    expect((await call(owner, 'POST', `/api/labels/${beta.id}/merge`, { into_id: alpha.id })).statusCode).toBe(200);
    await expectListsShow({
      'Shared plan': [['Alpha One', '#0f766e']],
      'Own plan': [
        ['Alpha One', '#0f766e'],
        ['gamma', null],
      ],
      Untouched: [['delta', null]],
    });

    const gamma = await labelNamed(owner, 'gamma');
    expect((await call(owner, 'POST', `/api/labels/${alpha.id}/merge`, { into_id: gamma.id })).statusCode).toBe(200);
    await expectListsShow({
      'Shared plan': [['gamma', null]],
      'Own plan': [['gamma', null]],
      Untouched: [['delta', null]],
    });

    expect((await call(owner, 'DELETE', `/api/labels/${gamma.id}`)).json().tasks_count).toBe(2);
    await expectListsShow({ 'Shared plan': [], 'Own plan': [], Untouched: [['delta', null]] });
  });

  test('open screens hear of it: task-changed to the owner and to everyone the changed tasks are shared with, nobody else', async () => {
    const owner = await t.signUp();
    const friend = await t.signUp();
    const bystander = await t.signUp();
    const shared = await addTask(owner, 'Shared', ['tag']);
    const own = await addTask(owner, 'Own', ['tag']);
    await addTask(owner, 'Other', ['else']);
    await shareAccepted(owner, shared.id, friend);
    const heard = new Map<number, RealtimeEvent[]>();
    const stops = [owner, friend, bystander].map((u) =>
      t.app.taskaty.bus.subscribe(u.user.id, (event) => heard.set(u.user.id, [...(heard.get(u.user.id) ?? []), event])),
    );
    const tag = await labelNamed(owner, 'tag');
    expect((await call(owner, 'PUT', `/api/labels/${tag.id}`, { name: 'renamed' })).statusCode).toBe(200);
    // PostgreSQL's bus delivers through LISTEN/NOTIFY: give it a moment.
    await expect.poll(() => heard.get(friend.user.id)?.length ?? 0).toBe(1);
    await expect.poll(() => heard.get(owner.user.id)?.length ?? 0).toBe(2);
    expect(heard.get(friend.user.id)).toEqual([{ type: 'task-changed', taskId: shared.id }]);
    expect(
      heard
        .get(owner.user.id)!
        .map((e) => (e as { taskId: number }).taskId)
        .sort(),
    ).toEqual([shared.id, own.id].sort());
    // A label on no task, and the deletion of unused labels, change no list: nobody hears of them.
    await addTask(owner, 'Temp', ['lonely']);
    const lonelyTask = (await call(owner, 'GET', '/api/tasks')).json().tasks.find((x: TaskJson) => x.title === 'Temp');
    await call(owner, 'PUT', `/api/tasks/update/${lonelyTask.id}`, { title: 'Temp', labels: [] });
    heard.clear();
    expect((await call(owner, 'PUT', `/api/labels/${(await labelNamed(owner, 'lonely')).id}`, { name: 'alone' })).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', '/api/labels/unused')).json().deleted).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard.size).toBe(0);
    for (const stop of stops) stop();
  });
});
