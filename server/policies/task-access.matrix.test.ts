import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

type Actor = 'owner' | 'accepted' | 'pending' | 'stranger' | 'anonymous' | 'garbage token' | 'expired token' | 'revoked token';
/** Actors without a usable token: every endpoint answers them 401, whatever it is. */
const UNAUTHENTICATED = ['anonymous', 'garbage token', 'expired token', 'revoked token'] as const;
type SignedInActor = Exclude<Actor, (typeof UNAUTHENTICATED)[number]>;
const isSignedIn = (actor: Actor): actor is SignedInActor => !(UNAUTHENTICATED as readonly string[]).includes(actor);
interface World {
  taskId: number;
  commentId: number;
  /** A file the owner attached (issue 24). */
  attachmentId: number;
}
interface Endpoint {
  name: string;
  request(
    world: World,
    actors: Record<SignedInActor, SignedInUser>,
  ): { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object | Buffer; headers?: Record<string, string> };
  expected: Record<SignedInActor | 'anonymous', number>;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'view',
    request: (w) => ({ method: 'GET', url: `/api/task/${w.taskId}` }),
    expected: { owner: 200, accepted: 200, pending: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'update',
    request: (w) => ({ method: 'PUT', url: `/api/tasks/update/${w.taskId}`, payload: { title: 'Changed', labels: ['changed'] } }),
    expected: { owner: 200, accepted: 200, pending: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'complete',
    request: (w) => ({ method: 'PUT', url: `/api/tasks/complete/${w.taskId}` }),
    expected: { owner: 200, accepted: 200, pending: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'uncomplete',
    request: (w) => ({ method: 'PUT', url: `/api/tasks/uncomplete/${w.taskId}` }),
    expected: { owner: 200, accepted: 200, pending: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'delete',
    request: (w) => ({ method: 'DELETE', url: `/api/tasks/delete/${w.taskId}` }),
    expected: { owner: 200, accepted: 403, pending: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'share',
    request: (w) => ({ method: 'POST', url: `/api/tasks/${w.taskId}/share`, payload: { email_ids: ['someone-new@example.com'] } }),
    expected: { owner: 200, accepted: 200, pending: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'remove share',
    request: (w, a) => ({ method: 'DELETE', url: `/api/tasks/${w.taskId}/remove-share`, payload: { user_id: a.pending.user.id } }),
    expected: { owner: 200, accepted: 403, pending: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'accept share',
    request: (w) => ({ method: 'POST', url: `/api/tasks/${w.taskId}/accept-share` }),
    expected: { owner: 404, accepted: 200, pending: 200, stranger: 404, anonymous: 401 },
  },
  {
    name: 'list comments',
    request: (w) => ({ method: 'GET', url: `/api/tasks/${w.taskId}/comments` }),
    expected: { owner: 200, accepted: 200, pending: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'add comment',
    request: (w) => ({
      method: 'POST',
      url: '/api/tasks/comments/add',
      payload: { task_id: String(w.taskId), content: 'Hello', parent_id: null },
    }),
    expected: { owner: 201, accepted: 201, pending: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'edit comment',
    request: (w) => ({ method: 'PUT', url: `/api/tasks/comments/${w.commentId}/edit`, payload: { content: 'Edited' } }),
    expected: { owner: 200, accepted: 403, pending: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'AI rewrite',
    request: (w) => ({ method: 'POST', url: `/api/tasks/${w.taskId}/rewrite-description` }),
    expected: { owner: 200, accepted: 200, pending: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'AI generate content',
    request: (w) => ({ method: 'POST', url: `/api/tasks/${w.taskId}/generate-content` }),
    expected: { owner: 200, accepted: 200, pending: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'export PDF',
    request: (w) => ({ method: 'GET', url: `/api/tasks/${w.taskId}/pdf` }),
    expected: { owner: 200, accepted: 200, pending: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'export Word',
    request: (w) => ({ method: 'GET', url: `/api/tasks/${w.taskId}/word` }),
    expected: { owner: 200, accepted: 200, pending: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'list files',
    request: (w) => ({ method: 'GET', url: `/api/tasks/${w.taskId}/attachments` }),
    expected: { owner: 200, accepted: 200, pending: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'attach a file',
    request: (w) => ({
      method: 'POST',
      url: `/api/tasks/${w.taskId}/attachments?name=more.txt`,
      payload: Buffer.from('more notes'),
      headers: { 'content-type': 'application/octet-stream' },
    }),
    expected: { owner: 201, accepted: 201, pending: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'open a file',
    request: (w) => ({ method: 'GET', url: `/api/attachments/${w.attachmentId}/file` }),
    expected: { owner: 200, accepted: 200, pending: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'delete the owner’s file',
    request: (w) => ({ method: 'DELETE', url: `/api/attachments/${w.attachmentId}` }),
    expected: { owner: 200, accepted: 403, pending: 404, stranger: 404, anonymous: 401 },
  },
];

describe.each(testDialects())('authorization matrix on %s', (dialect) => {
  let t: TestApp;
  let actors: Record<SignedInActor, SignedInUser>;
  let tokenless: Record<(typeof UNAUTHENTICATED)[number], Record<string, string>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    actors = { owner: await t.signUp(), accepted: await t.signUp(), pending: await t.signUp(), stranger: await t.signUp() };
    // The owner's own account, reached with tokens that no longer open it.
    const expired = await t.signUp();
    await t.database.db
      .updateTable('personal_access_tokens')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', Number(expired.token.split('|')[0]))
      .execute();
    const revoked = await t.signUp();
    const logout = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: revoked.headers });
    expect(logout.statusCode).toBe(200);
    tokenless = {
      anonymous: {},
      'garbage token': { authorization: `Bearer ${actors.owner.token.split('|')[0]}|not-the-secret` },
      'expired token': expired.headers,
      'revoked token': revoked.headers,
    };
  });
  afterAll(() => t.close());

  /** A task owned by `owner`, accepted by `accepted`, pending for `pending`, with one comment by the owner. */
  async function world(): Promise<World> {
    const { owner, accepted, pending } = actors;
    const task = (
      await t.app.inject({
        method: 'POST',
        url: '/api/tasks/add',
        headers: owner.headers,
        payload: { title: 'Guarded', description: 'secret', labels: ['keep'] },
      })
    ).json().task;
    await t.app.inject({
      method: 'POST',
      url: `/api/tasks/${task.id}/share`,
      headers: owner.headers,
      payload: { email_ids: [accepted.user.email, pending.user.email] },
    });
    await t.app.inject({ method: 'POST', url: `/api/tasks/${task.id}/accept-share`, headers: accepted.headers });
    const comment = (
      await t.app.inject({
        method: 'POST',
        url: '/api/tasks/comments/add',
        headers: owner.headers,
        payload: { task_id: String(task.id), content: 'Original' },
      })
    ).json().comment;
    const file = (
      await t.app.inject({
        method: 'POST',
        url: `/api/tasks/${task.id}/attachments?name=notes.txt`,
        headers: { ...owner.headers, 'content-type': 'application/octet-stream' },
        payload: Buffer.from('private notes'),
      })
    ).json().attachment;
    return { taskId: task.id, commentId: comment.id, attachmentId: file.id };
  }

  /** Every protected field of every row a refused request could have touched. */
  async function snapshot(taskId: number) {
    const db = t.database.db;
    return {
      task: await db.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirst(),
      labels: await db.selectFrom('task_labels').selectAll().where('task_id', '=', taskId).execute(),
      shares: await db
        .selectFrom('task_shares')
        .select(['id', 'user_id', 'email', 'status'])
        .where('task_id', '=', taskId)
        .orderBy('id')
        .execute(),
      comments: await db
        .selectFrom('comments')
        .select(['id', 'user_id', 'content', 'parent_id'])
        .where('task_id', '=', taskId)
        .orderBy('id')
        .execute(),
      activity: await db.selectFrom('activity_logs').select(['id', 'description']).where('task_id', '=', taskId).orderBy('id').execute(),
      attachments: await db
        .selectFrom('attachments')
        .select(['id', 'name', 'storage_key'])
        .where('task_id', '=', taskId)
        .orderBy('id')
        .execute(),
    };
  }

  for (const endpoint of ENDPOINTS) {
    for (const actor of ['owner', 'accepted', 'pending', 'stranger', ...UNAUTHENTICATED] as const) {
      const expected = isSignedIn(actor) ? endpoint.expected[actor] : 401;
      test(`${endpoint.name} as ${actor} → ${expected}`, async () => {
        const w = await world();
        const before = await snapshot(w.taskId);
        const { method, url, payload, headers: extra } = endpoint.request(w, actors);
        const headers = { ...(isSignedIn(actor) ? actors[actor].headers : tokenless[actor]), ...extra };
        const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        expect(response.statusCode, response.body).toBe(expected);
        if (expected >= 400) {
          expect(typeof response.json().message).toBe('string');
          expect(await snapshot(w.taskId)).toEqual(before);
          if (expected === 404) expect(response.json().message).not.toContain('Guarded');
          if (!isSignedIn(actor)) expect(response.json()).toEqual({ message: 'Authentication required' });
        }
      });
    }
  }
});
