import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { CloudOff, RefreshCw } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button.tsx';
import { taskKeys } from '../lib/api/task-queries.ts';
import { reloadOnNewVersion, startServiceWorker, useUpdateWaiting } from '../lib/service-worker.ts';

/** Whether the browser says it has a connection (TanStack Query's view, which pauses reads and writes without one). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** When the tasks shown were last read from the server: the newest answer of any task query. */
function useLastSync(): number | undefined {
  const queryClient = useQueryClient();
  const read = () =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey: taskKeys.all })
      .reduce<number | undefined>((newest, query) => Math.max(newest ?? 0, query.state.dataUpdatedAt) || newest, undefined);
  const [lastSync, setLastSync] = useState(read);
  useEffect(() => queryClient.getQueryCache().subscribe(() => setLastSync(read())));
  return lastSync;
}

/** The time of the last sync as a person reads it: the time today, with the day before today. */
function syncTimeText(moment: number, language: string): string {
  const date = new Date(moment);
  const today = new Date().toDateString() === date.toDateString();
  return new Intl.DateTimeFormat(language, today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * Under the header of every signed-in screen (issue 23): a quiet line while there is no
 * connection, with when the tasks shown were last synced, and the offer of a new build once it is
 * ready. Also registers the service worker that makes both possible (decision 032).
 */
export function ConnectionStatus() {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const lastSync = useLastSync();
  const updateWaiting = useUpdateWaiting();

  useEffect(() => {
    void startServiceWorker();
  }, []);

  return (
    <>
      {!online && (
        <p role="status" data-testid="offline-indicator" className="mb-4 flex items-center gap-2 text-sm text-muted">
          <CloudOff aria-hidden className="h-4 w-4 shrink-0" />
          <span>
            {lastSync
              ? t('connection.offlineSince', { time: syncTimeText(lastSync, i18n.resolvedLanguage ?? 'en') })
              : t('connection.offlineNeverSynced')}
          </span>
        </p>
      )}
      {updateWaiting && (
        <div
          role="status"
          data-testid="update-ready"
          className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-card border border-line bg-surface px-4 py-3 text-sm shadow-sm"
        >
          <span className="flex items-center gap-2 font-medium">
            <RefreshCw aria-hidden className="h-4 w-4 shrink-0 text-brand" />
            {t('connection.updateReady')}
          </span>
          <Button size="sm" onClick={reloadOnNewVersion} className="min-h-11 sm:min-h-8">
            {t('connection.reload')}
          </Button>
        </div>
      )}
    </>
  );
}
