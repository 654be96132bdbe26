import type { UseQueryResult } from '@tanstack/react-query';
import { Check, Inbox, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../common/limits.ts';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { preview } from '../../../common/task-rules.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LabelChip } from '../../components/ui/label-chip.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAcceptShare, useDeclineShare } from '../../lib/api/share-writes.ts';
import { Loading } from '../../components/ui/loading.tsx';

/** The dropdown's list of pending shares, loaded when the bell is first opened (not on every page load). */
export default function PendingShareList({
  query,
  onGone,
  compact = false,
}: {
  query: UseQueryResult<Task[]>;
  onGone(): void;
  /** Notifications follow (issue 22): "none pending" takes one line, not the panel. */
  compact?: boolean;
}) {
  const { t } = useTranslation('sharing');
  if (query.isPending) {
    return (
      <div className="space-y-3 p-4" aria-busy={query.fetchStatus !== 'paused'} aria-label={t('bell.loading')}>
        <Loading paused={query.fetchStatus === 'paused'}>
          {[0, 1].map((key) => (
            <div key={key} className="space-y-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/3" />
              <Skeleton className="h-8 w-full" />
            </div>
          ))}
        </Loading>
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div className="p-3 [&>div]:border-0 [&>div]:py-6">
        <ErrorState
          message={errorMessage(query.error, t('bell.loadFailed'), t('common:errors.pleaseTryAgain'))}
          retryLabel={t('common:actions.tryAgain')}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }
  const tasks = query.data ?? [];
  if (tasks.length === 0 && compact) {
    return (
      <div className="flex items-center gap-3 px-4 py-3" data-testid="pending-empty">
        <Inbox aria-hidden className="h-5 w-5 shrink-0 text-brand-strong" />
        <p className="min-w-0 text-sm">
          <span className="font-semibold text-fg">{t('bell.emptyTitle')}</span> <span className="text-muted">{t('bell.emptyText')}</span>
        </p>
      </div>
    );
  }
  if (tasks.length === 0) {
    return (
      <div className="flex flex-col items-center px-6 py-10 text-center" data-testid="pending-empty">
        <span className="mb-3 flex h-11 w-11 items-center justify-center rounded-full bg-brand-soft text-brand-strong">
          <Inbox aria-hidden className="h-5 w-5" />
        </span>
        <p className="text-sm font-semibold text-fg">{t('bell.emptyTitle')}</p>
        <p className="mt-1 max-w-[16rem] text-sm text-muted">{t('bell.emptyText')}</p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-line">
      {tasks.map((task) => (
        <PendingShareItem key={task.id} task={task} onGone={onGone} />
      ))}
    </ul>
  );
}

function PendingShareItem({ task, onGone }: { task: Task; onGone(): void }) {
  const { t } = useTranslation('sharing');
  const toast = useToast();
  const accept = useAcceptShare();
  const decline = useDeclineShare();
  // Accepting and declining each take a confirmation, shown in place of the two buttons.
  const [confirming, setConfirming] = useState<'accept' | 'decline' | null>(null);
  const confirmGroup = useRef<HTMLDivElement>(null);
  const item = useRef<HTMLLIElement>(null);
  const description = preview(task.description, LIMITS.descriptionPreviewChars);
  const shownLabels = task.labels.slice(0, LIMITS.pendingShareLabelChips);
  const hiddenLabels = task.labels.length - shownLabels.length;
  const busy = accept.isPending || decline.isPending;

  useEffect(() => {
    // Focus moves to the confirm button, so the keyboard path is Accept (or Decline), then Enter again.
    if (confirming) confirmGroup.current?.querySelector<HTMLButtonElement>('button:last-of-type')?.focus();
  }, [confirming]);

  const cancel = () => {
    const was = confirming;
    setConfirming(null);
    // Back to the button the confirmation replaced.
    requestAnimationFrame(() => item.current?.querySelector<HTMLButtonElement>(`[data-${was ?? 'accept'}]`)?.focus());
  };

  const doAccept = () =>
    accept.mutate(task.id, {
      onSuccess: () => {
        toast.show(t('bell.accepted'));
        onGone();
      },
    });

  const doDecline = () =>
    decline.mutate(task.id, {
      onSuccess: () => {
        toast.show(t('bell.declined'));
        onGone();
      },
    });

  const failed = accept.isError ? { error: accept.error, fallback: t('bell.acceptFailed'), retry: doAccept } : null;
  const declineFailed = decline.isError ? { error: decline.error, fallback: t('bell.declineFailed'), retry: doDecline } : null;
  const problem = failed ?? declineFailed;

  return (
    <li ref={item} className="space-y-2 px-4 py-3.5" data-testid="pending-share" data-task-id={task.id}>
      <div className="min-w-0">
        <p className="text-sm font-semibold break-words text-fg" dir="auto" data-testid="pending-title">
          {task.title}
        </p>
        {task.owner && (
          <p className="mt-0.5 text-xs text-muted" data-testid="pending-owner">
            {t('bell.sharedBy', { name: `\u2068${task.owner.name}\u2069` })}
          </p>
        )}
      </div>
      {description && (
        <p className="text-sm break-words text-muted" dir="auto" data-testid="pending-preview">
          {description}
        </p>
      )}
      {problem && (
        <Alert tone="error">
          <span>{errorMessage(problem.error, problem.fallback, t('common:errors.pleaseTryAgain'))}</span>{' '}
          <button type="button" onClick={problem.retry} className="font-semibold underline underline-offset-2">
            {t('common:actions.tryAgain')}
          </button>
        </Alert>
      )}
      <div className="flex flex-wrap items-end justify-between gap-x-3 gap-y-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1" data-testid="pending-labels">
          {shownLabels.map((label) => (
            <LabelChip key={label.id} name={label.name} color={label.color} index={label.id} />
          ))}
          {hiddenLabels > 0 && (
            <span
              className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-muted"
              title={t('bell.moreLabels', { count: hiddenLabels })}
              data-testid="pending-more-labels"
            >
              <span aria-hidden>+{hiddenLabels}</span>
              <span className="sr-only">{t('bell.moreLabels', { count: hiddenLabels })}</span>
            </span>
          )}
        </div>
        {!confirming && (
          <div className="ms-auto flex shrink-0 gap-1.5">
            <Button
              variant="ghost"
              size="sm"
              data-decline
              onClick={() => setConfirming('decline')}
              icon={<X aria-hidden className="h-4 w-4" />}
            >
              {t('bell.decline')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              data-accept
              onClick={() => setConfirming('accept')}
              icon={<Check aria-hidden className="h-4 w-4" />}
            >
              {t('bell.accept')}
            </Button>
          </div>
        )}
      </div>
      {confirming === 'accept' && (
        <div ref={confirmGroup} role="group" aria-label={t('bell.accept')} className="space-y-2 rounded-control bg-brand-soft/60 p-2.5">
          <p className="text-xs leading-5 text-fg">{t('bell.acceptQuestion')}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={cancel} disabled={busy}>
              {t('common:actions.cancel')}
            </Button>
            <Button size="sm" busy={accept.isPending} onClick={doAccept} icon={<Check aria-hidden className="h-4 w-4" />}>
              {accept.isPending ? t('bell.accepting') : t('bell.confirmAccept')}
            </Button>
          </div>
        </div>
      )}
      {confirming === 'decline' && (
        <div ref={confirmGroup} role="group" aria-label={t('bell.decline')} className="space-y-2 rounded-control bg-surface-2 p-2.5">
          <p className="text-xs leading-5 text-fg">{t('bell.declineQuestion')}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={cancel} disabled={busy}>
              {t('common:actions.cancel')}
            </Button>
            <Button variant="outline" size="sm" busy={decline.isPending} onClick={doDecline} icon={<X aria-hidden className="h-4 w-4" />}>
              {decline.isPending ? t('bell.declining') : t('bell.confirmDecline')}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
