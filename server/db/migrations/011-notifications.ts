import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The notification centre (issue 22): what happened on a task that its people should hear of, one
 * row per recipient (`user_id`), written in the transaction of the change it tells of.
 *
 * Every kind is about a task (`task_id`) and goes with it (ON DELETE CASCADE: a deleted task takes
 * its notifications, and an undone delete brings them back with its snapshot, decision 021). The
 * one who acted (`actor_id`) may delete their account: the notification stays, without a name. A
 * notification of a comment goes with the comment. `excerpt` keeps the start of a comment as it was
 * when it was written; the task's title and the actor's name are read when the list is, so a rename
 * shows. `read_at` is null until the recipient reads it.
 *
 * (user_id, id) serves the list newest first and its unread count.
 */
export function notifications(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('notifications');
      await (
        dialect === 'postgres'
          ? table.addColumn('id', 'serial', (c) => c.primaryKey())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('comment_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
        .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text')
        .execute();
      await db.schema.createIndex('notifications_user_id_idx').on('notifications').columns(['user_id', 'id']).execute();
    },
  };
}
