/**
 * Search at scale (issue 19): a text in no task, searched in one user's tasks of the bench's SQLite
 * file, as the dashboard asks it: one page (GET /api/tasks?search=…&limit=100, which reads 101 keys)
 * and the summary (GET /api/tasks/summary?search=…: its counters, its total with the search, its
 * label names). The repository's own queries, so the SQL is what the server runs; timed through
 * the repository (median of 5 after one warm-up read) and EXPLAINed. Budget: the page ≤ 15 ms at
 * 100,000 tasks; the summary is reported. For `bench/run.ts`: `await measureSearch(dbFile, users.scale.id)`.
 */
import SQLite from 'better-sqlite3';
import { openDatabase, registerSqlFunctions } from '../server/db/database.ts';
import { createTaskRepository } from '../server/db/repositories/task.repository.ts';

export interface SearchMeasure {
  /** EXPLAIN QUERY PLAN of the page's query, then of the summary's total with the search. */
  plan: string;
  pageMs: number;
  summaryMs: number;
  /** The plans read the trigram index (tasks_search) and walk no table or index from end to end. */
  indexed: boolean;
}

const RUNS = 5;

/** `needle` as the service hands it over: trimmed and lower-cased. The default is in no task of the seed. */
export async function measureSearch(dbFile: string, userId: number, needle = 'qzxv'): Promise<SearchMeasure> {
  const captured: Array<{ sql: string; parameters: readonly unknown[] }> = [];
  const database = openDatabase({ sqlitePath: dbFile, onQuery: (sql, parameters) => captured.push({ sql, parameters }) });
  const repository = createTaskRepository(database.db, 'sqlite');
  const raw = new SQLite(dbFile, { readonly: true });
  registerSqlFunctions(raw);
  const list = { ownerId: userId, search: needle };
  const day = new Date().toISOString().slice(0, 10);
  // What task.service.ts `summarize` reads for a summary with a search and no other filter.
  const summary = () =>
    Promise.all([
      repository.countTasks({ ownerId: userId }, day),
      repository.countMatching(list),
      repository.labelNamesOn({ ownerId: userId }),
    ]);
  const page = () => repository.listKeys({ ...list, sort: 'created_at', direction: 'desc' }, { limit: 101 });
  const median = async (run: () => Promise<unknown>) => {
    await run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  };
  const planOf = (query: { sql: string; parameters: readonly unknown[] }) =>
    (raw.prepare(`explain query plan ${query.sql}`).all(...(query.parameters as unknown[])) as Array<{ detail: string }>).map(
      (row) => row.detail,
    );
  try {
    captured.length = 0;
    await page();
    // The last query of each: the search of tasks, or the index lookup alone when no task can hold the word.
    const searched = () => captured.findLast((query) => /casefold|tasks_search/.test(query.sql))!;
    const pagePlan = planOf(searched());
    captured.length = 0;
    await repository.countMatching(list);
    const countPlan = planOf(searched());
    const plans = [...pagePlan, ...countPlan];
    const pageMs = await median(page);
    const summaryMs = await median(summary);
    return {
      plan: `page: ${pagePlan.join(' · ')} | total: ${countPlan.join(' · ')}`,
      pageMs,
      summaryMs,
      // FTS5 reports its own index as "SCAN tasks_search [EXISTS] VIRTUAL TABLE INDEX …", a lookup, and
      // "SCAN (subquery-N)" reads back the at most 10,000 candidates it counted: neither walks a table.
      indexed:
        [pagePlan, countPlan].every((plan) => plan.some((line) => /^SCAN tasks_search (EXISTS )?VIRTUAL TABLE INDEX/.test(line))) &&
        !plans.some((line) => /^SCAN (?!agg\b|\(subquery-\d+\)|tasks_search (EXISTS )?VIRTUAL TABLE INDEX)/.test(line)),
    };
  } finally {
    raw.close();
    await database.close();
  }
}
