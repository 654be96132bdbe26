import { sql, type Kysely, type Selectable } from 'kysely';
import type { LabelsTable, Tables } from '../tables.ts';

export type LabelRow = Selectable<LabelsTable>;

export const labelKey = (name: string) => name.trim().toLowerCase();

export function createLabelRepository(db: Kysely<Tables>) {
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
      await db
        .insertInto('labels')
        .values([...unique].map(([key, name]) => ({ user_id: ownerId, name, name_key: key, color: null, created_at: now })))
        .onConflict((oc) => oc.columns(['user_id', 'name_key']).doNothing())
        .execute();
      const rows = await db
        .selectFrom('labels')
        .selectAll()
        .where('user_id', '=', ownerId)
        .where('name_key', 'in', [...unique.keys()])
        .execute();
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
  };
}
export type LabelRepository = ReturnType<typeof createLabelRepository>;
