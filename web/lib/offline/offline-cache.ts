import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { clear, createStore, get, set, type UseStore } from 'idb-keyval';
import { storedUserId } from '../stored-session.ts';

/**
 * What the app has read, kept on this device for when there is no connection (issue 23, decision
 * 032): the task lists, the task details opened, their comments and reminders, the labels and the
 * signed-in user. It is TanStack Query's own cache, dehydrated to IndexedDB as it changes and
 * hydrated when the app opens, so the app shows it at once and reads everything again when it can.
 * (TanStack's persist-client package does the same with 1 kB more of the dashboard's first load,
 * which has a budget: decision 025.)
 */

/** The query keys (their first part) kept for offline reading. */
const KEPT = new Set(['tasks', 'labels', 'user', 'comments', 'reminders']);

/** A week: an older copy is not shown as if it were the person's tasks. */
export const OFFLINE_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** How often, at most, the copy is written while the cache changes: every change of a busy list would be too often. */
const SAVE_EVERY_MS = 1000;

/** A copy saved by another build (whose answers may have another shape) is dropped instead of shown. */
const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev';

/** Undefined where the browser has no IndexedDB (tests in Node, some private windows). */
const database: UseStore | undefined = typeof indexedDB === 'undefined' ? undefined : createStore('taskaty-offline', 'cache');

/**
 * Where the signed-in person's copy of this build is kept, or null when nobody is signed in. A
 * copy left by someone else on this browser (their storage cleared without signing out), or by
 * another build, is under another key: never shown.
 */
function copyKey(): string | null {
  const id = storedUserId();
  return id === null ? null : `${id}:${BUILD_ID}`;
}

/** What is stored: the cache, and when it was saved. */
interface SavedCopy {
  savedAt: number;
  state: DehydratedState;
}

const kept = (query: Query) => query.state.status === 'success' && KEPT.has(String(query.queryKey[0]));

/**
 * Puts the person's copy back into the cache when it is under a week old. Answers already fetched
 * are newer and stay (hydrate keeps the newer of two). Never fails: without a copy the app reads
 * from the server as before.
 */
export async function restoreOfflineCopy(queryClient: QueryClient): Promise<void> {
  const key = copyKey();
  if (!database || !key) return;
  const saved = await get<SavedCopy>(key, database).catch(() => undefined);
  if (!saved || Date.now() - saved.savedAt >= OFFLINE_CACHE_MAX_AGE_MS) return;
  hydrate(queryClient, saved.state);
  // Shown at once, but read again by every screen that shows it: the copy may be older than its
  // answers' times say (saved up to a second late, or changed on another device since).
  void queryClient.invalidateQueries({ refetchType: 'none' });
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;

/** From now on, writes the cache to the copy a second after it changes (not on every change of a busy list). */
export function keepOfflineCopy(queryClient: QueryClient): () => void {
  const save = () => {
    saveTimer = undefined;
    const key = copyKey();
    if (database && key)
      void set(
        key,
        { savedAt: Date.now(), state: dehydrate(queryClient, { shouldDehydrateQuery: kept }) } satisfies SavedCopy,
        database,
      ).catch(() => undefined);
  };
  // Leaving the page (a reload, the app closed) saves what changed in its last second.
  const saveNow = () => {
    if (saveTimer === undefined) return;
    clearTimeout(saveTimer);
    save();
  };
  window.addEventListener('pagehide', saveNow);
  const stop = queryClient.getQueryCache().subscribe(() => {
    saveTimer ??= setTimeout(save, SAVE_EVERY_MS);
  });
  return () => {
    stop();
    window.removeEventListener('pagehide', saveNow);
  };
}

/** Signing out (or another account signing in) leaves nothing of the last one's tasks on the device. */
export async function forgetOfflineCopy(): Promise<void> {
  clearTimeout(saveTimer);
  saveTimer = undefined;
  if (database) await clear(database).catch(() => undefined);
}
