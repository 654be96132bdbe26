import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import {
  AlarmClock,
  AtSign,
  BellOff,
  Check,
  CheckCheck,
  Circle,
  MessageSquare,
  Repeat,
  Reply,
  UserCheck,
  UserX,
  type LucideIcon,
} from 'lucide-react';
import { useId, useRef } from 'react';
import type { SNOOZE_CHOICES } from '../../../common/schemas/notification-input.schema.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification, NotificationKind } from '../../../common/schemas/notification.schema.ts';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useMarkNotifications, useSnoozeReminder } from '../../lib/api/notification-queries.ts';
import { cx } from '../../lib/class-names.ts';
import { commentFullTime, commentTimeText } from '../../lib/relative-time.ts';
import { Loading } from '../../components/ui/loading.tsx';

type Page = { notifications: Notification[]; unread_count: number; has_more: boolean };

const ICONS: Record<NotificationKind, LucideIcon> = {
  comment: MessageSquare,
  reply: Reply,
  mention: AtSign,
  share_accepted: UserCheck,
  share_declined: UserX,
  occurrence: Repeat,
  reminder: AlarmClock,
};

/** Names and titles keep their own direction inside a sentence of the other (Arabic around Latin). */
const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * The bell's notification centre (issue 22), below the spec's pending shares: newest first, unread
 * marked, each opening its task; read one by one or all at once; older pages on demand.
 */
export default function NotificationList({ query, onOpenTask }: { query: UseInfiniteQueryResult<InfiniteData<Page>>; onOpenTask(): void }) {
  const { t } = useTranslation('notifications');
  const toast = useToast();
  const mark = useMarkNotifications();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const markAll = () =>
    mark.mutate('all', {
      // The button goes with the last unread one: focus stays in the list, on its heading.
      onSuccess: () => requestAnimationFrame(() => heading.current?.focus()),
      onError: (error) => toast.show(errorMessage(error, t('markFailed'), t('common:errors.pleaseTryAgain')), 'error'),
    });
  const unread = query.data?.pages[0]?.unread_count ?? 0;
  const items = query.data?.pages.flatMap((page) => page.notifications) ?? [];

  let body;
  if (query.isPending) {
    body = (
      <div className="space-y-3 p-4" aria-busy={query.fetchStatus !== 'paused'} aria-label={t('loading')}>
        <Loading paused={query.fetchStatus === 'paused'}>
          {[0, 1].map((key) => (
            <div key={key} className="space-y-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          ))}
        </Loading>
      </div>
    );
  } else if (query.isError && !query.data) {
    body = (
      <div className="p-3 [&>div]:border-0 [&>div]:py-6">
        <ErrorState
          message={errorMessage(query.error, t('loadFailed'), t('common:errors.pleaseTryAgain'))}
          retryLabel={t('common:actions.tryAgain')}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <div className="flex items-center gap-3 px-4 py-5 text-sm text-muted" data-testid="notifications-empty">
        <BellOff aria-hidden className="h-5 w-5 shrink-0" />
        <span>{t('empty')}</span>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="divide-y divide-line">
          {items.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              onOpen={() => {
                if (!notification.read_at) mark.mutate({ id: notification.id, read: true });
                onOpenTask();
              }}
              onToggleRead={() =>
                mark.mutate(
                  { id: notification.id, read: !notification.read_at },
                  { onError: (error) => toast.show(errorMessage(error, t('markFailed'), t('common:errors.pleaseTryAgain')), 'error') },
                )
              }
            />
          ))}
        </ul>
        {query.hasNextPage && (
          <div className="px-4 py-2">
            <Button variant="ghost" size="sm" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {t('showOlder')}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="border-t border-line" data-testid="notifications">
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 pt-3 pb-1">
        <h3 id={headingId} ref={heading} tabIndex={-1} className="flex items-center gap-2 text-sm font-semibold text-fg focus:outline-none">
          {t('title')}
          {unread > 0 && (
            <span
              className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand-strong tabular-nums"
              data-testid="notifications-unread-count"
            >
              {t('unreadCount', { count: unread })}
            </span>
          )}
        </h3>
        {unread > 0 && (
          <Button
            variant="ghost"
            size="sm"
            icon={<CheckCheck aria-hidden className="h-4 w-4" />}
            busy={mark.isPending && mark.variables === 'all'}
            onClick={markAll}
          >
            {t('markAllRead')}
          </Button>
        )}
      </div>
      {body}
    </section>
  );
}

function NotificationItem({ notification, onOpen, onToggleRead }: { notification: Notification; onOpen(): void; onToggleRead(): void }) {
  const { t, i18n } = useTranslation('notifications');
  const link = useRef<HTMLAnchorElement>(null);
  const Icon = ICONS[notification.kind];
  const unread = notification.read_at === null;
  const name = isolate(notification.actor?.name ?? t('someone'));
  const title = isolate(notification.task_title);
  const what = t(`kinds.${notification.kind}`, { name, title });
  const when = commentTimeText(notification.created_at, new Date(), i18n.language, t('justNow'));
  return (
    <li
      className={cx('flex items-start gap-2 px-2 py-1.5', unread && 'bg-brand-soft/40')}
      data-testid="notification"
      data-kind={notification.kind}
      data-unread={unread || undefined}
    >
      <div className="min-w-0 flex-1">
        <Link
          ref={link}
          to={paths.task(notification.task_id)}
          onClick={onOpen}
          className="flex min-w-0 items-start gap-3 rounded-control px-2 py-2 hover:bg-surface-2"
        >
          <span className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-surface-2 text-muted">
            <Icon aria-hidden className={cx('h-4 w-4', notification.kind === 'reply' && 'rtl-mirror')} />
          </span>
          <span className="min-w-0 flex-1">
            <span className={cx('block text-sm break-words', unread ? 'font-semibold text-fg' : 'text-fg')}>
              {unread && <span className="sr-only">{t('unread')}: </span>}
              {what}
            </span>
            {notification.excerpt && (
              <span className="mt-0.5 block text-sm break-words text-muted" dir="auto">
                {notification.excerpt}
              </span>
            )}
            <time
              className="mt-0.5 block text-xs text-muted"
              dateTime={notification.created_at}
              title={commentFullTime(notification.created_at, i18n.language)}
            >
              {when}
            </time>
          </span>
        </Link>
        {notification.kind === 'reminder' && unread && (
          // Snoozed, the reminder is read and its buttons go: focus moves to the reminder itself.
          <SnoozeButtons id={notification.id} onSnoozed={() => requestAnimationFrame(() => link.current?.focus())} />
        )}
      </div>
      <button
        type="button"
        onClick={onToggleRead}
        aria-label={unread ? t('markRead') : t('markUnread')}
        title={unread ? t('markRead') : t('markUnread')}
        className="mt-1.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-control text-muted hover:bg-surface-2 hover:text-fg"
        data-testid="notification-toggle-read"
      >
        {unread ? <Check aria-hidden className="h-4 w-4" /> : <Circle aria-hidden className="h-3 w-3" />}
      </button>
    </li>
  );
}

/** "Remind me again" on an unread reminder: in 10 minutes, in an hour, tomorrow (issue 22). */
function SnoozeButtons({ id, onSnoozed }: { id: number; onSnoozed(): void }) {
  const { t } = useTranslation('notifications');
  const toast = useToast();
  const snooze = useSnoozeReminder();
  const choose = (choice: (typeof SNOOZE_CHOICES)[number]) =>
    snooze.mutate(
      { id, choice },
      {
        onSuccess: () => {
          toast.show(t('snooze.done'));
          onSnoozed();
        },
        onError: (error) => toast.show(errorMessage(error, t('snooze.failed'), t('common:errors.pleaseTryAgain')), 'error'),
      },
    );
  return (
    <div role="group" aria-label={t('snooze.label')} className="flex flex-wrap items-center gap-1.5 ps-12 pb-1.5" data-testid="snooze">
      <span aria-hidden className="text-xs text-muted">
        {t('snooze.label')}:
      </span>
      {(['10m', '1h', 'tomorrow'] as const).map((choice) => (
        <Button key={choice} variant="outline" size="sm" disabled={snooze.isPending} onClick={() => choose(choice)}>
          {t(`snooze.${choice}`)}
        </Button>
      ))}
    </div>
  );
}
