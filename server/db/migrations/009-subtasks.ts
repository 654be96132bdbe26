import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Subtasks (issue 21, part 5): a task's ordered list of smaller steps, one level deep. Each has a
 * title (no longer than a task's), a done flag (0/1, as tasks have), an optional due date
 * (`YYYY-MM-DD`) and a position in its task's list; they go with their task (ON DELETE CASCADE),
 * so deleting a task or an account removes them.
 *
 * (task_id, position) serves the task's list in order, and the counts of a task's subtasks that
 * lists show as its progress ("3/7"): services/subtask.service.ts, task.repository.ts.
 * Positions need not be consecutive (a delete leaves a gap); a reorder writes 0…n-1 again.
 */
export function subtasks(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('subtasks');
      await (
        dialect === 'postgres'
          ? table.addColumn('id', 'serial', (c) => c.primaryKey())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('is_completed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('due_date', 'text')
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('subtasks_task_position_idx').on('subtasks').columns(['task_id', 'position']).execute();
    },
  };
}
