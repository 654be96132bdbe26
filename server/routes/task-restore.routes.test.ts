import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { buildApp } from '../app.ts';
import type { Clock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { readTaskSchema } from '../db/repositories/deleted-task.repository.ts';
import type { RealtimeEvent } from '../realtime/event-bus.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

/** Undoable delete (issue 21 §6, decision 021) through the HTTP API. */
describe.each(testDialects())('a deleted task can be restored by its owner for 10 s on %s', (dialect) => {
  let t: TestApp;
  let now = Date.parse('2026-03-02T09:00:00.000Z');
  const clock: Clock = { now: () => new Date(now), nowIso: () => new Date(now).toISOString() };
  const later = (ms: number) => void (now += ms);

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock, env: { TOKEN_TTL_DAYS: '3650' } });
  });
  afterAll(() => t.close());
  beforeEach(() => void (now = Date.parse('2026-03-02T09:00:00.000Z')));

  const call = (user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user ? user.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async (user: SignedInUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const response = await call(user, method, url, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };
  const restore = (user: SignedInUser | null, id: number) => call(user, 'POST', `/api/tasks/${id}/restore`);
  const snapshots = async () => (await t.database.db.selectFrom('deleted_tasks').select('task_id').execute()).map((row) => row.task_id);

  /** Every row of the task in every table that belongs to it, as the database has them. */
  async function rowsOf(taskId: number) {
    const schema = await readTaskSchema(t.database);
    const parts: Record<string, unknown[]> = {};
    for (const table of schema.tables) {
      const key = table === 'tasks' ? 'id' : schema.keys.find((k) => k.table === table && k.references === 'tasks')?.column;
      if (!key) continue;
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where ${sql.ref(key)} = ${taskId}`.execute(
        t.database.db,
      );
      parts[table] = rows.rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    }
    return parts;
  }

  /** An owner, an accepted recipient, a pending one and an invitation to an address with no account; labels, comments and a reply. */
  async function sharedTask(title = 'Renew the passport zebra') {
    const [owner, friend, invited, stranger] = [await t.signUp(), await t.signUp(), await t.signUp(), await t.signUp()];
    const { task } = await ok(owner, 'POST', '/api/tasks/add', {
      title,
      description: 'Photos first',
      due_date: '2026-03-02',
      priority: 'high',
      labels: ['Errands', 'Urgent'],
    });
    await ok(owner, 'POST', `/api/tasks/${task.id}/share`, {
      email_ids: [friend.user.email, invited.user.email, `nobody-${task.id}@example.com`],
    });
    await ok(friend, 'POST', `/api/tasks/${task.id}/accept-share`);
    const { comment } = await ok(friend, 'POST', '/api/tasks/comments/add', {
      task_id: String(task.id),
      content: 'I have the form',
      parent_id: null,
    });
    await ok(owner, 'POST', '/api/tasks/comments/add', { task_id: String(task.id), content: 'Thanks!', parent_id: comment.id });
    // Subtasks (migration 009), when this schema has them: every table of the task is restored.
    const schema = await readTaskSchema(t.database);
    if (schema.tables.includes('subtasks')) {
      await sql`insert into subtasks (task_id, title, is_completed, due_date, position, created_at, updated_at)
        values (${task.id}, 'Book the photo', 1, null, 0, ${clock.nowIso()}, ${clock.nowIso()})`.execute(t.database.db);
    }
    return { owner, friend, invited, stranger, task };
  }

  test(
    'deleted, every read answers as if it never was; restored within the window, all of it is back with its ids and every list has a new tag',
    {
      timeout: 120_000,
    },
    async () => {
      const { owner, friend, invited, stranger, task } = await sharedTask();
      const before = await rowsOf(task.id);
      const detailBefore = (await call(owner, 'GET', `/api/task/${task.id}`)).json();
      const commentsBefore = (await call(friend, 'GET', `/api/tasks/${task.id}/comments`)).json();
      const reads = {
        own: [owner, '/api/tasks'],
        ownPage: [owner, '/api/tasks?limit=10&status=pending'],
        search: [owner, '/api/tasks?search=zebra'],
        summary: [owner, '/api/tasks/summary?today=2026-03-02'],
        shared: [friend, '/api/tasks/shared'],
        sharedSummary: [friend, '/api/tasks/shared/summary?today=2026-03-02'],
        pending: [invited, '/api/tasks/pending-shares'],
      } as const;
      const readAll = async () => {
        const answers: Record<string, { etag: string; body: Record<string, unknown> }> = {};
        for (const [name, [user, url]] of Object.entries(reads)) {
          const response = await call(user, 'GET', url);
          expect(response.statusCode, url).toBe(200);
          answers[name] = { etag: String(response.headers.etag), body: response.json() };
        }
        return answers;
      };
      const listed = (answers: Awaited<ReturnType<typeof readAll>>) => ({
        own: (answers.own!.body.tasks as Array<{ id: number }>).map((x) => x.id),
        ownPage: (answers.ownPage!.body.tasks as Array<{ id: number }>).map((x) => x.id),
        search: (answers.search!.body.tasks as Array<{ id: number }>).map((x) => x.id),
        shared: (answers.shared!.body.shared_tasks as Array<{ id: number }>).map((x) => x.id),
        pending: (answers.pending!.body.pending_tasks as Array<{ id: number }>).map((x) => x.id),
        summary: answers.summary!.body,
        sharedSummary: answers.sharedSummary!.body,
      });
      const shown = listed(await readAll());
      expect(shown).toMatchObject({ own: [task.id], ownPage: [task.id], search: [task.id], shared: [task.id], pending: [task.id] });
      expect(shown.summary).toMatchObject({ pending: 1, due_today: 1, total: 1, labels: ['Errands', 'Urgent'] });

      // The spec's DELETE, exactly as before.
      const deleted = await call(owner, 'DELETE', `/api/tasks/delete/${task.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ message: 'Task deleted' });

      const gone = await readAll();
      expect(listed(gone)).toEqual({
        own: [],
        ownPage: [],
        search: [],
        shared: [],
        pending: [],
        summary: { pending: 0, done: 0, due_today: 0, total: 0, labels: [] },
        sharedSummary: { pending: 0, done: 0, due_today: 0, total: 0, labels: [] },
      });
      for (const [user, url] of [
        [owner, `/api/task/${task.id}`],
        [friend, `/api/task/${task.id}`],
        [friend, `/api/tasks/${task.id}/comments`],
        [owner, `/api/tasks/${task.id}/pdf`],
        [owner, `/api/tasks/${task.id}/word`],
      ] as const) {
        const response = await call(user, 'GET', url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ message: 'Task not found' });
      }
      // Writes on it are refused as on any missing task, and nothing of it is in its tables.
      expect(
        (await call(friend, 'POST', '/api/tasks/comments/add', { task_id: String(task.id), content: 'Hello?', parent_id: null }))
          .statusCode,
      ).toBe(404);
      expect((await call(owner, 'PUT', `/api/tasks/complete/${task.id}`)).statusCode).toBe(404);
      expect(Object.values(await rowsOf(task.id)).flat()).toEqual([]);
      // Its labels are the owner's and stay.
      expect(((await call(owner, 'GET', '/api/labels')).json().labels as Array<{ name: string }>).map((l) => l.name).sort()).toEqual([
        'Errands',
        'Urgent',
      ]);

      // Nobody but the owner who deleted it may restore it: the same 404 as for any unknown task.
      for (const someone of [friend, invited, stranger]) {
        const refused = await restore(someone, task.id);
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toEqual({ message: 'Task not found' });
      }
      expect((await restore(null, task.id)).statusCode).toBe(401);
      expect(await snapshots()).toEqual([task.id]);

      const heard = new Map<number, RealtimeEvent[]>();
      const unsubscribe = [owner, friend, invited, stranger].map((u) =>
        t.app.taskaty.bus.subscribe(u.user.id, (event) => heard.set(u.user.id, [...(heard.get(u.user.id) ?? []), event])),
      );
      later(9_000);
      const restored = await restore(owner, task.id);
      unsubscribe.forEach((stop) => stop());
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json().message).toBe('Task restored');
      // As it was, but for its revision, one on from the one it was deleted at: a write based on before the delete is refused (decision 031).
      expect(restored.json().task).toEqual({
        ...detailBefore.task,
        activity_logs: undefined,
        updated_at: detailBefore.task.updated_at,
        revision: detailBefore.task.revision + 1,
      });
      expect(await snapshots()).toEqual([]);
      // Its listers hear of it as of an add; the pending recipient's badge too; a stranger nothing.
      expect(heard.get(owner.user.id)).toEqual([{ type: 'task-changed', taskId: task.id }]);
      expect(heard.get(friend.user.id)).toEqual([{ type: 'task-changed', taskId: task.id }]);
      expect(heard.get(invited.user.id)).toEqual([{ type: 'task-changed', taskId: task.id }, { type: 'pending-shares-changed' }]);
      expect(heard.get(stranger.user.id)).toBeUndefined();

      // Every list shows it again, under a tag none of them had while it was gone.
      const back = await readAll();
      expect(listed(back)).toEqual(shown);
      for (const name of Object.keys(reads)) {
        expect(back[name]!.etag, name).not.toBe(gone[name]!.etag);
        const [user, url] = reads[name as keyof typeof reads];
        const revalidated = await t.app.inject({ method: 'GET', url, headers: { ...user.headers, 'if-none-match': gone[name]!.etag } });
        expect(revalidated.statusCode, name).toBe(200);
      }

      // The same rows, ids and all: labels, people (accepted, pending, invited), comments and replies, activity
      // with one entry more; the task's revision moved on, so no copy rendered before is used.
      const after = await rowsOf(task.id);
      const [taskBefore] = before.tasks as Array<{ revision: number }>;
      expect(after.tasks).toEqual([{ ...taskBefore, revision: taskBefore!.revision + 1 }]);
      for (const table of Object.keys(before).filter((name) => name !== 'tasks' && name !== 'activity_logs')) {
        expect(after[table], table).toEqual(before[table]);
      }
      expect(after.activity_logs).toEqual(expect.arrayContaining(before.activity_logs!));
      expect(after.activity_logs).toHaveLength(before.activity_logs!.length + 1);
      const detail = (await call(owner, 'GET', `/api/task/${task.id}`)).json();
      // Newest first, as the detail lists it.
      expect(detail.activity_logs.map((log: { description: string }) => log.description)).toEqual([
        'Restored the task',
        ...detailBefore.activity_logs.map((log: { description: string }) => log.description),
      ]);
      expect(detail.activity_logs[0]).toMatchObject({ event: { code: 'restored' }, user_name: owner.user.name });
      expect((await call(friend, 'GET', `/api/tasks/${task.id}/comments`)).json()).toEqual(commentsBefore);
      expect((await call(friend, 'GET', `/api/task/${task.id}`)).statusCode).toBe(200);
      expect((await call(owner, 'GET', `/api/tasks/${task.id}/word`)).statusCode).toBe(200);
      // The pending recipient can still accept; the task can be worked on as before.
      await ok(invited, 'POST', `/api/tasks/${task.id}/accept-share`);
      await ok(owner, 'PUT', `/api/tasks/complete/${task.id}`);

      // Restored once: a second restore has nothing to take.
      expect((await restore(owner, task.id)).statusCode).toBe(404);
      // New rows after it get new ids (PostgreSQL's sequences are not behind the restored ids).
      const { task: next } = await ok(owner, 'POST', '/api/tasks/add', { title: 'After' });
      expect(next.id).toBeGreaterThan(task.id);
    },
  );

  test('past the window the restore is "not found", the purge removes the snapshot, and the task stays gone', async () => {
    const { owner, task } = await sharedTask();
    await ok(owner, 'DELETE', `/api/tasks/delete/${task.id}`);
    // Exactly at the end of the window it can still be restored, and the purge leaves it…
    later(10_000);
    expect(await t.app.taskaty.deletedTaskPurge.run()).toEqual({ deleted_tasks: 0 });
    expect((await restore(owner, task.id)).statusCode).toBe(200);
    await ok(owner, 'DELETE', `/api/tasks/delete/${task.id}`);
    later(5_000);
    const { task: other } = await ok(owner, 'POST', '/api/tasks/add', { title: 'Another' });
    await ok(owner, 'DELETE', `/api/tasks/delete/${other.id}`);
    // …a moment after it, not.
    later(5_001);
    const late = await restore(owner, task.id);
    expect(late.statusCode).toBe(404);
    expect(late.json()).toEqual({ message: 'Task not found' });
    expect((await snapshots()).sort((a, b) => a - b)).toEqual([task.id, other.id]);
    expect(await t.app.taskaty.deletedTaskPurge.run()).toEqual({ deleted_tasks: 1 });
    expect(await snapshots()).toEqual([other.id]);
    expect((await call(owner, 'GET', `/api/task/${task.id}`)).statusCode).toBe(404);
    expect((await restore(owner, task.id)).statusCode).toBe(404);
    later(5_000);
    expect(await t.app.taskaty.deletedTaskPurge.run()).toEqual({ deleted_tasks: 1 });
    expect(await snapshots()).toEqual([]);
  });

  test('started as main.ts starts it, the purge removes a snapshot past its window within a second, unasked', async () => {
    const owner = await t.signUp();
    const { task } = await ok(owner, 'POST', '/api/tasks/add', { title: 'Left to the timer' });
    await ok(owner, 'DELETE', `/api/tasks/delete/${task.id}`);
    const purge = t.app.taskaty.deletedTaskPurge;
    purge.start();
    try {
      // Queued behind the pass start() ran at once: within its window, the snapshot stays.
      await purge.run();
      expect(await snapshots()).toContain(task.id);
      later(10_001);
      await expect.poll(async () => (await snapshots()).includes(task.id), { timeout: 3000 }).toBe(false);
    } finally {
      await purge.stop();
    }
  });

  test('a task never deleted, one that exists, and made-up ids are "not found"', async () => {
    const owner = await t.signUp();
    const { task } = await ok(owner, 'POST', '/api/tasks/add', { title: 'Still here' });
    for (const id of [task.id, task.id + 100_000, 2_147_483_647]) expect((await restore(owner, id)).statusCode, String(id)).toBe(404);
    for (const id of ['0', 'abc', '99999999999']) expect((await call(owner, 'POST', `/api/tasks/${id}/restore`)).statusCode, id).toBe(404);
  });

  test("what went in the window stays gone: a deleted label, a closed account (its share, comment and activity name), and the owner's own account takes the snapshot with it", async () => {
    const { owner, friend, invited, task } = await sharedTask();
    // The friend, a recipient, invites someone too (decision 014): that invitation outlives the friend's account.
    await ok(friend, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [`friend-guest-${task.id}@example.com`] });
    await ok(owner, 'DELETE', `/api/tasks/delete/${task.id}`);
    const errands = ((await call(owner, 'GET', '/api/labels')).json().labels as Array<{ id: number; name: string }>).find(
      (l) => l.name === 'Errands',
    )!;
    await ok(owner, 'DELETE', `/api/labels/${errands.id}`);
    await ok(friend, 'DELETE', '/api/user', { password: friend.password });

    const restored = await restore(owner, task.id);
    expect(restored.statusCode, restored.body).toBe(200);
    const back = restored.json().task;
    expect(back.labels.map((l: { name: string }) => l.name)).toEqual(['Urgent']);
    const shares = await t.database.db.selectFrom('task_shares').selectAll().where('task_id', '=', task.id).orderBy('id').execute();
    expect(shares.map((s) => [s.email, s.status, s.shared_by])).toEqual([
      [invited.user.email, 'pending', owner.user.id],
      [`nobody-${task.id}@example.com`, 'pending', owner.user.id],
      [`friend-guest-${task.id}@example.com`, 'pending', owner.user.id],
    ]);
    // The friend's comment went with their account, and so the owner's reply to it.
    expect((await call(owner, 'GET', `/api/tasks/${task.id}/comments`)).json().comments).toEqual([]);
    const logs = await t.database.db
      .selectFrom('activity_logs')
      .select(['user_id', 'description'])
      .where('task_id', '=', task.id)
      .orderBy('id')
      .execute();
    expect(logs.find((log) => log.description === 'Accepted the shared task')?.user_id ?? null).toBeNull();
    expect(logs.at(-1)).toEqual({ user_id: owner.user.id, description: 'Restored the task' });

    // The owner closing their account in the window: nothing of the task is left to restore.
    await ok(owner, 'DELETE', `/api/tasks/delete/${task.id}`);
    expect(await snapshots()).toContain(task.id);
    await ok(owner, 'DELETE', '/api/user', { password: owner.password });
    expect(await snapshots()).not.toContain(task.id);
  });

  test('two restores at once: exactly one brings the task back', async () => {
    const { owner, task } = await sharedTask();
    await ok(owner, 'DELETE', `/api/tasks/delete/${task.id}`);
    const answers = await Promise.all([restore(owner, task.id), restore(owner, task.id), restore(owner, task.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404, 404]);
    expect((await call(owner, 'GET', '/api/tasks')).json().tasks.map((x: { id: number }) => x.id)).toEqual([task.id]);
  });

  test("a restore in one process and the purge in another, on the window's edge: exactly one of them wins, every time", async () => {
    // The purge's process sees a clock one millisecond later: for it the window is over, for the restore not yet.
    const purgeClock: Clock = { now: () => new Date(now + 1), nowIso: () => new Date(now + 1).toISOString() };
    const second: Database =
      dialect === 'postgres' ? openDatabase({ databaseUrl: (t.database as Database & { url: string }).url }) : t.database;
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent-web-build' });
    const other = await buildApp({ config, database: second, logger: false, clock: purgeClock });
    try {
      const owner = await t.signUp();
      const outcomes = { restored: 0, purged: 0 };
      for (let round = 0; round < 12; round++) {
        const { task } = await ok(owner, 'POST', '/api/tasks/add', { title: `Round ${round}`, labels: ['Race'] });
        await ok(owner, 'POST', '/api/tasks/comments/add', { task_id: String(task.id), content: 'Note', parent_id: null });
        await ok(owner, 'DELETE', `/api/tasks/delete/${task.id}`);
        later(10_000);
        const [restored, purged] = await Promise.all([restore(owner, task.id), other.taskaty.deletedTaskPurge.run()]);
        const exists = (await call(owner, 'GET', `/api/task/${task.id}`)).statusCode === 200;
        if (restored.statusCode === 200) {
          outcomes.restored++;
          expect(purged).toEqual({ deleted_tasks: 0 });
          expect(exists).toBe(true);
        } else {
          outcomes.purged++;
          expect(restored.statusCode).toBe(404);
          expect(purged).toEqual({ deleted_tasks: 1 });
          expect(exists).toBe(false);
        }
        expect(await snapshots()).toEqual([]);
      }
      expect(outcomes.restored + outcomes.purged).toBe(12);
    } finally {
      await other.close();
      if (second !== t.database) await second.close();
    }
  });
});
