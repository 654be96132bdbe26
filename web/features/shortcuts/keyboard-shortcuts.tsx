import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { RecoveryDialogBoundary } from '../../components/ui/recovery-dialog.tsx';
import { changeLanguage } from '../../i18n/i18n.ts';
import { loadedTask } from '../../lib/api/task-queries.ts';
import { lazyWithRetry } from '../../lib/lazy-with-retry.ts';
import { useSession } from '../../lib/session.tsx';
import { emitLabelFilter } from '../../lib/task-events.ts';
import { undoLatest } from '../../lib/undo.ts';
import { useTheme } from '../../theme/theme-provider.tsx';
import type { PaletteCommands } from './command-palette.tsx';
import { taskPath, UPCOMING_PATH } from './navigation.ts';
import {
  cardTaskId,
  dialogIsOpen,
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
import { createShortcutMatcher, type ShortcutId } from './shortcut-matcher.ts';
import { taskShortcutHandlers, wantNewTask } from './task-shortcuts.ts';

// Each loads when first asked for: the dashboard's first load carries neither (nor cmdk).
const ShortcutsDialog = lazyWithRetry(() => import('./shortcuts-dialog.tsx'));
const CommandPalette = lazyWithRetry(() => import('./command-palette.tsx'));

/** Elements that do something with Enter themselves: Enter on them is theirs. */
const ACTIVATES_ON_ENTER = 'button, a[href], summary, [role="button"], [role="link"], [role="checkbox"], [role="tab"]';

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

/**
 * The keyboard of issue 21 §6, mounted once in the signed-in layout: the shortcuts (shortcut-matcher.ts),
 * the list of them (`?`) and the command palette (Ctrl/Cmd+K).
 */
export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { setTheme } = useTheme();
  const { signOut } = useSession();
  const [open, setOpen] = useState<'help' | 'palette' | null>(null);

  // What the palette chose runs once it has closed and given focus back (quick add then keeps its own).
  const afterClose = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (open !== null || !afterClose.current) return;
    const then = afterClose.current;
    afterClose.current = null;
    then();
  }, [open]);
  const close = useCallback((then?: () => void) => {
    afterClose.current = then ?? null;
    setOpen(null);
  }, []);

  const pathname = useRef(location.pathname);
  useEffect(() => {
    pathname.current = location.pathname;
  }, [location.pathname]);

  const commands = useMemo<PaletteCommands>(
    () => ({
      goTo: (path) => navigate(path),
      newTask: () => {
        const handlers = taskShortcutHandlers();
        if (handlers?.newTask) return handlers.newTask();
        // As the dashboard's floating +: from another screen, the dashboard opens with its add dialog.
        wantNewTask();
        navigate(paths.dashboard);
      },
      quickAdd: openQuickAdd,
      showShortcuts: () => setOpen('help'),
      openTask: (task, scope) => navigate(taskPath(task.id, scope), { state: { taskOpenedHere: true } }),
      showLabel: (name) => {
        if (pathname.current === paths.dashboard) emitLabelFilter(name);
        else navigate(paths.dashboardWithLabel(name));
      },
      setLanguage: (code) => void changeLanguage(code),
      setTheme,
      signOut: () => void signOut(),
    }),
    [navigate, setTheme, signOut],
  );

  // The listener is added once: a new one on every navigation would forget a `g` pressed just before.
  const latest = useRef({ commands, navigate, queryClient });
  useEffect(() => {
    latest.current = { commands, navigate, queryClient };
  }, [commands, navigate, queryClient]);

  useEffect(() => {
    const matcher = createShortcutMatcher();
    const go = (path: string) => void latest.current.navigate(path);

    const withFocusedTask = (act: (card: HTMLElement, id: number) => void) => {
      const card = focusedCard();
      if (!card) return false;
      act(card, cardTaskId(card));
      return true;
    };

    /** Does what the shortcut asks; false when it did nothing here (the key is then left to the page). */
    const perform = (id: ShortcutId, event: KeyboardEvent): boolean => {
      switch (id) {
        case 'quickAdd':
          openQuickAdd();
          return true;
        case 'newTask':
          latest.current.commands.newTask();
          return true;
        case 'search': {
          const field = document.querySelector<HTMLInputElement>(SEARCH_FIELD);
          if (field) focusSearch(field);
          else {
            go(paths.dashboard);
            whenPresent(SEARCH_FIELD, focusSearch);
          }
          return true;
        }
        case 'next':
          return moveCardFocus(1);
        case 'previous':
          return moveCardFocus(-1);
        case 'open':
          // On the card's title (where j/k put focus) Enter is the button's own click.
          if (event.target instanceof Element && event.target.closest(ACTIVATES_ON_ENTER)) return false;
          return withFocusedTask((card) => openCard(card));
        case 'toggle':
          return withFocusedTask((card) => {
            const tick = toggleButton(card);
            if (!tick) return;
            keepFocusInPlace(card);
            tick.click();
          });
        case 'edit':
        case 'labels':
          return withFocusedTask((_card, taskId) => {
            const task = loadedTask(latest.current.queryClient, taskId);
            const edit = taskShortcutHandlers()?.edit;
            if (!task || !edit) return;
            edit(task);
            if (id === 'labels') focusLabelField();
          });
        case 'delete':
          return withFocusedTask((card, taskId) => {
            const task = loadedTask(latest.current.queryClient, taskId);
            if (task && taskShortcutHandlers()?.remove?.(task)) keepFocusInPlace(card);
          });
        case 'goTasks':
          go(paths.dashboard);
          return true;
        case 'goShared':
          go(paths.shared);
          return true;
        case 'goLabels':
          go(paths.labels);
          return true;
        case 'goUpcoming':
          go(UPCOMING_PATH);
          return true;
        case 'help':
          setOpen('help');
          return true;
        case 'palette':
          setOpen('palette');
          return true;
        case 'undo':
          return undoLatest();
      }
    };

    const onKeyDown = (event: KeyboardEvent) => {
      // Handled already by what has focus (a menu's arrows, a field's Escape).
      if (event.defaultPrevented) return;
      const result = matcher.match(event, { dialogOpen: dialogIsOpen() });
      if (!result) return;
      if ('pending' in result) {
        event.preventDefault();
        return;
      }
      // Prevented, so the key types nothing where a shortcut moves focus (q into quick add) and the
      // browser does nothing of its own (Ctrl+K: its search; /: Firefox's find).
      if (perform(result.id, event)) event.preventDefault();
    };
    const onFocusIn = () => rememberFocusedCard();
    const onBlur = () => matcher.reset();

    window.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      window.removeEventListener('blur', onBlur);
    };
  }, []);

  if (open === null) return null;
  return (
    <RecoveryDialogBoundary onClose={() => close()}>
      <Suspense fallback={null}>
        {open === 'help' ? <ShortcutsDialog onClose={() => close()} /> : <CommandPalette onClose={close} commands={commands} />}
      </Suspense>
    </RecoveryDialogBoundary>
  );
}
