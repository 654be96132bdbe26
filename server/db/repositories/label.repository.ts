import { sql, type Kysely, type Selectable } from 'kysely';
import type { Dialect } from '../database.ts';
import type { LabelsTable, Tables } from '../tables.ts';

export type LabelRow = Selectable<LabelsTable>;

export const labelKey = (name: string) => name.trim().toLowerCase();

/** Task ids per IN list when reading the labels of many tasks (bounded on both databases). */
const TASK_BATCH = 500;

/**
 * `dialect` is needed only for row locks (`findOwned` with `lock`, `ensure`): PostgreSQL takes
 * them, SQLite writes one transaction at a time anyway.
 */
export function createLabelRepository(db: Kysely<Tables>, dialect?: Dialect) {
  /** The tasks that carry a label, as a subquery (no id list however many tasks that is). */
  const tasksCarrying = (labelId: number) =>
    db.selectFrom('task_labels').select('task_labels.task_id').where('task_labels.label_id', '=', labelId);

  return {
    /**
     * Returns the owner's labels for these names, creating missing ones. One label per
     * name regardless of case; the first spelling used is kept.
     */
    async ensure(ownerId: number, names: string[], now: string): Promise<LabelRow[]> {
      const unique = new Map<string, string>();
      for (const name of names) {
        const trimmed = name.trim();
        if (trimmed && !unique.has(labelKey(trimmed))) unique.set(labelKey(trimmed), trimmed);
      }
      if (unique.size === 0) return [];
      const wanted = [...unique.keys()];
      let rows: LabelRow[] = [];
      // A label deleted (or merged away) by its owner between the insert and the select is made
      // again; on PostgreSQL the rows found are share-locked, so no delete can land before the
      // task links to them (a link to a vanished label would fail its foreign key).
      for (let attempt = 0; attempt < 3 && rows.length < unique.size; attempt += 1) {
        const missing = wanted.filter((key) => !rows.some((row) => row.name_key === key));
        await db
          .insertInto('labels')
          .values(missing.map((key) => ({ user_id: ownerId, name: unique.get(key)!, name_key: key, color: null, created_at: now })))
          .onConflict((oc) => oc.columns(['user_id', 'name_key']).doNothing())
          .execute();
        let query = db.selectFrom('labels').selectAll().where('user_id', '=', ownerId).where('name_key', 'in', wanted);
        if (dialect === 'postgres') query = query.forKeyShare();
        rows = await query.execute();
      }
      const order = [...unique.keys()];
      return rows.sort((a, b) => order.indexOf(a.name_key) - order.indexOf(b.name_key));
    },

    async setTaskLabels(taskId: number, labelIds: number[]): Promise<void> {
      await db.deleteFrom('task_labels').where('task_id', '=', taskId).execute();
      if (labelIds.length === 0) return;
      await db
        .insertInto('task_labels')
        .values(labelIds.map((labelId, position) => ({ task_id: taskId, label_id: labelId, position })))
        .execute();
    },

    /** The owner's labels with how many of their tasks carry each. */
    async listWithCounts(ownerId: number): Promise<Array<LabelRow & { tasks_count: number }>> {
      const rows = await db
        .selectFrom('labels')
        .leftJoin('task_labels', 'task_labels.label_id', 'labels.id')
        .selectAll('labels')
        .select(sql<number>`count(task_labels.task_id)`.as('tasks_count'))
        .where('labels.user_id', '=', ownerId)
        .groupBy(['labels.id', 'labels.user_id', 'labels.name', 'labels.name_key', 'labels.color', 'labels.created_at'])
        .orderBy('labels.name_key')
        .execute();
      return rows.map((row) => ({ ...row, tasks_count: Number(row.tasks_count) }));
    },

    /**
     * One of the owner's labels. With `lock`, on PostgreSQL its row stays locked until the
     * transaction ends: a task write that links it (the foreign key's share lock) waits for the
     * administration to commit, and the administration waits for a link being written, so the
     * tasks it bumps are exactly the tasks that carry the label.
     */
    async findOwned(ownerId: number, id: number, lock = false): Promise<LabelRow | undefined> {
      let query = db.selectFrom('labels').selectAll().where('id', '=', id).where('user_id', '=', ownerId);
      if (lock && dialect === 'postgres') query = query.forUpdate();
      return query.executeTakeFirst();
    },

    /** One of the owner's labels with how many tasks carry it (GET /api/labels' shape). */
    async findWithCount(ownerId: number, id: number): Promise<(LabelRow & { tasks_count: number }) | undefined> {
      const row = await db
        .selectFrom('labels')
        .selectAll()
        .select((eb) =>
          eb
            .selectFrom('task_labels')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('task_labels.label_id', '=', 'labels.id')
            .as('tasks_count'),
        )
        .where('id', '=', id)
        .where('user_id', '=', ownerId)
        .executeTakeFirst();
      return row && { ...row, tasks_count: Number(row.tasks_count) };
    },

    findByKey(ownerId: number, key: string): Promise<LabelRow | undefined> {
      return db.selectFrom('labels').selectAll().where('user_id', '=', ownerId).where('name_key', '=', key).executeTakeFirst();
    },

    /** The tasks that carry the label, by id. */
    async taskIdsCarrying(labelId: number): Promise<number[]> {
      const rows = await tasksCarrying(labelId).orderBy('task_labels.task_id').execute();
      return rows.map((row) => Number(row.task_id));
    },

    /** Everyone with an account a task carrying the label is shared with (pending or accepted), per task. */
    async recipientsOnTasksCarrying(labelId: number): Promise<Array<{ taskId: number; userId: number }>> {
      const rows = await db
        .selectFrom('task_shares')
        .select(['task_shares.task_id', 'task_shares.user_id'])
        .where('task_shares.task_id', 'in', tasksCarrying(labelId))
        .where('task_shares.user_id', 'is not', null)
        .$narrowType<{ user_id: number }>()
        .execute();
      return rows.map((row) => ({ taskId: Number(row.task_id), userId: Number(row.user_id) }));
    },

    /**
     * Every task carrying the label is shown differently now: its rendered JSON is stale (tables.ts,
     * revision). Returns the tasks it bumped.
     */
    async bumpRevisionsOfTasksCarrying(labelId: number): Promise<number[]> {
      const rows = await db
        .updateTable('tasks')
        .set({ revision: sql<number>`revision + 1` })
        .where('id', 'in', tasksCarrying(labelId))
        .returning('id')
        .execute();
      return rows.map((row) => Number(row.id));
    },

    async update(id: number, changes: { name?: string; color?: string | null }): Promise<void> {
      const set = {
        ...(changes.name !== undefined ? { name: changes.name, name_key: labelKey(changes.name) } : {}),
        ...(changes.color !== undefined ? { color: changes.color } : {}),
      };
      if (Object.keys(set).length) await db.updateTable('labels').set(set).where('id', '=', id).execute();
    },

    /** The label goes, and with it every task's link to it (ON DELETE CASCADE); the others keep their places. */
    async remove(id: number): Promise<void> {
      await db.deleteFrom('labels').where('id', '=', id).execute();
    },

    /**
     * The source's tasks carry the target instead, in the source's place; a task carrying both
     * keeps the target where it was. Then the source goes.
     */
    async mergeInto(sourceId: number, targetId: number): Promise<void> {
      await db.deleteFrom('task_labels').where('label_id', '=', sourceId).where('task_id', 'in', tasksCarrying(targetId)).execute();
      await db.updateTable('task_labels').set({ label_id: targetId }).where('label_id', '=', sourceId).execute();
      await db.deleteFrom('labels').where('id', '=', sourceId).execute();
    },

    /** Each task's label names in their order (tasks without labels map to []). */
    async namesOnTasks(taskIds: readonly number[]): Promise<Map<number, string[]>> {
      const names = new Map<number, string[]>(taskIds.map((id) => [id, []]));
      for (let start = 0; start < taskIds.length; start += TASK_BATCH) {
        const rows = await db
          .selectFrom('task_labels')
          .innerJoin('labels', 'labels.id', 'task_labels.label_id')
          .select(['task_labels.task_id', 'labels.name'])
          .where('task_labels.task_id', 'in', taskIds.slice(start, start + TASK_BATCH))
          .orderBy('task_labels.task_id')
          .orderBy('task_labels.position')
          .execute();
        for (const row of rows) names.get(Number(row.task_id))?.push(row.name);
      }
      return names;
    },

    /** Deletes the owner's labels no task carries; how many went. */
    async deleteUnused(ownerId: number): Promise<number> {
      const result = await db
        .deleteFrom('labels')
        .where('user_id', '=', ownerId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('task_labels')
                .select(sql`1`.as('one'))
                .whereRef('task_labels.label_id', '=', 'labels.id'),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type LabelRepository = ReturnType<typeof createLabelRepository>;
