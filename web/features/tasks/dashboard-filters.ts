import type { Priority } from '../../../common/constants.ts';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { completedLast } from '../../../common/task-rules.ts';

export type SortKey = 'created_at' | 'updated_at' | 'priority';
export type SortDirection = 'asc' | 'desc';

export interface DashboardFilters {
  search: string;
  priority: 'all' | Priority;
  status: 'all' | 'pending' | 'completed';
  label: string; // 'all' or a label name
  dueToday: boolean;
  sort: SortKey;
  direction: SortDirection;
}

export const INITIAL_FILTERS: DashboardFilters = {
  search: '',
  priority: 'all',
  status: 'all',
  label: 'all',
  dueToday: false,
  sort: 'created_at',
  direction: 'desc',
};

/** Spec §2: the active sort key flips direction; a new key starts descending. */
export function chooseSort(filters: DashboardFilters, key: Exclude<SortKey, 'priority'>): DashboardFilters {
  if (filters.sort === key) return { ...filters, direction: filters.direction === 'desc' ? 'asc' : 'desc' };
  return { ...filters, sort: key, direction: 'desc' };
}

/** Spec §2: the priority dropdown forces sort by priority descending and filters by it. */
export function choosePrioritySort(filters: DashboardFilters, priority: 'all' | Priority): DashboardFilters {
  return { ...filters, sort: 'priority', direction: 'desc', priority };
}

/**
 * What the server filters and sorts (a change reloads the list from its first page): every
 * filter, so the dashboard loads only the tasks it shows. `search` is the settled search text
 * (the dashboard waits for typing to pause), `today` the viewer's date for "due today".
 */
export function serverFilters(filters: DashboardFilters, search: string, today: string) {
  return {
    label: filters.label === 'all' ? undefined : filters.label,
    priority: filters.priority === 'all' ? undefined : filters.priority,
    sort: filters.sort,
    direction: filters.direction,
    search: search.trim() || undefined,
    status: filters.status,
    due_date: filters.dueToday ? today : undefined,
  };
}

/**
 * The loaded pages as one list: each task once (a task completed or reopened since its page was
 * read may stand in both streams until they reload), within the status filter, completed last.
 * The server already filtered and ordered them; this keeps a task the user just completed or
 * reopened where the rules say until the pages reload.
 */
export function visibleTasks(pages: readonly (readonly Task[])[], filters: Pick<DashboardFilters, 'status'>): Task[] {
  const seen = new Set<number>();
  const tasks: Task[] = [];
  for (const page of pages) {
    for (const task of page) {
      if (seen.has(task.id)) continue;
      seen.add(task.id);
      if (filters.status === 'pending' && task.is_completed === 1) continue;
      if (filters.status === 'completed' && task.is_completed !== 1) continue;
      tasks.push(task);
    }
  }
  return completedLast(tasks);
}

export function activeFilterCount(filters: DashboardFilters): number {
  return [filters.label !== 'all', filters.priority !== 'all', filters.status !== 'all', filters.dueToday].filter(Boolean).length;
}
