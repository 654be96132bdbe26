import type { Priority } from '../../../common/constants.ts';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { completedLast, isDueToday } from '../../../common/task-rules.ts';

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

/** What the server filters and sorts (a change reloads the list). */
export function serverFilters(filters: DashboardFilters) {
  return {
    label: filters.label === 'all' ? undefined : filters.label,
    priority: filters.priority === 'all' ? undefined : filters.priority,
    sort: filters.sort,
    direction: filters.direction,
  };
}

/** What the browser filters on the loaded list: search, status, due today; completed last. */
export function visibleTasks(tasks: readonly Task[], filters: DashboardFilters, today: string): Task[] {
  const needle = filters.search.trim().toLocaleLowerCase();
  const matching = tasks.filter((task) => {
    if (filters.status === 'pending' && task.is_completed === 1) return false;
    if (filters.status === 'completed' && task.is_completed !== 1) return false;
    if (filters.dueToday && !isDueToday(task, today)) return false;
    if (needle && !task.title.toLocaleLowerCase().includes(needle) && !task.description.toLocaleLowerCase().includes(needle)) return false;
    return true;
  });
  return completedLast(matching);
}

export function countTasks(tasks: readonly Task[], today: string) {
  let pending = 0;
  let done = 0;
  let dueToday = 0;
  for (const task of tasks) {
    if (task.is_completed === 1) done++;
    else pending++;
    // The same rule as the "due today" filter the counter switches on, so its number is what it shows.
    if (isDueToday(task, today)) dueToday++;
  }
  return { pending, done, dueToday };
}

/** Label filter options: every label among the loaded tasks, by name. */
export function labelOptions(tasks: readonly Task[]): string[] {
  const names = new Map<string, string>();
  for (const task of tasks) for (const label of task.labels) names.set(label.name.toLocaleLowerCase(), label.name);
  return [...names.values()].sort((a, b) => a.localeCompare(b));
}

export function activeFilterCount(filters: DashboardFilters): number {
  return [filters.label !== 'all', filters.priority !== 'all', filters.status !== 'all', filters.dueToday].filter(Boolean).length;
}
