import { onlineManager, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Comment } from '../../../common/schemas/comment.schema.ts';
import type { Label } from '../../../common/schemas/label.schema.ts';
import type { TaskInput } from '../../../common/schemas/task-input.schema.ts';
import { revisionTag } from '../../../common/schemas/task-revision.schema.ts';
import { CompleteResponse, CompletionResponse, TaskResponse, type Task } from '../../../common/schemas/task.schema.ts';
import { ApiError, NetworkError, apiRequest } from '../api-client.ts';
import { commentKeys } from '../api/comment-keys.ts';
import { changeShownTask, loadedTask, taskKeys, type TaskPage, type TaskPageParam, type TaskServerFilters } from '../api/task-queries.ts';
import { readStoredCredentials } from '../stored-session.ts';
import {
  announceTaskCreated,
  createdTask,
  loadPendingWrites,
  pendingWrites,
  savePendingWrites,
  waitingNewTasks,
  withPendingWrites,
  writesQueryClient,
  type PendingWrite,
} from './pending-writes.ts';

/**
 * Writing without a connection (issue 23, decision 033). A create, edit, completion, reopening or
 * comment made offline is shown at once (the cache is changed as the server would) and kept in
 * the pending list (pending-writes.ts); when the connection returns they are sent in the order
 * they were made. An edit or completion carries the revision it was based on (If-Match, decision
 * 031): when the task changed meanwhile in what the edit changes, nothing is overwritten and the
 * person chooses between the two versions (sync-conflict-dialog.tsx).
 */

/** Ids below zero for what was made offline, unique on this device. */
let lastTemporaryId = 0;
const temporaryId = () => (lastTemporaryId = Math.min(lastTemporaryId, -Date.now()) - 1);

const newWriteId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
const nowIso = () => new Date().toISOString();

interface StoredUser {
  id: number;
  name: string;
  email: string;
  user_photo: string | null;
}
const storedUser = () => readStoredCredentials()?.user as StoredUser | undefined;

// --- The cache, changed as the server will ----------------------------------------------------

/** The task as a list or its opened detail shows it now. */
function shownTask(queryClient: QueryClient, id: number): Task | undefined {
  return queryClient.getQueryData<{ task: Task }>(taskKeys.detail(id))?.task ?? loadedTask(queryClient, id);
}

/** The task as this device shows it now (an undo made offline starts from it). */
export const shownTaskNow = (id: number): Task | undefined => shownTask(writesQueryClient(), id);

/** The labels of an edit as chips: those the task already has keep their colour. */
function labelsFor(names: string[], known: Label[]): Label[] {
  return names.map(
    (name, index) => known.find((label) => label.name.toLowerCase() === name.toLowerCase()) ?? { id: -1 - index, name, color: null },
  );
}

/** The fields of a task form applied to a task, as the update will (a field left out keeps its value). */
function applyInput(task: Task, input: TaskInput): Task {
  return {
    ...task,
    ...(input.title !== undefined && { title: input.title.trim() }),
    ...(input.description !== undefined && { description: input.description ?? '' }),
    ...(input.due_date !== undefined && { due_date: input.due_date || null, ...(!input.due_date && { due_time: null }) }),
    ...(input.due_time !== undefined && { due_time: input.due_time || null }),
    ...(input.priority !== undefined && { priority: input.priority }),
    ...(input.labels !== undefined && { labels: labelsFor(input.labels, task.labels) }),
    ...(input.recurrence !== undefined && { recurrence: input.recurrence || null }),
    ...(input.recurrence_from !== undefined && { recurrence_from: input.recurrence_from }),
    updated_at: nowIso(),
  };
}

/**
 * Appended under the list's lock, to the list as stored (another tab may have added to it
 * meanwhile). A change of a task made offline also changes the task its create keeps, which lists
 * read again meanwhile show.
 */
async function add(made: PendingWrite, shown?: Task) {
  await withPendingWrites(async () => {
    await loadPendingWrites();
    // Its task made offline may have been created while this waited for the lock: the write follows it.
    const write = followCreated(made);
    const list = pendingWrites().map((other) =>
      shown && other.kind === 'create' && other.taskId === write.taskId ? { ...other, task: shown } : other,
    );
    await savePendingWrites([...list, write]);
  });
}

/**
 * Whether a task made offline belongs in a list with these filters, as the server would decide
 * (its search reads title and description, case aside), in the stream of its status.
 */
export function fitsList(task: Task, filters: TaskServerFilters, status: TaskPageParam['status']): boolean {
  const search = filters.search?.trim().toLowerCase();
  const due = task.due_date ?? '';
  return (
    (task.is_completed === 1) === (status === 'completed') &&
    (!filters.label || filters.label === 'all' || task.labels.some((label) => label.name.toLowerCase() === filters.label!.toLowerCase())) &&
    (!filters.priority || filters.priority === 'all' || task.priority === filters.priority) &&
    (!search || `${task.title}\n${task.description}`.toLowerCase().includes(search)) &&
    (!filters.due_date || due === filters.due_date) &&
    (!filters.due_from || (due !== '' && due >= filters.due_from)) &&
    (!filters.due_to || (due !== '' && due <= filters.due_to))
  );
}

/** The tasks made offline and not yet sent that belong in a list's first page of `status`. */
export const waitingTasksIn = (filters: TaskServerFilters, status: TaskPageParam['status']): Task[] =>
  waitingNewTasks().filter((task) => fitsList(task, filters, status));

// --- Made offline -------------------------------------------------------------------------------

/** A new task: on the first page of the person's own lists at once, sent when the connection is back. */
export async function queueCreate(input: TaskInput): Promise<Task> {
  const queryClient = writesQueryClient();
  const user = storedUser();
  if (!user) throw new NetworkError();
  const now = nowIso();
  const task = applyInput(
    {
      id: temporaryId(),
      user_id: user.id,
      title: '',
      description: '',
      due_date: null,
      due_time: null,
      recurrence: null,
      recurrence_from: 'due_date',
      priority: 'medium',
      is_completed: 0,
      labels: [],
      shared_with: [],
      subtask_progress: input.subtasks?.length ? { done: 0, total: input.subtasks.length } : null,
      created_at: now,
      updated_at: now,
      revision: 0,
    },
    input,
  );
  showOnTop(queryClient, task);
  await add({ id: newWriteId(), kind: 'create', taskId: task.id, body: input, task });
  return task;
}

/** A write moved to the task as the server answered it: its id, and the revision an edit or completion is based on. */
function movedTo(write: PendingWrite, task: Pick<Task, 'id' | 'revision'>): PendingWrite {
  const moved = { ...write, taskId: task.id };
  return 'base' in moved ? { ...moved, base: { ...moved.base, id: task.id, revision: task.revision } } : moved;
}

/** A write of a task made offline whose create has been answered meanwhile: to the task the server made. */
function followCreated(write: PendingWrite): PendingWrite {
  const created = createdTask(write.taskId);
  return created ? movedTo(write, created) : write;
}

/** A task made offline, first on the first page of the person's own lists. */
function showOnTop(queryClient: QueryClient, task: Task) {
  // Each list by its filters (the last part of its key): only those the server would put it in.
  for (const [key, data] of queryClient.getQueriesData<InfiniteData<TaskPage>>({ queryKey: taskKeys.pages('own') })) {
    const filters = (key[3] ?? {}) as TaskServerFilters;
    const first = data?.pages[0];
    if (!first || !fitsList(task, filters, filters.status === 'completed' ? 'completed' : 'pending')) continue;
    queryClient.setQueryData<InfiniteData<TaskPage>>(key, {
      ...data,
      pages: [{ ...first, tasks: [task, ...first.tasks] }, ...data.pages.slice(1)],
    });
  }
}

/** An edit of a task shown on this device; one the device has never shown cannot be edited offline. */
export async function queueUpdate(id: number, input: TaskInput): Promise<Task> {
  const queryClient = writesQueryClient();
  const base = shownTask(queryClient, id);
  if (!base) throw new NetworkError();
  const edited = applyInput(base, input);
  changeShownTask(queryClient, id, () => edited);
  await add({ id: newWriteId(), kind: 'update', taskId: id, base, body: input }, edited);
  return edited;
}

/**
 * Completing (with its open subtasks when asked) or reopening, shown at once. A repeating task's
 * next occurrence comes from the server once sent.
 */
export async function queueCompletion(
  id: number,
  completed: boolean,
  completeSubtasks = false,
): Promise<{ task: Task; next_occurrence: null; completed_subtask_ids: number[] }> {
  const queryClient = writesQueryClient();
  const base = shownTask(queryClient, id);
  if (!base) throw new NetworkError();
  const task: Task = { ...base, is_completed: completed ? 1 : 0, updated_at: nowIso() };
  changeShownTask(queryClient, id, () => task);
  await add(
    completed
      ? { id: newWriteId(), kind: 'complete', taskId: id, base, ...(completeSubtasks && { completeSubtasks }) }
      : { id: newWriteId(), kind: 'reopen', taskId: id, base },
    task,
  );
  return { task, next_occurrence: null, completed_subtask_ids: [] };
}

/** A comment, in the thread at once under the person's name. */
export async function queueComment(taskId: number, content: string, parentId: number | null, mentions: number[]): Promise<Comment> {
  const queryClient = writesQueryClient();
  const user = storedUser();
  if (!user) throw new NetworkError();
  const comment = waitingComment(user, temporaryId(), taskId, content.trim(), parentId);
  showInThread(queryClient, comment);
  await add({
    id: newWriteId(),
    kind: 'comment',
    taskId,
    commentId: comment.id,
    body: { content: comment.content, parent_id: parentId, mentions },
  });
  return comment;
}

/** A comment written offline, as the thread shows it until the server has it. */
function waitingComment(user: StoredUser, id: number, taskId: number, content: string, parentId: number | null): Comment {
  const now = nowIso();
  return {
    id,
    task_id: taskId,
    user_id: user.id,
    user_name: user.name,
    user_photo: user.user_photo,
    content,
    parent_id: parentId,
    created_at: now,
    updated_at: now,
    children: [],
  };
}

function showInThread(queryClient: QueryClient, comment: Comment) {
  queryClient.setQueryData<Comment[]>(commentKeys.task(comment.task_id), (tree) =>
    comment.parent_id === null
      ? [...(tree ?? []), comment]
      : tree?.map((top) => (top.id === comment.parent_id ? { ...top, children: [...top.children, comment] } : top)),
  );
}

const inThread = (queryClient: QueryClient, taskId: number, id: number) =>
  (queryClient.getQueryData<Comment[]>(commentKeys.task(taskId)) ?? []).some(
    (top) => top.id === id || top.children.some((reply) => reply.id === id),
  );

/**
 * When the app opens: what waits is shown again over the offline copy put back (offline-cache.ts),
 * which may have been saved a moment before the last change (it is written at most once a second).
 * Each write is applied as when it was made; applying one twice changes nothing.
 */
export function showPendingWrites(): void {
  const queryClient = writesQueryClient();
  const user = storedUser();
  for (const write of pendingWrites()) {
    switch (write.kind) {
      case 'create':
        if (!loadedTask(queryClient, write.taskId)) showOnTop(queryClient, write.task);
        break;
      case 'update':
        changeShownTask(queryClient, write.taskId, (task) => applyInput(task, write.body));
        break;
      case 'complete':
      case 'reopen':
        changeShownTask(queryClient, write.taskId, (task) => ({ ...task, is_completed: write.kind === 'complete' ? 1 : 0 }));
        break;
      case 'comment':
        if (user && !inThread(queryClient, write.taskId, write.commentId))
          showInThread(queryClient, waitingComment(user, write.commentId, write.taskId, write.body.content, write.body.parent_id));
        break;
    }
  }
}

// --- Sent when the connection is back ------------------------------------------------------------

/** What an edit changes, compared as the server stores it. */
const EDITED_FIELDS = ['title', 'description', 'due_date', 'due_time', 'priority', 'labels', 'recurrence', 'recurrence_from'] as const;
type EditedField = (typeof EDITED_FIELDS)[number];

function fieldValue(task: Task, field: EditedField): string {
  if (field === 'labels') return JSON.stringify(task.labels.map((label) => label.name.toLowerCase()).sort());
  return JSON.stringify(task[field] ?? null);
}

/** The fields an edit changes: those whose value after it differs from the task it was made on. */
export function changedFields(write: Extract<PendingWrite, { kind: 'update' }>): EditedField[] {
  const after = applyInput(write.base, write.body);
  return EDITED_FIELDS.filter((field) => fieldValue(after, field) !== fieldValue(write.base, field));
}

/**
 * Whether an edit may go on over the task as it is now: the server's copy changed none of what the
 * edit changes (a label renamed, a subtask ticked, another field edited), or changed it to the same.
 */
function editStillFits(write: Extract<PendingWrite, { kind: 'update' }>, current: Task): boolean {
  const after = applyInput(write.base, write.body);
  return changedFields(write).every(
    (field) => fieldValue(current, field) === fieldValue(write.base, field) || fieldValue(current, field) === fieldValue(after, field),
  );
}

/**
 * An edit as it is sent over a task changed meanwhile: the fields it changes, and the rest left out
 * (an update keeps what it leaves out), so nothing someone else changed is put back. The title is
 * always sent (the update requires it): the edit's if it changed it, the task's as it is now otherwise.
 */
export function onlyWhatChanged(write: Extract<PendingWrite, { kind: 'update' }>, current: Task): TaskInput {
  const changed = new Set<string>(changedFields(write));
  const body: Record<string, unknown> = { title: changed.has('title') ? write.body.title : current.title };
  for (const [field, value] of Object.entries(write.body)) if (field !== 'title' && changed.has(field)) body[field] = value;
  return body as TaskInput;
}

/** Sends one write; its answer's task (undefined for a comment). */
async function send(write: PendingWrite, taskId: number, revision?: number, body?: TaskInput): Promise<Task | undefined> {
  const ifMatch = (base: Task) => ({ 'If-Match': revisionTag(revision ?? base.revision) });
  switch (write.kind) {
    case 'create':
      // Its key makes sending it again harmless: when an answer was lost, the server answers the task it made (decision 034).
      return (
        await apiRequest('/api/tasks/add', {
          method: 'POST',
          body: write.body,
          headers: { 'Idempotency-Key': write.id },
          schema: TaskResponse,
        })
      ).task;
    case 'update':
      return (
        await apiRequest(`/api/tasks/update/${taskId}`, {
          method: 'PUT',
          body: body ?? write.body,
          headers: ifMatch(write.base),
          schema: TaskResponse,
        })
      ).task;
    case 'complete':
      return (
        await apiRequest(`/api/tasks/complete/${taskId}`, {
          method: 'PUT',
          headers: ifMatch(write.base),
          // "Complete its subtasks too", answered offline.
          ...(write.completeSubtasks && { body: { complete_subtasks: true } }),
          schema: CompleteResponse,
        })
      ).task;
    case 'reopen':
      return (
        await apiRequest(`/api/tasks/uncomplete/${taskId}`, { method: 'PUT', headers: ifMatch(write.base), schema: CompletionResponse })
      ).task;
    case 'comment':
      await apiRequest('/api/tasks/comments/add', {
        method: 'POST',
        body: {
          task_id: String(taskId),
          content: write.body.content,
          parent_id: write.body.parent_id,
          ...(write.body.mentions.length && { mentions: write.body.mentions }),
        },
      });
      return undefined;
  }
}

/** A write the server refused for good (the task deleted, access gone, invalid): dropped, and said. */
export interface RefusedWrite {
  write: PendingWrite;
  message: string;
}
const refusedListeners = new Set<(refused: RefusedWrite) => void>();
export function onWriteRefused(listener: (refused: RefusedWrite) => void) {
  refusedListeners.add(listener);
  return () => void refusedListeners.delete(listener);
}

/** The later writes of a task follow what the server said of it: its own id once created, its new revision once changed. */
function followAnswer(list: PendingWrite[], write: PendingWrite, answer: Task | undefined): PendingWrite[] {
  return list
    .filter((other) => other.id !== write.id)
    .map((other) => (answer && other.taskId === write.taskId ? movedTo(other, answer) : other));
}

let replaying: Promise<void> | undefined;

/**
 * Sends what waits, in order, once; a call while a pass runs joins it. One tab at a time: the pass
 * holds the list's lock and reads the list as stored first, so two open tabs never send a write twice.
 */
export function replayPendingWrites(): Promise<void> {
  replaying ??= withPendingWrites(async () => {
    await loadPendingWrites();
    await replay();
  }).finally(() => (replaying = undefined));
  return replaying;
}

async function replay() {
  const queryClient = writesQueryClient();
  // A task whose edit waits for the person's choice: its later writes wait with it.
  const held = new Set<number>();
  let sent = false;
  for (let write = nextToSend(held); write; write = nextToSend(held)) {
    if (!onlineManager.isOnline()) break;
    if (write.taskId < 0 && write.kind !== 'create') {
      const followed = followCreated(write);
      // Made offline and never created (its create was refused): nothing to write to.
      await savePendingWrites(
        followed === write
          ? pendingWrites().filter((other) => other.id !== write!.id)
          : pendingWrites().map((other) => (other.id === write!.id ? followed : other)),
      );
      continue;
    }
    try {
      const answer = await sendFitting(write);
      await savePendingWrites(followAnswer([...pendingWrites()], write, answer));
      if (write.kind === 'create' && answer) {
        // Shown under its own id at once: a list read again before the invalidation below would drop it.
        changeShownTask(queryClient, write.taskId, () => answer);
        announceTaskCreated(write.taskId, answer);
      }
      sent = true;
    } catch (error) {
      if (error instanceof StillChanging) {
        held.add(write.taskId);
        continue;
      }
      if (error instanceof ChangedMeanwhile) {
        await savePendingWrites(pendingWrites().map((other) => (other.id === write!.id ? { ...other, conflict: error.current } : other)));
        held.add(write.taskId);
        continue;
      }
      // No connection after all, the server is down, or the sign-in ended (sent after the next one):
      // everything stays for the next pass.
      if (
        error instanceof NetworkError ||
        (error instanceof ApiError && (error.status >= 500 || error.status === 429 || error.status === 401))
      )
        break;
      await savePendingWrites(pendingWrites().filter((other) => other.id !== write!.id));
      const message = error instanceof Error ? error.message : String(error);
      refusedListeners.forEach((listener) => listener({ write, message }));
      sent = true;
    }
  }
  if (sent) {
    // What the server has now replaces what was shown meanwhile.
    await queryClient.invalidateQueries({ queryKey: taskKeys.all });
    await queryClient.invalidateQueries({ queryKey: commentKeys.all });
  }
}

function nextToSend(held: Set<number>): PendingWrite | undefined {
  for (const write of pendingWrites()) {
    if (write.kind === 'update' && write.conflict) held.add(write.taskId);
    else if (!held.has(write.taskId)) return write;
  }
  return undefined;
}

/** A task that changed again at every re-send: its writes wait for the next pass, the others go on. */
class StillChanging extends Error {}

class ChangedMeanwhile extends Error {
  constructor(readonly current: Task) {
    super('The task changed meanwhile');
  }
}

/** How many times a write is sent over a task that keeps changing before it waits for the next pass. */
const RESENDS = 3;

/**
 * Sends a write; when the task changed since it was made (412), sends it again on the task as it
 * is now if nothing it changes was changed there, or drops a completion the task already has, as
 * often as the task changes meanwhile (up to RESENDS; then it waits for the next pass).
 * Otherwise ChangedMeanwhile: the person chooses.
 */
async function sendFitting(write: PendingWrite): Promise<Task | undefined> {
  let revision: number | undefined;
  let body: TaskInput | undefined;
  for (let attempt = 0; attempt <= RESENDS; attempt++) {
    try {
      return await send(write, write.taskId, revision, body);
    } catch (error) {
      const current = error instanceof ApiError && error.status === 412 ? (error.body as { task?: Task } | undefined)?.task : undefined;
      if (!current) throw error;
      if ((write.kind === 'complete' || write.kind === 'reopen') && current.is_completed === (write.kind === 'complete' ? 1 : 0))
        return current;
      if (write.kind === 'update') {
        if (!editStillFits(write, current)) throw new ChangedMeanwhile(current);
        // Over the task as it is now: only what the edit changes, so the other change stays.
        body = onlyWhatChanged(write, current);
      }
      revision = current.revision;
    }
  }
  // Changed again at every try: left as it is, for the next pass.
  throw new StillChanging();
}

/**
 * The person's choice for an edit that met another change: theirs is kept (the edit is dropped), or
 * the edit is made over it (sent with the revision it has now; should it have changed yet again,
 * the choice comes back).
 */
export async function settleConflict(writeId: string, keep: 'mine' | 'theirs'): Promise<void> {
  const queryClient = writesQueryClient();
  // Under the list's lock, on the list as stored: another tab may be sending or adding meanwhile.
  await withPendingWrites(async () => {
    await loadPendingWrites();
    const write = pendingWrites().find((other) => other.id === writeId);
    if (!write || write.kind !== 'update' || !write.conflict) return;
    const current = write.conflict;
    if (keep === 'theirs') {
      await savePendingWrites(pendingWrites().filter((other) => other.id !== writeId));
      changeShownTask(queryClient, write.taskId, () => current);
    } else {
      // Their other changes stay: the edit is made over the task as it is now, with only what it changes.
      const { conflict: _settled, ...rest } = write;
      const mine = { ...rest, base: current, body: onlyWhatChanged(write, current) };
      await savePendingWrites(pendingWrites().map((other) => (other.id === writeId ? mine : other)));
    }
  });
  await replayPendingWrites();
}

/**
 * A task made offline and deleted before it reached the server: nothing is sent for it, and it
 * goes from the lists at once.
 */
export async function discardWaitingTask(id: number): Promise<boolean> {
  const queryClient = writesQueryClient();
  const discarded = await withPendingWrites(async () => {
    await loadPendingWrites();
    // Sent meanwhile (a pass took it just before): the caller deletes it on the server instead.
    if (!pendingWrites().some((write) => write.kind === 'create' && write.taskId === id)) return false;
    await savePendingWrites(pendingWrites().filter((write) => write.taskId !== id));
    return true;
  });
  if (!discarded) return false;
  queryClient.setQueriesData<InfiniteData<TaskPage>>({ queryKey: taskKeys.pages('own') }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, tasks: page.tasks.filter((task) => task.id !== id) })) } : data,
  );
  return true;
}

/** The edit as it would make the task: "yours" beside "theirs" in the choice. */
export const editedVersion = (write: Extract<PendingWrite, { kind: 'update' }>) => applyInput(write.base, write.body);
