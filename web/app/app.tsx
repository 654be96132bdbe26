import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { RecoveryBoundary } from '../components/ui/recovery.tsx';
import { Splash } from '../components/ui/splash.tsx';
import { ToastProvider } from '../components/ui/toast.tsx';
import { setApiLanguage } from '../lib/api-client.ts';
import { SessionProvider, useSession } from '../lib/session.tsx';
import { ThemeProvider } from '../theme/theme-provider.tsx';
import { AppRoutes } from './router.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true, staleTime: 5_000 } },
});

function SessionGate() {
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
