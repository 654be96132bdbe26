import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { Task } from '../../common/schemas/task.schema.ts';
import { openTestDatabase, testDialects } from '../../tests/support/test-database.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { listFormatOf } from './list-response.cache.ts';

const LISTS = ['/api/tasks', '/api/tasks/shared', '/api/tasks/pending-shares'];

describe.each(testDialects())('a list ETag names the build’s list format on %s (issue 18 §4)', (dialect) => {
  test('after a deploy whose listed tasks have another shape, the same unchanged list gets a new tag, and the old tag a 200', async () => {
    const database = await openTestDatabase(dialect);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent-web-build' });
    // Three processes over one database: this build, the same build named explicitly, and a next
    // build whose listed task has one more field (what `listFormatOf` hashes).
    const before = await buildApp({ config, database, logger: false });
    const same = await buildApp({ config, database, logger: false, listFormat: listFormatOf(Task) });
    const next = await buildApp({
      config,
      database,
      logger: false,
      listFormat: listFormatOf(Task.extend({ attachment_count: z.number() })),
    });
    try {
      const password = 'correct horse battery';
      const email = `format-${Date.now()}@example.com`;
      const register = { name: 'Format', email, password, password_confirmation: password };
      expect((await before.inject({ method: 'POST', url: '/api/user/register', payload: register })).statusCode).toBe(201);
      const login = await before.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
      const headers = { authorization: `Bearer ${login.json().token.plainTextToken}` };
      const added = await before.inject({ method: 'POST', url: '/api/tasks/add', headers, payload: { title: 'Unchanged' } });
      expect(added.statusCode).toBe(201);

      for (const url of LISTS) {
        const first = await before.inject({ method: 'GET', url, headers });
        const etag = first.headers.etag as string;
        expect(first.statusCode, url).toBe(200);
        const ask = (app: typeof before) => app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': etag } });

        // Nothing changed in the data: the build that handed the tag out, or the same build in another process, says 304.
        expect((await ask(before)).statusCode, url).toBe(304);
        expect((await ask(same)).statusCode, url).toBe(304);

        // The next build must not let the browser keep the answer in the old shape.
        const after = await ask(next);
        expect(after.statusCode, url).toBe(200);
        expect(after.headers.etag, url).not.toBe(etag);
        expect(after.json(), url).toEqual(first.json());
        const again = await next.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': after.headers.etag as string } });
        expect(again.statusCode, url).toBe(304);
      }
    } finally {
      await Promise.all([before.close(), same.close(), next.close()]);
      await database.close();
    }
  });
});
