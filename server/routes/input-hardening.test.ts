import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

/**
 * Issue 18, findings a, h, j and k: integers beyond PostgreSQL's `integer` anywhere a client can
 * put one, loosely written token ids, invisible and bidi-control characters in single-line
 * fields, and built-in AI writer output that skipped the model output's sanitizer.
 */

/** Beyond 2,147,483,647, the largest id a row can have on PostgreSQL (`integer`). */
const HUGE = 99_999_999_999;
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const ISO = '2030-01-01T00:00:00.000Z';

function expectRefused(response: { statusCode: number; body: string }, statuses: number[]) {
  expect(statuses, response.body).toContain(response.statusCode);
  const body = JSON.parse(response.body) as { message?: unknown };
  expect(typeof body.message).toBe('string');
  expect(response.body).not.toMatch(/stack|at .*\.ts:\d+/);
}

describe.each(testDialects())('input hardening on %s', (dialect) => {
  let t: TestApp;
  let me: SignedInUser;
  let friend: SignedInUser;
  let myTaskId: number;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    me = await t.signUp();
    friend = await t.signUp();
    myTaskId = (await call(me, 'POST', '/api/tasks/add', { title: 'Mine' })).json().task.id;
    for (let i = 0; i < 3; i++) await call(me, 'POST', '/api/tasks/add', { title: `Filler ${i}`, priority: 'high' });
  });
  afterAll(() => t.close());

  const call = (user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user ? user.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  /** Over real HTTP, as a browser or a script calls. */
  const fetchAs = (authorization: string, path: string) => fetch(`${base}${path}`, { headers: { authorization } });

  describe('finding a: integers out of range are refused, never a 500', () => {
    test('huge ids in paths are 404', async () => {
      for (const [method, url, payload] of [
        ['GET', `/api/task/${HUGE}`],
        ['GET', `/api/tasks/${HUGE}/comments`],
        ['PUT', `/api/tasks/comments/${HUGE}/edit`, { content: 'x' }],
        ['PUT', `/api/tasks/update/${HUGE}`, { title: 'x' }],
        ['PUT', `/api/tasks/complete/${HUGE}`],
        ['DELETE', `/api/tasks/delete/${HUGE}`],
        ['POST', `/api/tasks/${HUGE}/share`, { email_ids: ['a@example.com'] }],
        ['POST', `/api/tasks/${HUGE}/accept-share`],
        ['DELETE', `/api/tasks/${HUGE}/remove-share`, { user_id: 1 }],
        ['GET', `/api/tasks/${HUGE}/pdf`],
        ['POST', `/api/tasks/${HUGE}/rewrite-description`],
        ['PUT', `/api/labels/${HUGE}`, { name: 'x' }],
        ['GET', '/api/task/2147483648'],
      ] as const) {
        expectRefused(await call(me, method, url, payload), [404]);
      }
    });

    test('an id is decimal digits: 0x…, 1e…, 1.0 and a sign name no record', async () => {
      for (const written of [`0x${myTaskId.toString(16)}`, `${myTaskId}e0`, `${myTaskId}.0`, `+${myTaskId}`]) {
        expectRefused(await call(me, 'GET', `/api/task/${encodeURIComponent(written)}`), [404]);
      }
      expect((await call(me, 'GET', `/api/task/${myTaskId}`)).statusCode).toBe(200);
    });

    test('a comment on a huge task id is an unknown task (404, as on SQLite before); a loose id or a huge parent id is a field error', async () => {
      for (const task_id of [String(HUGE), HUGE, '2147483648', '99999999999999999999999']) {
        const response = await call(me, 'POST', '/api/tasks/comments/add', { task_id, content: 'hi' });
        expectRefused(response, [404]);
        expect(response.json()).toEqual({ message: 'Task not found' });
      }
      for (const task_id of [`0x${myTaskId.toString(16)}`, `${myTaskId}e0`]) {
        const response = await call(me, 'POST', '/api/tasks/comments/add', { task_id, content: 'hi' });
        expectRefused(response, [422]);
        expect(response.json().errors.task_id).toBeDefined();
      }
      for (const [parent_id, message] of [
        [HUGE, 'The comment you reply to does not exist on this task.'],
        [String(HUGE), 'The comment you reply to does not exist on this task.'],
        [-HUGE, 'The parent id must be the id of a comment.'],
        [`0x1`, 'The parent id must be the id of a comment.'],
      ] as const) {
        const response = await call(me, 'POST', '/api/tasks/comments/add', { task_id: String(myTaskId), content: 'hi', parent_id });
        expectRefused(response, [422]);
        expect(response.json().errors.parent_id).toEqual([message]);
      }
      // In range and well-formed, as before.
      expect((await call(me, 'POST', '/api/tasks/comments/add', { task_id: String(myTaskId), content: 'ok' })).statusCode).toBe(201);
      expect((await call(me, 'POST', '/api/tasks/comments/add', { task_id: myTaskId, content: 'ok', parent_id: null })).statusCode).toBe(
        201,
      );
    });

    test('removing a huge user id from a task is refused cleanly', async () => {
      for (const user_id of [HUGE, String(HUGE), -HUGE]) {
        expectRefused(await call(me, 'DELETE', `/api/tasks/${myTaskId}/remove-share`, { user_id }), [404, 422]);
      }
    });

    test('a cursor with a huge id or rank, or NUL in it, is "The cursor is invalid." on every sort', async () => {
      const hostile = [
        [HUGE, ISO, ISO, 2],
        [1, ISO, ISO, HUGE],
        [1, ISO, ISO, -HUGE],
        [2147483648, ISO, ISO, 2],
        [1, `${ISO}\u0000`, ISO, 2],
        [1, ISO, `\u00002030`, 2],
        [1, 'not a date', ISO, 2],
      ];
      for (const value of hostile) {
        for (const sort of ['created_at', 'updated_at', 'priority']) {
          for (const direction of ['asc', 'desc']) {
            const url = `/api/tasks?limit=2&sort=${sort}&direction=${direction}&cursor=${cursorOf(value)}`;
            const response = await call(me, 'GET', url);
            expectRefused(response, [422]);
            expect(response.json().errors).toEqual({ cursor: ['The cursor is invalid.'] });
            expectRefused(await call(me, 'GET', url.replace('/api/tasks?', '/api/tasks/shared?')), [422]);
            // The same over HTTP.
            const fast = await fetchAs(me.headers.authorization, url);
            expect(fast.status).toBe(422);
          }
        }
      }
      // The cursors the server hands out still work.
      const first = (await call(me, 'GET', '/api/tasks?limit=2&sort=priority')).json();
      expect(first.next_cursor).toEqual(expect.any(String));
      const next = await call(me, 'GET', `/api/tasks?limit=2&sort=priority&cursor=${first.next_cursor}`);
      expect(next.statusCode).toBe(200);
      expect(next.json().tasks).toHaveLength(2);
    });

    test('a bearer token with a huge id is 401, injected and over HTTP', async () => {
      const secret = me.token.slice(me.token.indexOf('|') + 1);
      for (const token of [`${HUGE}|x`, `${HUGE}|${secret}`, `2147483648|${secret}`, `${'9'.repeat(30)}|${secret}`]) {
        const authorization = `Bearer ${token}`;
        expectRefused(await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization } }), [401]);
        expectRefused(await t.app.inject({ method: 'GET', url: '/api/tasks', headers: { authorization } }), [401]);
        expect((await fetchAs(authorization, '/api/tasks')).status).toBe(401);
        expect((await fetchAs(authorization, '/api/tasks/shared?limit=5')).status).toBe(401);
      }
    });
  });

  describe('finding k: a token id is decimal digits only', () => {
    test('the same token with its id written another way signs nobody in', async () => {
      const separator = me.token.indexOf('|');
      const id = Number(me.token.slice(0, separator));
      const secret = me.token.slice(separator + 1);
      for (const written of [`0x${id.toString(16)}`, `${id}e0`, `${id}.0`, `+${id}`, `0${id}`, `${id}.`, `0b${id.toString(2)}`]) {
        const authorization = `Bearer ${written}|${secret}`;
        expectRefused(await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization } }), [401]);
        expect((await fetchAs(authorization, '/api/tasks')).status).toBe(401);
      }
      // The token as login issued it still works.
      expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: me.headers })).statusCode).toBe(200);
      expect((await fetchAs(me.headers.authorization, '/api/tasks')).status).toBe(200);
    });
  });

  describe('finding h: bidi controls and invisible characters', () => {
    test('a task title and labels lose them; made of nothing else, they are blank', async () => {
      const created = await call(me, 'POST', '/api/tasks/add', {
        title: '\u200Binvoice\u202Efdp.exe\u2066\uFEFF',
        labels: ['wo\u200Brk', '\u00ADhome\u2069'],
        description: 'Line\u202E one\n\u200Bkeeps the zero-width space\u2067',
      });
      expect(created.statusCode).toBe(201);
      const task = created.json().task;
      expect(task.title).toBe('invoicefdp.exe');
      expect(task.labels.map((label: { name: string }) => label.name).sort()).toEqual(['home', 'work']);
      expect(task.description).toBe('Line one\n\u200Bkeeps the zero-width space');

      const blank = await call(me, 'POST', '/api/tasks/add', { title: '\u200B\u200E\u202E\uFEFF\u2060 \u00AD', labels: ['\u200B'] });
      expect(blank.statusCode).toBe(422);
      expect(blank.json().errors.title).toEqual(['The title field is required.']);
      expect(blank.json().errors['labels.0']).toEqual(['A label name cannot be empty.']);

      const updated = await call(me, 'PUT', `/api/tasks/update/${task.id}`, { title: '\u202Eabc', labels: ['\u2067x'] });
      expect(updated.json().task.title).toBe('abc');
      expect(updated.json().task.labels.map((label: { name: string }) => label.name)).toEqual(['x']);
    });

    test('joiners that words and emoji need are kept', async () => {
      const title = 'می\u200Cخواهم क्\u200Dष 👩\u200D💻 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
      const created = await call(me, 'POST', '/api/tasks/add', { title });
      expect(created.statusCode).toBe(201);
      expect(created.json().task.title).toBe(title);
    });

    test('a name made only of invisible characters is blank; a name keeps its visible text', async () => {
      const password = 'correct horse battery';
      const blank = await call(null, 'POST', '/api/user/register', {
        name: '\u200B\u2060\uFEFF\u202E',
        email: `blank-${Date.now()}@example.com`,
        password,
        password_confirmation: password,
      });
      expect(blank.statusCode).toBe(422);
      expect(blank.json().errors.name).toEqual(['The name field is required.']);
      const named = await call(null, 'POST', '/api/user/register', {
        name: 'Ann\u202Egnp.exe',
        email: `named-${Date.now()}@example.com`,
        password,
        password_confirmation: password,
      });
      expect(named.statusCode).toBe(201);
      expect(named.json().user.name).toBe('Anngnp.exe');
    });

    test('comments keep their text but lose bidi overrides; share addresses and label renames lose invisibles', async () => {
      const comment = await call(me, 'POST', '/api/tasks/comments/add', { task_id: String(myTaskId), content: 'see \u202Eexe.pdf\u200B' });
      expect(comment.statusCode).toBe(201);
      expect(comment.json().comment.content).toBe('see exe.pdf\u200B');
      const id = comment.json().comment.id;
      const edited = await call(me, 'PUT', `/api/tasks/comments/${id}/edit`, { content: '\u2066edited\u2069' });
      expect(edited.json().comment.content).toBe('edited');

      const shared = await call(me, 'POST', `/api/tasks/${myTaskId}/share`, { email_ids: [`\u200B${friend.user.email}\u202E`] });
      expect(shared.statusCode).toBe(200);
      const task = (await call(me, 'GET', `/api/task/${myTaskId}`)).json().task;
      expect(task.shared_with.map((person: { email: string }) => person.email)).toEqual([friend.user.email]);

      const labelled = (await call(me, 'POST', '/api/tasks/add', { title: 'Labelled', labels: ['plain'] })).json().task;
      const renamed = await call(me, 'PUT', `/api/labels/${labelled.labels[0].id}`, { name: '\u200B\u2060' });
      expect(renamed.statusCode).toBe(422);
      expect((await call(me, 'POST', '/api/tasks/generate-content', { input_text: '\u200B\u202E' })).statusCode).toBe(422);
    });

    test('a share mail subject carries no bidi control, even from a title stored before the fix', async () => {
      const task = (await call(me, 'POST', '/api/tasks/add', { title: 'Report' })).json().task;
      await t.database.db.updateTable('tasks').set({ title: 'Report \u202Efdp.exe\u200B' }).where('id', '=', task.id).execute();
      const email = `invitee-${Date.now()}@example.com`;
      expect((await call(me, 'POST', `/api/tasks/${task.id}/share`, { email_ids: [email] })).statusCode).toBe(200);
      const mail = await t.database.db
        .selectFrom('mail_outbox')
        .select(['subject'])
        .where('to_address', '=', email)
        .executeTakeFirstOrThrow();
      expect(mail.subject).toContain('Report fdp.exe');
      expect(mail.subject).not.toMatch(/[\u200B\u202A-\u202E\u2066-\u2069]/);
    });
  });

  describe('finding j: the built-in writer’s output goes through the output sanitizer', () => {
    const hostileTitle = 'Write <img src=x onerror=alert(1)> report <script>alert(2)</script><iframe src="https://evil.example"></iframe>';
    const expectClean = (text: string) => {
      expect(text).not.toMatch(/<img|<script|<iframe|alert\(2\)|evil\.example|onerror/);
    };

    test('generate from a hostile title, one-shot and streamed', async () => {
      const once = await call(me, 'POST', '/api/tasks/generate-content', { input_text: hostileTitle });
      expect(once.statusCode).toBe(200);
      expectClean(once.json().description);
      expect(once.json().description).toContain('report');
      const streamed = await call(me, 'POST', '/api/tasks/generate-content/stream', { input_text: hostileTitle });
      expect(streamed.statusCode).toBe(200);
      const done = /event: done\ndata: (.*)\n/.exec(streamed.body)![1]!;
      const text = JSON.parse(done).description as string;
      expect(text).toBe(once.json().description);
      const deltas = [...streamed.body.matchAll(/event: delta\ndata: (.*)\n/g)].map((m) => JSON.parse(m[1]!).text as string);
      expect(deltas.join('')).toBe(text);
    });

    test('rewrite and generate content of a task with hostile text', async () => {
      const task = (
        await call(me, 'POST', '/api/tasks/add', {
          title: hostileTitle,
          description: 'step one\u0007 <script>alert(2)</script>\n<img src=x onerror=alert(1)>step two',
        })
      ).json().task;
      // Written before the schemas stripped them, too.
      await t.database.db
        .updateTable('tasks')
        .set({ title: `${hostileTitle}\u202Egnp.exe` })
        .where('id', '=', task.id)
        .execute();
      for (const operation of ['rewrite-description', 'generate-content']) {
        const response = await call(me, 'POST', `/api/tasks/${task.id}/${operation}`);
        expect(response.statusCode).toBe(200);
        const text = Object.values(response.json())[0] as string;
        expectClean(text);
        expect(text).toContain('step two');
        expect(text).not.toMatch(/[\u0007\u202E]/); // eslint-disable-line no-control-regex -- the bell must not come out
      }
    });
  });
});
