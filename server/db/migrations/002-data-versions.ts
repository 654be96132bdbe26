import type { Kysely } from 'kysely';

/**
 * Versions that let every app process cache list answers and still be right after a write
 * made by another process (docs/performance.md):
 * - `users.data_version`: bumped, in the write's own transaction, whenever anything in one of
 *   that user's task lists changes. It is the list ETag and cache key, and it arrives with the
 *   user row that authentication reads anyway, so a 304 costs no query of its own.
 * - `tasks.revision`: bumped whenever the task as presented in a list changes (fields, labels,
 *   shares, who accepted); a rendered task is cached under (id, revision).
 */
export function dataVersions() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('data_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('tasks')
        .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // The list indexes end in the revision too: a list reads (id, revision) in order from the
      // index alone, without a table lookup per task (1,000 lookups were most of a list read).
      for (const [name, columns] of [
        ['tasks_owner_created_idx', ['user_id', 'created_at', 'id', 'revision']],
        ['tasks_owner_updated_idx', ['user_id', 'updated_at', 'id', 'revision']],
        ['tasks_owner_priority_idx', ['user_id', 'priority_rank', 'created_at', 'id', 'revision']],
        // "Lowest priority first" still lists the newest first within a priority: a mixed-direction
        // order the ascending index can only serve with a sort per rank.
        ['tasks_owner_priority_asc_idx', ['user_id', 'priority_rank', 'created_at desc', 'id desc', 'revision']],
      ] as const) {
        await db.schema.dropIndex(name).ifExists().execute();
        await db.schema
          .createIndex(name)
          .on('tasks')
          .columns([...columns])
          .execute();
      }
      // Shares listed per task in id order: the SQLite index ends in the rowid (= id) already,
      // PostgreSQL needs it spelled out; either way the per-task subquery needs no sort.
      await db.schema.createIndex('task_shares_task_idx').on('task_shares').columns(['task_id', 'id']).execute();
      // Labels of a task in their chosen order, without a sort per task.
      await db.schema.createIndex('task_labels_task_position_idx').on('task_labels').columns(['task_id', 'position']).execute();
    },
  };
}
