import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RealtimeEvent } from '../realtime/event-bus.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

interface Listed {
  notifications: Array<{
    id: number;
    kind: string;
    task_id: number;
    task_title: string;
    actor: { id: number; name: string } | null;
    excerpt: string;
    read_at: string | null;
  }>;
  unread_count: number;
  has_more: boolean;
}

describe.each(testDialects())('notifications API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user ? user.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const addTask = async (user: SignedInUser, title = 'Plan the offsite', extra: Record<string, unknown> = {}) => {
    const response = await call(user, 'POST', '/api/tasks/add', { title, ...extra });
    expect(response.statusCode).toBe(201);
    return response.json().task as { id: number };
  };
  const invite = async (owner: SignedInUser, taskId: number, friend: SignedInUser) =>
    expect((await call(owner, 'POST', `/api/tasks/${taskId}/share`, { email_ids: [friend.user.email] })).statusCode).toBe(200);
  const accept = async (friend: SignedInUser, taskId: number) =>
    expect((await call(friend, 'POST', `/api/tasks/${taskId}/accept-share`)).statusCode).toBe(200);
  const comment = async (user: SignedInUser, taskId: number, content: string, parentId: number | null = null) => {
    const response = await call(user, 'POST', '/api/tasks/comments/add', { task_id: String(taskId), content, parent_id: parentId });
    expect(response.statusCode).toBe(201);
    return response.json().comment as { id: number };
  };
  const list = async (user: SignedInUser, query = '') => {
    const response = await call(user, 'GET', `/api/notifications${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as Listed;
  };

  test('a comment is told to the task’s other people, a reply to the comment’s author as a reply; nobody hears of their own', async () => {
    const owner = await t.signUp({ name: 'Olga Owner' });
    const friend = await t.signUp({ name: 'Farid Friend' });
    const third = await t.signUp({ name: 'Tara Third' });
    const pending = await t.signUp({ name: 'Pia Pending' });
    const task = await addTask(owner);
    for (const person of [friend, third]) {
      await invite(owner, task.id, person);
      await accept(person, task.id);
    }
    await invite(owner, task.id, pending);
    // Accepting told the owner; clear that for this test.
    expect((await call(owner, 'POST', '/api/notifications/read-all')).json()).toEqual({
      message: 'All notifications marked as read',
      unread_count: 0,
    });

    const top = await comment(owner, task.id, '  Who books\n the   venue?  ');
    await comment(friend, task.id, 'I will', top.id);

    const ownerSees = await list(owner);
    expect(ownerSees.unread_count).toBe(1);
    expect(ownerSees.notifications[0]).toMatchObject({
      kind: 'reply',
      task_id: task.id,
      task_title: 'Plan the offsite',
      actor: { id: friend.user.id, name: 'Farid Friend' },
      excerpt: 'I will',
      read_at: null,
    });
    const friendSees = await list(friend);
    expect(friendSees.notifications.map((n) => [n.kind, n.actor?.name, n.excerpt])).toEqual([
      ['comment', 'Olga Owner', 'Who books the venue?'],
    ]);
    // The third person hears of both, as comments.
    expect((await list(third)).notifications.map((n) => [n.kind, n.actor?.name])).toEqual([
      ['comment', 'Farid Friend'],
      ['comment', 'Olga Owner'],
    ]);
    // A pending recipient sees no comments, so hears of none.
    expect((await list(pending)).notifications).toEqual([]);
  });

  test('an invitation accepted or declined is told to the owner and to whoever invited', async () => {
    const owner = await t.signUp({ name: 'Olga Owner' });
    const helper = await t.signUp({ name: 'Hugo Helper' });
    const guest = await t.signUp({ name: 'Gita Guest' });
    const refuser = await t.signUp({ name: 'Rafa Refuser' });
    const task = await addTask(owner, 'Book the venue');
    await invite(owner, task.id, helper);
    await accept(helper, task.id);
    // An accepted recipient may invite more people; both the owner and they hear the answers.
    await invite(helper, task.id, guest);
    await invite(helper, task.id, refuser);
    await accept(guest, task.id);
    expect((await call(refuser, 'POST', `/api/tasks/${task.id}/decline-share`)).statusCode).toBe(200);

    const summary = (listed: Listed) => listed.notifications.map((n) => [n.kind, n.actor?.name, n.task_title]);
    expect(summary(await list(owner))).toEqual([
      ['share_declined', 'Rafa Refuser', 'Book the venue'],
      ['share_accepted', 'Gita Guest', 'Book the venue'],
      ['share_accepted', 'Hugo Helper', 'Book the venue'],
    ]);
    expect(summary(await list(helper))).toEqual([
      ['share_declined', 'Rafa Refuser', 'Book the venue'],
      ['share_accepted', 'Gita Guest', 'Book the venue'],
    ]);
    expect((await list(guest)).notifications).toEqual([]);
  });

  test('a repeating task completed by someone else tells its other people of the next occurrence', async () => {
    const owner = await t.signUp();
    const friend = await t.signUp({ name: 'Farid Friend' });
    const task = await addTask(owner, 'Water the plants', { due_date: '2026-12-01', recurrence: 'FREQ=WEEKLY' });
    await invite(owner, task.id, friend);
    await accept(friend, task.id);
    const completed = await call(friend, 'PUT', `/api/tasks/complete/${task.id}`);
    expect(completed.statusCode).toBe(200);
    const next = completed.json().next_occurrence as { id: number; due_date: string };
    expect(next.due_date).toBe('2026-12-08');
    const [told] = (await list(owner)).notifications;
    expect(told).toMatchObject({ kind: 'occurrence', task_id: next.id, task_title: 'Water the plants', actor: { name: 'Farid Friend' } });
    // Nobody is told of their own completion.
    expect((await list(friend)).notifications.filter((n) => n.kind === 'occurrence')).toEqual([]);
    // Undoing the completion takes the occurrence back, and what was said of it.
    const undone = await call(friend, 'PUT', `/api/tasks/uncomplete/${task.id}`, { take_back_occurrence: next.id });
    expect(undone.statusCode).toBe(200);
    expect((await list(owner)).notifications.filter((n) => n.kind === 'occurrence')).toEqual([]);
  });

  test('read, unread, read all, pages, and the live stream; someone removed from a task no longer sees what they were told of it', async () => {
    const owner = await t.signUp({ name: 'Olga Owner' });
    const friend = await t.signUp();
    const task = await addTask(owner, 'Secret plan');
    await invite(owner, task.id, friend);
    await accept(friend, task.id);
    const heard: RealtimeEvent[] = [];
    const stop = t.app.taskaty.bus.subscribe(friend.user.id, (event) => heard.push(event));
    try {
      for (const text of ['one', 'two', 'three']) await comment(owner, task.id, text);
      expect(heard.filter((event) => event.type === 'notifications-changed')).toHaveLength(3);
    } finally {
      stop();
    }
    const first = await list(friend, '?limit=2');
    expect(first.notifications.map((n) => n.excerpt)).toEqual(['three', 'two']);
    expect(first).toMatchObject({ unread_count: 3, has_more: true });
    const rest = await list(friend, `?limit=2&before=${first.notifications[1]!.id}`);
    expect(rest.notifications.map((n) => n.excerpt)).toEqual(['one']);
    expect(rest.has_more).toBe(false);

    const id = first.notifications[0]!.id;
    const read = await call(friend, 'PUT', `/api/notifications/${id}`, { read: true });
    expect(read.json()).toEqual({ message: 'Notification marked as read', unread_count: 2 });
    expect((await list(friend)).notifications[0]!.read_at).not.toBeNull();
    expect((await call(friend, 'PUT', `/api/notifications/${id}`, { read: false })).json().unread_count).toBe(3);
    // Another person's notification is not found, read or unread.
    expect((await call(owner, 'PUT', `/api/notifications/${id}`, { read: true })).statusCode).toBe(404);
    expect((await call(friend, 'POST', '/api/notifications/read-all')).json().unread_count).toBe(0);

    await comment(owner, task.id, 'four');
    expect((await list(friend)).unread_count).toBe(1);
    expect((await call(owner, 'DELETE', `/api/tasks/${task.id}/remove-share`, { user_id: friend.user.id })).statusCode).toBe(200);
    expect(await list(friend)).toEqual({ notifications: [], unread_count: 0, has_more: false });
    expect((await call(friend, 'PUT', `/api/notifications/${id}`, { read: true })).statusCode).toBe(404);
  });

  test('bad input is a clear error, never a 500; signed out is a 401', async () => {
    const user = await t.signUp();
    expect((await call(null, 'GET', '/api/notifications')).statusCode).toBe(401);
    for (const query of [
      '?limit=0',
      '?limit=51',
      '?limit=abc',
      '?limit=2.5',
      '?before=0',
      '?before=-1',
      '?before=99999999999',
      '?before=x',
    ]) {
      const response = await call(user, 'GET', `/api/notifications${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().message, query).toEqual(expect.any(String));
    }
    for (const body of [{}, { read: 'yes' }, { read: 1 }, null]) {
      const response = await call(user, 'PUT', '/api/notifications/1', body ?? undefined);
      expect([404, 422], JSON.stringify(body)).toContain(response.statusCode);
    }
    expect((await call(user, 'PUT', '/api/notifications/1', { read: 'yes' })).statusCode).toBe(422);
    for (const id of ['0', 'abc', '99999999999', '1.5']) {
      expect((await call(user, 'PUT', `/api/notifications/${id}`, { read: true })).statusCode, id).toBe(404);
    }
  });
});
