import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Circle, Copy, FileDown, FileText, LogOut, Pencil, Share2, Sparkles, Trash2 } from 'lucide-react';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LabelChip } from '../../components/ui/label-chip.tsx';
import { PriorityBadge } from '../../components/ui/priority-badge.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { streamAiText } from '../../lib/api/ai-queries.ts';
import { downloadTaskExport, type ExportFormat } from '../../lib/api/export-download.ts';
import { useLeaveShare } from '../../lib/api/share-writes.ts';
import { detailMayBeFetched, loadedTask } from '../../lib/api/task-queries.ts';
import { taskDetailQuery } from '../../lib/api/task-detail-query.ts';
import { cx } from '../../lib/class-names.ts';
import { lazyWithRetry } from '../../lib/lazy-with-retry.ts';
import { dateTimeText, dueDateText } from './task-dates.ts';
import { isPastDue, timeText } from './due-time.ts';
import { TaskRepeat } from './task-schedule.tsx';
import { SubtasksPanel } from './subtasks-panel.tsx';
import { TaskReminders } from './task-reminders.tsx';
import { AiWorking } from './ai-working.tsx';
import { AiWriterName } from './ai-writer-name.tsx';
import { TaskActivity } from './task-activity.tsx';
import { useTickChecklistItem, useToggleCompletion } from './use-task-actions.ts';
import { useUserClock } from '../../lib/use-user-clock.ts';
import { Loading } from '../../components/ui/loading.tsx';

const MarkdownView = lazyWithRetry(() => import('../../components/markdown/markdown-view.tsx'));
// Issue 24: the Files section loads with its first dialog, outside the dashboard's first load.
const TaskFiles = lazyWithRetry(() => import('./task-files.tsx'));

type TabKey = 'details' | 'comments' | 'shared' | 'activity';

export interface TaskDetailDialogProps {
  taskId: number | null;
  currentUserId: number;
  onClose(): void;
  onEdit(task: Task, description?: string): void;
  onDuplicate(task: Task): void;
  onDelete?: ((task: Task) => void) | undefined;
  onShare?: ((task: Task) => void) | undefined;
  onLabelClick(label: string): void;
  /** Filled by the collaboration features, composed by the page. */
  renderComments?: (task: Task) => ReactNode;
  renderSharedWith?: (task: Task) => ReactNode;
}

export function TaskDetailDialog(props: TaskDetailDialogProps) {
  const { taskId, currentUserId, onClose, onEdit, onDuplicate, onDelete, onShare, onLabelClick, renderComments, renderSharedWith } = props;
  const { t, i18n } = useTranslation('tasks');
  const [tab, setTab] = useState<TabKey>('details');
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [aiState, setAiState] = useState<'idle' | 'rewrite' | 'generate'>('idle');
  const [aiError, setAiError] = useState<string | null>(null);
  const [aiDraft, setAiDraft] = useState('');
  const aiAbort = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  const detail = useQuery({
    ...taskDetailQuery(taskId ?? 0),
    enabled: () => taskId !== null && detailMayBeFetched(taskId),
    // The card's task shows at once; the answer adds the activity (and anything newer).
    placeholderData: () => {
      const task = taskId === null ? undefined : loadedTask(queryClient, taskId);
      return task ? { task: { ...task, activity_logs: [] }, activity_logs: [] } : undefined;
    },
  });
  const toggle = useToggleCompletion();
  const tick = useTickChecklistItem();
  const toast = useToast();
  const task = detail.data?.task;
  // Today where the person lives (issue 21), not where the browser happens to be.
  const { today, now } = useUserClock();
  const isOwner = task?.user_id === currentUserId;
  // Issue 18: a recipient who accepted the task may leave it (the owner removes people instead).
  const hasAccepted = !!task?.shared_with.some((person) => person.id === currentUserId && person.pivot.status === 'accepted');
  // Issue 21: due today at a time that has passed is overdue too.
  const overdue = !!task && isPastDue(task, today, now);
  // Made offline and not on the server yet (decision 033): what needs the server waits for it.
  const madeOffline = !!task && task.id < 0;
  // A tab left open on another task that this one has not (made offline: no sharing, no activity yet).
  const shownTab = madeOffline && (tab === 'shared' || tab === 'activity') ? 'details' : tab;

  async function exportAs(format: ExportFormat) {
    if (!task) return;
    setExporting(format);
    setExportError(null);
    try {
      await downloadTaskExport(task.id, format, i18n.language);
    } catch (error) {
      setExportError(
        errorMessage(error, t(format === 'pdf' ? 'errors.exportPdf' : 'errors.exportWord'), t('common:errors.pleaseTryAgain')),
      );
    } finally {
      setExporting(null);
    }
  }

  // Closing the dialog or moving to another task stops a generation in flight.
  useEffect(() => () => aiAbort.current?.abort(), [taskId]);

  /**
   * Spec §4: idle → working → done or error; the text streams in below the buttons as it arrives,
   * Cancel stops it, and when it is complete the edit dialog opens with it for review.
   */
  async function runAi(kind: 'rewrite' | 'generate') {
    if (!task) return;
    const controller = new AbortController();
    aiAbort.current = controller;
    setAiState(kind);
    setAiError(null);
    setAiDraft('');
    try {
      const text = await streamAiText(`/api/tasks/${task.id}/${kind === 'rewrite' ? 'rewrite-description' : 'generate-content'}`, {
        signal: controller.signal,
        language: i18n.language,
        onText: setAiDraft,
      });
      setAiState('idle');
      // Nothing to improve: say so, rather than open Edit on the same text.
      if (kind === 'rewrite' && text.trim() === task.description.trim()) toast.show(t('ai.alreadyGood'));
      else onEdit(task, text);
    } catch (error) {
      setAiState('idle');
      if ((error as Error).name === 'AbortError') return;
      setAiError(
        errorMessage(error, t(kind === 'rewrite' ? 'errors.enhance' : 'errors.generateContent'), t('common:errors.pleaseTryAgain')),
      );
    } finally {
      setAiDraft('');
      if (aiAbort.current === controller) aiAbort.current = null;
    }
  }

  const iconButton = (label: string, icon: ReactNode, onClick: () => void, testId: string, extra?: string) => (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      data-testid={testId}
      className={cx(
        'tap-target flex h-9 w-9 items-center justify-center rounded-control text-muted hover:bg-surface-2 hover:text-fg',
        extra,
      )}
    >
      {icon}
    </button>
  );

  const headerActions = task && (
    <>
      {onShare &&
        !madeOffline &&
        iconButton(t('actions.share'), <Share2 aria-hidden className="h-4 w-4" />, () => onShare(task), 'detail-share')}
      {iconButton(t('actions.edit'), <Pencil aria-hidden className="h-4 w-4" />, () => onEdit(task), 'detail-edit')}
      {iconButton(t('actions.duplicate'), <Copy aria-hidden className="h-4 w-4" />, () => onDuplicate(task), 'detail-duplicate')}
      {onDelete &&
        isOwner &&
        iconButton(
          t('actions.delete'),
          <Trash2 aria-hidden className="h-4 w-4" />,
          () => onDelete(task),
          'detail-delete',
          'hover:text-danger',
        )}
      <button
        type="button"
        onClick={() => toggle.mutate(task)}
        aria-pressed={task.is_completed === 1}
        data-testid="detail-toggle"
        className={cx(
          'tap-target inline-flex h-9 items-center gap-1.5 rounded-control px-3 text-sm font-medium',
          task.is_completed === 1 ? 'bg-success-soft text-success' : 'bg-brand text-brand-fg hover:bg-brand-strong',
        )}
      >
        {task.is_completed === 1 ? <CheckCircle2 aria-hidden className="h-4 w-4" /> : <Circle aria-hidden className="h-4 w-4" />}
        {/* Named on every screen: a bare circle does not say what it does. */}
        <span>{task.is_completed === 1 ? t('actions.reopen') : t('actions.complete')}</span>
      </button>
    </>
  );

  const details = task && (
    <div className="space-y-5">
      {madeOffline && (
        <p className="rounded-card border border-line bg-surface-2 px-3 py-2 text-sm text-muted" data-testid="detail-made-offline">
          {t('detail.madeOffline')}
        </p>
      )}
      <section aria-labelledby="detail-description">
        <h3 id="detail-description" className="sr-only">
          {t('form.description')}
        </h3>
        {task.description.trim() ? (
          <Suspense fallback={<Skeleton className="h-24" />}>
            <MarkdownView source={task.description} onToggleItem={(markOffset, checked) => tick(task, markOffset, checked)} />
          </Suspense>
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-line px-4 py-8 text-center">
            <p className="text-sm text-muted">{t('detail.noDescription')}</p>
            {!madeOffline && (
              <>
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<Sparkles aria-hidden className="h-4 w-4" />}
                  busy={aiState === 'generate'}
                  onClick={() => void runAi('generate')}
                >
                  {aiState === 'generate' ? t('ai.generating') : t('ai.generateWithAi')}
                </Button>
                <AiWriterName />
              </>
            )}
          </div>
        )}
        {task.description.trim() && !madeOffline && (
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              variant="ghost"
              size="sm"
              icon={<Sparkles aria-hidden className="h-4 w-4" />}
              busy={aiState === 'rewrite'}
              onClick={() => void runAi('rewrite')}
            >
              {aiState === 'rewrite' ? t('ai.working') : t('ai.rewrite')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              icon={<Sparkles aria-hidden className="h-4 w-4" />}
              busy={aiState === 'generate'}
              onClick={() => void runAi('generate')}
            >
              {aiState === 'generate' ? t('ai.working') : t('ai.expand')}
            </Button>
            <span className="self-center">
              <AiWriterName />
            </span>
          </div>
        )}
        {aiState !== 'idle' && (
          <div className="mt-3 rounded-card border border-line bg-surface-2 p-3" data-testid="ai-progress">
            <div className="flex items-center justify-between gap-2">
              <AiWorking onCancel={() => aiAbort.current?.abort()} />
            </div>
            {aiDraft && (
              <p dir="auto" className="mt-2 max-h-40 overflow-y-auto text-sm whitespace-pre-wrap text-fg" data-testid="ai-draft">
                {aiDraft}
              </p>
            )}
          </div>
        )}
        {aiError && (
          <p role="alert" className="mt-2 text-sm text-danger">
            {aiError}
          </p>
        )}
      </section>
      {!madeOffline && <SubtasksPanel task={task} />}
      {!madeOffline && (
        <Suspense fallback={<Skeleton className="h-14 w-full" />}>
          <TaskFiles taskId={task.id} canAdd={isOwner || hasAccepted} />
        </Suspense>
      )}

      {task.labels.length > 0 && (
        <section>
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">{t('form.labels')}</h3>
          <div className="flex flex-wrap gap-1.5">
            {task.labels.map((label) => (
              <LabelChip
                key={label.id}
                name={label.name}
                color={label.color}
                index={label.id}
                size="md"
                title={t('detail.filterByLabel', { label: label.name })}
                onClick={() => onLabelClick(label.name)}
              />
            ))}
          </div>
        </section>
      )}

      <section>
        <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">{t('detail.information')}</h3>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div className="flex justify-between gap-3 sm:block">
            <dt className="text-muted">{t('detail.status')}</dt>
            <dd className="font-medium" data-testid="detail-status">
              {task.is_completed === 1 ? t('status.completed') : t('status.inProgress')}
            </dd>
          </div>
          <div className="flex justify-between gap-3 sm:block">
            <dt className="text-muted">{t('form.priority')}</dt>
            <dd>
              <PriorityBadge priority={task.priority} label={t(`priority.${task.priority}`)} />
            </dd>
          </div>
          <div className="flex justify-between gap-3 sm:block">
            <dt className="text-muted">{t('form.dueDate')}</dt>
            <dd className={cx('font-medium', overdue && 'text-danger')} data-testid="detail-due">
              {task.due_date ? dueText(task, today, i18n.language, t) : t('detail.noDueDate')}
              {overdue && (
                <span className="ms-2 inline-flex items-center gap-1 rounded-full bg-danger-soft px-2 py-0.5 text-xs" data-testid="overdue">
                  <AlertTriangle aria-hidden className="h-3 w-3" />
                  {t('due.overdue')}
                </span>
              )}
            </dd>
          </div>
          {task.owner && !isOwner && (
            <div className="flex justify-between gap-3 sm:block">
              <dt className="text-muted">{t('detail.owner')}</dt>
              <dd className="font-medium">{task.owner.name}</dd>
            </div>
          )}
          <div className="flex justify-between gap-3 sm:block">
            <dt className="text-muted">{t('detail.created')}</dt>
            <dd>{dateTimeText(task.created_at, i18n.language)}</dd>
          </div>
          <div className="flex justify-between gap-3 sm:block">
            <dt className="text-muted">{t('detail.updated')}</dt>
            <dd>{dateTimeText(task.updated_at, i18n.language)}</dd>
          </div>
        </dl>
      </section>

      <TaskRepeat task={task} canEdit={(isOwner || hasAccepted) && !madeOffline} />
      {(isOwner || hasAccepted) && !madeOffline && <TaskReminders task={task} />}

      <section className="flex flex-wrap gap-2 border-t border-line pt-4">
        {onShare && !madeOffline && (
          <Button variant="outline" size="sm" icon={<Share2 aria-hidden className="h-4 w-4" />} onClick={() => onShare(task)}>
            {t('actions.share')}
          </Button>
        )}
        <Button variant="outline" size="sm" icon={<Copy aria-hidden className="h-4 w-4" />} onClick={() => onDuplicate(task)}>
          {t('actions.duplicate')}
        </Button>
        {!madeOffline && (
          <>
            <Button
              variant="outline"
              size="sm"
              icon={<FileDown aria-hidden className="h-4 w-4" />}
              busy={exporting === 'pdf'}
              disabled={exporting !== null}
              onClick={() => void exportAs('pdf')}
            >
              {exporting === 'pdf' ? t('export.busy') : t('export.pdf')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              icon={<FileText aria-hidden className="h-4 w-4" />}
              busy={exporting === 'word'}
              disabled={exporting !== null}
              onClick={() => void exportAs('word')}
            >
              {exporting === 'word' ? t('export.busy') : t('export.word')}
            </Button>
          </>
        )}
        {onDelete && isOwner && (
          <Button
            variant="outline"
            size="sm"
            className="text-danger"
            icon={<Trash2 aria-hidden className="h-4 w-4" />}
            onClick={() => onDelete(task)}
          >
            {t('actions.delete')}
          </Button>
        )}
        {!isOwner && hasAccepted && <LeaveTaskButton task={task} onLeft={onClose} />}
        {exportError && (
          <p role="alert" className="w-full text-sm text-danger">
            {exportError}
          </p>
        )}
      </section>
    </div>
  );

  return (
    <Dialog
      open={taskId !== null}
      onClose={onClose}
      size="lg"
      // Its height follows the tab shown: anchored at the top, the tabs stay where they are.
      placement="top"
      closeLabel={t('common:actions.close')}
      testId="task-detail-dialog"
      title={
        task ? (
          <span className={cx(task.is_completed === 1 && 'line-through opacity-70')}>{task.title}</span>
        ) : detail.isError ? (
          t('errors.taskNotFoundTitle')
        ) : (
          <Skeleton className="h-6 w-48" />
        )
      }
      headerActions={headerActions}
    >
      {detail.isPending ? (
        <Loading paused={detail.fetchStatus === 'paused'}>
          <div className="space-y-3">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-24 w-full" />
          </div>
        </Loading>
      ) : detail.isError || !task ? (
        <ErrorState
          message={errorMessage(detail.error, t('errors.loadTask'), t('common:errors.pleaseTryAgain'))}
          retryLabel={t('common:actions.tryAgain')}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <Tabs<TabKey>
          label={t('detail.tabs')}
          active={shownTab}
          onChange={setTab}
          items={[
            { key: 'details', label: t('detail.details') },
            { key: 'comments', label: t('detail.comments') },
            // Made offline: shared with nobody yet, and its activity starts on the server.
            ...(madeOffline
              ? []
              : [
                  { key: 'shared' as const, label: t('detail.sharedWith'), badge: task.shared_with.length },
                  { key: 'activity' as const, label: t('detail.activity') },
                ]),
          ]}
          panel={
            shownTab === 'details' ? (
              details
            ) : shownTab === 'activity' ? (
              detail.isPlaceholderData ? (
                <Loading paused={detail.fetchStatus === 'paused'}>
                  <Skeleton className="h-16 w-full" />
                </Loading>
              ) : (
                <TaskActivity logs={detail.data.activity_logs} />
              )
            ) : shownTab === 'comments' ? (
              (renderComments?.(task) ?? <p className="text-sm text-muted">{t('detail.commentsUnavailable')}</p>)
            ) : (
              (renderSharedWith?.(task) ?? <p className="text-sm text-muted">{t('detail.notShared')}</p>)
            )
          }
        />
      )}
    </Dialog>
  );
}

/** The due date with its time (issue 21): "Tomorrow, 5:00 PM", with the year when it is another's. */
function dueText(task: Task, today: string, language: string, t: (key: string, values?: Record<string, string>) => string) {
  const date = dueDateText(
    task.due_date!,
    today,
    language,
    { today: t('due.today'), tomorrow: t('due.tomorrow') },
    { yearWhenOther: true },
  );
  return task.due_time ? t('due.dateTime', { date, time: timeText(task.due_time, language) }) : date;
}

/** Issue 18: "Leave task" for an accepted recipient, after a confirmation that says access ends at once. */
function LeaveTaskButton({ task, onLeft }: { task: Task; onLeft(): void }) {
  const { t } = useTranslation('sharing');
  const toast = useToast();
  const leave = useLeaveShare();
  const [confirming, setConfirming] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);

  const cancel = () => {
    setConfirming(false);
    leave.reset();
    // The confirmation is gone: focus goes back to the button that opened it.
    requestAnimationFrame(() => wrapper.current?.querySelector('button')?.focus());
  };

  return (
    <span ref={wrapper} className="contents">
      <Button
        variant="outline"
        size="sm"
        className="text-danger"
        data-testid="detail-leave"
        icon={<LogOut aria-hidden className="rtl-mirror h-4 w-4" />}
        onClick={() => setConfirming(true)}
      >
        {t('leave.action')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('leave.title')}
        confirmLabel={t('leave.confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        tone="danger"
        busy={leave.isPending}
        onCancel={cancel}
        onConfirm={() =>
          leave.mutate(task.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.show(t('leave.left'));
              onLeft();
            },
          })
        }
      >
        <p>{t('leave.warning', { title: `\u2068${task.title}\u2069` })}</p>
        {leave.isError && (
          <p role="alert" className="text-danger">
            {errorMessage(leave.error, t('leave.failed'), t('common:errors.pleaseTryAgain'))}
          </p>
        )}
      </ConfirmDialog>
    </span>
  );
}
