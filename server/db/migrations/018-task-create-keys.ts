import type { Kysely } from 'kysely';

/**
 * The keys of task creations (issue 23, decision 034). A create sent again with the same
 * `Idempotency-Key` (a create made offline whose answer was lost, sent again when the connection
 * returns) finds the task the first one made instead of making a second. A key belongs to one
 * person; it goes with its task, and is forgotten after a week (the offline copy's age limit).
 */
export function taskCreateKeys() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('task_create_keys')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('task_id', 'integer', (c) => c.references('tasks.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('task_create_keys_pk', ['user_id', 'key'])
        .execute();
      await db.schema.createIndex('task_create_keys_created_idx').on('task_create_keys').column('created_at').execute();
      await db.schema.createIndex('task_create_keys_task_idx').on('task_create_keys').column('task_id').execute();
    },
  };
}
