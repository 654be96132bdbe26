import { queryOptions } from '@tanstack/react-query';
import type { TaskInput, TaskListQuery } from '../../../common/schemas/task.schema.ts';
import {
  CompletionResponse,
  SharedTasksResponse,
  TaskDetailResponse,
  TaskResponse,
  TasksResponse,
} from '../../../common/schemas/task.schema.ts';
import { apiRequest } from '../api-client.ts';

export type TaskScope = 'own' | 'shared';
export type TaskServerFilters = Partial<Pick<TaskListQuery, 'label' | 'sort' | 'direction'>> & { priority?: string | undefined };

/** Query keys: everything about tasks lives under ['tasks'] so one invalidation refreshes all. */
export const taskKeys = {
  all: ['tasks'] as const,
  list: (scope: TaskScope, filters: TaskServerFilters) => ['tasks', scope, filters] as const,
  detail: (id: number) => ['tasks', 'detail', id] as const,
};

const toQuery = (filters: TaskServerFilters) => ({
  label: filters.label,
  sort: filters.sort,
  direction: filters.direction,
  priority: filters.priority === 'all' ? undefined : filters.priority,
});

/** GET /api/tasks (own) or GET /api/tasks/shared, with the same filters; `limit` asks for a first page only. */
function fetchTaskList(scope: TaskScope, filters: TaskServerFilters, signal: AbortSignal, limit?: number) {
  const query = { ...toQuery(filters), limit };
  return scope === 'own'
    ? apiRequest('/api/tasks', { query, schema: TasksResponse, signal }).then((r) => r.tasks)
    : apiRequest('/api/tasks/shared', { query, schema: SharedTasksResponse, signal }).then((r) => r.shared_tasks);
}

export const taskListQuery = (scope: TaskScope, filters: TaskServerFilters) =>
  queryOptions({
    queryKey: taskKeys.list(scope, filters),
    queryFn: ({ signal }) => fetchTaskList(scope, filters, signal),
  });

/** How many tasks the first page of a long list holds: more than any screen shows at once. */
export const FIRST_PAGE_SIZE = 50;

/**
 * The first page of the same list (`limit`, beyond the spec's call): a long list paints its top
 * from this small answer while the whole list, which the counters and search need, arrives.
 */
export const taskFirstPageQuery = (scope: TaskScope, filters: TaskServerFilters) =>
  queryOptions({
    queryKey: [...taskKeys.list(scope, filters), 'first-page'] as const,
    queryFn: ({ signal }) => fetchTaskList(scope, filters, signal, FIRST_PAGE_SIZE),
  });

export const taskDetailQuery = (id: number) =>
  queryOptions({
    queryKey: taskKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(`/api/task/${id}`, { schema: TaskDetailResponse, signal }),
  });

export const addTask = (input: TaskInput & { duplicated_from?: number }) =>
  apiRequest('/api/tasks/add', { method: 'POST', body: input, schema: TaskResponse }).then((r) => r.task);

export const updateTask = (id: number, input: TaskInput) =>
  apiRequest(`/api/tasks/update/${id}`, { method: 'PUT', body: input, schema: TaskResponse }).then((r) => r.task);

export const setTaskCompleted = (id: number, completed: boolean) =>
  apiRequest(`/api/tasks/${completed ? 'complete' : 'uncomplete'}/${id}`, { method: 'PUT', schema: CompletionResponse }).then(
    (r) => r.task,
  );

export const deleteTask = (id: number) => apiRequest(`/api/tasks/delete/${id}`, { method: 'DELETE' });
