import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CloudOff, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button.tsx';
import { taskKeys } from '../lib/api/task-queries.ts';
import { reloadOnNewVersion } from '../lib/service-worker.ts';

const newestTaskAnswer = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .findAll({ queryKey: taskKeys.all })
    .reduce<number | undefined>((newest, query) => Math.max(newest ?? 0, query.state.dataUpdatedAt) || newest, undefined);

/** When the tasks shown were last read from the server: the newest answer of any task query. */
function useLastSync(): number | undefined {
  const queryClient = useQueryClient();
  const [lastSync, setLastSync] = useState(() => newestTaskAnswer(queryClient));
  useEffect(() => queryClient.getQueryCache().subscribe(() => setLastSync(newestTaskAnswer(queryClient))), [queryClient]);
  return lastSync;
}

/** The time of the last sync as a person reads it: the time today, with the day before today. */
function syncTimeText(moment: number, language: string): string {
  const date = new Date(moment);
  const today = new Date().toDateString() === date.toDateString();
  return new Intl.DateTimeFormat(language, today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** What connection-status.tsx shows when there is something to say (it loads this only then). */
export default function ConnectionNotices({ online, updateWaiting }: { online: boolean; updateWaiting: boolean }) {
  const { t, i18n } = useTranslation('offline');
  const lastSync = useLastSync();
  return (
    <>
      {!online && (
        <p role="status" data-testid="offline-indicator" className="mb-4 flex items-center gap-2 text-sm text-muted">
          <CloudOff aria-hidden className="h-4 w-4 shrink-0" />
          <span>
            {lastSync ? t('offlineSince', { time: syncTimeText(lastSync, i18n.resolvedLanguage ?? 'en') }) : t('offlineNeverSynced')}
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
            {t('updateReady')}
          </span>
          <Button size="sm" onClick={reloadOnNewVersion} className="min-h-11 sm:min-h-8">
            {t('reload')}
          </Button>
        </div>
      )}
    </>
  );
}
