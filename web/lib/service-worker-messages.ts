import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * A push notification clicked while Taskaty is open (web/service-worker/sw.ts): the worker focuses the
 * window and asks it to show the notification's page, which the app does without a reload.
 */
export function useServiceWorkerNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!worker) return;
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type !== 'taskaty:open' || typeof data.url !== 'string') return;
      // Only a path of this app (the worker sends nothing else; a foreign message is ignored).
      if (data.url.startsWith('/') && !data.url.startsWith('//')) void navigate(data.url);
    };
    worker.addEventListener('message', onMessage);
    return () => worker.removeEventListener('message', onMessage);
  }, [navigate]);
}
