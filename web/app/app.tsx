import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { Suspense, use, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { RecoveryBoundary } from '../components/ui/recovery.tsx';
import { Splash } from '../components/ui/splash.tsx';
import { ToastProvider } from '../components/ui/toast.tsx';
import { setApiLanguage } from '../lib/api-client.ts';
import { keepOfflineCopy, restoreOfflineCopy } from '../lib/offline/offline-cache.ts';
import { bindWritesToQueryClient, loadPendingWrites, pendingWrites } from '../lib/offline/pending-writes.ts';
import { SessionProvider, useSession } from '../lib/session.tsx';
import { ThemeProvider } from '../theme/theme-provider.tsx';
import { AppRoutes } from './router.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    // A day in memory (TanStack's default is 5 minutes): what was read stays in the offline copy
    // (decision 032), a task opened this morning included, while the app is open.
    queries: { retry: 1, refetchOnWindowFocus: true, staleTime: 5_000, gcTime: 24 * 60 * 60 * 1000 },
    // Writes run offline too: those that can wait for the connection are kept (decision 033); the
    // others fail with the network error they always had, instead of hanging paused.
    mutations: { networkMode: 'always' },
  },
});

// What was read last, kept on the device (decision 032): back in the cache before the first screen
// renders, so it shows at once with or without a connection; saved again as it changes.
// What was written offline and not yet sent comes back with it.
bindWritesToQueryClient(queryClient);
const offlineCopyRestored = Promise.all([restoreOfflineCopy(queryClient), loadPendingWrites()]).then(async () => {
  // Shown over the copy, which may be a moment older than the last of them (loaded only when some wait).
  // Never in the way of the app opening: without it, the copy shows as saved.
  if (pendingWrites().length > 0)
    await import('../lib/offline/offline-writes.ts').then(({ showPendingWrites }) => showPendingWrites()).catch(() => undefined);
  keepOfflineCopy(queryClient);
});
// TanStack Query assumes a connection until the browser says it lost one; an app opened offline
// (from its service worker) starts knowing, so its reads wait instead of failing (decision 032).
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);

function SessionGate() {
  use(offlineCopyRestored);
  const { session } = useSession();
  const { t, i18n } = useTranslation();
  useEffect(() => {
    setApiLanguage(i18n.resolvedLanguage ?? 'en');
  }, [i18n.resolvedLanguage]);
  // Spec §2: while the session is read, a full-screen splash; guarded pages render nothing.
  if (session.status === 'loading') return <Splash label={t('loading')} />;
  return <AppRoutes />;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {/* The last resort: whatever breaks outside a screen's own boundary says so instead of a blank page. */}
        <RecoveryBoundary level="page">
          <SessionProvider>
            <ToastProvider>
              <BrowserRouter>
                <Suspense fallback={null}>
                  <SessionGate />
                </Suspense>
              </BrowserRouter>
            </ToastProvider>
          </SessionProvider>
        </RecoveryBoundary>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
