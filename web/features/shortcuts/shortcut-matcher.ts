/**
 * The keyboard shortcuts of issue 21 §6 and the rules of when a key press is one: pure, so the
 * "not while typing, not while composing, `g t` within a second" logic is tested on its own.
 */

export type ShortcutId =
  | 'quickAdd'
  | 'newTask'
  | 'search'
  | 'next'
  | 'previous'
  | 'open'
  | 'toggle'
  | 'edit'
  | 'labels'
  | 'delete'
  | 'goTasks'
  | 'goShared'
  | 'goLabels'
  | 'goUpcoming'
  | 'help'
  | 'palette'
  | 'undo';

export type ShortcutGroup = 'general' | 'tasks' | 'navigation';

export interface Shortcut {
  id: ShortcutId;
  /** The keys pressed one after the other (`['g', 't']`), as the matcher names them. */
  keys: readonly string[];
  /** Pressed with Ctrl (Cmd on a Mac). */
  mod?: boolean;
  group: ShortcutGroup;
}

/** Every shortcut, in the order the list of shortcuts shows them. */
export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'palette', keys: ['k'], mod: true, group: 'general' },
  { id: 'quickAdd', keys: ['q'], group: 'general' },
  { id: 'newTask', keys: ['n'], group: 'general' },
  { id: 'search', keys: ['/'], group: 'general' },
  { id: 'undo', keys: ['z'], mod: true, group: 'general' },
  { id: 'help', keys: ['?'], group: 'general' },
  { id: 'next', keys: ['j'], group: 'tasks' },
  { id: 'previous', keys: ['k'], group: 'tasks' },
  { id: 'open', keys: ['Enter'], group: 'tasks' },
  { id: 'toggle', keys: ['x'], group: 'tasks' },
  { id: 'edit', keys: ['e'], group: 'tasks' },
  { id: 'labels', keys: ['#'], group: 'tasks' },
  { id: 'delete', keys: ['Delete'], group: 'tasks' },
  { id: 'goTasks', keys: ['g', 't'], group: 'navigation' },
  { id: 'goShared', keys: ['g', 's'], group: 'navigation' },
  { id: 'goLabels', keys: ['g', 'l'], group: 'navigation' },
  { id: 'goUpcoming', keys: ['g', 'u'], group: 'navigation' },
];

/** How long the second key of a sequence (`g` then `t`) may wait. */
export const SEQUENCE_TIMEOUT_MS = 1000;

/** What the matcher reads of a keydown (a KeyboardEvent has all of it). */
export interface KeyPress {
  key: string;
  code?: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
  isComposing?: boolean;
  keyCode?: number;
  target?: EventTarget | null;
  getModifierState?(key: string): boolean;
}

/** Inputs that take no typed text: a shortcut still works while one of them has focus. */
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** Whether keys typed at this element are text (a field, a select, anything contenteditable): no shortcut fires there. */
export function isTextEntry(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(element.type);
  if (element.isContentEditable) return true;
  // happy-dom and older engines do not always compute isContentEditable: the attribute decides.
  const editable = element.closest('[contenteditable]');
  return editable !== null && editable.getAttribute('contenteditable') !== 'false';
}

/**
 * Widgets that read letters and arrows themselves (a menu's type-ahead, a listbox, a grid): keys
 * pressed in them are theirs.
 */
export function isInKeyboardWidget(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  return (
    (target as Element).closest('[role="menu"], [role="menubar"], [role="listbox"], [role="grid"], [role="tree"], [role="combobox"]') !==
    null
  );
}

/** An IME is composing (Japanese, Chinese, Hindi phonetic input…): its keys belong to the text being composed. */
export const isComposing = (press: KeyPress) => press.isComposing === true || press.keyCode === 229;

/** AltGr (Ctrl+Alt on Windows) produces characters such as `#` or `/` on many layouts: it is no modifier here. */
const altGraph = (press: KeyPress) => press.getModifierState?.('AltGraph') === true;

/** Ctrl or Cmd (and not Alt): the palette's and undo's modifier. */
const commandModifier = (press: KeyPress) => (press.ctrlKey === true || press.metaKey === true) && press.altKey !== true;

/**
 * The key as the shortcuts name it. What the key produces (`event.key`) decides, so `?`, `/` and `#`
 * work wherever a layout puts them and a French keyboard's `q` is where it is printed. A letter key
 * of a layout without Latin letters (Arabic, Hindi, Russian…) produces its own letter: the
 * physical key's Latin letter (`event.code`) stands in for it, so `j` is where J is printed beside it.
 * Arabic layouts' `؟` is `?`.
 */
export function shortcutKey(press: KeyPress): string {
  const { key } = press;
  // The Arabic question mark, which Arabic layouts give where others give `?`.
  if (key === '\u061F') return '?';
  // A Mac's delete key (printed "delete") reaches the browser as Backspace: it deletes too, after
  // the spec's confirmation, as Delete does elsewhere.
  if (key === 'Backspace') return 'Delete';
  if (key.length === 1 && /^[a-z]$/i.test(key)) return key.toLowerCase();
  // Letters and vowel signs (Devanagari's are combining marks), one or two code units.
  if (/^[\p{L}\p{M}]{1,2}$/u.test(key) && press.code && /^Key[A-Z]$/.test(press.code)) return press.code.slice(3).toLowerCase();
  return key;
}

export interface MatchContext {
  /** A modal dialog is open: it owns the keyboard (Escape closes it, as dialogs already do), undo aside. */
  dialogOpen?: boolean;
}

/** The shortcuts that still work while a dialog is open (outside its text fields). */
const UNDO_IN_DIALOGS: ReadonlySet<ShortcutId> = new Set(['undo']);

export type MatchResult = { id: ShortcutId } | { pending: true } | null;

/**
 * A matcher of key presses against SHORTCUTS, remembering the first key of a sequence (`g`) for
 * SEQUENCE_TIMEOUT_MS. `match` answers the shortcut a press completes, `{ pending }` for the first
 * key of a sequence, or null (the press is left to the page).
 */
export function createShortcutMatcher({
  now = () => Date.now(),
  timeoutMs = SEQUENCE_TIMEOUT_MS,
  shortcuts = SHORTCUTS,
}: { now?: () => number; timeoutMs?: number; shortcuts?: readonly Shortcut[] } = {}) {
  let pending: { key: string; at: number } | null = null;

  function match(press: KeyPress, context: MatchContext = {}): MatchResult {
    if (isComposing(press) || isTextEntry(press.target) || isInKeyboardWidget(press.target)) {
      pending = null;
      return null;
    }
    // Shift, Ctrl… pressed alone: they start no shortcut and end no sequence.
    if (['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock'].includes(press.key)) return null;
    const key = shortcutKey(press);
    const mod = commandModifier(press) && !altGraph(press);
    if (mod) {
      pending = null;
      const found = shortcuts.find((shortcut) => shortcut.mod && shortcut.keys.length === 1 && shortcut.keys[0] === key);
      // Ctrl+Shift+Z is "redo" in most applications: undo is Ctrl+Z alone.
      if (!found || press.shiftKey) return null;
      // A dialog owns the keyboard, but undo reaches through it: completing in the task's dialog is undone there.
      return context.dialogOpen && !UNDO_IN_DIALOGS.has(found.id) ? null : { id: found.id };
    }
    if (context.dialogOpen) {
      pending = null;
      return null;
    }
    // Alt, Cmd or Ctrl with a key are the browser's and the system's (AltGr producing a character is not).
    if ((press.altKey || press.metaKey || press.ctrlKey) && !altGraph(press)) {
      pending = null;
      return null;
    }
    // Shift gives `?` and `#`; a shifted letter is a capital, and no shortcut is one.
    if (press.shiftKey && /^[a-z]$/.test(key)) {
      pending = null;
      return null;
    }

    const started = pending && now() - pending.at <= timeoutMs ? pending.key : null;
    pending = null;
    if (started) {
      const found = shortcuts.find(
        (shortcut) => !shortcut.mod && shortcut.keys.length === 2 && shortcut.keys[0] === started && shortcut.keys[1] === key,
      );
      if (found) return { id: found.id };
      // Not a sequence: the key counts on its own.
    }
    if (shortcuts.some((shortcut) => !shortcut.mod && shortcut.keys.length === 2 && shortcut.keys[0] === key)) {
      pending = { key, at: now() };
      return { pending: true };
    }
    const found = shortcuts.find((shortcut) => !shortcut.mod && shortcut.keys.length === 1 && shortcut.keys[0] === key);
    return found ? { id: found.id } : null;
  }

  return {
    match,
    /** Forgets a started sequence (focus left the page, say). */
    reset() {
      pending = null;
    },
  };
}
