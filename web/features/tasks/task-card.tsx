import { AlertTriangle, CalendarDays, CheckCircle2, Circle, ListChecks, Users } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { checklistProgress } from '../../../common/checklist.ts';
import { LIMITS } from '../../../common/limits.ts';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { isOverdue, preview } from '../../../common/task-rules.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { LabelChip } from '../../components/ui/label-chip.tsx';
import { PriorityBadge } from '../../components/ui/priority-badge.tsx';
import { cx } from '../../lib/class-names.ts';
import { dueDateText, fullDateText } from './task-dates.ts';

export interface TaskCardProps {
  task: Task;
  layout: 'list' | 'grid';
  today: string;
  onOpen(task: Task): void;
  onToggle?: ((task: Task) => void) | undefined;
  /** Shows the owner instead of sharing info (Shared with me). */
  showOwner?: boolean;
}

export const TaskCard = memo(function TaskCard({ task, layout, today, onOpen, onToggle, showOwner }: TaskCardProps) {
  const { t, i18n } = useTranslation('tasks');
  const done = task.is_completed === 1;
  const overdue = isOverdue(task, today);
  const labelLimit = layout === 'list' ? LIMITS.listLabelsShown : LIMITS.gridLabelsShown;
  const shownLabels = task.labels.slice(0, labelLimit);
  const hiddenLabels = task.labels.length - shownLabels.length;
  const descriptionPreview = preview(task.description, LIMITS.descriptionPreviewChars);
  const checklist = checklistProgress(task.description);

  return (
    <article
      data-testid="task-card"
      data-task-id={task.id}
      data-completed={done ? 'true' : 'false'}
      className={cx(
        'group relative flex gap-3 rounded-card border border-line bg-surface p-4 transition-shadow hover:shadow-md',
        layout === 'grid' ? 'h-full flex-col' : 'items-start',
        done && 'opacity-60',
      )}
    >
      {onToggle && (
        <button
          type="button"
          onClick={() => onToggle(task)}
          aria-label={done ? t('card.markPending', { title: task.title }) : t('card.markDone', { title: task.title })}
          aria-pressed={done}
          className={cx(
            'relative z-10 mt-0.5 shrink-0 rounded-full',
            done ? 'text-success' : 'text-muted hover:text-brand',
            layout === 'grid' && 'absolute end-3 top-3',
          )}
        >
          {done ? <CheckCircle2 aria-hidden className="h-5 w-5" /> : <Circle aria-hidden className="h-5 w-5" />}
        </button>
      )}
      <div className="min-w-0 flex-1">
        <h3 dir="auto" className="pe-6 text-sm font-semibold text-fg">
          {/* The whole card is clickable through this button's stretched ::after. */}
          <button
            type="button"
            onClick={() => onOpen(task)}
            className="text-start after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {/* On the span: a line-through set on the heading stops at the button (an inline block). */}
            <span className={cx('break-words', done && 'line-through')}>{task.title}</span>
          </button>
        </h3>
        {descriptionPreview && (
          <p
            dir="auto"
            className={cx('mt-1 text-sm text-muted', layout === 'grid' ? 'line-clamp-3' : 'line-clamp-2', done && 'line-through')}
          >
            {descriptionPreview}
          </p>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-1.5">
          <PriorityBadge priority={task.priority} label={t(`priority.${task.priority}`)} />
          {task.due_date && (
            <span
              className={cx(
                'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
                overdue ? 'bg-danger-soft text-danger' : 'bg-surface-2 text-muted',
              )}
              data-testid="due-date"
              title={fullDateText(task.due_date, i18n.language)}
            >
              {overdue ? <AlertTriangle aria-hidden className="h-3 w-3" /> : <CalendarDays aria-hidden className="h-3 w-3" />}
              {dueDateText(task.due_date, today, i18n.language, { today: t('due.today'), tomorrow: t('due.tomorrow') })}
              {overdue && <span>· {t('due.overdue')}</span>}
            </span>
          )}
          {checklist && (
            <span
              className={cx(
                'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium tabular-nums',
                checklist.done === checklist.total ? 'bg-success-soft text-success' : 'bg-surface-2 text-muted',
              )}
              data-testid="checklist-progress"
              title={t('card.checklist', { done: checklist.done, total: checklist.total })}
            >
              <ListChecks aria-hidden className="h-3 w-3" />
              <span aria-hidden>
                {checklist.done}/{checklist.total}
              </span>
              <span className="sr-only">{t('card.checklist', { done: checklist.done, total: checklist.total })}</span>
            </span>
          )}
          {shownLabels.map((label) => (
            // Palette by label id, so a label looks the same on every card.
            <LabelChip key={label.id} name={label.name} color={label.color} index={label.id} />
          ))}
          {hiddenLabels > 0 && <span className="text-xs text-muted">+{hiddenLabels}</span>}
          {showOwner && task.owner ? (
            <span className="ms-auto inline-flex items-center gap-1.5 text-xs text-muted">
              {/* Spec §3: the owner of a shared task is shown with their photo. */}
              <Avatar name={task.owner.name} photo={task.owner.user_photo} size="xs" />
              {t('card.sharedBy', { name: task.owner.name })}
            </span>
          ) : task.shared_with.length > 0 ? (
            <span
              className="ms-auto inline-flex items-center gap-1 text-xs text-muted"
              title={t('card.sharedWith', { count: task.shared_with.length })}
            >
              <Users aria-hidden className="h-3 w-3" />
              {task.shared_with.length}
            </span>
          ) : null}
        </div>
      </div>
    </article>
  );
});
