import type { Label } from '../../../common/schemas/label.schema.ts';

/** Spec §2 summary cards: total labels, total tasks, active labels, average tasks per label (rounded). */
export function labelStats(labels: readonly Label[]) {
  const totalTasks = labels.reduce((sum, label) => sum + (label.tasks_count ?? 0), 0);
  const active = labels.filter((label) => (label.tasks_count ?? 0) > 0).length;
  return {
    totalLabels: labels.length,
    totalTasks,
    activeLabels: active,
    averageTasks: labels.length ? Math.round(totalTasks / labels.length) : 0,
  };
}

/** Labels no task carries: what "Delete unused labels" removes. */
export const unusedLabels = (labels: readonly Label[]) => labels.filter((label) => (label.tasks_count ?? 0) === 0);

/** One label per name regardless of case, as the server has it (labels.name_key). */
export const labelNameKey = (name: string) => name.trim().toLowerCase();
