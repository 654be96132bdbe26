import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RealtimeEvent } from '../realtime/event-bus.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

describe.each(testDialects())('comments API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user ? user.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const addTask = async (user: SignedInUser) => {
    const response = await call(user, 'POST', '/api/tasks/add', { title: 'Shared plan', description: 'The **plan** in detail' });
    expect(response.statusCode).toBe(201);
    return response.json().task as { id: number };
  };
  const share = async (owner: SignedInUser, taskId: number, friend: SignedInUser, accept: boolean) => {
    expect((await call(owner, 'POST', `/api/tasks/${taskId}/share`, { email_ids: [friend.user.email] })).statusCode).toBe(200);
    if (accept) expect((await call(friend, 'POST', `/api/tasks/${taskId}/accept-share`)).statusCode).toBe(200);
  };
  const comment = async (user: SignedInUser, taskId: number, content: string) => {
    const response = await call(user, 'POST', '/api/tasks/comments/add', { task_id: String(taskId), content, parent_id: null });
    expect(response.statusCode).toBe(201);
    return response.json().comment as { id: number };
  };

  test('comments form a tree with one level of replies; only the author edits', async () => {
    const owner = await t.signUp({ name: 'Owner O' });
    const friend = await t.signUp({ name: 'Friend F' });
    const task = await addTask(owner);
    await share(owner, task.id, friend, true);

    const top = await call(owner, 'POST', '/api/tasks/comments/add', {
      task_id: String(task.id),
      content: '  First thoughts  ',
      parent_id: null,
    });
    expect(top.statusCode).toBe(201);
    const topId = top.json().comment.id;
    expect(top.json().comment).toMatchObject({ content: 'First thoughts', user_name: 'Owner O', parent_id: null, children: [] });
    const reply = await call(friend, 'POST', '/api/tasks/comments/add', { task_id: String(task.id), content: 'Agreed', parent_id: topId });
    expect(reply.statusCode).toBe(201);
    const nested = await call(owner, 'POST', '/api/tasks/comments/add', {
      task_id: String(task.id),
      content: 'Too deep',
      parent_id: reply.json().comment.id,
    });
    expect(nested.statusCode).toBe(422);
    expect(nested.json().errors.parent_id).toEqual(['Replies can only be made to top-level comments.']);
    expect((await call(owner, 'POST', '/api/tasks/comments/add', { task_id: String(task.id), content: '   ' })).statusCode).toBe(422);

    const tree = (await call(friend, 'GET', `/api/tasks/${task.id}/comments`)).json().comments;
    expect(tree).toHaveLength(1);
    expect(tree[0].children.map((c: { content: string; user_name: string }) => [c.content, c.user_name])).toEqual([['Agreed', 'Friend F']]);

    expect((await call(friend, 'PUT', `/api/tasks/comments/${topId}/edit`, { content: 'Hijack' })).statusCode).toBe(403);
    const edited = await call(owner, 'PUT', `/api/tasks/comments/${topId}/edit`, { content: ' Second thoughts ' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().comment.content).toBe('Second thoughts');
    const logs = (await call(owner, 'GET', `/api/task/${task.id}`)).json().activity_logs.map((l: { description: string }) => l.description);
    expect(logs).toEqual(
      expect.arrayContaining(['Commented on the task', 'Replied to a comment', 'Edited a comment', 'Accepted the shared task']),
    );
  });

  test('unknown and malformed ids are 404: the task not found for its comments, the comment not found for an edit', async () => {
    const me = await t.signUp();
    for (const id of ['999999', 'abc', '-1', '0', '1.5', '99999999999999999999']) {
      const list = await call(me, 'GET', `/api/tasks/${id}/comments`);
      expect(list.statusCode, id).toBe(404);
      expect(list.json(), id).toEqual({ message: 'Task not found' });
      const edit = await call(me, 'PUT', `/api/tasks/comments/${id}/edit`, { content: 'x' });
      expect(edit.statusCode, id).toBe(404);
      expect(edit.json(), id).toEqual({ message: 'Comment not found' });
    }
  });

  test('a comment on a task the user may not open is not found, for a pending recipient as for a stranger', async () => {
    const owner = await t.signUp();
    const pending = await t.signUp();
    const stranger = await t.signUp();
    const task = await addTask(owner);
    await share(owner, task.id, pending, false);
    const mine = await comment(owner, task.id, 'Private note');
    for (const user of [pending, stranger]) {
      const edit = await call(user, 'PUT', `/api/tasks/comments/${mine.id}/edit`, { content: 'Changed' });
      expect(edit.statusCode).toBe(404);
      expect(edit.json()).toEqual({ message: 'Comment not found' });
      const list = await call(user, 'GET', `/api/tasks/${task.id}/comments`);
      expect(list.json()).toEqual({ message: 'Task not found' });
    }
    const tree = (await call(owner, 'GET', `/api/tasks/${task.id}/comments`)).json().comments;
    expect(tree.map((c: { content: string }) => c.content)).toEqual(['Private note']);
  });

  test('open screens hear of a new or edited comment: the owner and accepted recipients, not a pending one, nobody else', async () => {
    const owner = await t.signUp();
    const accepted = await t.signUp();
    const pending = await t.signUp();
    const stranger = await t.signUp();
    const task = await addTask(owner);
    await share(owner, task.id, accepted, true);
    await share(owner, task.id, pending, false);
    const heard = new Map<number, RealtimeEvent[]>();
    const stops = [owner, accepted, pending, stranger].map((u) =>
      t.app.taskaty.bus.subscribe(u.user.id, (event) => heard.set(u.user.id, [...(heard.get(u.user.id) ?? []), event])),
    );
    try {
      const added = await comment(accepted, task.id, 'Looks good');
      expect((await call(accepted, 'PUT', `/api/tasks/comments/${added.id}/edit`, { content: 'Looks great' })).statusCode).toBe(200);
      const expected = [
        { type: 'comments-changed', taskId: task.id },
        { type: 'comments-changed', taskId: task.id },
      ];
      // The test app's bus is in-process: every event arrives before the answer does. The owner
      // also has a notification of the new comment (issue 22); an edit notifies nobody.
      expect(heard.get(owner.user.id)).toEqual([expected[0], { type: 'notifications-changed' }, expected[1]]);
      expect(heard.get(accepted.user.id)).toEqual(expected);
      expect(heard.get(pending.user.id)).toBeUndefined();
      expect(heard.get(stranger.user.id)).toBeUndefined();
    } finally {
      for (const stop of stops) stop();
    }
  });
});
