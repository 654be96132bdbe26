import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { Task } from '../../../common/schemas/task.schema.ts';
import type { TaskInput } from '../../../common/schemas/task-input.schema.ts';
import { storedUserId } from '../stored-session.ts';

/**
 * Changes made without a connection, waiting to be sent (issue 23, decision 033), kept on the
 * device so a reload or a closed app loses none. This module is the list itself, small enough for
 * the first load (the cards mark what waits at once); making, sending and settling them is in
 * offline-writes.ts, loaded when first needed.
 */

/** A task made offline has a temporary id below zero until the server gives it its own. */
export type PendingWrite =
  | {
      id: string;
      kind: 'create';
      taskId: number;
      body: TaskInput;
      /** The task as shown until the server has it: lists read again meanwhile keep it (task-queries.ts). */
      task: Task;
    }
  | {
      id: string;
      kind: 'update';
      taskId: number;
      /** The task as it was shown when edited: its revision goes in If-Match, its fields tell a real conflict from none. */
      base: Task;
      body: TaskInput;
      /** The task as the server has it, when it changed meanwhile in what this edit changes: the person chooses. */
      conflict?: Task;
    }
  | { id: string; kind: 'complete' | 'reopen'; taskId: number; base: Task; completeSubtasks?: boolean }
  | {
      id: string;
      kind: 'comment';
      taskId: number;
      commentId: number;
      body: { content: string; parent_id: number | null; mentions: number[] };
    };

/** Undefined where the browser has no IndexedDB (tests in Node): writes then need a connection, as before. */
const database: UseStore | undefined = typeof indexedDB === 'undefined' ? undefined : createStore('taskaty-offline-writes', 'writes');

let writes: PendingWrite[] = [];
/** Whose list `writes` is (its key), so signing out deletes that one even after the stored session is gone. */
let loadedKey: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Each person's list on this device under their own key: someone else's is never sent with this session. */
function listKey(): string | null {
  const id = storedUserId();
  return id === null ? null : `writes:${id}`;
}

/**
 * Whether a write now has to wait: without a connection (TanStack Query's view of it, which pauses
 * reads too), and while earlier writes still wait, so that it is sent after them, in order, and
 * never to a task the server has not been given yet (a temporary id).
 */
export const writesMustWait = () => database !== undefined && (!onlineManager.isOnline() || writes.length > 0);

/** The tasks made offline and not yet on the server, as they are shown now. */
export const waitingNewTasks = (): Task[] => writes.flatMap((write) => (write.kind === 'create' ? [write.task] : []));

/** What the server made of the tasks made offline on this page (their ids and revisions), by their temporary ids. */
const createdTasks = new Map<number, Pick<Task, 'id' | 'revision'>>();
/** The task the server made of a task made offline, once its create has been answered here. */
export const createdTask = (id: number): Pick<Task, 'id' | 'revision'> | undefined => (id < 0 ? createdTasks.get(id) : undefined);
/**
 * A task's id as the server knows it: a screen still holding a task made offline by its temporary
 * id (an edit or delete dialog opened before it was sent) reaches the task the server made of it.
 */
export const serverTaskId = (id: number): number => createdTask(id)?.id ?? id;

const createdListeners = new Set<(temporaryId: number, id: number) => void>();
/** Hears when a task made offline is on the server, under its own id (an open dialog follows it there). */
export function onWaitingTaskCreated(listener: (temporaryId: number, id: number) => void): () => void {
  createdListeners.add(listener);
  return () => void createdListeners.delete(listener);
}
export function announceTaskCreated(temporaryId: number, task: Pick<Task, 'id' | 'revision'>) {
  createdTasks.set(temporaryId, { id: task.id, revision: task.revision });
  createdListeners.forEach((listener) => listener(temporaryId, task.id));
}

export const pendingWrites = (): readonly PendingWrite[] => writes;

/** Reads the signed-in person's list from the device (when the app starts, and after a sign-in). */
export async function loadPendingWrites(): Promise<void> {
  const key = listKey();
  const samePerson = key === loadedKey;
  loadedKey = key;
  if (!database || !key) writes = [];
  else {
    // A failed read (IndexedDB can fail for a moment, e.g. as a phone wakes the app) keeps the list
    // shown: read as empty, it would look sent, and signing out would delete what still waits.
    const stored = await get<PendingWrite[]>(key, database).then(
      (list) => list ?? [],
      () => undefined,
    );
    // (Another person's list shown before is never kept.)
    if (stored === undefined && samePerson) return;
    writes = stored ?? [];
  }
  emit();
}

/** Other tabs of the app on this device hear of every change of the list, and read it again. */
// Browsers only: in Node (the public pages rendered at build time) an open channel would keep the process alive.
const otherTabs =
  typeof window === 'undefined' || typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('taskaty-offline-writes');
if (otherTabs) otherTabs.onmessage = () => void loadPendingWrites();

/** The new list, shown at once and kept on the device. Changed only under withPendingWrites(). */
export async function savePendingWrites(next: PendingWrite[]): Promise<void> {
  writes = next;
  emit();
  const key = listKey();
  if (database && key) await set(key, next, database);
  otherTabs?.postMessage('changed');
}

/**
 * Runs `change` holding the list's lock across every tab of the app (Web Locks), so two tabs never
 * add to or send the list at once: the later one waits, then reads the list as stored.
 */
export function withPendingWrites<T>(change: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('taskaty-offline-writes', change) : change();
}

/** Signing out leaves nothing of the person's on the device (another person's kept list stays theirs). */
export async function forgetPendingWrites(): Promise<void> {
  const key = loadedKey;
  writes = [];
  loadedKey = null;
  emit();
  if (database && key) await del(key, database).catch(() => undefined);
  otherTabs?.postMessage('changed');
}

export function usePendingWrites(): readonly PendingWrite[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => writes,
    () => writes,
  );
}

/** The app's query client, for the writes made and settled outside React (offline-writes.ts). */
let client: QueryClient | undefined;
export const bindWritesToQueryClient = (queryClient: QueryClient) => void (client = queryClient);
export function writesQueryClient(): QueryClient {
  if (!client) throw new Error('The offline writes have no query client: bindWritesToQueryClient() first.');
  return client;
}
