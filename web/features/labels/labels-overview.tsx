import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Hash, LayoutGrid, List, ListChecks, Search, Tag, Trash2, TrendingUp } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STORAGE_KEYS, type ViewMode } from '../../../common/constants.ts';
import { paths } from '../../app/paths.ts';
import type { Label } from '../../../common/schemas/label.schema.ts';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { labelsQuery } from '../../lib/api/label-queries.ts';
import { cx } from '../../lib/class-names.ts';
import { storage } from '../../lib/storage.ts';
import { LabelActionsMenu, type LabelAction } from './label-actions-menu.tsx';
import {
  ColorLabelDialog,
  DeleteLabelDialog,
  DeleteUnusedLabelsDialog,
  LabelIcon,
  MergeLabelDialog,
  RenameLabelDialog,
} from './label-dialogs.tsx';
import { labelStats, unusedLabels } from './label-stats.ts';
import { Loading } from '../../components/ui/loading.tsx';

/** The dialog open over the overview, if any. */
type OpenDialog = { kind: LabelAction; label: Label } | { kind: 'unused' } | null;

export function LabelsOverview() {
  const { t } = useTranslation('labels');
  const labels = useQuery(labelsQuery());
  const [search, setSearch] = useState('');
  const [view, setViewState] = useState<ViewMode>(() => (storage.get(STORAGE_KEYS.viewMode) === 'grid' ? 'grid' : 'list'));
  const setView = (next: ViewMode) => {
    storage.set(STORAGE_KEYS.viewMode, next);
    setViewState(next);
  };
  const all = useMemo(() => labels.data ?? [], [labels.data]);
  const stats = labelStats(all);
  const unused = useMemo(() => unusedLabels(all), [all]);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // Where focus goes back to when a dialog closes: the label's actions button, else the search field.
  const actionButtons = useRef(new Map<number, HTMLButtonElement>());
  const searchInput = useRef<HTMLInputElement>(null);
  const unusedAction = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<{ labelId?: number | undefined; unused?: boolean } | null>(null);
  const closeDialog = (focus: { labelId?: number | undefined; unused?: boolean } = {}) => {
    pendingFocus.current = focus;
    setDialog(null);
  };
  // Once the dialog is gone (an element behind an open modal cannot take focus), and the list
  // shows the change: a deleted or merged label's button is gone too.
  useEffect(() => {
    const focus = pendingFocus.current;
    if (dialog !== null || !focus) return;
    pendingFocus.current = null;
    const target =
      (focus.labelId !== undefined ? actionButtons.current.get(focus.labelId) : undefined) ??
      (focus.unused ? unusedAction.current?.querySelector('button') : null) ??
      searchInput.current;
    target?.focus();
  }, [dialog]);
  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return all.filter((label) => label.name.toLocaleLowerCase().includes(needle));
  }, [all, search]);

  const card = (key: string, value: number, icon: ReactNode) => (
    <div className="flex items-center gap-3 rounded-card border border-line bg-surface p-4" data-testid={`stat-${key}`}>
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-strong">{icon}</span>
      <div>
        <p className="text-xl font-semibold leading-6 text-fg">{value}</p>
        <p className="text-xs text-muted">{t(`stats.${key}`)}</p>
      </div>
    </div>
  );

  if (labels.isPending) {
    return (
      <Loading paused={labels.fetchStatus === 'paused'}>
        <div className="space-y-4" aria-busy="true">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-20 rounded-card" />
            ))}
          </div>
          <Skeleton className="h-40 rounded-card" />
        </div>
      </Loading>
    );
  }
  if (labels.isError) {
    return (
      <ErrorState
        message={errorMessage(labels.error, t('errors.load'), t('common:errors.pleaseTryAgain'))}
        retryLabel={t('common:actions.tryAgain')}
        onRetry={() => void labels.refetch()}
      />
    );
  }

  return (
    <div className="space-y-5">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {card('totalLabels', stats.totalLabels, <Tag aria-hidden className="h-5 w-5" />)}
        {card('totalTasks', stats.totalTasks, <ListChecks aria-hidden className="h-5 w-5" />)}
        {card('activeLabels', stats.activeLabels, <TrendingUp aria-hidden className="h-5 w-5" />)}
        {card('averageTasks', stats.averageTasks, <Hash aria-hidden className="h-5 w-5" />)}
      </div>

      {unused.length > 0 && (
        <div ref={unusedAction} className="flex justify-end">
          <Button
            variant="outline"
            size="sm"
            icon={<Trash2 aria-hidden className="h-4 w-4" />}
            onClick={() => setDialog({ kind: 'unused' })}
            data-testid="delete-unused-labels"
          >
            {t('unused.button', { n: unused.length })}
          </Button>
        </div>
      )}

      {/* Search and the view toggle are there from the start (spec §2), also before the first label. */}
      <div className="flex items-center gap-2">
        <label className="relative flex-1">
          <span className="sr-only">{t('search.label')}</span>
          <Search aria-hidden className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" />
          <input
            ref={searchInput}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('search.placeholder')}
            className="tap-target h-10 w-full rounded-control border border-line bg-surface ps-9 pe-3 text-base text-fg sm:text-sm placeholder:text-muted/80 focus:border-brand focus:outline-none focus:ring-2 focus:ring-ring/40"
          />
        </label>
        <div role="group" aria-label={t('view.label')} className="flex rounded-control border border-line bg-surface p-0.5">
          {(['list', 'grid'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              onClick={() => setView(mode)}
              aria-pressed={view === mode}
              aria-label={t(`view.${mode}`)}
              title={t(`view.${mode}`)}
              className={cx(
                'tap-target flex h-8 w-8 items-center justify-center rounded-[0.35rem]',
                view === mode ? 'bg-brand-soft text-brand-strong' : 'text-muted hover:text-fg',
              )}
            >
              {mode === 'list' ? <List aria-hidden className="h-4 w-4" /> : <LayoutGrid aria-hidden className="h-4 w-4" />}
            </button>
          ))}
        </div>
      </div>
      {all.length === 0 ? (
        <EmptyState icon={<Tag aria-hidden className="h-6 w-6" />} title={t('empty.title')} description={t('empty.description')} />
      ) : shown.length === 0 ? (
        <EmptyState icon={<Search aria-hidden className="h-6 w-6" />} title={t('search.noMatches')} />
      ) : (
        <ul
          className={cx(
            view === 'grid'
              ? 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3'
              : 'divide-y divide-line rounded-card border border-line bg-surface',
          )}
          data-testid="labels-list"
          data-layout={view}
        >
          {shown.map((label) => (
            <li
              key={label.id}
              data-testid="label-row"
              className={cx(
                'flex items-center gap-1 hover:bg-surface-2',
                view === 'grid'
                  ? 'h-full rounded-card border border-line bg-surface pe-2'
                  : 'pe-2 first:rounded-t-card last:rounded-b-card',
              )}
            >
              {/* The label itself opens the dashboard filtered by it (spec §2); its actions sit beside it. */}
              <Link
                to={paths.dashboardWithLabel(label.name)}
                data-testid="label-item"
                className={cx(
                  'flex min-w-0 flex-1 items-center gap-3 text-fg',
                  view === 'grid' ? 'self-stretch p-4 pe-1' : 'px-4 py-3 pe-1',
                )}
              >
                <LabelIcon label={label} color={label.color} />
                <span className="min-w-0 flex-1">
                  {/* In its own direction (a Latin name in Arabic is cut at its end), on the side the page starts. */}
                  <span dir="auto" className="block truncate text-left font-medium [[dir=rtl]_&]:text-right">
                    {label.name}
                  </span>
                  <span className="block text-xs text-muted">{t('taskCount', { count: label.tasks_count ?? 0 })}</span>
                </span>
                <ChevronRight aria-hidden className="rtl-mirror h-4 w-4 shrink-0 text-muted" />
              </Link>
              <LabelActionsMenu
                label={label}
                onAction={(kind) => setDialog({ kind, label })}
                buttonRef={(element) => {
                  if (element) actionButtons.current.set(label.id, element);
                  else actionButtons.current.delete(label.id);
                }}
              />
            </li>
          ))}
        </ul>
      )}

      {dialog?.kind === 'rename' && <RenameLabelDialog label={dialog.label} labels={all} onClose={(labelId) => closeDialog({ labelId })} />}
      {dialog?.kind === 'color' && <ColorLabelDialog label={dialog.label} onClose={(labelId) => closeDialog({ labelId })} />}
      {dialog?.kind === 'merge' && <MergeLabelDialog label={dialog.label} labels={all} onClose={(labelId) => closeDialog({ labelId })} />}
      {dialog?.kind === 'delete' && <DeleteLabelDialog label={dialog.label} onClose={(labelId) => closeDialog({ labelId })} />}
      {dialog?.kind === 'unused' && <DeleteUnusedLabelsDialog unused={unused} onClose={() => closeDialog({ unused: true })} />}
    </div>
  );
}
