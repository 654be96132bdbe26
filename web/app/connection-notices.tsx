import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { AlertTriangle, CloudOff, RefreshCw } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button.tsx';
import { taskKeys } from '../lib/api/task-queries.ts';
import { reloadOnNewVersion } from '../lib/service-worker.ts';
import { useToast } from '../components/ui/toast.tsx';
import { lazyWithRetry } from '../lib/lazy-with-retry.ts';
import type { PendingWrite } from '../lib/offline/pending-writes.ts';

const offlineWrites = () => import('../lib/offline/offline-writes.ts');
const SyncConflictDialog = lazyWithRetry(() => import('./sync-conflict-dialog.tsx'));

const newestTaskAnswer = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .findAll({ queryKey: taskKeys.all })
    .reduce<number | undefined>((newest, query) => Math.max(newest ?? 0, query.state.dataUpdatedAt) || newest, undefined);

/**
 * When the tasks shown were last read from the server: the newest task answer when this line
 * appears, then each new one fetched. Changes made offline also touch the cache (setQueryData,
 * "manual" answers): they are not a sync and do not move it.
 */
function useLastSync(): number | undefined {
  const queryClient = useQueryClient();
  const [lastSync, setLastSync] = useState(() => newestTaskAnswer(queryClient));
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
        if (event.query.queryKey[0] === taskKeys.all[0]) setLastSync(event.query.state.dataUpdatedAt);
      }),
    [queryClient],
  );
  return lastSync;
}

/** The time of the last sync as a person reads it: the time today, with the day before today. */
function syncTimeText(moment: number, language: string): string {
  const date = new Date(moment);
  const today = new Date().toDateString() === date.toDateString();
  return new Intl.DateTimeFormat(language, today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

const RETRY_EVERY_MS = 30_000;

/** Sends what waits whenever there is a connection and something to send; says what the server refused. */
function useSendingWhenOnline(online: boolean, pending: readonly PendingWrite[]) {
  const { t } = useTranslation('offline');
  const toast = useToast();
  const sendable = pending.filter((write) => !(write.kind === 'update' && write.conflict)).length;
  useEffect(() => {
    if (!online || sendable === 0) return;
    let stop: (() => void) | undefined;
    let retry: ReturnType<typeof setInterval> | undefined;
    let ended = false;
    void offlineWrites().then(({ onWriteRefused, replayPendingWrites }) => {
      // Cleaned up before the code arrived: nothing to start.
      if (ended) return;
      stop = onWriteRefused(({ message }) => toast.show(t('refused', { message }), 'error'));
      void replayPendingWrites();
      // The server down, busy (429) or the connection weak: what is still waiting is tried again
      // every half minute while the app is open, not only when something changes.
      retry = setInterval(() => void replayPendingWrites(), RETRY_EVERY_MS);
    });
    return () => {
      ended = true;
      stop?.();
      clearInterval(retry);
    };
  }, [online, sendable, t, toast]);
}

/** What connection-status.tsx shows when there is something to say (it loads this only then). */
export default function ConnectionNotices({
  online,
  updateWaiting,
  pending,
}: {
  online: boolean;
  updateWaiting: boolean;
  pending: readonly PendingWrite[];
}) {
  const { t, i18n } = useTranslation('offline');
  const lastSync = useLastSync();
  useSendingWhenOnline(online, pending);
  const conflict = pending.find((write) => write.kind === 'update' && write.conflict);
  // The choice opens by itself when a conflict comes; closed, it waits behind "Choose".
  const [conflictOpen, setConflictOpen] = useState(true);
  const conflictId = conflict?.id;
  useEffect(() => setConflictOpen(true), [conflictId]);
  const waiting = pending.length - (conflict ? 1 : 0);
  return (
    <>
      {!online && (
        <p role="status" data-testid="offline-indicator" className="mb-4 flex items-start gap-2 text-sm text-muted">
          <CloudOff aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            {lastSync ? t('offlineSince', { time: syncTimeText(lastSync, i18n.resolvedLanguage ?? 'en') }) : t('offlineNeverSynced')}
            {waiting > 0 && <span data-testid="pending-writes"> · {t('waiting', { count: waiting })}</span>}
          </span>
        </p>
      )}
      {online && waiting > 0 && (
        <p role="status" data-testid="syncing" className="mb-4 flex items-center gap-2 text-sm text-muted">
          <RefreshCw aria-hidden className="h-4 w-4 shrink-0 motion-safe:animate-spin" />
          {t('syncing', { count: waiting })}
        </p>
      )}
      {conflict?.kind === 'update' && conflict.conflict && (
        <>
          <div
            data-testid="sync-conflict"
            className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-card border border-warning/40 bg-warning-soft px-4 py-3 text-sm"
          >
            <span className="flex items-center gap-2 font-medium">
              <AlertTriangle aria-hidden className="h-4 w-4 shrink-0 text-warning" />
              {t('conflict.waiting', { title: conflict.conflict.title })}
            </span>
            <Button size="sm" variant="outline" onClick={() => setConflictOpen(true)} className="min-h-11 sm:min-h-8">
              {t('conflict.choose')}
            </Button>
          </div>
          <Suspense fallback={null}>
            <SyncConflictDialog
              key={conflict.id}
              write={conflict}
              current={conflict.conflict}
              open={conflictOpen}
              onClose={() => setConflictOpen(false)}
            />
          </Suspense>
        </>
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
