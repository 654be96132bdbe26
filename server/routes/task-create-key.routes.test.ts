import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IDEMPOTENCY_KEY_MESSAGE } from '../../common/schemas/task-revision.schema.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

interface TaskJson {
  id: number;
  title: string;
  labels: Array<{ name: string }>;
}

/**
 * A task creation sent again with its Idempotency-Key (issue 23, decision 034) on each database:
 * the offline app sends a create again when its answer was lost, and must find the task made the
 * first time, never a second one; at once too, and per person.
 */
describe.each(testDialects())('task creation keys on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const create = (user: SignedInUser, key: string | undefined, payload: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/tasks/add',
      headers: { ...user.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: { title: 'Print the handouts', labels: ['work'], ...payload },
    });
  const titles = async (user: SignedInUser) =>
    ((await t.app.inject({ method: 'GET', url: '/api/tasks', headers: user.headers })).json().tasks as TaskJson[]).map(
      (task) => task.title,
    );

  test('the same key twice makes one task, and the second answer is that task as it is now', async () => {
    const me = await t.signUp();
    const first = await create(me, 'offline-create-0001');
    expect(first.statusCode, first.body).toBe(201);
    const made = first.json().task as TaskJson;
    // Renamed meanwhile: the repeat answers the task as it is, not the first answer again.
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/tasks/update/${made.id}`,
          headers: me.headers,
          payload: { title: 'Print the handouts (2)' },
        })
      ).statusCode,
    ).toBe(200);
    const again = await create(me, 'offline-create-0001', { title: 'Print the handouts' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ message: 'Task created', task: { id: made.id, title: 'Print the handouts (2)' } });
    expect(await titles(me)).toEqual(['Print the handouts (2)']);
  });

  test('without a key, or with another, every create makes a task; a key is one person’s only', async () => {
    const me = await t.signUp();
    const friend = await t.signUp();
    for (const key of [undefined, undefined, 'offline-create-A', 'offline-create-B']) expect((await create(me, key)).statusCode).toBe(201);
    expect(await titles(me)).toHaveLength(4);
    const theirs = await create(friend, 'offline-create-A', { title: 'Their own task' });
    expect(theirs.statusCode).toBe(201);
    expect(await titles(friend)).toEqual(['Their own task']);
    expect(await titles(me)).not.toContain('Their own task');
  });

  test('a key whose task was deleted since makes a new one', async () => {
    const me = await t.signUp();
    const made = (await create(me, 'offline-create-gone')).json().task as TaskJson;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tasks/delete/${made.id}`, headers: me.headers })).statusCode).toBe(200);
    const again = await create(me, 'offline-create-gone');
    expect(again.statusCode).toBe(201);
    expect(again.json().task.id).not.toBe(made.id);
    expect(await titles(me)).toEqual(['Print the handouts']);
  });

  test('a deleted task’s Undo still works after its key made a new task meanwhile', async () => {
    const me = await t.signUp();
    const made = (await create(me, 'offline-create-undo')).json().task as TaskJson;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tasks/delete/${made.id}`, headers: me.headers })).statusCode).toBe(200);
    const remade = (await create(me, 'offline-create-undo', { title: 'Made again' })).json().task as TaskJson;
    expect(remade.id).not.toBe(made.id);
    const restored = await t.app.inject({ method: 'POST', url: `/api/tasks/${made.id}/restore`, headers: me.headers });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await titles(me)).sort()).toEqual(['Made again', 'Print the handouts']);
    // The key stays with the task made last.
    expect((await create(me, 'offline-create-undo')).json().task.id).toBe(remade.id);
  });

  test('the key of a deleted task sent twice at once makes one new task', async () => {
    const me = await t.signUp();
    const made = (await create(me, 'offline-create-gone-race')).json().task as TaskJson;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tasks/delete/${made.id}`, headers: me.headers })).statusCode).toBe(200);
    const answers = await Promise.all([create(me, 'offline-create-gone-race'), create(me, 'offline-create-gone-race')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers[0]!.json().task.id).toBe(answers[1]!.json().task.id);
    expect(await titles(me)).toHaveLength(1);
  });

  test('the same key sent twice at once makes one task', async () => {
    const me = await t.signUp();
    const answers = await Promise.all([create(me, 'offline-create-race'), create(me, 'offline-create-race')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers[0]!.json().task.id).toBe(answers[1]!.json().task.id);
    expect(await titles(me)).toHaveLength(1);
  });

  test('a malformed key is a 400 in the error format, and nothing is made', async () => {
    const me = await t.signUp();
    for (const key of ['short', 'has spaces in it', 'x'.repeat(101), '../../etc/passwd', 'ключ-ключ-ключ']) {
      const response = await create(me, key);
      expect(response.statusCode, key).toBe(400);
      expect(response.json().message).toBe(IDEMPOTENCY_KEY_MESSAGE);
    }
    expect(await titles(me)).toEqual([]);
  });
});
