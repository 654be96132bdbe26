import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CalendarCheck2, CalendarClock } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RescheduleResponse, type Task } from '../../../common/schemas/task.schema.ts';
import { addDays } from '../../../common/task-rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { apiRequest, errorMessage } from '../../lib/api-client.ts';
import { taskKeys, taskPagesQuery, type TaskScope, type TaskServerFilters } from '../../lib/api/task-queries.ts';
import { cx } from '../../lib/class-names.ts';
import { offerUndoInToast } from '../../lib/undo-toast.ts';
import { useUserClock } from '../../lib/use-user-clock.ts';
import { TaskCard } from './task-card.tsx';
import { useTaskLayout, ViewControls } from './view-controls.tsx';
import { useToggleCompletion } from './use-task-actions.ts';
import { Loading } from '../../components/ui/loading.tsx';

export type DueViewName = 'today' | 'upcoming';

/** How far Upcoming looks ahead: two weeks, today included. */
export const UPCOMING_DAYS = 14;
/** Overdue tasks shown before "Show all": a long backlog should not push today off the screen. */
const OVERDUE_SHOWN = 50;

const PRIORITY_RANK: Record<string, number> = { high: 3, medium: 2, low: 1 };

/** Earlier days first; on a day, tasks with a time by their time, then the rest by priority, then the newest. */
function byDueMoment(a: Task, b: Task): number {
  return (
    (a.due_date ?? '').localeCompare(b.due_date ?? '') ||
    (a.due_time === null ? 1 : 0) - (b.due_time === null ? 1 : 0) ||
    (a.due_time ?? '').localeCompare(b.due_time ?? '') ||
    (PRIORITY_RANK[b.priority] ?? 0) - (PRIORITY_RANK[a.priority] ?? 0) ||
    b.created_at.localeCompare(a.created_at)
  );
}

/**
 * The pending tasks of both lists (mine and those shared with me) due in a range of days. Each list
 * is the dashboard's paged query with a range, so completing a card updates it in place as on the
 * dashboard; every page is fetched (a range holds far fewer tasks than a whole list).
 */
function useTasksDue(range: Pick<TaskServerFilters, 'due_from' | 'due_to'>) {
  const filters: TaskServerFilters = { ...range, status: 'pending', sort: 'created_at', direction: 'desc' };
  const own = useInfiniteQuery(taskPagesQuery('own', filters));
  const shared = useInfiniteQuery(taskPagesQuery('shared', filters));
  for (const query of [own, shared]) {
    if (query.hasNextPage && !query.isFetchingNextPage && !query.isError) void query.fetchNextPage();
  }
  const tasks = useMemo(
    () =>
      [own, shared].flatMap((query, index) =>
        (query.data?.pages ?? []).flatMap((page) =>
          page.tasks.map((task) => ({ task, scope: (index === 0 ? 'own' : 'shared') as TaskScope })),
        ),
      ),
    [own, shared],
  );
  return {
    tasks,
    loading: own.isPending || shared.isPending,
    // Offline, a day never read on this device (the lists are asked for by date) waits for the connection.
    paused: own.fetchStatus === 'paused' || shared.fetchStatus === 'paused',
    error: own.error ?? shared.error,
    retry: () => void Promise.all([own.refetch(), shared.refetch()]),
  };
}

interface DueViewProps {
  view: DueViewName;
  onOpenTask(task: Task): void;
}

/**
 * Today and Upcoming (issue 21 §3), beside the spec's dashboard: what is overdue and due today, by
 * time; and the next two weeks day by day, empty days folded into one line.
 */
export default function DueView({ view, onOpenTask }: DueViewProps) {
  const { t } = useTranslation('due');
  const { today } = useUserClock();
  const taskLayout = useTaskLayout();
  const { viewMode: layout, density } = taskLayout;
  const range = view === 'today' ? { due_to: today } : { due_from: today, due_to: addDays(today, UPCOMING_DAYS - 1) };
  const { tasks, loading, paused, error, retry } = useTasksDue(range);
  const toggle = useToggleCompletion();
  const onToggle = useCallback((task: Task) => toggle.mutate(task), [toggle]);

  const cards = (list: { task: Task; scope: TaskScope }[]) => (
    <ul className={cx('grid gap-2', layout === 'grid' && 'sm:grid-cols-2 lg:grid-cols-3')}>
      {list.map(({ task, scope }) => (
        <li key={task.id}>
          <TaskCard
            task={task}
            layout={layout}
            density={density}
            today={today}
            onOpen={onOpenTask}
            onToggle={onToggle}
            showOwner={scope === 'shared'}
          />
        </li>
      ))}
    </ul>
  );

  if (error)
    return (
      <ErrorState
        message={errorMessage(error, t('loadError'), t('common:errors.pleaseTryAgain'))}
        retryLabel={t('common:actions.tryAgain')}
        onRetry={retry}
      />
    );
  if (loading)
    return (
      <Loading paused={paused}>
        <p role="status" className="py-8 text-center text-sm text-muted">
          {t('loading')}
        </p>
      </Loading>
    );

  const sorted = [...tasks].sort((a, b) => byDueMoment(a.task, b.task));
  return (
    <div className="space-y-3">
      {/* The dashboard's layout, switched here too: one choice for all three views. */}
      <div className="flex justify-end">
        <ViewControls layout={taskLayout} />
      </div>
      {view === 'today' ? (
        <TodayView entries={sorted} today={today} cards={cards} />
      ) : (
        <UpcomingView entries={sorted} today={today} cards={cards} />
      )}
    </div>
  );
}

type Entries = { task: Task; scope: TaskScope }[];
type Cards = (list: Entries) => React.ReactNode;

function SectionHeading({
  icon: Icon,
  title,
  count,
  tone = 'normal',
  children,
}: {
  icon: typeof AlertTriangle;
  title: string;
  count: number;
  tone?: 'normal' | 'danger';
  children?: React.ReactNode;
}) {
  const { i18n } = useTranslation();
  return (
    <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
      <h2 className={cx('flex items-center gap-2 text-base font-semibold', tone === 'danger' ? 'text-danger' : 'text-fg')}>
        <Icon aria-hidden className="h-4 w-4" />
        {title}
        <span className="rounded-full bg-surface-2 px-2 text-xs font-medium text-muted tabular-nums">
          {new Intl.NumberFormat(i18n.language).format(count)}
        </span>
      </h2>
      {children}
    </div>
  );
}

function TodayView({ entries, today, cards }: { entries: Entries; today: string; cards: Cards }) {
  const { t, i18n } = useTranslation('due');
  const overdue = entries.filter((entry) => entry.task.due_date! < today);
  const dueToday = entries.filter((entry) => entry.task.due_date === today);
  const [showAll, setShowAll] = useState(false);
  const moveToToday = useMoveToToday();
  const shownOverdue = showAll ? overdue : overdue.slice(0, OVERDUE_SHOWN);

  return (
    <div className="space-y-6" data-testid="today-view">
      {overdue.length > 0 && (
        <section aria-labelledby="overdue-heading" data-testid="overdue-section">
          <SectionHeading icon={AlertTriangle} title={t('overdue')} count={overdue.length} tone="danger">
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                moveToToday(
                  overdue.map((entry) => entry.task),
                  today,
                )
              }
            >
              {t('moveOverdueToToday')}
            </Button>
          </SectionHeading>
          {cards(shownOverdue)}
          {overdue.length > shownOverdue.length && (
            <Button variant="ghost" size="sm" className="mt-2" onClick={() => setShowAll(true)}>
              {t('showAll', { count: overdue.length, formatted: new Intl.NumberFormat(i18n.language).format(overdue.length) })}
            </Button>
          )}
        </section>
      )}
      <section data-testid="due-today-section">
        <SectionHeading icon={CalendarCheck2} title={t('dueToday')} count={dueToday.length} />
        {dueToday.length > 0 ? (
          cards(dueToday)
        ) : (
          <p className="rounded-card border border-dashed border-line px-4 py-6 text-center text-sm text-muted">{t('nothingToday')}</p>
        )}
      </section>
    </div>
  );
}

function UpcomingView({ entries, today, cards }: { entries: Entries; today: string; cards: Cards }) {
  const { t, i18n } = useTranslation('due');
  const days = Array.from({ length: UPCOMING_DAYS }, (_, index) => addDays(today, index));
  const byDay = new Map(days.map((day) => [day, entries.filter((entry) => entry.task.due_date === day)]));
  const dayName = (day: string) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return new Intl.DateTimeFormat(i18n.language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(y, m - 1, d)),
    );
  };
  const relative = (day: string) => (day === today ? t('today') : day === addDays(today, 1) ? t('tomorrow') : null);

  // Runs of empty days become one quiet line ("Nothing planned · Saturday 28 – Monday 30 November").
  const blocks: ({ kind: 'day'; day: string } | { kind: 'empty'; from: string; to: string })[] = [];
  for (const day of days) {
    const last = blocks.at(-1);
    if ((byDay.get(day) ?? []).length > 0) blocks.push({ kind: 'day', day });
    else if (last?.kind === 'empty') last.to = day;
    else blocks.push({ kind: 'empty', from: day, to: day });
  }

  return (
    <div className="space-y-5" data-testid="upcoming-view">
      {blocks.map((block) =>
        block.kind === 'day' ? (
          <section key={block.day} data-testid="upcoming-day" data-day={block.day}>
            <SectionHeading
              icon={CalendarClock}
              title={[relative(block.day), dayName(block.day)].filter(Boolean).join(' · ')}
              count={byDay.get(block.day)!.length}
            />
            {cards(byDay.get(block.day)!)}
          </section>
        ) : (
          <p
            key={block.from}
            data-testid="upcoming-empty"
            className="flex flex-wrap gap-x-2 border-b border-line/60 pb-2 text-sm text-muted"
          >
            <span className="font-medium">
              {block.from === block.to
                ? [relative(block.from), dayName(block.from)].filter(Boolean).join(' · ')
                : `${dayName(block.from)} – ${dayName(block.to)}`}
            </span>
            <span>{t('nothingPlanned')}</span>
          </p>
        ),
      )}
    </div>
  );
}

/**
 * "Move all overdue to today": one request for all of them; the lists refresh from it. Undo (8 s,
 * or Ctrl/Cmd+Z) puts each back on its own day: one request per day they came from.
 */
function useMoveToToday() {
  const { t, i18n } = useTranslation('due');
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: taskKeys.all });
  const reschedule = (ids: number[], day: string) =>
    apiRequest('/api/tasks/reschedule', { method: 'POST', body: { task_ids: ids, due_date: day }, schema: RescheduleResponse });
  const failed = (error: unknown) => toast.show(errorMessage(error, t('moveFailed'), t('common:errors.pleaseTryAgain')), 'error');

  return (tasks: Task[], today: string) => {
    if (busy || tasks.length === 0) return;
    setBusy(true);
    const before = new Map<string, number[]>();
    for (const task of tasks) before.set(task.due_date!, [...(before.get(task.due_date!) ?? []), task.id]);
    reschedule(
      tasks.map((task) => task.id),
      today,
    )
      .then(({ rescheduled }) => {
        // Undo is there from the answer (Ctrl/Cmd+Z at once included); the lists refresh meanwhile.
        void refresh();
        offerUndoInToast(
          toast,
          i18n,
          () => t('moved', { count: rescheduled }),
          () => {
            Promise.all([...before].map(([day, ids]) => reschedule(ids, day)))
              .then(() => {
                toast.show(i18n.t('shortcuts:undo.undone'));
                return refresh();
              })
              .catch(failed);
          },
        );
      })
      .catch(failed)
      .finally(() => setBusy(false));
  };
}
