import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { RecoveryDialogBoundary } from '../../components/ui/recovery-dialog.tsx';
import { lazyWithRetry } from '../../lib/lazy-with-retry.ts';
import { useSession } from '../../lib/session.tsx';
import { undoLatest } from '../../lib/undo.ts';
import { useTheme } from '../../theme/theme-provider.tsx';
import { UPCOMING_PATH } from './navigation.ts';
import { createShortcutMatcher, type ShortcutId } from './shortcut-matcher.ts';
import type * as Actions from './shortcut-actions.ts';
import type { PaletteContext } from './shortcut-actions.ts';
import { requestSignOut } from '../../lib/sign-out-request.ts';

// Each loads when first asked for: the dashboard's first load carries neither (nor cmdk).
const ShortcutsDialog = lazyWithRetry(() => import('./shortcuts-dialog.tsx'));
const CommandPalette = lazyWithRetry(() => import('./command-palette.tsx'));

/** What the shortcuts do on the page: loaded with the first key pressed. */
let actions: Promise<typeof Actions> | undefined;
function loadActions() {
  actions ??= import('./shortcut-actions.ts').catch((error: unknown) => {
    actions = undefined; // offline for a moment: the next key tries again
    throw error;
  });
  return actions;
}

/** A modal dialog is open: it owns the keyboard. */
const dialogIsOpen = () => document.querySelector('dialog[open]') !== null;

/** Elements that do something with Enter themselves: Enter on them is theirs. */
const ACTIVATES_ON_ENTER = 'button, a[href], summary, [role="button"], [role="link"], [role="checkbox"], [role="tab"]';

/** Where the `g` sequences go. */
const DESTINATIONS: Partial<Record<ShortcutId, string>> = {
  goTasks: paths.dashboard,
  goShared: paths.shared,
  goLabels: paths.labels,
  goUpcoming: UPCOMING_PATH,
};

/**
 * The keyboard of issue 21 §6, mounted once in the signed-in layout: the shortcuts (shortcut-matcher.ts),
 * the list of them (`?`) and the command palette (Ctrl/Cmd+K). Whether a key is a shortcut is
 * decided here at once (so its default is prevented); what the page's shortcuts do comes with the
 * first key pressed (shortcut-actions.ts).
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
  // What is typed between Ctrl/Cmd+K and the palette's first paint (its code loads on first use):
  // the start of its search, not shortcuts ("n" would open a new task). `null` when not waiting.
  const typedAhead = useRef<string | null>(null);
  const close = useCallback((then?: () => void) => {
    typedAhead.current = null;
    afterClose.current = then ?? null;
    setOpen(null);
  }, []);

  // The listener is added once (a new one on every navigation would forget a `g` pressed just
  // before), and reads the router through this.
  const latest = useRef({ navigate, pathname: location.pathname });
  useEffect(() => {
    latest.current = { navigate, pathname: location.pathname };
  }, [navigate, location.pathname]);

  const context = useMemo<PaletteContext>(
    () => ({
      navigate: (path, options) => void latest.current.navigate(path, options),
      pathname: () => latest.current.pathname,
      queryClient,
      showShortcuts: () => setOpen('help'),
      setTheme,
      // Through the layout's check: changes made offline that still wait are not dropped unasked.
      signOut: () => requestSignOut(() => void signOut()),
    }),
    [queryClient, setTheme, signOut],
  );

  useEffect(() => {
    const matcher = createShortcutMatcher();

    /** While the palette loads, a character goes into its search and Backspace takes one back. */
    const typeAhead = (event: KeyboardEvent) => {
      if (typedAhead.current === null || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return false;
      // A field with focus (the palette's own, from its first focus on) types for itself.
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return false;
      if (event.key === 'Escape') close();
      else if (event.key === 'Backspace') typedAhead.current = typedAhead.current.slice(0, -1);
      else if ([...event.key].length === 1) typedAhead.current += event.key;
      else return false;
      event.preventDefault();
      return true;
    };

    const onKeyDown = (event: KeyboardEvent) => {
      // Handled already by what has focus (a menu's arrows, a field's Escape).
      if (event.defaultPrevented || typeAhead(event)) return;
      // The keyboard is in use: what the shortcuts do is fetched now, before it is needed.
      void loadActions().catch(() => undefined);
      const result = matcher.match(event, { dialogOpen: dialogIsOpen() });
      if (!result) return;
      if ('pending' in result) return event.preventDefault();
      const { id } = result;
      // On a button or a link (the card's title, where j/k put focus) Enter is its own click.
      if (id === 'open' && event.target instanceof Element && event.target.closest(ACTIVATES_ON_ENTER)) return;
      if (id === 'undo') {
        if (undoLatest()) event.preventDefault();
        return;
      }
      // Prevented, so the key types nothing where a shortcut moves focus (q into quick add) and the
      // browser does nothing of its own (Ctrl+K: its search; /: Firefox's find).
      event.preventDefault();
      const destination = DESTINATIONS[id];
      if (destination) return latest.current.navigate(destination);
      if (id === 'help') return setOpen('help');
      if (id === 'palette') {
        typedAhead.current = '';
        return setOpen('palette');
      }
      loadActions().then(
        (module) => module.perform(id, context),
        (error: unknown) => console.error('The keyboard shortcuts did not load', error),
      );
    };
    const onBlur = () => matcher.reset();
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('blur', onBlur);
    };
  }, [context, close]);

  if (open === null) return null;
  return (
    <RecoveryDialogBoundary onClose={() => close()}>
      <Suspense fallback={null}>
        {open === 'help' ? (
          <ShortcutsDialog onClose={() => close()} />
        ) : (
          <CommandPalette onClose={close} context={context} typedAhead={typedAhead} />
        )}
      </Suspense>
    </RecoveryDialogBoundary>
  );
}
