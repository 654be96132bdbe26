import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { currentUserQuery, userKeys } from '../lib/api/user-queries.ts';
import { PHONE_LAYOUT, useMediaQuery } from '../lib/use-media-query.ts';
import { useTimeZoneFromBrowser } from '../lib/use-user-clock.ts';
import { useLiveUpdates } from '../lib/realtime.ts';
import { cx } from '../lib/class-names.ts';
import { lazyWithRetry } from '../lib/lazy-with-retry.ts';
import { useSession } from '../lib/session.tsx';
import { useServiceWorkerNavigation } from '../lib/service-worker-messages.ts';
import { usePushRenewal } from '../lib/push-renewal.ts';
import { ErrorBoundary } from '../components/ui/error-boundary.tsx';
import { NotificationBell } from '../features/notifications/notification-bell.tsx';
import { KeyboardShortcuts } from '../features/shortcuts/keyboard-shortcuts.tsx';
import { QuickAdd } from '../features/tasks/quick-add.tsx';
import { AppHeader, PhoneTabBar } from './app-header.tsx';
import { ConnectionStatus } from './connection-status.tsx';

// Only accounts whose address is not proven yet load it (and its texts).
const VerifyEmailBanner = lazyWithRetry(() =>
  import('../features/auth/verify-email-banner.tsx').then((module) => ({ default: module.VerifyEmailBanner })),
);

/**
 * Installed on a phone (issue 23), the signed-in screens draw under the notch and the home
 * indicator and keep their controls out of them (env(safe-area-inset-*)); and the keyboard shrinks
 * the page rather than covering it, so quick add in the bottom bar rides above it (Chromium; Safari
 * scrolls the field into view). Only while signed in: the public pages do not pad for the insets.
 */
function useEdgeToEdgeViewport() {
  useLayoutEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="viewport"]');
    if (!meta) return;
    const before = meta.content;
    meta.content = `${before}, viewport-fit=cover, interactive-widget=resizes-content`;
    return () => {
      meta.content = before;
    };
  }, []);
}

/** Frame of every signed-in screen: header, the page below it and, on phones, the tab bar under it. */
export function AppLayout() {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_LAYOUT);
  useEdgeToEdgeViewport();
  const { session, signIn } = useSession();
  const queryClient = useQueryClient();
  // Pending shares, collaborators' edits and comments arrive without a reload.
  useLiveUpdates();
  // A clicked push notification opens its task here (issue 22), and push enabled here before by
  // this person comes back with their new sign-in.
  useServiceWorkerNavigation();
  usePushRenewal(
    session.status === 'authenticated' ? session.user.id : undefined,
    session.status === 'authenticated' ? session.token : undefined,
  );
  // Confirms the stored token on entry (a revoked or expired one answers 401, which signs
  // out) and refreshes the stored user.
  const me = useQuery(currentUserQuery());
  const applied = useRef<unknown>(undefined);
  const sessionUser = session.status === 'authenticated' ? session.user : null;
  useEffect(() => {
    if (!me.data || session.status !== 'authenticated') return;
    // An answer about another account (the session changed since it was fetched) is asked again.
    if (session.user.id !== 0 && me.data.user.id !== session.user.id) {
      void queryClient.invalidateQueries({ queryKey: userKeys.me });
      return;
    }
    const differs = JSON.stringify(me.data.user) !== JSON.stringify(session.user);
    if (applied.current !== me.data) {
      // A new answer from the server: the stored user takes it.
      applied.current = me.data;
      if (differs) signIn(me.data.user, session.token);
    } else if (differs) {
      // The stored user changed under an answer already applied (another tab verified the
      // address, say): ask the server again rather than write the older copy back, which
      // would make two tabs overwrite each other's copy for ever.
      void queryClient.invalidateQueries({ queryKey: userKeys.me });
    }
  }, [me.data, session, signIn, queryClient]);

  // Issue 21: a person's days are read in their time zone; the browser's until they choose one.
  useTimeZoneFromBrowser(me.data?.user.time_zone === null && me.data.user.id === sessionUser?.id);

  // Issue 18: until the address is proven, shares to it do not arrive. Shown once the server has
  // said so (a stored user from before the field existed says nothing), and gone as soon as
  // either copy says it is proven (verified here, in another tab, or by an invitation's link).
  const unverified =
    me.data?.user.email_verified_at === null && me.data.user.id === sessionUser?.id && sessionUser.email_verified_at === null;

  // One quick add, in the header or (phones) at the end of the tab bar: turning a phone past md moves it, text and all.
  const quickAdd = (
    <Suspense fallback={null}>
      <QuickAdd placement={phone ? 'dock' : 'header'} />
    </Suspense>
  );

  return (
    <div className="min-h-dvh bg-bg">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2"
      >
        {t('skipToContent')}
      </a>
      <AppHeader
        quickAdd={phone ? undefined : quickAdd}
        bell={
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        }
      />
      <main
        id="main"
        tabIndex={-1}
        className={cx('mx-auto max-w-7xl px-safe-4 py-6 outline-none sm:px-safe-6', phone && 'pb-[calc(var(--dock-space)+1.5rem)]')}
      >
        <ConnectionStatus />
        {unverified && sessionUser && (
          // A reminder only: should its code not arrive, the screen goes on without it.
          <ErrorBoundary fallback={() => null}>
            <Suspense fallback={null}>
              <VerifyEmailBanner email={sessionUser.email} />
            </Suspense>
          </ErrorBoundary>
        )}
        <Outlet />
      </main>
      {phone && <PhoneTabBar quickAdd={quickAdd} />}
      {/* Issue 21 §6: shortcuts, their list (?) and the command palette (Ctrl/Cmd+K) on every signed-in screen. */}
      <KeyboardShortcuts />
    </div>
  );
}
