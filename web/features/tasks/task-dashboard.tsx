import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, CalendarCheck, CheckCircle2, Circle, ListFilter, Plus, Search, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PRIORITIES } from '../../../common/constants.ts';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { taskKeys, taskPagesQuery, taskSummaryQuery } from '../../lib/api/task-queries.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { useSettled } from '../../lib/use-settled.ts';
import { cx } from '../../lib/class-names.ts';
import { TASK_EVENTS } from '../../lib/task-events.ts';
import {
  activeFilterCount,
  choosePrioritySort,
  chooseSort,
  INITIAL_FILTERS,
  serverFilters,
  visibleTasks,
  type DashboardFilters,
} from './dashboard-filters.ts';
import { TaskList } from './task-list.tsx';
import { useTaskLayout, ViewControls } from './view-controls.tsx';
import { useToggleCompletion } from './use-task-actions.ts';
import { useUserClock } from '../../lib/use-user-clock.ts';
import { Loading } from '../../components/ui/loading.tsx';

const selectClasses =
  'tap-target h-9 rounded-control border border-line bg-surface px-2.5 text-sm text-fg focus:border-brand focus:outline-none focus:ring-2 focus:ring-ring/40';

/** How long typing must pause before the search is asked of the server. */
const SEARCH_PAUSE_MS = 250;

/**
 * Tailwind's `sm` breakpoint: below it, sorting folds into the Filters panel and the view buttons
 * join the task count's line, so the first task shows on a phone.
 */
const WIDE = '(min-width: 640px)';

export interface TaskDashboardProps {
  mode: 'own' | 'shared';
  onOpenTask(task: Task): void;
  onAddTask?: () => void;
}

/** The dashboard (own tasks) and Shared with me: counters, search, filters, sort, list. */
export function TaskDashboard({ mode, onOpenTask, onAddTask }: TaskDashboardProps) {
  const { t } = useTranslation('tasks');
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [filters, setFilters] = useState<DashboardFilters>(() => {
    const label = searchParams.get('label');
    return label ? { ...INITIAL_FILTERS, label } : INITIAL_FILTERS;
  });
  const layout = useTaskLayout();
  const { viewMode, density } = layout;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const wide = useMediaQuery(WIDE);
  // Today where the person lives (issue 21), not where the browser happens to be.
  const today = useUserClock().today;

  // Spec §2: ?label= is read once, then removed from the address.
  useEffect(() => {
    if (searchParams.has('label')) {
      const next = new URLSearchParams(searchParams);
      next.delete('label');
      setSearchParams(next, { replace: true });
    }
  }, [searchParams, setSearchParams]);

  // Spec §4: lists reload on taskAdded / refreshTasks; labelFilter sets the label filter.
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    const onLabel = (event: Event) => {
      const label = (event as CustomEvent<string>).detail;
      if (label) setFilters((current) => ({ ...current, label }));
    };
    window.addEventListener(TASK_EVENTS.added, reload);
    window.addEventListener(TASK_EVENTS.refresh, reload);
    window.addEventListener(TASK_EVENTS.labelFilter, onLabel);
    return () => {
      window.removeEventListener(TASK_EVENTS.added, reload);
      window.removeEventListener(TASK_EVENTS.refresh, reload);
      window.removeEventListener(TASK_EVENTS.labelFilter, onLabel);
    };
  }, [queryClient]);

  // Search as the user types, asked of the server once typing pauses.
  const search = useSettled(filters.search, SEARCH_PAUSE_MS);
  const server = serverFilters(filters, search, today);
  // The list a page at a time as it is scrolled, and the counters of the whole list beside it:
  // the dashboard asks only for what it shows, at 10 tasks or 100,000.
  const query = useInfiniteQuery({ ...taskPagesQuery(mode, server), placeholderData: keepPreviousData });
  const summary = useQuery({ ...taskSummaryQuery(mode, server, today), placeholderData: keepPreviousData });
  const pages = query.data?.pages;
  const shown = useMemo(() => visibleTasks(pages?.map((page) => page.tasks) ?? [], filters), [pages, filters]);
  const counts = summary.data ? { pending: summary.data.pending, done: summary.data.done, dueToday: summary.data.due_today } : null;
  const labels = useMemo(() => {
    const names = summary.data?.labels ?? [];
    return filters.label !== 'all' && !names.includes(filters.label) ? [filters.label, ...names] : names;
  }, [summary.data, filters.label]);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  // After a failed page the list waits for the user's "Try again" instead of asking again and again.
  const loadMore = useCallback(() => {
    // Scrolling asks again before a render shows the first ask: it joins the fetch under way instead
    // of cancelling it and starting over (a failure would be asked twice and never shown).
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const loadError = (error: unknown) =>
    errorMessage(error, t(mode === 'own' ? 'errors.loadTasks' : 'errors.loadShared'), t('common:errors.pleaseTryAgain'));
  const toggle = useToggleCompletion();
  const onToggle = useCallback((task: Task) => toggle.mutate(task), [toggle]);

  const update = (patch: Partial<DashboardFilters>) => setFilters((current) => ({ ...current, ...patch }));
  const filtered = activeFilterCount(filters) > 0 || filters.search.trim() !== '';
  const everything = summary.data ? summary.data.pending + summary.data.done : undefined;

  const counter = (
    key: 'pending' | 'done' | 'dueToday',
    value: number | null,
    icon: React.ReactNode,
    active: boolean,
    onClick: () => void,
  ) => (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={active}
      data-testid={`counter-${key}`}
      className={cx(
        'flex items-center gap-3 rounded-card border bg-surface px-3 py-2 text-start transition-colors sm:p-4',
        active ? 'border-brand ring-2 ring-ring/30' : 'border-line hover:border-brand/60',
      )}
    >
      <span className="hidden h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-strong sm:flex">
        {icon}
      </span>
      <span>
        {value === null ? (
          <span aria-hidden className="my-1 block h-4 w-8 animate-pulse rounded-control bg-surface-2" />
        ) : (
          <span className="block text-xl font-semibold leading-6 text-fg">{value}</span>
        )}
        <span className="block text-xs text-muted">{t(`counters.${key}`)}</span>
      </span>
    </button>
  );

  const sortButton = (key: 'created_at' | 'updated_at') => {
    const active = filters.sort === key;
    const Icon = active && filters.direction === 'asc' ? ArrowUpNarrowWide : ArrowDownWideNarrow;
    return (
      <button
        type="button"
        onClick={() => setFilters((current) => chooseSort(current, key))}
        aria-pressed={active}
        data-testid={`sort-${key}`}
        data-direction={active ? filters.direction : undefined}
        className={cx(
          'tap-target inline-flex h-9 items-center gap-1.5 rounded-control border px-3 text-sm',
          active ? 'border-brand bg-brand-soft text-brand-strong' : 'border-line bg-surface text-muted hover:text-fg',
        )}
      >
        {active && <Icon aria-hidden className="h-4 w-4" />}
        {t(`sort.${key}`)}
        {active && <span className="sr-only">{t(`sort.${filters.direction}`)}</span>}
      </button>
    );
  };

  const chip = (label: string, onRemove: () => void, testId: string) => (
    <span
      data-testid={testId}
      className="inline-flex items-center gap-1 rounded-full bg-brand-soft py-1 ps-3 pe-1 text-xs font-medium text-brand-strong"
    >
      {label}
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('filters.remove', { filter: label })}
        className="tap-target flex items-center justify-center rounded-full p-0.5 hover:bg-brand/20"
      >
        <X aria-hidden className="h-3.5 w-3.5" />
      </button>
    </span>
  );

  return (
    // Phones: the end of the list scrolls clear of the floating add button.
    <div className={cx('space-y-4', onAddTask && 'max-md:pb-20')}>
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        {counter('pending', counts?.pending ?? null, <Circle aria-hidden className="h-5 w-5" />, filters.status === 'pending', () =>
          update({ status: filters.status === 'pending' ? 'all' : 'pending' }),
        )}
        {counter('done', counts?.done ?? null, <CheckCircle2 aria-hidden className="h-5 w-5" />, filters.status === 'completed', () =>
          update({ status: filters.status === 'completed' ? 'all' : 'completed' }),
        )}
        {counter('dueToday', counts?.dueToday ?? null, <CalendarCheck aria-hidden className="h-5 w-5" />, filters.dueToday, () =>
          update({ dueToday: !filters.dueToday }),
        )}
      </div>

      {/* Wide screens: search, filters, view and sorting on one line, so more of the list shows. */}
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:gap-3">
        <div className="flex flex-wrap items-center gap-2 lg:min-w-0 lg:flex-1">
          <label className="relative min-w-0 flex-1 basis-32">
            <span className="sr-only">{t('search.label')}</span>
            <Search aria-hidden className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" />
            <input
              type="search"
              value={filters.search}
              onChange={(event) => update({ search: event.target.value })}
              placeholder={t('search.placeholder')}
              className="tap-target h-10 w-full rounded-control border border-line bg-surface ps-9 pe-3 text-base text-fg sm:text-sm placeholder:text-muted/80 focus:border-brand focus:outline-none focus:ring-2 focus:ring-ring/40"
            />
          </label>
          <Button
            variant={filtersOpen ? 'secondary' : 'outline'}
            icon={<ListFilter aria-hidden className="h-4 w-4" />}
            aria-expanded={filtersOpen}
            aria-controls="filters-panel"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {wide ? t('filters.title') : t('filters.titleWithSort')}
            {activeFilterCount(filters) > 0 && (
              <span className="rounded-full bg-brand px-1.5 text-xs text-brand-fg">{activeFilterCount(filters)}</span>
            )}
          </Button>
          {wide && <ViewControls layout={layout} />}
        </div>

        {(wide || filtersOpen) && (
          <div className="flex flex-wrap items-center gap-2" data-testid="sort-row">
            <span className="text-xs font-medium text-muted">{t('sort.label')}</span>
            {sortButton('created_at')}
            {sortButton('updated_at')}
            <label className="inline-flex items-center">
              <span className="sr-only">{t('sort.priority')}</span>
              <select
                value={filters.sort === 'priority' ? filters.priority : ''}
                onChange={(event) =>
                  setFilters((current) => choosePrioritySort(current, event.target.value as DashboardFilters['priority']))
                }
                data-testid="sort-priority"
                className={cx(selectClasses, filters.sort === 'priority' && 'border-brand bg-brand-soft text-brand-strong')}
              >
                <option value="" disabled>
                  {t('sort.priority')}
                </option>
                <option value="all">{t('sort.priorityAll')}</option>
                {[...PRIORITIES].reverse().map((p) => (
                  <option key={p} value={p}>
                    {t(`priority.${p}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
      </div>

      {filtersOpen && (
        <div id="filters-panel" className="grid gap-3 rounded-card border border-line bg-surface p-4 sm:grid-cols-3">
          <div className="flex flex-col gap-1">
            <label htmlFor="filter-priority" className="text-xs font-medium text-muted">
              {t('filters.priority')}
            </label>
            <select
              id="filter-priority"
              value={filters.priority}
              onChange={(event) => update({ priority: event.target.value as DashboardFilters['priority'] })}
              className={selectClasses}
            >
              <option value="all">{t('filters.all')}</option>
              {[...PRIORITIES].reverse().map((p) => (
                <option key={p} value={p}>
                  {t(`priority.${p}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="filter-status" className="text-xs font-medium text-muted">
              {t('filters.status')}
            </label>
            <select
              id="filter-status"
              value={filters.status}
              onChange={(event) => update({ status: event.target.value as DashboardFilters['status'] })}
              className={selectClasses}
            >
              <option value="all">{t('filters.all')}</option>
              <option value="pending">{t('status.pending')}</option>
              <option value="completed">{t('status.completed')}</option>
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="filter-label" className="text-xs font-medium text-muted">
              {t('filters.label')}
            </label>
            <select
              id="filter-label"
              value={filters.label}
              onChange={(event) => update({ label: event.target.value })}
              className={selectClasses}
            >
              <option value="all">{t('filters.allLabels')}</option>
              {labels.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}

      {(activeFilterCount(filters) > 0 || summary.isSuccess || !wide) && (
        <div className="flex flex-wrap items-center gap-2" data-testid="active-filters">
          {filters.label !== 'all' && chip(t('filters.labelChip', { label: filters.label }), () => update({ label: 'all' }), 'chip-label')}
          {filters.priority !== 'all' &&
            chip(
              t('filters.priorityChip', { priority: t(`priority.${filters.priority}`) }),
              () => update({ priority: 'all' }),
              'chip-priority',
            )}
          {filters.status !== 'all' && chip(t(`status.${filters.status}`), () => update({ status: 'all' }), 'chip-status')}
          {filters.dueToday && chip(t('counters.dueToday'), () => update({ dueToday: false }), 'chip-due-today')}
          {summary.data && (
            <span className="ms-auto text-xs text-muted" data-testid="task-count" aria-live="polite">
              {t('list.count', { count: summary.data.total })}
            </span>
          )}
          {!wide && (
            <div className={cx(!summary.data && 'ms-auto')}>
              <ViewControls layout={layout} />
            </div>
          )}
        </div>
      )}

      {query.isPending ? (
        <Loading paused={query.fetchStatus === 'paused'}>
          <div className="space-y-3" aria-busy="true" aria-label={t('list.loading')}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-24 w-full rounded-card" />
            ))}
          </div>
        </Loading>
      ) : query.isError && !isFetchNextPageError ? (
        <ErrorState message={loadError(query.error)} retryLabel={t('common:actions.tryAgain')} onRetry={() => void query.refetch()} />
      ) : shown.length === 0 && !hasNextPage ? (
        filtered || (everything ?? 0) > 0 ? (
          <EmptyState
            icon={<ListFilter aria-hidden className="h-6 w-6" />}
            title={t('empty.noMatchTitle')}
            description={t('empty.adjustFilters')}
          />
        ) : mode === 'own' ? (
          <EmptyState
            icon={<Plus aria-hidden className="h-6 w-6" />}
            title={t('empty.title')}
            description={t('empty.description')}
            action={onAddTask && <Button onClick={onAddTask}>{t('empty.addFirst')}</Button>}
          />
        ) : (
          <EmptyState
            icon={<Circle aria-hidden className="h-6 w-6" />}
            title={t('empty.sharedTitle')}
            description={t('empty.sharedDescription')}
          />
        )
      ) : (
        // While a new search or filter is asked for, the previous answer stays, dimmed, rather than blanking the list.
        <div aria-busy={query.isPlaceholderData} className={cx('transition-opacity', query.isPlaceholderData && 'opacity-60')}>
          <TaskList
            tasks={shown}
            layout={viewMode}
            density={density}
            today={today}
            onOpen={onOpenTask}
            onToggle={onToggle}
            showOwner={mode === 'shared'}
            onEndReached={loadMore}
            loadingMore={isFetchingNextPage}
          />
        </div>
      )}
      {isFetchNextPageError && (
        <ErrorState message={loadError(query.error)} retryLabel={t('common:actions.tryAgain')} onRetry={() => void fetchNextPage()} />
      )}

      {onAddTask && (
        <button
          type="button"
          onClick={onAddTask}
          aria-label={t('actions.add')}
          title={t('actions.add')}
          data-testid="floating-add"
          className="fixed end-6 bottom-[calc(var(--dock-space)+1.5rem)] z-20 flex h-14 w-14 items-center justify-center rounded-full bg-brand text-brand-fg shadow-lg transition-transform hover:scale-105 hover:bg-brand-strong"
        >
          <Plus aria-hidden className="h-6 w-6" />
        </button>
      )}
    </div>
  );
}
