import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { RecoveryBoundary } from '../../components/ui/recovery.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { lazyWithRetry } from '../../lib/lazy-with-retry.ts';
import { TaskDashboard } from './task-dashboard.tsx';

// Today and Upcoming load when first chosen: the spec's dashboard paints without them.
const DueView = lazyWithRetry(() => import('./due-views.tsx'));

export const DASHBOARD_VIEWS = ['all', 'today', 'upcoming'] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];

/** The view in the address (`/dashboard?view=today`), so Back, links and `g u` reach it. */
export function viewIn(params: URLSearchParams): DashboardView {
  const view = params.get('view');
  return view === 'today' || view === 'upcoming' ? view : 'all';
}

/**
 * My tasks as the spec's dashboard (all tasks, its counters, filters and sorts unchanged), or as
 * Today and Upcoming (issue 21 §3), chosen by tabs.
 */
export function DashboardViews({ onOpenTask, onAddTask }: { onOpenTask(task: Task): void; onAddTask(): void }) {
  const { t } = useTranslation('tasks');
  const [params, setParams] = useSearchParams();
  const view = viewIn(params);
  const choose = (next: DashboardView) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'all') updated.delete('view');
      else updated.set('view', next);
      return updated;
    });
  return (
    <Tabs
      label={t('views.label')}
      items={DASHBOARD_VIEWS.map((key) => ({ key, label: t(`views.${key}`) }))}
      active={view}
      onChange={choose}
      panel={
        view === 'all' ? (
          <TaskDashboard mode="own" onOpenTask={onOpenTask} onAddTask={onAddTask} />
        ) : (
          // What breaks in the view (its code not arriving after a deploy included) is said in its place, with Try again.
          <RecoveryBoundary level="section" resetKeys={[view]}>
            <Suspense fallback={null}>
              <DueView view={view} onOpenTask={onOpenTask} />
            </Suspense>
          </RecoveryBoundary>
        )
      }
    />
  );
}
