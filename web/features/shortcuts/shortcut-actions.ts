import type { QueryClient } from '@tanstack/react-query';
import type { LanguageCode } from '../../../common/locales.ts';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { paths } from '../../app/paths.ts';
import { changeLanguage } from '../../i18n/i18n.ts';
import { loadedTask } from '../../lib/api/task-queries.ts';
import { emitLabelFilter } from '../../lib/task-events.ts';
import { taskPath } from './navigation.ts';
import {
  cardTaskId,
  focusedCard,
  focusSearch,
  keepFocusInPlace,
  moveCardFocus,
  openCard,
  openQuickAdd,
  rememberFocusedCard,
  SEARCH_FIELD,
  toggleButton,
  whenPresent,
} from './page-actions.ts';
import type { ShortcutId } from './shortcut-matcher.ts';
import { taskShortcutHandlers, wantNewTask } from './task-shortcuts.ts';

/**
 * What the shortcuts and the palette do on the page, loaded with the first key pressed (or the
 * palette's first opening), not with the dashboard: keyboard-shortcuts.tsx decides at once whether
 * a key is a shortcut, this does it.
 */

/** What the signed-in layout hands over: the router and the query cache. */
export interface ShortcutContext {
  navigate(path: string, options?: { state?: unknown }): void;
  pathname(): string;
  queryClient: QueryClient;
}

/** Remembers the card that last held focus, whichever way it got it (j/k, Tab, a click). */
let remembering = false;
export function rememberCards() {
  if (remembering) return;
  remembering = true;
  document.addEventListener('focusin', rememberFocusedCard);
  rememberFocusedCard();
}

/** The label field of the task dialog, which `#` focuses once the dialog has put focus on its first field. */
function focusLabelField() {
  whenPresent<HTMLInputElement>('[data-testid="task-form-dialog"] input[role="combobox"]', (field) => {
    const dialog = field.closest('dialog');
    let frames = 0;
    const settle = () => {
      if (document.activeElement === field) return;
      if (dialog?.contains(document.activeElement)) field.focus();
      else if (frames++ < 120) requestAnimationFrame(settle);
    };
    settle();
  });
}

/** `n` and the palette's New task: the screen's add dialog, or the dashboard's from another screen (as its floating +). */
function newTask(context: ShortcutContext) {
  const handlers = taskShortcutHandlers();
  if (handlers?.newTask) return handlers.newTask();
  wantNewTask();
  context.navigate(paths.dashboard);
}

/** The task of the card that holds focus, if the lists have it. */
function focusedTask(context: ShortcutContext): { card: HTMLElement; task: Task } | null {
  const card = focusedCard();
  const task = card ? loadedTask(context.queryClient, cardTaskId(card)) : undefined;
  return card && task ? { card, task } : null;
}

/** Does what a shortcut of the page asks (the layout itself opens the dialogs and navigates). */
export function perform(id: ShortcutId, context: ShortcutContext) {
  rememberCards();
  switch (id) {
    case 'quickAdd':
      return openQuickAdd();
    case 'newTask':
      return newTask(context);
    case 'search': {
      const field = document.querySelector<HTMLInputElement>(SEARCH_FIELD);
      if (field) return focusSearch(field);
      // Today and Upcoming, Labels and Settings have no search: the dashboard's.
      context.navigate(paths.dashboard);
      return whenPresent(SEARCH_FIELD, focusSearch);
    }
    case 'next':
    case 'previous':
      return void moveCardFocus(id === 'next' ? 1 : -1);
    case 'open': {
      const card = focusedCard();
      return card ? openCard(card) : undefined;
    }
    case 'toggle': {
      const card = focusedCard();
      const tick = card && toggleButton(card);
      if (!card || !tick) return;
      keepFocusInPlace(card);
      return tick.click();
    }
    case 'edit':
    case 'labels': {
      const found = focusedTask(context);
      const edit = taskShortcutHandlers()?.edit;
      if (!found || !edit) return;
      edit(found.task);
      if (id === 'labels') focusLabelField();
      return;
    }
    case 'delete': {
      const found = focusedTask(context);
      if (found && taskShortcutHandlers()?.remove?.(found.task)) keepFocusInPlace(found.card);
      return;
    }
  }
}

/** What the palette's entries do, so an entry and its shortcut do the same. */
export interface PaletteCommands {
  goTo(path: string): void;
  newTask(): void;
  quickAdd(): void;
  showShortcuts(): void;
  openTask(task: Task, scope: 'own' | 'shared'): void;
  showLabel(name: string): void;
  setLanguage(code: LanguageCode): void;
  setTheme(theme: 'light' | 'dark'): void;
  signOut(): void;
}

export interface PaletteContext extends ShortcutContext {
  showShortcuts(): void;
  setTheme(theme: 'light' | 'dark'): void;
  signOut(): void;
}

export function paletteCommands(context: PaletteContext): PaletteCommands {
  return {
    goTo: (path) => context.navigate(path),
    newTask: () => newTask(context),
    quickAdd: openQuickAdd,
    showShortcuts: context.showShortcuts,
    // Opened over the page, as from a card: Back (or closing it) returns to where the palette was.
    openTask: (task, scope) => context.navigate(taskPath(task.id, scope), { state: { taskOpenedHere: true } }),
    showLabel: (name) => {
      if (context.pathname() === paths.dashboard) emitLabelFilter(name);
      else context.navigate(paths.dashboardWithLabel(name));
    },
    setLanguage: (code) => void changeLanguage(code),
    setTheme: context.setTheme,
    signOut: context.signOut,
  };
}
