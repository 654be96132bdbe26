import { sql, type Kysely, type Selectable } from 'kysely';
import type { Dialect } from '../database.ts';
import type { AttachmentsTable, Tables } from '../tables.ts';

export type AttachmentRow = Selectable<AttachmentsTable>;
export type AttachmentWithUploader = AttachmentRow & { user_name: string };

/** Keys per IN list: far below both databases' limits on parameters. */
const BATCH = 500;

export function createAttachmentRepository(db: Kysely<Tables>, dialect: Dialect) {
  return {
    /** A task's files, oldest first, with who added each. */
    listForTask(taskId: number): Promise<AttachmentWithUploader[]> {
      return db
        .selectFrom('attachments')
        .innerJoin('users', 'users.id', 'attachments.user_id')
        .selectAll('attachments')
        .select('users.name as user_name')
        .where('attachments.task_id', '=', taskId)
        .orderBy('attachments.id')
        .execute();
    },

    findById(id: number): Promise<AttachmentRow | undefined> {
      return db.selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * What the files on a person's tasks take, in bytes, whoever attached them, with the images they
     * staged and no task has adopted yet (decision 037): the owner's tasks are the owner's storage
     * (they may delete any file on them), and a recipient who leaves a task leaves nothing on their
     * own quota. In a transaction on PostgreSQL the owner's user row is locked first, so two uploads
     * at once (any process) count one after the other and cannot both slip under the quota; SQLite
     * runs one write transaction at a time anyway.
     */
    async usedBytes(ownerId: number, options: { lock?: boolean } = {}): Promise<number> {
      // FOR NO KEY UPDATE: uploads for one owner queue here, while rows that only refer to the user
      // (their foreign-key checks take FOR KEY SHARE) go on.
      if (options.lock && dialect === 'postgres')
        await db.selectFrom('users').select('id').where('id', '=', ownerId).forNoKeyUpdate().execute();
      const row = await db
        .selectFrom('attachments')
        .leftJoin('tasks', 'tasks.id', 'attachments.task_id')
        .select(sql<string | number>`coalesce(sum(attachments.size), 0)`.as('used'))
        .where((eb) =>
          eb.or([
            eb('tasks.user_id', '=', ownerId),
            eb.and([eb('attachments.task_id', 'is', null), eb('attachments.user_id', '=', ownerId)]),
          ]),
        )
        // A link to a drive file keeps no bytes here.
        .where('attachments.storage_key', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(row.used);
    },

    /** Of `ids`, the images `userId` staged that no task has adopted yet. */
    staged(userId: number, ids: readonly number[]): Promise<AttachmentRow[]> {
      if (!ids.length) return Promise.resolve([]);
      return db
        .selectFrom('attachments')
        .selectAll()
        .where('id', 'in', ids.slice(0, BATCH))
        .where('user_id', '=', userId)
        .where('task_id', 'is', null)
        .orderBy('id')
        .execute();
    },

    /** Moves the still-staged of `ids` onto the task; answers the ids moved (another save may have taken some). */
    async adopt(ids: readonly number[], taskId: number): Promise<number[]> {
      if (!ids.length) return [];
      const moved = await db
        .updateTable('attachments')
        .set({ task_id: taskId })
        .where('id', 'in', ids)
        .where('task_id', 'is', null)
        .returning('id')
        .execute();
      return moved.map((row) => row.id);
    },

    /** Deletes the staged images no task adopted that were stored before `before`; answers their stored keys. */
    async deleteStagedBefore(before: string): Promise<string[]> {
      const rows = await db
        .deleteFrom('attachments')
        .where('task_id', 'is', null)
        .where('created_at', '<', before)
        .returning(['storage_key', 'thumbnail_key'])
        .execute();
      return rows.flatMap((row) => [row.storage_key, row.thumbnail_key].filter((key): key is string => key !== null));
    },

    insert(values: Omit<AttachmentRow, 'id'>): Promise<AttachmentRow> {
      return db.insertInto('attachments').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('attachments').where('id', '=', id).execute();
    },

    /** The stored keys of the files on a person's tasks and of the files they added anywhere (account deletion). */
    async keysOfAccount(userId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('attachments')
        .select(['storage_key', 'thumbnail_key'])
        .where((eb) =>
          eb.or([eb('user_id', '=', userId), eb('task_id', 'in', eb.selectFrom('tasks').select('id').where('user_id', '=', userId))]),
        )
        .execute();
      return rows.flatMap((row) => [row.storage_key, row.thumbnail_key].filter((key): key is string => key !== null));
    },

    /** Of `keys`, those a file row still names (as its bytes or its thumbnail). */
    async keysInUse(keys: readonly string[]): Promise<Set<string>> {
      const used = new Set<string>();
      for (let start = 0; start < keys.length; start += BATCH) {
        const batch = keys.slice(start, start + BATCH);
        const rows = await db
          .selectFrom('attachments')
          .select(['storage_key', 'thumbnail_key'])
          .where((eb) => eb.or([eb('storage_key', 'in', batch), eb('thumbnail_key', 'in', batch)]))
          .execute();
        for (const row of rows) {
          if (row.storage_key) used.add(row.storage_key);
          if (row.thumbnail_key) used.add(row.thumbnail_key);
        }
      }
      return used;
    },
  };
}

/**
 * The stored keys named by the file rows in deleted tasks' snapshots (decision 021): their bytes
 * must stay while the task can be put back, and go once the snapshot is purged.
 */
export function keysInSnapshots(snapshots: readonly string[]): string[] {
  const keys: string[] = [];
  for (const text of snapshots) {
    const snapshot = JSON.parse(text) as { tables?: Array<{ table: string; rows: Array<Record<string, unknown>> }> };
    for (const part of snapshot.tables ?? []) {
      if (part.table !== 'attachments') continue;
      for (const row of part.rows) {
        for (const key of [row.storage_key, row.thumbnail_key]) if (typeof key === 'string') keys.push(key);
      }
    }
  }
  return keys;
}
