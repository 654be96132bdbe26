/**
 * What can be undone right now (issue 21 §6): each change that offers Undo in a toast is kept here
 * for its window, so Ctrl/Cmd+Z can take back the latest one as the toast's button would. Each is
 * undone at most once, whichever way.
 */

/** How long a change can be undone: its toast shows as long, and Ctrl/Cmd+Z reaches it as long. */
export const UNDO_WINDOW_MS = 8000;

interface Entry {
  id: number;
  expires: number;
  run(): void;
  /** Called when it is undone or its window ends (its toast goes). */
  spent?: (() => void) | undefined;
}

let entries: Entry[] = [];
let nextId = 1;

function drop(entry: Entry) {
  entries = entries.filter((candidate) => candidate !== entry);
  clearTimeout(timers.get(entry.id));
  timers.delete(entry.id);
}
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export interface UndoHandle {
  id: number;
  /** Undoes it, if it still can be: true when it did. */
  undo(): boolean;
  /** Whether it can still be undone. */
  active(): boolean;
  /** Told when it can no longer be undone (undone, or its window over). */
  onSpent(callback: () => void): void;
}

/** Offers `run` as the undo of a change just made, for `windowMs`. */
export function offerUndo(run: () => void, { windowMs = UNDO_WINDOW_MS, now = Date.now() } = {}): UndoHandle {
  const entry: Entry = { id: nextId++, expires: now + windowMs, run };
  entries.push(entry);
  timers.set(
    entry.id,
    setTimeout(() => {
      drop(entry);
      entry.spent?.();
    }, windowMs),
  );
  return {
    id: entry.id,
    undo: () => undoEntry(entry),
    active: () => entries.includes(entry),
    onSpent: (callback) => {
      entry.spent = callback;
    },
  };
}

function undoEntry(entry: Entry): boolean {
  if (!entries.includes(entry)) return false;
  drop(entry);
  entry.run();
  entry.spent?.();
  return true;
}

/** Ctrl/Cmd+Z: undoes the latest change still within its window; false when there is none. */
export function undoLatest(now = Date.now()): boolean {
  const latest = entries.filter((entry) => entry.expires >= now).at(-1);
  return latest ? undoEntry(latest) : false;
}
