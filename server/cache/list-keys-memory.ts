import type { TaskListFilter, TaskListKey } from '../db/repositories/task.repository.ts';
import { ByteLru } from './byte-lru.ts';

/** What a write did to a task, as far as lists are concerned. */
export interface TaskChange {
  taskId: number;
  kind: 'created' | 'changed' | 'deleted';
}

/** A user's data version after a write bumped it (users.data_version, migration 002). */
export interface BumpedVersion {
  userId: number;
  version: number;
}

/** The two reads a change needs, made with the list's own filter (task.repository.ts). */
export interface ListKeyProbe {
  /** The task's key if the list holds it now, else undefined. */
  keyIfListed(filter: TaskListFilter, taskId: number): Promise<TaskListKey | undefined>;
  /** The key of the list's newest task (created_at, then id, the highest), if any. */
  newestKey(filter: TaskListFilter): Promise<TaskListKey | undefined>;
}

interface Entry {
  version: number;
  filter: TaskListFilter;
  /** Never changed in place: a read in flight keeps the array it was given. */
  items: readonly TaskListKey[];
}

/** Measured roughly: a key object with two small integers and its array slot, and an entry's own objects. */
const BYTES_PER_KEY = 40;
const ENTRY_OVERHEAD_BYTES = 400;
/** A write that changes more tasks than this drops the lists it touches instead of patching them. */
const MAX_CHANGES = 8;

/**
 * The keys (id, revision) of whole lists sorted by creation, kept in order for the user's data
 * version, and carried to the next version by the writes this process makes. After a change
 * the list's first read then takes its keys from here instead of reading 1,000 of them from the
 * database again, which was most of the cost of that read (docs/performance.md).
 *
 * Correct by construction, or not used:
 * - An entry is used only at the exact data version it was made for. A write made by another
 *   process bumps the version without telling this one, so the entry is never used again.
 * - A write made here carries an entry from version v to v + 1 only when its bump returned v + 1
 *   for that user (nothing else was written in between), and only by asking the database, with
 *   the list's own filter, whether each changed task is in the list now and at which revision.
 * - Where a task must be placed (it joins the list) it is placed only if the database says it is
 *   the list's newest task: a created task, in a list sorted by creation. Any other case (a task
 *   joining the middle of a list, many tasks changed, an error) forgets the entry: the next read
 *   reads the keys from the database, as it did before this existed.
 * Only lists read whole and sorted by creation are kept: that is the spec's call and every
 * shared or pending list; a page is cheap to read, and other sorts move tasks on every edit.
 */
export function createListKeysMemory(maxBytes: number, probe: ListKeyProbe) {
  const entries = new ByteLru<string, Entry>(maxBytes, (entry) => entry.items.length * BYTES_PER_KEY + ENTRY_OVERHEAD_BYTES);
  /** Entry names by user; a name whose entry was evicted is dropped when met. */
  const byUser = new Map<number, Set<string>>();

  const keeps = (filter: TaskListFilter, paged: boolean) => maxBytes > 0 && !paged && filter.sort === 'created_at';
  const nameOf = (list: string, userId: number, filter: TaskListFilter) => `${userId}|${list}|${JSON.stringify(filter)}`;

  function forget(userId: number, name: string) {
    entries.delete(name);
    byUser.get(userId)?.delete(name);
  }

  /** The entry as it will be at `version`, or undefined when it cannot be carried there. */
  async function carried(entry: Entry, version: number, changes: TaskChange[]): Promise<Entry | undefined> {
    if (entry.version !== version - 1 || changes.length > MAX_CHANGES) return undefined;
    const items = entry.items.slice();
    for (const change of changes) {
      const at = items.findIndex((item) => item.id === change.taskId);
      const now = change.kind === 'deleted' ? undefined : await probe.keyIfListed(entry.filter, change.taskId);
      if (at !== -1) {
        // Still listed: creation time never changes, so neither does its place; else it leaves.
        if (now) items[at] = { id: now.id, revision: now.revision };
        else items.splice(at, 1);
        continue;
      }
      if (!now) continue;
      // It joins the list: only at the newest end, and only when the database says so.
      const newest = await probe.newestKey(entry.filter);
      if (newest?.id !== now.id) return undefined;
      if (entry.filter.direction === 'desc') items.unshift(now);
      else items.push(now);
    }
    return { ...entry, version, items };
  }

  return {
    /** The list's keys at this version, if kept. */
    keys(list: string, userId: number, filter: TaskListFilter, paged: boolean, version: number): readonly TaskListKey[] | undefined {
      if (!keeps(filter, paged)) return undefined;
      const entry = entries.get(nameOf(list, userId, filter));
      return entry?.version === version ? entry.items : undefined;
    },

    /** Keeps keys read from the database after `version` was read (they are at least that new). */
    remember(list: string, userId: number, filter: TaskListFilter, paged: boolean, version: number, items: readonly TaskListKey[]) {
      if (!keeps(filter, paged)) return;
      const name = nameOf(list, userId, filter);
      const existing = entries.get(name);
      if (existing && existing.version >= version) return;
      entries.set(name, { version, filter, items });
      let names = byUser.get(userId);
      if (!names) byUser.set(userId, (names = new Set()));
      names.add(name);
    },

    /**
     * After a write committed: carries each bumped user's lists to their new version, or forgets
     * them. Never throws; a failed read forgets the lists it was for.
     */
    async afterWrite(bumped: readonly BumpedVersion[], changes: TaskChange[]): Promise<void> {
      for (const { userId, version } of bumped) {
        const names = byUser.get(userId);
        if (!names) continue;
        for (const name of [...names]) {
          const entry = entries.get(name);
          if (!entry) {
            names.delete(name);
            continue;
          }
          let next: Entry | undefined;
          try {
            next = await carried(entry, version, changes);
          } catch {
            next = undefined;
          }
          // A read or another write may have replaced the entry meanwhile: theirs stands.
          if (entries.get(name) !== entry) continue;
          if (next) entries.set(name, next);
          else forget(userId, name);
        }
        if (names.size === 0) byUser.delete(userId);
      }
    },
  };
}
export type ListKeysMemory = ReturnType<typeof createListKeysMemory>;
