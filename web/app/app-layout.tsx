import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { UserResponse } from '../../common/schemas/user.schema.ts';
import { apiRequest } from '../lib/api-client.ts';
import { useLiveUpdates } from '../lib/realtime.ts';
import { useSession } from '../lib/session.tsx';
import { NotificationBell } from '../features/notifications/notification-bell.tsx';
import { QuickAdd } from '../features/tasks/quick-add.tsx';
import { AppHeader } from './app-header.tsx';

/** Frame of every signed-in screen: header and the page below it. */
export function AppLayout() {
  const { t } = useTranslation();
  const { session, signIn } = useSession();
  // Pending shares, collaborators' edits and comments arrive without a reload.
  useLiveUpdates();
  // Confirms the stored token on entry (a revoked or expired one answers 401, which signs
  // out) and refreshes the stored user.
  const me = useQuery({ queryKey: ['user'], queryFn: () => apiRequest('/api/user', { schema: UserResponse }), staleTime: 60_000 });
  useEffect(() => {
    if (me.data && session.status === 'authenticated' && JSON.stringify(me.data.user) !== JSON.stringify(session.user)) {
      signIn(me.data.user, session.token);
    }
  }, [me.data, session, signIn]);

  return (
    <div className="min-h-dvh bg-bg">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2"
      >
        {t('skipToContent')}
      </a>
      <AppHeader
        quickAdd={
          <Suspense fallback={null}>
            <QuickAdd />
          </Suspense>
        }
        bell={
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        }
      />
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <Outlet />
      </main>
    </div>
  );
}
