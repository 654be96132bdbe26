import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArrowRight, Bell } from 'lucide-react';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIMITS } from '../../../common/limits.ts';
import { paths } from '../../app/paths.ts';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { notificationsQuery } from '../../lib/api/notification-queries.ts';
import { pendingSharesQuery } from '../../lib/api/share-queries.ts';
import { cx } from '../../lib/class-names.ts';
import { lazyWithRetry } from '../../lib/lazy-with-retry.ts';

const PendingShareList = lazyWithRetry(() => import('./bell-lists.tsx').then((lists) => ({ default: lists.PendingShareList })));
const NotificationList = lazyWithRetry(() => import('./bell-lists.tsx').then((lists) => ({ default: lists.NotificationList })));

/** Spec §9: the badge shows the count, '9+' above 9, nothing at 0. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > LIMITS.badgeMax ? `${LIMITS.badgeMax}+` : String(count);
}

/**
 * Header bell (spec §2): a badge with the pending-share count and a dropdown to accept (or, issue 18,
 * decline) them. Issue 22: below them the notification centre; unread notifications are a separate
 * mark on the bell (the badge keeps counting pending shares only) and a count in the dropdown.
 */
export function NotificationBell() {
  const { t } = useTranslation('sharing');
  const [open, setOpen] = useState(false);
  const pending = useQuery(pendingSharesQuery());
  const notifications = useInfiniteQuery(notificationsQuery());
  const unread = notifications.data?.pages[0]?.unread_count ?? 0;
  const hasNotifications = (notifications.data?.pages[0]?.notifications.length ?? 0) > 0;
  const unreadId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const headingId = useId();
  // Where focus goes when the item it was in leaves the list (accepted or declined).
  const heading = useRef<HTMLHeadingElement>(null);
  const count = pending.data?.length ?? 0;
  const badge = badgeText(count);

  // Escape or a click anywhere outside closes the dropdown.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const toggle = () => {
    if (!open) {
      void pending.refetch();
      void notifications.refetch();
    }
    setOpen((value) => !value);
  };

  const label = count > 0 ? t('bell.labelWithCount', { count }) : t('common:nav.notifications');

  return (
    <div ref={wrapper} className="relative" data-testid="notification-bell">
      <button
        ref={button}
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        aria-describedby={unread > 0 ? unreadId : undefined}
        title={label}
        className={cx(
          'tap-target relative flex h-10 w-10 items-center justify-center rounded-control',
          open ? 'bg-brand-soft text-brand-strong' : 'text-muted hover:bg-surface-2 hover:text-fg',
        )}
      >
        <Bell aria-hidden className="h-5 w-5" />
        {badge && (
          <span
            aria-hidden
            data-testid="bell-badge"
            className="absolute -end-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1 text-[0.6875rem] leading-none font-semibold text-danger-fg tabular-nums ring-2 ring-surface"
          >
            {badge}
          </span>
        )}
        {unread > 0 && (
          <>
            <span
              aria-hidden
              data-testid="bell-unread"
              className="absolute start-1 bottom-1 h-2.5 w-2.5 rounded-full bg-brand ring-2 ring-surface"
            />
            <span id={unreadId} hidden>
              {t('bell.unread', { count: unread })}
            </span>
          </>
        )}
      </button>

      {open && (
        <div
          id={panelId}
          role="region"
          aria-labelledby={headingId}
          data-testid="pending-shares"
          className={cx(
            // Phones: a sheet under the header (and its safe area) that fits a 360 px screen and ends above the
            // tab bar; larger screens: a dropdown at the bell.
            'fixed inset-x-2 top-[calc(4.25rem+env(safe-area-inset-top))] z-40 flex max-h-[calc(100dvh-4.75rem-env(safe-area-inset-top)-var(--dock-space))] flex-col overflow-hidden rounded-card border border-line bg-surface text-fg shadow-xl',
            'sm:absolute sm:inset-x-auto sm:end-0 sm:top-full sm:mt-2 sm:max-h-[min(34rem,calc(100dvh-6rem))] sm:w-96',
          )}
        >
          <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
            <h2 id={headingId} ref={heading} tabIndex={-1} className="rounded-control text-sm font-semibold">
              {t('bell.title')}
            </h2>
            {count > 0 && (
              <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand-strong tabular-nums">{count}</span>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
            <Suspense fallback={<Skeleton className="m-4 h-16" />}>
              <PendingShareList query={pending} onGone={() => heading.current?.focus()} compact={hasNotifications} />
              <NotificationList query={notifications} onOpenTask={() => setOpen(false)} />
            </Suspense>
          </div>
          <div className="border-t border-line px-4 py-2.5">
            <Link
              to={paths.shared}
              onClick={() => setOpen(false)}
              className="inline-flex items-center gap-1.5 rounded-control text-sm font-medium text-brand-strong hover:underline"
            >
              {t('bell.openShared')}
              <ArrowRight aria-hidden className="rtl-mirror h-4 w-4" />
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
