import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Files on tasks (issue 24). A row is one stored file: its bytes under `storage_key` in the file
 * store (server/storage), a small WebP picture under `thumbnail_key` when it is an image sharp could
 * read. `name` is the file's name as shown and downloaded (cleaned: no folders, no control or bidi
 * characters), `mime` the type sniffed from its bytes, never the client's word.
 *
 * Rows go with their task (ON DELETE CASCADE), so an undoable delete keeps them in its snapshot and
 * puts them back (decision 021); the bytes are deleted when the snapshot is purged, and the orphan
 * sweep deletes any a crash left behind. `user_id` is who added it; a file counts on the quota of its task's owner.
 * A file attached from a connected drive as a link has `link_url` (the file on the drive) and no
 * bytes here: no storage key, no thumbnail, nothing on the quota.
 */
export function attachments(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('attachments');
      await (
        dialect === 'postgres'
          ? table.addColumn('id', 'serial', (c) => c.primaryKey())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        // Null for a link to a file on the person's drive (link_url): no bytes are kept here.
        .addColumn('storage_key', 'text', (c) => c.unique())
        .addColumn('link_url', 'text')
        .addColumn('thumbnail_key', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('attachments_task_idx').on('attachments').columns(['task_id', 'id']).execute();
      // The quota: what one person has added, summed.
      await db.schema.createIndex('attachments_user_idx').on('attachments').columns(['user_id', 'size']).execute();
    },
  };
}
