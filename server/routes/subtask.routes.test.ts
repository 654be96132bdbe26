import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RealtimeEvent } from '../realtime/event-bus.ts';
import { documentText as wordText } from '../../tests/support/docx-text.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

interface SubtaskJson {
  id: number;
  task_id: number;
  title: string;
  is_completed: 0 | 1;
  due_date: string | null;
  position: number;
}

/** Text as poppler's pdftotext reads it. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'subtasks-pdf-'));
  try {
    const file = path.join(dir, 'task.pdf');
    writeFileSync(file, pdf);
    return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Subtasks through the HTTP API (issue 21, part 5) on each database: their order, who may read and
 * write them, the limit and every refusal (a 422 naming the field, a 404 for what the caller may
 * not see, never a 500), the task's progress in every list that shows it kept fresh by each write,
 * completing the task with them, a repeating task's next occurrence, export, and deletion.
 */
describe.each(testDialects())('subtasks API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user ? user.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const addTask = async (user: SignedInUser, extra: Record<string, unknown> = {}) => {
    const response = await call(user, 'POST', '/api/tasks/add', { title: 'Plan the move', ...extra });
    expect(response.statusCode).toBe(201);
    return response.json().task as { id: number };
  };
  const share = async (owner: SignedInUser, taskId: number, friend: SignedInUser, accept: boolean) => {
    expect((await call(owner, 'POST', `/api/tasks/${taskId}/share`, { email_ids: [friend.user.email] })).statusCode).toBe(200);
    if (accept) expect((await call(friend, 'POST', `/api/tasks/${taskId}/accept-share`)).statusCode).toBe(200);
  };
  const addSubtasks = async (user: SignedInUser, taskId: number, titles: string[]) => {
    const response = await call(user, 'POST', `/api/tasks/${taskId}/subtasks`, titles.length === 1 ? { title: titles[0] } : { titles });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().subtasks as SubtaskJson[];
  };
  const titlesOf = (subtasks: SubtaskJson[]) => subtasks.map((subtask) => subtask.title);
  const activityOf = async (user: SignedInUser, taskId: number) =>
    (await call(user, 'GET', `/api/task/${taskId}`))
      .json()
      .activity_logs.map((log: { description: string }) => log.description) as string[];
  const listed = async (user: SignedInUser, url: string, key: string, taskId: number) =>
    ((await call(user, 'GET', url)).json()[key] as Array<{ id: number; subtask_progress: unknown }>).find((task) => task.id === taskId);

  test('subtasks keep their order through adding, editing, moving and deleting; each write is in the activity', async () => {
    const owner = await t.signUp();
    const task = await addTask(owner);
    const first = await call(owner, 'POST', `/api/tasks/${task.id}/subtasks`, { title: '  Book the van  ', due_date: '2030-03-01' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: 'Subtask added',
      subtask: { title: 'Book the van', is_completed: 0, due_date: '2030-03-01', task_id: task.id },
    });
    let subtasks = await addSubtasks(owner, task.id, ['Pack the books', 'Pack the kitchen', 'Clean the flat']);
    expect(titlesOf(subtasks)).toEqual(['Book the van', 'Pack the books', 'Pack the kitchen', 'Clean the flat']);
    const [van, books, kitchen, clean] = subtasks as [SubtaskJson, SubtaskJson, SubtaskJson, SubtaskJson];

    // The detail carries them, in order, and so does their own list.
    const detail = (await call(owner, 'GET', `/api/task/${task.id}`)).json();
    expect(titlesOf(detail.subtasks)).toEqual(titlesOf(subtasks));
    expect(detail.task.subtask_progress).toEqual({ done: 0, total: 4 });
    expect(titlesOf((await call(owner, 'GET', `/api/tasks/${task.id}/subtasks`)).json().subtasks)).toEqual(titlesOf(subtasks));

    const ticked = await call(owner, 'PUT', `/api/tasks/${task.id}/subtasks/${books.id}`, { is_completed: true });
    expect(ticked.statusCode).toBe(200);
    expect(ticked.json().subtask).toMatchObject({ id: books.id, is_completed: 1 });
    const edited = await call(owner, 'PUT', `/api/tasks/${task.id}/subtasks/${kitchen.id}`, {
      title: 'Pack the kitchen boxes',
      due_date: '2030-03-02',
    });
    expect(edited.json().subtask).toMatchObject({ title: 'Pack the kitchen boxes', due_date: '2030-03-02', is_completed: 0 });
    const cleared = await call(owner, 'PUT', `/api/tasks/${task.id}/subtasks/${van.id}`, { due_date: null, is_completed: 1 });
    expect(cleared.json().subtask).toMatchObject({ due_date: null, is_completed: 1 });
    expect((await call(owner, 'PUT', `/api/tasks/${task.id}/subtasks/${van.id}`, { is_completed: 0 })).json().subtask.is_completed).toBe(0);

    // Moved one place (Alt+↓ in the web app): the others keep their order.
    subtasks = (await call(owner, 'PUT', `/api/tasks/${task.id}/subtasks/order`, { id: van.id, index: 1 })).json().subtasks;
    expect(subtasks.map((s) => s.id)).toEqual([books.id, van.id, kitchen.id, clean.id]);
    subtasks = (await call(owner, 'PUT', `/api/tasks/${task.id}/subtasks/order`, { id: clean.id, index: 0 })).json().subtasks;
    expect(subtasks.map((s) => s.id)).toEqual([clean.id, books.id, van.id, kitchen.id]);
    // The whole order at once (a drag).
    const reordered = await call(owner, 'PUT', `/api/tasks/${task.id}/subtasks/order`, { ids: [kitchen.id, van.id, books.id, clean.id] });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().subtasks.map((s: SubtaskJson) => s.id)).toEqual([kitchen.id, van.id, books.id, clean.id]);
    expect(reordered.json().subtasks.map((s: SubtaskJson) => s.position)).toEqual([0, 1, 2, 3]);

    const deleted = await call(owner, 'DELETE', `/api/tasks/${task.id}/subtasks/${van.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().subtasks.map((s: SubtaskJson) => s.id)).toEqual([kitchen.id, books.id, clean.id]);
    // Added after a delete and a reorder: at the end.
    subtasks = await addSubtasks(owner, task.id, ['Hand over the keys']);
    expect(titlesOf(subtasks)).toEqual(['Pack the kitchen boxes', 'Pack the books', 'Clean the flat', 'Hand over the keys']);

    expect(await activityOf(owner, task.id)).toEqual([
      'Added the subtask “Hand over the keys”',
      'Deleted the subtask “Book the van”',
      'Reordered the subtasks',
      'Reordered the subtasks',
      'Reordered the subtasks',
      'Reopened the subtask “Book the van”',
      // One request, two changes: two entries, newest (the last recorded) first.
      'Removed the due date of the subtask “Book the van”',
      'Completed the subtask “Book the van”',
      'Set the due date of the subtask “Pack the kitchen boxes” to 2030-03-02',
      'Renamed the subtask “Pack the kitchen” to “Pack the kitchen boxes”',
      'Completed the subtask “Pack the books”',
      'Added 3 subtasks: “Pack the books”, “Pack the kitchen”, “Clean the flat”',
      'Added the subtask “Book the van”',
      'Created the task',
    ]);
    // Each entry says what it records for the web app to word: the event is stored with it.
    const events = (await call(owner, 'GET', `/api/task/${task.id}`)).json().activity_logs.map((log: { event: unknown }) => log.event);
    expect(events[0]).toEqual({ code: 'subtasks_added', titles: ['Hand over the keys'], count: 1 });
    expect(events).toContainEqual({ code: 'subtask_due_date', title: 'Book the van', date: null });
  });

  test('a write that changes nothing writes nothing: no activity, the same list tag', async () => {
    const owner = await t.signUp();
    const task = await addTask(owner);
    const [one, two] = await addSubtasks(owner, task.id, ['One', 'Two']);
    const before = await call(owner, 'GET', '/api/tasks');
    const etag = before.headers.etag as string;
    const log = await activityOf(owner, task.id);
    for (const [method, url, body] of [
      ['PUT', `/api/tasks/${task.id}/subtasks/${one!.id}`, { title: 'One', is_completed: false, due_date: null }],
      ['PUT', `/api/tasks/${task.id}/subtasks/${one!.id}`, {}],
      ['PUT', `/api/tasks/${task.id}/subtasks/order`, { ids: [one!.id, two!.id] }],
      ['PUT', `/api/tasks/${task.id}/subtasks/order`, { id: two!.id, index: 1 }],
    ] as const) {
      expect((await call(owner, method, url, body)).statusCode, JSON.stringify(body)).toBe(200);
    }
    expect(await activityOf(owner, task.id)).toEqual(log);
    const after = await t.app.inject({ method: 'GET', url: '/api/tasks', headers: { ...owner.headers, 'if-none-match': etag } });
    expect(after.statusCode).toBe(304);
  });

  test('the owner and accepted recipients read and write them; a pending recipient and a stranger are told the task does not exist', async () => {
    const owner = await t.signUp();
    const accepted = await t.signUp();
    const pending = await t.signUp();
    const stranger = await t.signUp();
    const task = await addTask(owner);
    await share(owner, task.id, accepted, true);
    await share(owner, task.id, pending, false);
    const [mine] = await addSubtasks(owner, task.id, ['From the owner']);

    // An accepted recipient: reads, adds, ticks, moves, deletes.
    expect(titlesOf((await call(accepted, 'GET', `/api/tasks/${task.id}/subtasks`)).json().subtasks)).toEqual(['From the owner']);
    const [, theirs] = await addSubtasks(accepted, task.id, ['From the recipient']);
    expect((await call(accepted, 'PUT', `/api/tasks/${task.id}/subtasks/${mine!.id}`, { is_completed: true })).statusCode).toBe(200);
    expect((await call(accepted, 'PUT', `/api/tasks/${task.id}/subtasks/order`, { id: theirs!.id, index: 0 })).statusCode).toBe(200);
    expect((await call(accepted, 'DELETE', `/api/tasks/${task.id}/subtasks/${theirs!.id}`)).statusCode).toBe(200);
    expect(titlesOf((await call(owner, 'GET', `/api/tasks/${task.id}/subtasks`)).json().subtasks)).toEqual(['From the owner']);

    for (const user of [pending, stranger]) {
      for (const [method, url, body] of [
        ['GET', `/api/tasks/${task.id}/subtasks`, undefined],
        ['POST', `/api/tasks/${task.id}/subtasks`, { title: 'Sneaky' }],
        ['PUT', `/api/tasks/${task.id}/subtasks/${mine!.id}`, { title: 'Changed' }],
        ['PUT', `/api/tasks/${task.id}/subtasks/order`, { ids: [mine!.id] }],
        ['DELETE', `/api/tasks/${task.id}/subtasks/${mine!.id}`, undefined],
      ] as const) {
        const response = await call(user, method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ message: 'Task not found' });
      }
    }
    expect((await call(null, 'GET', `/api/tasks/${task.id}/subtasks`)).statusCode).toBe(401);
    expect(titlesOf((await call(owner, 'GET', `/api/tasks/${task.id}/subtasks`)).json().subtasks)).toEqual(['From the owner']);
    // The pending recipient still sees the progress in their pending preview, as every lister does.
    expect((await listed(pending, '/api/tasks/pending-shares', 'pending_tasks', task.id))?.subtask_progress).toEqual({ done: 1, total: 1 });
  });

  test('a subtask is found only under its own task', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const task = await addTask(owner);
    const another = await addTask(owner);
    const othersTask = await addTask(other);
    const [mine] = await addSubtasks(owner, task.id, ['Mine']);
    const [foreign] = await addSubtasks(other, othersTask.id, ['Theirs']);
    for (const [method, url] of [
      ['PUT', `/api/tasks/${another.id}/subtasks/${mine!.id}`],
      ['DELETE', `/api/tasks/${another.id}/subtasks/${mine!.id}`],
      ['PUT', `/api/tasks/${task.id}/subtasks/${foreign!.id}`],
      ['DELETE', `/api/tasks/${task.id}/subtasks/${foreign!.id}`],
      ['PUT', `/api/tasks/${task.id}/subtasks/999999`],
    ] as const) {
      const response = await call(owner, method, url, { title: 'x' });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Subtask not found' });
    }
    const moved = await call(owner, 'PUT', `/api/tasks/${task.id}/subtasks/order`, { id: foreign!.id, index: 0 });
    expect(moved.json()).toEqual({ message: 'Subtask not found' });
    const listedIds = await call(owner, 'PUT', `/api/tasks/${task.id}/subtasks/order`, { ids: [foreign!.id] });
    expect(listedIds.statusCode).toBe(422);
    expect(listedIds.json().errors).toEqual({ ids: ['The ids must list every subtask of the task once.'] });
    // Malformed ids in the path name nothing.
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const response = await call(owner, 'PUT', `/api/tasks/${task.id}/subtasks/${id}`, { title: 'x' });
      expect(response.statusCode, id).toBe(404);
      expect(response.json(), id).toEqual({ message: 'Subtask not found' });
      expect((await call(owner, 'GET', `/api/tasks/${id}/subtasks`)).json(), id).toEqual({ message: 'Task not found' });
    }
    expect(titlesOf((await call(other, 'GET', `/api/tasks/${othersTask.id}/subtasks`)).json().subtasks)).toEqual(['Theirs']);
  });

  test('a task has at most 100 subtasks', async () => {
    const owner = await t.signUp();
    const task = await addTask(owner);
    await addSubtasks(
      owner,
      task.id,
      Array.from({ length: 99 }, (_, i) => `Step ${i + 1}`),
    );
    const tooMany = await call(owner, 'POST', `/api/tasks/${task.id}/subtasks`, { titles: ['a', 'b'] });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toEqual({
      message: 'A task can have at most 100 subtasks.',
      errors: { titles: ['A task can have at most 100 subtasks.'] },
    });
    await addSubtasks(owner, task.id, ['Step 100']);
    const oneMore = await call(owner, 'POST', `/api/tasks/${task.id}/subtasks`, { title: 'Step 101' });
    expect(oneMore.statusCode).toBe(422);
    expect(oneMore.json().errors).toEqual({ title: ['A task can have at most 100 subtasks.'] });
    const all = (await call(owner, 'GET', `/api/tasks/${task.id}/subtasks`)).json().subtasks as SubtaskJson[];
    expect(all).toHaveLength(100);
    // Two additions at once to a task one short of the limit: one of them is added, never both.
    const racing = await addTask(owner);
    await addSubtasks(
      owner,
      racing.id,
      Array.from({ length: 99 }, (_, i) => `Step ${i + 1}`),
    );
    const answers = await Promise.all(['left', 'right'].map((title) => call(owner, 'POST', `/api/tasks/${racing.id}/subtasks`, { title })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect((await call(owner, 'GET', `/api/tasks/${racing.id}/subtasks`)).json().subtasks).toHaveLength(100);
    expect(all.at(-1)!.title).toBe('Step 100');
    // The last place is 99.
    const last = await call(owner, 'PUT', `/api/tasks/${task.id}/subtasks/order`, { id: all[0]!.id, index: 99 });
    expect(last.json().subtasks.at(-1).id).toBe(all[0]!.id);
  });

  test('every malformed request is a 422 naming its field, never a 500', async () => {
    const owner = await t.signUp();
    const task = await addTask(owner);
    const [one, two] = await addSubtasks(owner, task.id, ['One', 'Two']);
    const long = 'x'.repeat(256);
    const cases: Array<[string, string, unknown, Record<string, string[]>]> = [
      ['POST', 'subtasks', {}, { title: ['The title field is required.'] }],
      ['POST', 'subtasks', { title: '   ' }, { title: ['The title field is required.'] }],
      ['POST', 'subtasks', { title: '\u200b\u202e' }, { title: ['The title field is required.'] }],
      ['POST', 'subtasks', { title: 5 }, { title: ['The title field must be a string.'] }],
      ['POST', 'subtasks', { title: long }, { title: ['The title must not be greater than 255 characters.'] }],
      ['POST', 'subtasks', { titles: [] }, { titles: ['The titles must be a list of 1 to 100 subtask titles.'] }],
      ['POST', 'subtasks', { titles: 'a' }, { titles: ['The titles must be a list of 1 to 100 subtask titles.'] }],
      [
        'POST',
        'subtasks',
        { titles: Array.from({ length: 101 }, () => 'a') },
        { titles: ['The titles must be a list of 1 to 100 subtask titles.'] },
      ],
      ['POST', 'subtasks', { titles: ['ok', ' '] }, { 'titles.1': ['The title field is required.'] }],
      ['POST', 'subtasks', { title: 'a', titles: ['b'] }, { titles: ['Send a title or titles, not both.'] }],
      ['POST', 'subtasks', { title: 'a', due_date: '2030-02-30' }, { due_date: ['The due date must be a valid date (YYYY-MM-DD).'] }],
      ['POST', 'subtasks', { title: 'a', due_date: 20300101 }, { due_date: ['The due date must be a valid date (YYYY-MM-DD).'] }],
      ['PUT', `subtasks/${one!.id}`, { title: '' }, { title: ['The title field is required.'] }],
      ['PUT', `subtasks/${one!.id}`, { is_completed: 'yes' }, { is_completed: ['The is completed field must be true or false.'] }],
      ['PUT', `subtasks/${one!.id}`, { is_completed: 2 }, { is_completed: ['The is completed field must be true or false.'] }],
      ['PUT', `subtasks/${one!.id}`, { due_date: 'tomorrow' }, { due_date: ['The due date must be a valid date (YYYY-MM-DD).'] }],
      ['PUT', 'subtasks/order', {}, { id: ['The id field is required.'], index: ['The index field is required.'] }],
      ['PUT', 'subtasks/order', { ids: [one!.id, one!.id] }, { ids: ['Each subtask may appear only once.'] }],
      ['PUT', 'subtasks/order', { ids: [one!.id] }, { ids: ['The ids must list every subtask of the task once.'] }],
      ['PUT', 'subtasks/order', { ids: [two!.id, one!.id, 999999] }, { ids: ['The ids must list every subtask of the task once.'] }],
      ['PUT', 'subtasks/order', { ids: [one!.id, 'x'] }, { 'ids.1': ['Each id must be a subtask id.'] }],
      ['PUT', 'subtasks/order', { ids: [one!.id, 99999999999] }, { 'ids.1': ['Each id must be a subtask id.'] }],
      ['PUT', 'subtasks/order', { ids: 'all' }, { ids: ["The ids must be a list of the task's subtask ids (at most 100)."] }],
      [
        'PUT',
        'subtasks/order',
        { ids: [one!.id, two!.id], id: one!.id, index: 0 },
        { ids: ['Send the ids in order, or an id and an index, not both.'] },
      ],
      ['PUT', 'subtasks/order', { id: one!.id, index: 2 }, { index: ['The index must be from 0 to 1.'] }],
      ['PUT', 'subtasks/order', { id: one!.id, index: -1 }, { index: ['The index must be a whole number from 0 to 99.'] }],
      ['PUT', 'subtasks/order', { id: one!.id, index: 100 }, { index: ['The index must be a whole number from 0 to 99.'] }],
      ['PUT', 'subtasks/order', { id: one!.id, index: 1.5 }, { index: ['The index must be a whole number from 0 to 99.'] }],
      ['PUT', 'subtasks/order', { id: one!.id, index: '1' }, { index: ['The index must be a whole number from 0 to 99.'] }],
      ['PUT', 'subtasks/order', { id: one!.id, index: 1e300 }, { index: ['The index must be a whole number from 0 to 99.'] }],
      ['PUT', 'subtasks/order', { id: 'one', index: 0 }, { id: ['The id must be a subtask id.'] }],
    ];
    for (const [method, url, body, errors] of cases) {
      const response = await call(owner, method as 'POST' | 'PUT', `/api/tasks/${task.id}/${url}`, body);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(422);
      expect(response.json().errors, `${method} ${url} ${JSON.stringify(body).slice(0, 80)}`).toEqual(errors);
      expect(response.json().message).toEqual(expect.any(String));
    }
    // A body that is not an object, and NUL characters, are refused too.
    expect((await call(owner, 'POST', `/api/tasks/${task.id}/subtasks`, ['a'])).statusCode).toBe(422);
    expect((await call(owner, 'POST', `/api/tasks/${task.id}/subtasks`, { title: 'a\u0000b' })).statusCode).toBe(422);
    const complete = await call(owner, 'PUT', `/api/tasks/complete/${task.id}`, { complete_subtasks: 'yes' });
    expect(complete.statusCode).toBe(422);
    expect(complete.json().errors).toEqual({ complete_subtasks: ['The complete subtasks field must be true or false.'] });
    expect(titlesOf((await call(owner, 'GET', `/api/tasks/${task.id}/subtasks`)).json().subtasks)).toEqual(['One', 'Two']);
  });

  test('every subtask write renews the lists that show the task (its progress), for each of its people; open screens hear of it', async () => {
    const owner = await t.signUp();
    const accepted = await t.signUp();
    const pending = await t.signUp();
    const stranger = await t.signUp();
    const task = await addTask(owner);
    await share(owner, task.id, accepted, true);
    await share(owner, task.id, pending, false);
    const views: Array<[SignedInUser, string, string]> = [
      [owner, '/api/tasks', 'tasks'],
      [owner, '/api/tasks?limit=5&sort=updated_at', 'tasks'],
      [accepted, '/api/tasks/shared', 'shared_tasks'],
      [pending, '/api/tasks/pending-shares', 'pending_tasks'],
    ];
    const tags = new Map<string, string>();
    const remember = async () => {
      for (const [user, url] of views) tags.set(`${user.user.id} ${url}`, (await call(user, 'GET', url)).headers.etag as string);
    };
    /** Each list answers anew (200, not 304, to its last tag) and shows this progress. */
    const expectRenewed = async (step: string, progress: unknown) => {
      for (const [user, url, key] of views) {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: { ...user.headers, 'if-none-match': tags.get(`${user.user.id} ${url}`)! },
        });
        expect(response.statusCode, `${step}: ${url}`).toBe(200);
        const shown = (response.json()[key] as Array<{ id: number; subtask_progress: unknown }>).find(
          (listedTask) => listedTask.id === task.id,
        );
        expect(shown?.subtask_progress, `${step}: ${url}`).toEqual(progress);
      }
      await remember();
    };
    await remember();
    expect(await listed(owner, '/api/tasks', 'tasks', task.id)).toMatchObject({ subtask_progress: null });

    const heard = new Map<number, RealtimeEvent[]>();
    const stops = [owner, accepted, pending, stranger].map((u) =>
      t.app.taskaty.bus.subscribe(u.user.id, (event) => heard.set(u.user.id, [...(heard.get(u.user.id) ?? []), event])),
    );
    try {
      const [a, b, c] = await addSubtasks(owner, task.id, ['A', 'B', 'C']);
      await expectRenewed('add', { done: 0, total: 3 });
      await call(accepted, 'PUT', `/api/tasks/${task.id}/subtasks/${b!.id}`, { is_completed: true });
      await expectRenewed('tick', { done: 1, total: 3 });
      await call(owner, 'PUT', `/api/tasks/${task.id}/subtasks/${b!.id}`, { title: 'B2' });
      await expectRenewed('rename', { done: 1, total: 3 });
      await call(owner, 'PUT', `/api/tasks/${task.id}/subtasks/order`, { ids: [c!.id, b!.id, a!.id] });
      await expectRenewed('reorder', { done: 1, total: 3 });
      await call(accepted, 'DELETE', `/api/tasks/${task.id}/subtasks/${a!.id}`);
      await expectRenewed('delete', { done: 1, total: 2 });
      await call(owner, 'PUT', `/api/tasks/complete/${task.id}`, { complete_subtasks: true });
      await expectRenewed('complete with subtasks', { done: 2, total: 2 });
      await call(owner, 'DELETE', `/api/tasks/${task.id}/subtasks/${b!.id}`);
      await call(owner, 'DELETE', `/api/tasks/${task.id}/subtasks/${c!.id}`);
      await expectRenewed('none left', null);

      // The test app's bus is in-process: every event arrived before its answer. Eight writes, each heard by every lister.
      const expected = Array.from({ length: 8 }, () => ({ type: 'task-changed', taskId: task.id }));
      for (const user of [owner, accepted, pending]) expect(heard.get(user.user.id), user.user.name).toEqual(expected);
      expect(heard.get(stranger.user.id)).toBeUndefined();
    } finally {
      for (const stop of stops) stop();
    }
  });

  test('completing a task completes its open subtasks only when asked to', async () => {
    const owner = await t.signUp();
    const plain = await addTask(owner);
    await addSubtasks(owner, plain.id, ['One', 'Two', 'Three']);
    const completed = await call(owner, 'PUT', `/api/tasks/complete/${plain.id}`);
    expect(completed.statusCode).toBe(200);
    expect(completed.json().task).toMatchObject({ is_completed: 1, subtask_progress: { done: 0, total: 3 } });
    expect((await call(owner, 'GET', `/api/tasks/${plain.id}/subtasks`)).json().subtasks.map((s: SubtaskJson) => s.is_completed)).toEqual([
      0, 0, 0,
    ]);
    const without = await addTask(owner);
    const [, two] = await addSubtasks(owner, without.id, ['One', 'Two', 'Three']);
    await call(owner, 'PUT', `/api/tasks/${without.id}/subtasks/${two!.id}`, { is_completed: true });
    expect(
      (await call(owner, 'PUT', `/api/tasks/complete/${without.id}`, { complete_subtasks: false })).json().task.subtask_progress,
    ).toEqual({
      done: 1,
      total: 3,
    });

    const all = await addTask(owner);
    const [, second] = await addSubtasks(owner, all.id, ['One', 'Two', 'Three']);
    await call(owner, 'PUT', `/api/tasks/${all.id}/subtasks/${second!.id}`, { is_completed: true });
    const both = await call(owner, 'PUT', `/api/tasks/complete/${all.id}`, { complete_subtasks: true });
    expect(both.statusCode).toBe(200);
    expect(both.json().task).toMatchObject({ is_completed: 1, subtask_progress: { done: 3, total: 3 } });
    const ticked = (await call(owner, 'GET', `/api/tasks/${all.id}/subtasks`)).json().subtasks as SubtaskJson[];
    // The two it completed, in order, so an undo can reopen exactly those (not "Two", done before).
    expect(both.json().completed_subtask_ids).toEqual([ticked[0]!.id, ticked[2]!.id]);
    expect(completed.json().completed_subtask_ids).toEqual([]);
    expect((await call(owner, 'GET', `/api/tasks/${all.id}/subtasks`)).json().subtasks.map((s: SubtaskJson) => s.is_completed)).toEqual([
      1, 1, 1,
    ]);
    expect((await activityOf(owner, all.id)).slice(0, 2)).toEqual([
      'Marked the task as completed',
      'Completed its 2 open subtasks with the task',
    ]);
    // The spec's call, with no body, still completes the task alone; reopening leaves the subtasks as they are.
    const reopened = await call(owner, 'PUT', `/api/tasks/uncomplete/${all.id}`);
    expect(reopened.json().task).toMatchObject({ is_completed: 0, subtask_progress: { done: 3, total: 3 } });
  });

  test('undoing "Complete all" reopens the task with exactly the subtasks it completed, in one step', async () => {
    const owner = await t.signUp();
    const friend = await t.signUp();
    const other = await addTask(owner);
    const [foreign] = await addSubtasks(owner, other.id, ['Not this one']);
    await call(owner, 'PUT', `/api/tasks/${other.id}/subtasks/${foreign!.id}`, { is_completed: true });
    const task = await addTask(owner);
    await share(owner, task.id, friend, true);
    const [, two] = await addSubtasks(owner, task.id, ['One', 'Two', 'Three']);
    await call(owner, 'PUT', `/api/tasks/${task.id}/subtasks/${two!.id}`, { is_completed: true });
    const ids = (await call(friend, 'PUT', `/api/tasks/complete/${task.id}`, { complete_subtasks: true })).json()
      .completed_subtask_ids as number[];
    expect(ids).toHaveLength(2);

    // A recipient who may complete may undo; another task's subtask named in the list is left alone.
    const undone = await call(friend, 'PUT', `/api/tasks/uncomplete/${task.id}`, { reopen_subtasks: [...ids, foreign!.id] });
    expect(undone.statusCode).toBe(200);
    expect(undone.json().task).toMatchObject({ is_completed: 0, subtask_progress: { done: 1, total: 3 } });
    const after = (await call(owner, 'GET', `/api/tasks/${task.id}/subtasks`)).json().subtasks as SubtaskJson[];
    expect(after.map((s) => [s.title, s.is_completed])).toEqual([
      ['One', 0],
      ['Two', 1],
      ['Three', 0],
    ]);
    expect((await call(owner, 'GET', `/api/tasks/${other.id}/subtasks`)).json().subtasks[0].is_completed).toBe(1);
    expect((await activityOf(owner, task.id)).slice(0, 2)).toEqual(['Reopened 2 subtasks with the task', 'Reopened the task']);

    // Bad lists are refused with their reason and change nothing.
    for (const body of [
      { reopen_subtasks: 'all' },
      { reopen_subtasks: [0] },
      { reopen_subtasks: [2 ** 31] },
      { reopen_subtasks: Array(101).fill(1) },
    ]) {
      const refused = await call(owner, 'PUT', `/api/tasks/uncomplete/${task.id}`, body);
      expect(refused.statusCode).toBe(422);
      // The field, or the item of it that is wrong (`reopen_subtasks.0`), is named.
      const fields = Object.keys(refused.json().errors as object);
      expect(fields.length).toBeGreaterThan(0);
      expect(fields.filter((field) => !field.startsWith('reopen_subtasks'))).toEqual([]);
    }
  });

  test("a new task may bring its subtasks (quick add); a duplicate gets the copied task's, all open, before its own", async () => {
    const owner = await t.signUp();
    const created = await call(owner, 'POST', '/api/tasks/add', { title: 'Trip', subtasks: ['Book the train', ' Pack\u200b ', 'Água'] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().task.subtask_progress).toEqual({ done: 0, total: 3 });
    const trip = created.json().task as { id: number };
    expect(titlesOf((await call(owner, 'GET', `/api/tasks/${trip.id}/subtasks`)).json().subtasks)).toEqual([
      'Book the train',
      'Pack',
      'Água',
    ]);
    expect(await activityOf(owner, trip.id)).toEqual(['Added 3 subtasks: “Book the train”, “Pack”, “Água”', 'Created the task']);
    // An empty list is no subtasks; the spec's call, without the field, is unchanged.
    expect((await call(owner, 'POST', '/api/tasks/add', { title: 'Alone', subtasks: [] })).json().task.subtask_progress).toBeNull();

    const passport = (await addSubtasks(owner, trip.id, ['Renew the passport'])).at(-1);
    await call(owner, 'PUT', `/api/tasks/${trip.id}/subtasks/${passport!.id}`, { is_completed: true, due_date: '2030-05-01' });
    const copy = await call(owner, 'POST', '/api/tasks/add', { title: 'Trip (2)', duplicated_from: trip.id, subtasks: ['Buy a guide'] });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().task.subtask_progress).toEqual({ done: 0, total: 5 });
    const copied = (await call(owner, 'GET', `/api/tasks/${copy.json().task.id}/subtasks`)).json().subtasks as SubtaskJson[];
    expect(copied.map((s) => [s.title, s.is_completed, s.due_date])).toEqual([
      ['Book the train', 0, null],
      ['Pack', 0, null],
      ['Água', 0, null],
      ['Renew the passport', 0, '2030-05-01'],
      ['Buy a guide', 0, null],
    ]);
    // A task the caller may not see is not copied from.
    const stranger = await t.signUp();
    expect(
      (await call(stranger, 'POST', '/api/tasks/add', { title: 'Nosy', duplicated_from: trip.id })).json().task.subtask_progress,
    ).toBeNull();

    // Bad lists are refused with their reason and nothing is created.
    const before = (await call(owner, 'GET', '/api/tasks')).json().tasks.length as number;
    for (const subtasks of ['Pack', [''], ['x'.repeat(256)], [42], Array(101).fill('Step')]) {
      const refused = await call(owner, 'POST', '/api/tasks/add', { title: 'Refused', subtasks });
      expect(refused.statusCode, JSON.stringify(subtasks).slice(0, 40)).toBe(422);
      expect(Object.keys(refused.json().errors as object).filter((field) => !field.startsWith('subtasks'))).toEqual([]);
    }
    // Within the limit alone, past it with the copied ones: refused as a whole.
    const full = await addTask(owner, { subtasks: Array.from({ length: 100 }, (_, index) => `Step ${index + 1}`) });
    const over = await call(owner, 'POST', '/api/tasks/add', { title: 'Over', duplicated_from: full.id, subtasks: ['One more'] });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({
      message: 'A task can have at most 100 subtasks.',
      errors: { subtasks: ['A task can have at most 100 subtasks.'] },
    });
    expect((await call(owner, 'GET', '/api/tasks')).json().tasks.length).toBe(before + 1);
  });

  test("a repeating task's next occurrence has the same subtasks in the same order, all open", async () => {
    const owner = await t.signUp();
    const friend = await t.signUp();
    const task = await addTask(owner, { title: 'Weekly review', due_date: '2030-01-07', recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
    await share(owner, task.id, friend, true);
    const [inbox, calendar] = await addSubtasks(owner, task.id, ['Empty the inbox', 'Check the calendar', 'Plan the week']);
    await call(owner, 'PUT', `/api/tasks/${task.id}/subtasks/${calendar!.id}`, { is_completed: true, due_date: '2030-01-06' });
    await call(owner, 'PUT', `/api/tasks/${task.id}/subtasks/order`, { id: inbox!.id, index: 2 });

    const completed = await call(friend, 'PUT', `/api/tasks/complete/${task.id}`, { complete_subtasks: true });
    expect(completed.statusCode).toBe(200);
    const next = completed.json().next_occurrence;
    expect(next).toMatchObject({ due_date: '2030-01-14', subtask_progress: { done: 0, total: 3 } });
    const copied = (await call(friend, 'GET', `/api/tasks/${next.id}/subtasks`)).json().subtasks as SubtaskJson[];
    expect(copied.map((s) => [s.title, s.is_completed, s.due_date, s.task_id])).toEqual([
      ['Check the calendar', 0, '2030-01-06', next.id],
      ['Plan the week', 0, null, next.id],
      ['Empty the inbox', 0, null, next.id],
    ]);
    // The completed occurrence keeps its own, all done now.
    expect(completed.json().task.subtask_progress).toEqual({ done: 3, total: 3 });
    expect((await listed(owner, '/api/tasks', 'tasks', next.id))?.subtask_progress).toEqual({ done: 0, total: 3 });
  });

  test('the PDF and the Word export list the subtasks with their state', { timeout: 60_000 }, async () => {
    const owner = await t.signUp();
    const task = await addTask(owner, { title: 'Export me' });
    const [, pack] = await addSubtasks(owner, task.id, ['Buy boxes', 'Pack the books', 'Call the movers']);
    await call(owner, 'PUT', `/api/tasks/${task.id}/subtasks/${pack!.id}`, { is_completed: true, due_date: '2030-03-05' });

    const word = await call(owner, 'GET', `/api/tasks/${task.id}/word`);
    expect(word.statusCode).toBe(200);
    const text = wordText(word.rawPayload);
    expect(text).toContain('Subtasks (1/3)');
    // Each with its box, ticked when done, in order; a date is printed with it.
    expect(text).toMatch(/☐Buy boxes☑Pack the books · Due date: Mar 5, 2030☐Call the movers/);

    const pdf = await call(owner, 'GET', `/api/tasks/${task.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const printed = pdfText(pdf.rawPayload);
    expect(printed).toContain('Subtasks (1/3)');
    expect(printed.indexOf('Buy boxes')).toBeLessThan(printed.indexOf('Pack the books'));
    expect(printed.indexOf('Pack the books')).toBeLessThan(printed.indexOf('Call the movers'));

    const arabic = await t.app.inject({
      method: 'GET',
      url: `/api/tasks/${task.id}/word`,
      headers: { ...owner.headers, 'accept-language': 'ar' },
    });
    expect(wordText(arabic.rawPayload)).toContain('المهام الفرعية (1/3)');
    // A task without subtasks has no such section.
    const bare = await addTask(owner, { title: 'Nothing inside' });
    expect(wordText((await call(owner, 'GET', `/api/tasks/${bare.id}/word`)).rawPayload)).not.toContain('Subtasks');
  });

  test('deleting a task, or the account that owns it, deletes its subtasks', async () => {
    const owner = await t.signUp();
    const task = await addTask(owner);
    const kept = await addTask(owner);
    await addSubtasks(owner, task.id, ['One', 'Two']);
    await addSubtasks(owner, kept.id, ['Three']);
    const count = async (taskIds: number[]) =>
      Number(
        (
          await t.database.db
            .selectFrom('subtasks')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('task_id', 'in', taskIds)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count([task.id, kept.id])).toBe(3);
    expect((await call(owner, 'DELETE', `/api/tasks/delete/${task.id}`)).statusCode).toBe(200);
    expect(await count([task.id])).toBe(0);
    expect(await count([kept.id])).toBe(1);
    // Undone within its window (decision 021), the task comes back with them, in order, and its progress.
    expect((await call(owner, 'POST', `/api/tasks/${task.id}/restore`)).statusCode).toBe(200);
    expect(titlesOf((await call(owner, 'GET', `/api/tasks/${task.id}/subtasks`)).json().subtasks)).toEqual(['One', 'Two']);
    expect((await listed(owner, '/api/tasks', 'tasks', task.id))?.subtask_progress).toEqual({ done: 0, total: 2 });
    expect((await call(owner, 'DELETE', `/api/tasks/delete/${task.id}`)).statusCode).toBe(200);
    expect(await count([task.id])).toBe(0);
    expect((await call(owner, 'DELETE', '/api/user', { password: owner.password })).statusCode).toBe(200);
    expect(await count([kept.id])).toBe(0);
  });
});
