import type { Query, QueryClient } from '@tanstack/react-query';
import type { PersistedClient, Persister, PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { readStoredCredentials } from '../stored-session.ts';

/**
 * What the app has read, kept on this device for when there is no connection (issue 23, decision
 * 032): the task lists, the task details opened, their comments and reminders, the labels and the
 * signed-in user. They are TanStack Query's own cache, saved to IndexedDB as it changes and put
 * back when the app opens; the app then shows them at once and reads everything again when it can.
 */

/** The query keys (their first part) kept for offline reading. */
const KEPT = new Set(['tasks', 'labels', 'user', 'comments', 'reminders']);

/** A week: an older copy is not shown as if it were the person's tasks. */
export const OFFLINE_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** How often, at most, the cache is written while it changes: every change of a busy list would be too often. */
const SAVE_EVERY_MS = 1000;

/** Undefined where the browser has no IndexedDB (tests in Node, some private windows). */
const database: UseStore | undefined = typeof indexedDB === 'undefined' ? undefined : createStore('taskaty-offline', 'cache');
const KEY = 'queries';

/** The signed-in person as stored now (web/lib/stored-session.ts), or null. */
function storedUserId(): number | null {
  const user = readStoredCredentials()?.user as { id?: unknown } | undefined;
  return typeof user?.id === 'number' ? user.id : null;
}

/** What is stored: the cache, and whose it is. */
interface SavedCopy {
  owner: number;
  client: PersistedClient;
}

/**
 * A persister on IndexedDB (TanStack's documented shape): the cache is stored as objects (the
 * browser's structured clone), not as one JSON string, and written at most once a second. Each
 * copy names the person it was read for, and is put back only for that person: a copy left by
 * someone else on this browser (their storage cleared without signing out, say) is never shown.
 */
function indexedDbPersister(): Persister {
  let pending: PersistedClient | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = async () => {
    timer = undefined;
    const client = pending;
    pending = undefined;
    const owner = storedUserId();
    if (client && database && owner !== null) await set(KEY, { owner, client } satisfies SavedCopy, database).catch(() => undefined);
  };
  return {
    persistClient(client) {
      pending = client;
      timer ??= setTimeout(() => void flush(), SAVE_EVERY_MS);
    },
    async restoreClient() {
      const saved = database ? await get<SavedCopy>(KEY, database).catch(() => undefined) : undefined;
      const owner = storedUserId();
      return saved && owner !== null && saved.owner === owner ? saved.client : undefined;
    },
    async removeClient() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending = undefined;
      if (database) await del(KEY, database).catch(() => undefined);
    },
  };
}

export const offlinePersister = indexedDbPersister();

/** A copy saved by another build (whose answers may have another shape) is dropped instead of shown. */
const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev';

const kept = (query: Query) => query.state.status === 'success' && KEPT.has(String(query.queryKey[0]));

export function offlineCacheOptions(queryClient: QueryClient): PersistQueryClientOptions {
  return {
    queryClient,
    persister: offlinePersister,
    maxAge: OFFLINE_CACHE_MAX_AGE_MS,
    buster: BUILD_ID,
    dehydrateOptions: { shouldDehydrateQuery: kept },
  };
}

/** Signing out (or another account signing in) leaves nothing of the last one's tasks on the device. */
export function forgetOfflineCopy(): Promise<void> {
  return Promise.resolve(offlinePersister.removeClient());
}
