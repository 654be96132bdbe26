/**
 * Query plans and timings at scale: the server's own list queries (from its repository, so the
 * SQL is exactly what it runs) for the user with 100,000 tasks in a database of 1,000,000,
 * EXPLAINed and timed on the bench's SQLite file.
 */
import SQLite from 'better-sqlite3';
import { openDatabase, registerSqlFunctions } from '../server/db/database.ts';
import { createTaskRepository, type TaskListFilter } from '../server/db/repositories/task.repository.ts';

export interface PlanCheck {
  name: string;
  plan: string;
  /** A table walked from end to end (SQLite's SCAN, with or without an index). */
  fullScan: boolean;
  /** A sort step: the index does not give the order. */
  sorted: boolean;
  /** Whether a sort is acceptable here (lists of the few tasks shared with someone). */
  sortAllowed: boolean;
  ms: number;
  rows: number;
}

export async function checkPlansAtScale(file: string, users: { scale: number; list: number }): Promise<PlanCheck[]> {
  const captured: Array<{ sql: string; parameters: readonly unknown[] }> = [];
  const database = openDatabase({ sqlitePath: file, onQuery: (sql, parameters) => captured.push({ sql, parameters }) });
  const repository = createTaskRepository(database.db, 'sqlite');
  const raw = new SQLite(file, { readonly: true });
  registerSqlFunctions(raw);
  const labelKey = raw.prepare('select name_key from labels where user_id = ? order by id limit 1').pluck().get(users.scale) as string;
  // A day some of the user's tasks are due on, for the dashboard's "due today".
  const day = raw
    .prepare('select due_date from tasks where user_id = ? and due_date is not null order by id limit 1')
    .pluck()
    .get(users.scale) as string;
  const own = (extra: Partial<TaskListFilter>): TaskListFilter => ({
    ownerId: users.scale,
    sort: 'created_at',
    direction: 'desc',
    ...extra,
  });
  const page = { limit: 51 };
  const cases: Array<{ name: string; run: () => Promise<unknown>; sortAllowed?: boolean }> = [
    { name: 'own, newest first (the spec call: all 100,000)', run: () => repository.listKeys(own({})) },
    { name: 'own, page of 50, newest first', run: () => repository.listKeys(own({}), page) },
    { name: 'own, page of 50, oldest first', run: () => repository.listKeys(own({ direction: 'asc' }), page) },
    { name: 'own, page of 50, recently updated', run: () => repository.listKeys(own({ sort: 'updated_at' }), page) },
    { name: 'own, page of 50, priority high first', run: () => repository.listKeys(own({ sort: 'priority' }), page) },
    { name: 'own, page of 50, priority low first', run: () => repository.listKeys(own({ sort: 'priority', direction: 'asc' }), page) },
    { name: 'own, page of 50, priority = high', run: () => repository.listKeys(own({ priority: 'high' }), page) },
    { name: 'own, page of 50, label filter (1 task in 20)', run: () => repository.listKeys(own({ labelKey }), page) },
    {
      name: 'own, page of 50 after the first 10,000 (cursor)',
      run: async () => {
        const keys = await repository.listKeys(own({}), { limit: 10_000 });
        const after = await repository.positionOf(keys.at(-1)!.id);
        captured.length = 0;
        return repository.listKeys(own({}), { limit: 51, after });
      },
    },
    // The dashboard's pages: pending tasks first, then completed ones, each a keyset page.
    { name: 'own, page of 50, pending first (the dashboard)', run: () => repository.listKeys(own({ completed: 0 }), page) },
    { name: 'own, page of 50, completed after them', run: () => repository.listKeys(own({ completed: 1 }), page) },
    { name: 'own, page of 50, due on one day', run: () => repository.listKeys(own({ dueDate: day, completed: 0 }), page) },
    { name: 'own, page of 50, search (a word in 1 task of ~15)', run: () => repository.listKeys(own({ search: 'passport' }), page) },
    // A word in no task: the trigram index (migration 007) finds no candidate (docs/performance.md, Search).
    { name: 'own, page of 50, search (a word in no task)', run: () => repository.listKeys(own({ search: 'qzxv' }), page) },
    {
      name: 'own, counters of all 100,000 with a search (the dashboard summary)',
      run: async () => [await repository.countTasks({ ownerId: users.scale, search: 'passport' }, day)],
    },
    {
      name: 'own, counters of all 100,000 (the dashboard summary)',
      run: async () => [await repository.countTasks({ ownerId: users.scale }, day)],
    },
    {
      name: 'own, label names in use (the dashboard summary)',
      run: () => repository.labelNamesOn({ ownerId: users.scale }),
    },
    {
      name: 'shared with me (accepted)',
      run: () => repository.listKeys({ recipient: { userId: users.list, status: 'accepted' }, sort: 'created_at', direction: 'desc' }),
      sortAllowed: true,
    },
    {
      name: 'pending shares',
      run: () => repository.listKeys({ recipient: { userId: users.list, status: 'pending' }, sort: 'created_at', direction: 'desc' }),
      sortAllowed: true,
    },
    {
      name: 'render 50 tasks with labels, shares, owner',
      run: async () => {
        const keys = await repository.listKeys(own({}), { limit: 50 });
        captured.length = 0;
        return repository.findManyWithRelations(keys.map((key) => key.id));
      },
    },
  ];
  const checks: PlanCheck[] = [];
  try {
    for (const { name, run, sortAllowed = false } of cases) {
      captured.length = 0;
      const result = (await run()) as unknown[];
      const query = captured.at(-1)!;
      const plan = (
        raw.prepare(`explain query plan ${query.sql}`).all(...(query.parameters as unknown[])) as Array<{ detail: string }>
      ).map((row) => row.detail);
      const statement = raw.prepare(query.sql);
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        statement.all(...(query.parameters as unknown[]));
        times.push(performance.now() - started);
      }
      checks.push({
        name,
        plan: plan.join(' · '),
        // "SCAN agg" and "SCAN (subquery-N)" read back a subquery's rows, and the search index is read
        // through its own VIRTUAL TABLE INDEX; every other SCAN walks a table or index.
        fullScan: plan.some((line) => /^SCAN (?!agg\b|\(subquery-\d+\)|tasks_search (EXISTS )?VIRTUAL TABLE INDEX)/.test(line)),
        sorted: plan.some((line) => /USE TEMP B-TREE FOR (.* )?ORDER BY/.test(line)),
        sortAllowed,
        ms: times.sort((a, b) => a - b)[1]!,
        rows: result.length,
      });
    }
  } finally {
    raw.close();
    await database.close();
  }
  return checks;
}
