import type { Kysely } from 'kysely';

/**
 * The keys of task creations (issue 23, decision 034). A create sent again with the same
 * `Idempotency-Key` (a create made offline whose answer was lost, sent again when the connection
 * returns) finds the task the first one made instead of making a second. A key belongs to one
 * person; once its task is deleted it makes a new one, and it is forgotten after a week (the offline
 * copy's age limit).
 */
export function taskCreateKeys() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('task_create_keys')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('key', 'text', (c) => c.notNull())
        // Set null, not cascade: a deleted task's Undo snapshot (decision 021) takes cascading rows along,
        // and a key claimed again meanwhile would collide with the one put back.
        .addColumn('task_id', 'integer', (c) => c.references('tasks.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('task_create_keys_pk', ['user_id', 'key'])
        .execute();
      await db.schema.createIndex('task_create_keys_created_idx').on('task_create_keys').column('created_at').execute();
      await db.schema.createIndex('task_create_keys_task_idx').on('task_create_keys').column('task_id').execute();
    },
  };
}
