import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

/**
 * Issue 18, item 4: a list read that overlaps a write must never keep what the write had not
 * committed. On SQLite a raw read on the shared connection saw a transaction's uncommitted
 * revision; when it rolled back, the caches held the old task under that revision, the next real
 * edit reused the number, and browsers (gzip) saw the old title for good.
 */
describe.each(testDialects())('a rolled-back write leaves nothing in the list caches on %s', (dialect) => {
  let t: TestApp;
  let me: SignedInUser;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    me = await t.signUp();
    // Over a real socket, as a browser reads.
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  /**
   * A list as a browser (gzip, or brotli) or a script (identity) reads it, bytes as they came over the
   * socket; a compressed answer must come in the encoding asked for.
   */
  const read = (url: string, encoding: 'gzip' | 'br' | 'identity') =>
    new Promise<Array<{ id: number; title: string }>>((resolve, reject) => {
      const request = http.get(`${base}${url}`, { headers: { ...me.headers, 'accept-encoding': encoding } }, (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => {
          try {
            expect(response.statusCode).toBe(200);
            const bytes = Buffer.concat(parts);
            expect(response.headers['content-encoding'] ?? 'identity').toBe(encoding);
            const text = (encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString();
            resolve((JSON.parse(text) as { tasks: Array<{ id: number; title: string }> }).tasks);
          } catch (error) {
            reject(error as Error);
          }
        });
      });
      request.on('error', reject);
    });

  test.each([
    ['/api/tasks?limit=100', 'gzip'],
    ['/api/tasks', 'gzip'],
    ['/api/tasks?limit=100', 'br'],
    ['/api/tasks', 'br'],
  ] as const)('%s: after a rollback and a real edit, %s and identity answers agree', async (url, encoding) => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push(
        (await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: me.headers, payload: { title: `Task ${i}` } })).json().task
          .id,
      );
    }
    const target = ids[1]!;
    await read(url, encoding);
    await read(url, 'identity');

    let during: Promise<unknown> | undefined;
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('tasks')
          .set({ title: 'Never committed', revision: sql<number>`revision + 1` })
          .where('id', '=', target)
          .execute();
        await trx
          .updateTable('users')
          .set({ data_version: sql<number>`data_version + 1` })
          .where('id', '=', me.user.id)
          .execute();
        // A browser's read arrives while the write is open…
        during = read(url, encoding);
        await new Promise((resolve) => setTimeout(resolve, 50));
        // …and the write fails.
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const seenDuring = (await during) as Array<{ id: number; title: string }>;
    expect(seenDuring.find((task) => task.id === target)!.title).toBe('Task 1');

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/tasks/update/${target}`,
      headers: me.headers,
      payload: { title: 'Really edited', description: '', priority: 'medium', labels: [] },
    });
    expect(edited.statusCode).toBe(200);
    const compressed = await read(url, encoding);
    const identity = await read(url, 'identity');
    expect(compressed).toEqual(identity);
    expect(compressed.find((task) => task.id === target)!.title).toBe('Really edited');
  });
});

describe('list ETags name the build’s list format', () => {
  test('a task shape with one more field tags every list differently', async () => {
    const { z } = await import('zod');
    const { Task } = await import('../../common/schemas/task.schema.ts');
    const { listFormatOf, listTag } = await import('./list-response.cache.ts');
    expect(listFormatOf(Task)).toBe(listFormatOf(Task));
    expect(listFormatOf(Task.extend({ attachment_count: z.number() }))).not.toBe(listFormatOf(Task));
    const list = { list: 'tasks', userId: 1, version: 7, query: {} };
    expect(listTag(list, 'a')).not.toBe(listTag(list, 'b'));
  });
});
