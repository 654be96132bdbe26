import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type SignedInUser, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialects } from '../../../tests/support/test-database.ts';

interface Captured {
  sql: string;
  parameters: readonly unknown[];
}

/**
 * Every list, filter, sort and page the API offers, read through the API while its queries are
 * captured, then EXPLAINed: each must reach tasks through an index (never a full scan), and the
 * own lists must come out of the index in order (no sort step), so they stay fast at 100,000 tasks.
 */
describe.each(testDialects())('list queries use indexes on %s', (dialect) => {
  let t: TestApp;
  let me: SignedInUser;
  const captured: Captured[] = [];
  beforeAll(async () => {
    // openDatabase hands the parameters too (the test app's type names only the SQL).
    t = await createTestApp(dialect, {
      onQuery: (text: string, parameters?: readonly unknown[]) => void captured.push({ sql: text, parameters: parameters ?? [] }),
    });
    me = await t.signUp();
    const friend = await t.signUp();
    for (let i = 0; i < 6; i++) {
      const task = (
        await t.app.inject({
          method: 'POST',
          url: '/api/tasks/add',
          headers: me.headers,
          payload: { title: `T${i}`, priority: ['low', 'medium', 'high'][i % 3], labels: ['work', `l${i}`] },
        })
      ).json().task;
      await t.app.inject({
        method: 'POST',
        url: `/api/tasks/${task.id}/share`,
        headers: me.headers,
        payload: { email_ids: [friend.user.email] },
      });
      if (i % 2) await t.app.inject({ method: 'POST', url: `/api/tasks/${task.id}/accept-share`, headers: friend.headers });
    }
  });
  afterAll(() => t.close());

  /** The query plan as text lines, with sequential scans and sorts made expensive on PostgreSQL so only a missing index shows one. */
  async function explain(query: Captured): Promise<string[]> {
    return t.database.db.connection().execute(async (db) => {
      if (dialect === 'sqlite') {
        const result = await db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
        );
        return result.rows.map((row) => row.detail);
      }
      await sql`set enable_seqscan = off`.execute(db);
      await sql`set enable_sort = off`.execute(db);
      try {
        const result = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
        return result.rows.map((row) => row['QUERY PLAN']);
      } finally {
        await sql`reset enable_seqscan`.execute(db);
        await sql`reset enable_sort`.execute(db);
      }
    });
  }

  /** Reads a URL as the user and returns the key query of tasks it ran (the one that orders the list). */
  async function listQueryOf(url: string, user: SignedInUser = me): Promise<Captured> {
    captured.length = 0;
    const response = await t.app.inject({ method: 'GET', url, headers: user.headers });
    expect(response.statusCode, url).toBe(200);
    const query = captured.find((q) => /^select "tasks"\."id", "tasks"\."revision"/.test(q.sql));
    expect(query, url).toBeDefined();
    return query!;
  }

  const fullScanOfTasks = (plan: string[]) =>
    // SQLite's "SCAN tasks USING INDEX …" walks a whole index: as much a full scan as a table scan.
    plan.some((line) => (dialect === 'sqlite' ? /^SCAN tasks\b/.test(line) : /Seq Scan on tasks\b/.test(line)));
  const anyFullScan = (plan: string[]) =>
    // "SCAN agg" is SQLite reading back the rows of a per-task subquery, not a table.
    plan.some((line) => (dialect === 'sqlite' ? /^SCAN (?!agg\b)/.test(line) : /Seq Scan/.test(line)));
  const sorts = (plan: string[]) =>
    // Also a partial sort ("FOR LAST 2 TERMS OF ORDER BY", "Incremental Sort"): it still sorts every row of a rank.
    plan.some((line) => (dialect === 'sqlite' ? /USE TEMP B-TREE FOR (.* )?ORDER BY/.test(line) : /\bSort\s+\(/.test(line)));

  const ownLists = [
    '/api/tasks',
    '/api/tasks?sort=created_at&direction=asc',
    '/api/tasks?sort=updated_at&direction=desc',
    '/api/tasks?sort=updated_at&direction=asc',
    '/api/tasks?sort=priority&direction=desc',
    '/api/tasks?sort=priority&direction=asc',
    '/api/tasks?priority=high',
    '/api/tasks?label=work',
    '/api/tasks?label=work&priority=low&sort=priority',
    '/api/tasks?limit=2',
    '/api/tasks?sort=updated_at&limit=2',
    '/api/tasks?sort=priority&direction=desc&limit=2',
    // The dashboard's own filters (it loads pages, pending tasks first).
    '/api/tasks?status=pending&limit=2',
    '/api/tasks?status=completed&sort=updated_at&direction=asc&limit=2',
    '/api/tasks?status=pending&sort=priority&priority=high&limit=2',
    '/api/tasks?search=t1&limit=2',
    '/api/tasks?due_date=2030-01-01&status=pending&limit=2',
  ];

  test.each(ownLists)('%s is served from an index in its order', async (url) => {
    const first = await listQueryOf(url);
    const plan = await explain(first);
    expect(fullScanOfTasks(plan), plan.join('\n')).toBe(false);
    expect(sorts(plan), plan.join('\n')).toBe(false);
  });

  test.each(['/api/tasks?limit=2', '/api/tasks?sort=updated_at&direction=asc&limit=2', '/api/tasks?sort=priority&direction=asc&limit=2'])(
    'the next page of %s starts from the index too',
    async (url) => {
      const cursor = (await t.app.inject({ method: 'GET', url, headers: me.headers })).json().next_cursor as string;
      const plan = await explain(await listQueryOf(`${url}&cursor=${encodeURIComponent(cursor)}`));
      expect(fullScanOfTasks(plan), plan.join('\n')).toBe(false);
      expect(sorts(plan), plan.join('\n')).toBe(false);
    },
  );

  test.each(['/api/tasks/shared', '/api/tasks/shared?label=work&sort=priority', '/api/tasks/pending-shares'])(
    '%s starts from the recipient index',
    async (url) => {
      const friend = await t.signUp();
      const plan = await explain(await listQueryOf(url, friend));
      expect(fullScanOfTasks(plan), plan.join('\n')).toBe(false);
      expect(anyFullScan(plan), plan.join('\n')).toBe(false);
    },
  );

  test.each(['/api/tasks/summary?today=2030-01-01', '/api/tasks/summary?priority=high', '/api/tasks/summary?label=work&search=t'])(
    'the counters of %s are read through an index',
    async (url) => {
      captured.length = 0;
      const response = await t.app.inject({ method: 'GET', url, headers: me.headers });
      expect(response.statusCode, response.body).toBe(200);
      const counts = captured.filter((q) => /^select cast\(/.test(q.sql) && /from "tasks"/.test(q.sql));
      expect(counts.length, url).toBeGreaterThan(0);
      for (const query of counts) {
        const plan = await explain(query);
        expect(fullScanOfTasks(plan), plan.join('\n')).toBe(false);
      }
      const labels = captured.find((q) => /from "labels"/.test(q.sql) && /"labels"\."name"/.test(q.sql));
      expect(anyFullScan(await explain(labels!))).toBe(false);
    },
  );

  test('rendering tasks with their labels, shares and owner reads every table by index', async () => {
    captured.length = 0;
    // A fresh app has nothing rendered yet: the list renders every task.
    const fresh = await createTestApp(dialect, {
      onQuery: (text: string, parameters?: readonly unknown[]) => void captured.push({ sql: text, parameters: parameters ?? [] }),
    });
    try {
      const user = await fresh.signUp();
      const friend = await fresh.signUp();
      const task = (
        await fresh.app.inject({
          method: 'POST',
          url: '/api/tasks/add',
          headers: user.headers,
          payload: { title: 'x', labels: ['a', 'b'] },
        })
      ).json().task;
      await fresh.app.inject({
        method: 'POST',
        url: `/api/tasks/${task.id}/share`,
        headers: user.headers,
        payload: { email_ids: [friend.user.email] },
      });
      captured.length = 0;
      await fresh.app.inject({ method: 'GET', url: '/api/tasks', headers: user.headers });
      const render = captured.find((q) => /where "tasks"\."id" in/.test(q.sql));
      expect(render).toBeDefined();
      const plan = await fresh.database.db.connection().execute(async (db) => {
        if (dialect === 'sqlite') {
          const result = await db.executeQuery<{ detail: string }>(
            CompiledQuery.raw(`explain query plan ${render!.sql}`, [...render!.parameters]),
          );
          return result.rows.map((row) => row.detail);
        }
        await sql`set enable_seqscan = off`.execute(db);
        const result = await db.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${render!.sql}`, [...render!.parameters]),
        );
        await sql`reset enable_seqscan`.execute(db);
        return result.rows.map((row) => row['QUERY PLAN']);
      });
      expect(anyFullScan(plan), plan.join('\n')).toBe(false);
    } finally {
      await fresh.close();
    }
  });
});
