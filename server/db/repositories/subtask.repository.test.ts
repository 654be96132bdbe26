import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, testDialects } from '../../../tests/support/test-database.ts';
import type { Database } from '../database.ts';
import { createSubtaskRepository } from './subtask.repository.ts';
import { createTaskRepository } from './task.repository.ts';

interface Captured {
  sql: string;
  parameters: readonly unknown[];
}

const TASKS = 10_000;
const NOW = '2030-01-01T00:00:00.000Z';

/**
 * Where a task's subtask progress comes from (docs/performance.md, "Subtasks"): counted when the task
 * is rendered, by two probes of (task_id, position) per task, at 10,000 tasks with 5,000 subtasks,
 * on plans the databases choose themselves (no ANALYZE, no planner settings). The list's own keys
 * query, which orders and pages the list, does not read subtasks at all.
 */
describe.each(testDialects())('subtask queries on %s at 10,000 tasks', (dialect) => {
  let database: Database;
  const captured: Captured[] = [];
  let ids: number[];
  let ownerId: number;

  beforeAll(async () => {
    database = await openTestDatabase(
      dialect,
      ((text: string, parameters?: readonly unknown[]) => void captured.push({ sql: text, parameters: parameters ?? [] })) as (
        sql: string,
      ) => void,
    );
    const db = database.db;
    const owner = await db
      .insertInto('users')
      .values({
        name: 'Owner',
        email: 'owner@example.com',
        password_hash: 'x',
        user_photo: null,
        language: null,
        created_at: NOW,
        updated_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ownerId = owner.id;
    for (let start = 0; start < TASKS; start += 500) {
      await db
        .insertInto('tasks')
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            user_id: owner.id,
            title: `Task ${start + i}`,
            description: '',
            due_date: null,
            priority: 'medium',
            priority_rank: 2,
            is_completed: 0,
            created_at: NOW,
            updated_at: NOW,
          })),
        )
        .execute();
    }
    ids = (await db.selectFrom('tasks').select('id').orderBy('id').execute()).map((row) => row.id);
    // One task in ten has five subtasks, two of them done.
    const subtasks = ids
      .filter((_, index) => index % 10 === 0)
      .flatMap((taskId) =>
        Array.from({ length: 5 }, (_, position) => ({
          task_id: taskId,
          title: `Step ${position}`,
          is_completed: position < 2 ? 1 : 0,
          due_date: null,
          position,
          created_at: NOW,
          updated_at: NOW,
        })),
      );
    for (let start = 0; start < subtasks.length; start += 500)
      await db
        .insertInto('subtasks')
        .values(subtasks.slice(start, start + 500))
        .execute();
  }, 120_000);
  afterAll(() => database.close());

  async function explain(query: Captured): Promise<string[]> {
    const text = dialect === 'sqlite' ? `explain query plan ${query.sql}` : `explain ${query.sql}`;
    const result = await database.db.executeQuery<Record<string, string>>(CompiledQuery.raw(text, [...query.parameters]));
    const plan = result.rows.map((row) => row.detail ?? row['QUERY PLAN'] ?? '');
    if (process.env.SHOW_PLANS) console.log(`${dialect}:\n${plan.join('\n')}`);
    return plan;
  }
  const scansSubtasks = (plan: string[]) =>
    plan.some((line) => (dialect === 'sqlite' ? /^SCAN subtasks\b/.test(line) : /Seq Scan on subtasks\b/.test(line)));
  const probesSubtaskIndex = (plan: string[]) => plan.filter((line) => line.includes('subtasks_task_position_idx')).length;

  test('rendering 1,000 tasks counts their subtasks through the index, two probes a task', async () => {
    captured.length = 0;
    const rows = await createTaskRepository(database.db, dialect).findManyWithRelations(ids.slice(-1_000));
    expect(rows).toHaveLength(1_000);
    const withSubtasks = rows.filter((row) => row.subtasks_total > 0);
    expect(withSubtasks).toHaveLength(100);
    for (const row of withSubtasks) expect([row.subtasks_done, row.subtasks_total]).toEqual([2, 5]);
    const plan = await explain(captured.find((query) => query.sql.includes('"subtasks"'))!);
    expect(scansSubtasks(plan), plan.join('\n')).toBe(false);
    expect(probesSubtaskIndex(plan), plan.join('\n')).toBeGreaterThanOrEqual(2);
  });

  test("a task's subtasks are read in order through the index", async () => {
    captured.length = 0;
    const list = await createSubtaskRepository(database.db).listForTask(ids[5_000]!);
    expect(list.map((subtask) => subtask.position)).toEqual([0, 1, 2, 3, 4]);
    const plan = await explain(captured.at(-1)!);
    expect(scansSubtasks(plan), plan.join('\n')).toBe(false);
    expect(probesSubtaskIndex(plan), plan.join('\n')).toBe(1);
  });

  test("a list's keys query, which orders and pages it, reads no subtasks", async () => {
    captured.length = 0;
    const keys = await createTaskRepository(database.db, dialect).listKeys(
      { ownerId, sort: 'created_at', direction: 'desc' },
      { limit: 101 },
    );
    expect(keys).toHaveLength(101);
    expect(captured.some((query) => query.sql.includes('subtasks'))).toBe(false);
  });
});
