import type { Kysely } from 'kysely';

/**
 * Undoable delete (issue 21, part 6; decision 021): a deleted task is gone from `tasks` at once, as
 * before, and for the undo window `deleted_tasks` keeps a snapshot of it and of every row that
 * belonged to it (its labels' links, shares, comments, activity, and any other table with a foreign
 * key to tasks), as JSON text, so its owner can put it back with its ids. One row per deleted task
 * (`task_id`, the key: a task id is never used twice); `restorable_until` is set at delete, and a
 * periodic purge deletes rows past it (`restorable_until` index). The owner's account going takes
 * its snapshots with it (ON DELETE CASCADE).
 */
export function deletedTasks() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('deleted_tasks')
        .addColumn('task_id', 'integer', (c) => c.primaryKey())
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('deleted_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('snapshot', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text', (c) => c.notNull())
        .addColumn('restorable_until', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('deleted_tasks_restorable_until_idx').on('deleted_tasks').column('restorable_until').execute();
    },
  };
}
