import { sql, type Kysely, type Selectable } from 'kysely';
import type { SubtasksTable, Tables } from '../tables.ts';

export type SubtaskRow = Selectable<SubtasksTable>;

/** A task's subtasks (migration 009). Access is the service's to check; every write here runs in its transaction. */
export function createSubtaskRepository(db: Kysely<Tables>) {
  /** In list order: by position, then by id (a tie can only come from concurrent writes of old). */
  const listForTask = (taskId: number): Promise<SubtaskRow[]> =>
    db.selectFrom('subtasks').selectAll().where('task_id', '=', taskId).orderBy('position').orderBy('id').execute();

  return {
    listForTask,

    findById(id: number): Promise<SubtaskRow | undefined> {
      return db.selectFrom('subtasks').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Appends the titles, in order, after the task's last subtask. */
    async append(taskId: number, titles: readonly string[], dueDate: string | null, now: string): Promise<SubtaskRow[]> {
      const last = await db
        .selectFrom('subtasks')
        .select(sql<number | null>`max(${sql.ref('position')})`.as('position'))
        .where('task_id', '=', taskId)
        .executeTakeFirst();
      const start = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
      return db
        .insertInto('subtasks')
        .values(
          titles.map((title, index) => ({
            task_id: taskId,
            title,
            is_completed: 0,
            due_date: dueDate,
            position: start + index,
            created_at: now,
            updated_at: now,
          })),
        )
        .returningAll()
        .execute();
    },

    async update(
      id: number,
      changes: Partial<{ title: string; is_completed: number; due_date: string | null }>,
      now: string,
    ): Promise<void> {
      await db
        .updateTable('subtasks')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Positions 0…n-1 in the order given (the task's subtasks, every one of them), in one statement. */
    async setOrder(taskId: number, ids: readonly number[], now: string): Promise<void> {
      if (ids.length === 0) return;
      const cases = sql.join(
        ids.map((id, index) => sql`when ${id} then cast(${index} as integer)`),
        sql` `,
      );
      await db
        .updateTable('subtasks')
        .set({ position: sql<number>`case ${sql.ref('id')} ${cases} end`, updated_at: now })
        .where('task_id', '=', taskId)
        .where('id', 'in', ids)
        .execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('subtasks').where('id', '=', id).execute();
    },

    /**
     * Completes the task's open subtasks; their ids, for an undo to reopen exactly those. The ids
     * read are the ones written: a subtask added meanwhile stays open and is not reported.
     */
    async completeOpen(taskId: number, now: string): Promise<number[]> {
      const open = await db
        .selectFrom('subtasks')
        .select('id')
        .where('task_id', '=', taskId)
        .where('is_completed', '=', 0)
        .orderBy('position')
        .execute();
      const ids = open.map((row) => row.id);
      if (ids.length > 0) {
        await db
          .updateTable('subtasks')
          .set({ is_completed: 1, updated_at: now })
          .where('task_id', '=', taskId)
          .where('id', 'in', ids)
          .execute();
      }
      return ids;
    },

    /** Reopens those of `ids` that are the task's done subtasks; how many. */
    async reopen(taskId: number, ids: readonly number[], now: string): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db
        .updateTable('subtasks')
        .set({ is_completed: 0, updated_at: now })
        .where('task_id', '=', taskId)
        .where('id', 'in', [...ids])
        .where('is_completed', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * A repeating task's next occurrence, or a duplicate, gets the same subtasks in the same order,
     * all open, with their dates; how many.
     */
    async copyToTask(fromTaskId: number, toTaskId: number, now: string): Promise<number> {
      const subtasks = await listForTask(fromTaskId);
      if (subtasks.length === 0) return 0;
      await db
        .insertInto('subtasks')
        .values(
          subtasks.map((subtask, index) => ({
            task_id: toTaskId,
            title: subtask.title,
            is_completed: 0,
            due_date: subtask.due_date,
            position: index,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      return subtasks.length;
    },
  };
}
export type SubtaskRepository = ReturnType<typeof createSubtaskRepository>;
