import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Task } from '../../../common/schemas/task.schema.ts';
import type { TaskInput, TaskListQuery } from '../../../common/schemas/task-input.schema.ts';
import {
  CompleteResponse,
  CompletionResponse,
  SharedTasksPage,
  SkipOccurrenceResponse,
  TaskResponse,
  TaskSummary,
  TasksPage,
} from '../../../common/schemas/task.schema.ts';
import { apiRequest } from '../api-client.ts';
import { serverTaskId, waitingNewTasks, writesMustWait } from '../offline/pending-writes.ts';

/** Making, editing, completing and reopening while offline (decision 033): loaded the first time it is needed. */
const offlineWrites = () => import('../offline/offline-writes.ts');

export type TaskScope = 'own' | 'shared';
/** What the server filters and sorts: the spec's label, priority, sort and direction, and the dashboard's search, status and day. */
export type TaskServerFilters = Partial<
  Pick<TaskListQuery, 'label' | 'sort' | 'direction' | 'search' | 'status' | 'due_date' | 'due_from' | 'due_to'>
> & {
  priority?: string | undefined;
};

/** The filters a summary depends on: all but the order. */
type SummaryFilters = Omit<TaskServerFilters, 'sort' | 'direction'>;

/** Query keys: everything about tasks lives under ['tasks'] so one invalidation refreshes all. */
export const taskKeys = {
  all: ['tasks'] as const,
  /** Every loaded page of a scope's lists (their data is `{ pages: TaskPage[] }`). */
  pages: (scope: TaskScope) => ['tasks', scope, 'pages'] as const,
  list: (scope: TaskScope, filters: TaskServerFilters) => ['tasks', scope, 'pages', filters] as const,
  summary: (scope: TaskScope, filters: SummaryFilters, today: string) => ['tasks', scope, 'summary', filters, today] as const,
  detail: (id: number) => ['tasks', 'detail', id] as const,
};

/**
 * Tasks with subtask writes sent and not all answered (subtask-queries.ts). A refetch of such a
 * task's detail (a live update, the window regaining focus, another change's invalidation) would
 * read the database between two of them and paint an older list over the one shown (a row moved
 * up twice jumping back, then the next key moving the wrong row). The detail query is disabled
 * meanwhile, and read again once the last write is answered.
 */
const detailsBeingWritten = new Set<number>();

export function holdDetailRefreshes(taskId: number, holding: boolean) {
  if (holding) detailsBeingWritten.add(taskId);
  else detailsBeingWritten.delete(taskId);
}

const toQuery = (filters: TaskServerFilters) => ({
  label: filters.label,
  sort: filters.sort,
  direction: filters.direction,
  priority: filters.priority === 'all' ? undefined : filters.priority,
  search: filters.search || undefined,
  status: filters.status === 'all' ? undefined : filters.status,
  due_date: filters.due_date,
  due_from: filters.due_from,
  due_to: filters.due_to,
});

/** How many tasks one page of a list holds: more than a tall screen shows, few enough to paint at once. */
export const TASK_PAGE_SIZE = 100;

/** One page of a list and where the next one starts (null after the last). */
export interface TaskPage {
  tasks: Task[];
  next_cursor: string | null;
}

/**
 * Where a page starts. Pending tasks come first, then completed ones (spec: completed tasks are
 * always listed after pending ones): two keyset-paged streams, the second begun when the first ends.
 */
export interface TaskPageParam {
  status: 'pending' | 'completed';
  cursor: string | null;
}

/** GET /api/tasks (own) or GET /api/tasks/shared: one page with the same filters. */
async function fetchTaskPage(scope: TaskScope, filters: TaskServerFilters, param: TaskPageParam, signal: AbortSignal): Promise<TaskPage> {
  const query = { ...toQuery(filters), status: param.status, limit: TASK_PAGE_SIZE, cursor: param.cursor ?? undefined };
  if (scope === 'own') {
    const body = await apiRequest('/api/tasks', { query, schema: TasksPage, signal });
    // Tasks made offline stay on top of the first page of their stream until the server has them (decision 034).
    // (Their filtering loads with the offline writes, only when some wait: decision 025's budget.)
    const waiting =
      param.cursor === null && waitingNewTasks().length > 0 ? (await offlineWrites()).waitingTasksIn(filters, param.status) : [];
    return { tasks: waiting.length ? [...waiting, ...body.tasks] : body.tasks, next_cursor: body.next_cursor ?? null };
  }
  const body = await apiRequest('/api/tasks/shared', { query, schema: SharedTasksPage, signal });
  return { tasks: body.shared_tasks, next_cursor: body.next_cursor ?? null };
}

/**
 * A list loaded a page at a time as it is scrolled (beyond the spec's call, which answers
 * everything): the dashboard asks only for what it shows, at 10 tasks or 100,000.
 */
export const taskPagesQuery = (scope: TaskScope, filters: TaskServerFilters) => {
  const first: TaskPageParam = { status: filters.status === 'completed' ? 'completed' : 'pending', cursor: null };
  return infiniteQueryOptions({
    queryKey: taskKeys.list(scope, filters),
    initialPageParam: first,
    queryFn: ({ pageParam, signal }) => fetchTaskPage(scope, filters, pageParam, signal),
    getNextPageParam: (last: TaskPage, _pages, param: TaskPageParam): TaskPageParam | undefined => {
      if (last.next_cursor) return { status: param.status, cursor: last.next_cursor };
      if (param.status === 'pending' && (filters.status ?? 'all') === 'all') return { status: 'completed', cursor: null };
      return undefined;
    },
  });
};

/** Counters, how many tasks match and the label options of a whole list, without loading it. */
export const taskSummaryQuery = (scope: TaskScope, { sort: _sort, direction: _direction, ...filters }: TaskServerFilters, today: string) =>
  queryOptions({
    // Keyed without the order: sorting the list another way asks for no new summary.
    queryKey: taskKeys.summary(scope, filters, today),
    queryFn: ({ signal }) =>
      apiRequest(scope === 'own' ? '/api/tasks/summary' : '/api/tasks/shared/summary', {
        query: { ...toQuery(filters), today },
        schema: TaskSummary,
        signal,
      }),
  });

/**
 * Tasks this tab has seen deleted (here, or by someone else through live updates). A dialog can
 * still be on screen for a moment after, and refreshing it would only ask for what is gone (a 404).
 */
const deletedTasks = new Set<number>();
export const markTaskDeleted = (id: number, deleted = true) => void (deleted ? deletedTasks.add(id) : deletedTasks.delete(id));

/**
 * Whether a task's detail may be fetched now: not one made offline and not yet on the server (a
 * temporary id below zero), not once deleted, nor while its subtask writes are in flight.
 */
export const detailMayBeFetched = (id: number) => id > 0 && !deletedTasks.has(id) && !detailsBeingWritten.has(id);

/**
 * The task as a loaded list page has it: the detail dialog paints it at once while its own
 * answer (with the activity) is on the way.
 */
export function loadedTask(queryClient: QueryClient, id: number): Task | undefined {
  for (const scope of ['own', 'shared'] as const) {
    for (const [, data] of queryClient.getQueriesData<InfiniteData<TaskPage>>({ queryKey: taskKeys.pages(scope) })) {
      for (const page of data?.pages ?? []) {
        const task = page.tasks.find((candidate) => candidate.id === id);
        if (task) return task;
      }
    }
  }
  return undefined;
}

/**
 * A task changed in the cache wherever it is shown, every loaded page of both scopes' lists and its
 * opened detail, at once: an answer the screen already has (a reschedule, a subtask's progress) or
 * a change made offline (decision 033) before the server confirms it.
 */
export function changeShownTask(queryClient: QueryClient, id: number, change: (task: Task) => Task) {
  for (const scope of ['own', 'shared'] as const) {
    queryClient.setQueriesData<InfiniteData<TaskPage>>({ queryKey: taskKeys.pages(scope) }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({ ...page, tasks: page.tasks.map((task) => (task.id === id ? change(task) : task)) })),
          }
        : data,
    );
  }
  queryClient.setQueryData<{ task: Task }>(taskKeys.detail(id), (data) => (data ? { ...data, task: change(data.task) } : data));
}

export const addTask = async (input: TaskInput & { duplicated_from?: number }) => {
  if (writesMustWait()) return (await offlineWrites()).queueCreate(input);
  return apiRequest('/api/tasks/add', { method: 'POST', body: input, schema: TaskResponse }).then((r) => r.task);
};

export const updateTask = async (shownId: number, input: TaskInput) => {
  const id = serverTaskId(shownId);
  if (writesMustWait()) return (await offlineWrites()).queueUpdate(id, input);
  return apiRequest(`/api/tasks/update/${id}`, { method: 'PUT', body: input, schema: TaskResponse }).then((r) => r.task);
};

/**
 * Puts a task's due date and time back (the Undo of a reschedule or a skip, issue 21 §6). The update
 * needs the title, so the task is read first: a rename a collaborator made since is kept, not
 * overwritten with the title the screen had. An absent `due_time` keeps the task's time.
 */
export const moveTaskDue = async (id: number, due: { due_date: string | null; due_time?: string | null }) => {
  // Offline (or behind waiting writes) the task as this device shows it: the edit then waits with the others.
  const shown = writesMustWait() ? (await offlineWrites()).shownTaskNow(serverTaskId(id)) : undefined;
  const { task } = shown ? { task: shown } : await apiRequest(`/api/task/${serverTaskId(id)}`, { schema: TaskResponse });
  return updateTask(id, { title: task.title, due_date: due.due_date ?? '', ...(due.due_time !== undefined && { due_time: due.due_time }) });
};

/**
 * Issue 21: completing, `completeSubtasks` completes the task's open subtasks with it; reopening,
 * `reopenSubtasks` reopens those subtasks with it and `takeBackOccurrence` deletes the occurrence a
 * repeating task's completion made, giving the task its rule back (the undo of a completion).
 */
interface CompletionOptions {
  completeSubtasks?: boolean;
  reopenSubtasks?: number[];
  takeBackOccurrence?: number | undefined;
}

export const setTaskCompleted = (id: number, completed: boolean, options: CompletionOptions = {}) =>
  changeCompletion(id, completed, options).then((r) => r.task);

/**
 * The same, with what an Undo needs to take it back: the next occurrence a completed repeating task
 * made (null otherwise) and the subtasks completed with it.
 */
export const changeCompletion = async (
  shownId: number,
  completed: boolean,
  options: CompletionOptions = {},
): Promise<{ task: Task; next_occurrence: Task | null; completed_subtask_ids: number[] }> => {
  const id = serverTaskId(shownId);
  // Offline, it waits to be sent; a repeating task's next occurrence follows once it is (an undo
  // then reopens the task only: what a completion sent later made is not known yet).
  return writesMustWait()
    ? (await offlineWrites()).queueCompletion(id, completed, Boolean(options.completeSubtasks))
    : completed
      ? apiRequest(`/api/tasks/complete/${id}`, {
          method: 'PUT',
          ...(options.completeSubtasks ? { body: { complete_subtasks: true } } : {}),
          schema: CompleteResponse,
        })
      : apiRequest(`/api/tasks/uncomplete/${id}`, {
          method: 'PUT',
          ...(options.reopenSubtasks?.length || options.takeBackOccurrence
            ? {
                body: {
                  ...(options.reopenSubtasks?.length && { reopen_subtasks: options.reopenSubtasks }),
                  ...(options.takeBackOccurrence && { take_back_occurrence: options.takeBackOccurrence }),
                },
              }
            : {}),
          schema: CompletionResponse,
        }).then((r) => ({ task: r.task, next_occurrence: null, completed_subtask_ids: [] }));
};

export const deleteTask = (id: number) => apiRequest(`/api/tasks/delete/${id}`, { method: 'DELETE' });

/** Issue 21 §6: Undo of a delete, for its owner within 10 s of it (decision 021); a 404 after that. */
export const restoreTask = (id: number) =>
  apiRequest(`/api/tasks/${id}/restore`, { method: 'POST', schema: TaskResponse }).then((r) => r.task);

/** Issue 21: "skip this one": a repeating task moved to its rule's next date (the task as it is then). */
export const skipOccurrence = (id: number) =>
  apiRequest(`/api/tasks/${id}/skip-occurrence`, { method: 'POST', schema: SkipOccurrenceResponse }).then((r) => r.task);
