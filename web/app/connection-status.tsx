import { onlineManager } from '@tanstack/react-query';
import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { lazyWithRetry } from '../lib/lazy-with-retry.ts';
import { usePendingWrites } from '../lib/offline/pending-writes.ts';
import { startServiceWorker, useUpdateWaiting } from '../lib/service-worker.ts';

// Loaded only when there is something to say: the dashboard's first load has a budget (decision 025).
const ConnectionNotices = lazyWithRetry(() => import('./connection-notices.tsx'));

/** Whether the browser says it has a connection (TanStack Query's view, which pauses reads and writes without one). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/**
 * Under the header of every signed-in screen (issue 23): a quiet line while there is no
 * connection, with when the tasks shown were last synced and what waits to be sent; the sending
 * and the choice when a task changed meanwhile; the offer of a new build once it is ready. Also
 * registers the service worker that makes the offline app possible (decision 032).
 */
export function ConnectionStatus() {
  const online = useOnline();
  const updateWaiting = useUpdateWaiting();
  const pending = usePendingWrites();
  useEffect(() => {
    void startServiceWorker();
  }, []);
  if (online && !updateWaiting && pending.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ConnectionNotices online={online} updateWaiting={updateWaiting} pending={pending} />
    </Suspense>
  );
}
