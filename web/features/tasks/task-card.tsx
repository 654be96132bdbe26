import { AlertTriangle, CalendarDays, CheckCircle2, Circle, Repeat, Users } from 'lucide-react';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checklistProgress } from '../../../common/checklist.ts';
import type { Density } from '../../../common/constants.ts';
import { LIMITS } from '../../../common/limits.ts';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { preview } from '../../../common/task-rules.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { LabelChip } from '../../components/ui/label-chip.tsx';
import { PriorityBadge } from '../../components/ui/priority-badge.tsx';
import { cx } from '../../lib/class-names.ts';
import { usePendingWrites } from '../../lib/offline/pending-writes.ts';
import { userClock } from '../../lib/user-clock.ts';
import { useUserTimeZone } from '../../lib/use-user-clock.ts';
import { isPastDue, timeText } from './due-time.ts';
import { dueDateText, fullDateText } from './task-dates.ts';

export interface TaskCardProps {
  task: Task;
  layout: 'list' | 'grid';
  /** Compact: one line a task (title, then the description and chips as room allows). */
  density?: Density;
  today: string;
  onOpen(task: Task): void;
  onToggle?: ((task: Task) => void) | undefined;
  /** Shows the owner instead of sharing info (Shared with me). */
  showOwner?: boolean;
}

export const TaskCard = memo(function TaskCard({
  task,
  layout,
  density = 'comfortable',
  today,
  onOpen,
  onToggle,
  showOwner,
}: TaskCardProps) {
  const { t, i18n } = useTranslation('tasks');
  const done = task.is_completed === 1;
  const overdue = usePastDue(task, today);
  const labelLimit = layout === 'list' ? LIMITS.listLabelsShown : LIMITS.gridLabelsShown;
  const shownLabels = task.labels.slice(0, labelLimit);
  const hiddenLabels = task.labels.length - shownLabels.length;
  const descriptionPreview = preview(task.description, LIMITS.descriptionPreviewChars);
  const checklist = checklistProgress(task.description, task.subtask_progress);
  const compact = density === 'compact';
  // Issue 23: a change made offline and not yet sent (a task made offline has a temporary id below zero).
  const waiting = usePendingWrites().some((write) => write.taskId === task.id);
  // Issue 21: "Tomorrow, 5:00 PM" when the task has a time.
  const withTime = (date: string) => (task.due_time ? t('due.dateTime', { date, time: timeText(task.due_time, i18n.language) }) : date);

  return (
    <article
      data-testid="task-card"
      data-task-id={task.id}
      data-completed={done ? 'true' : 'false'}
      data-pending={waiting ? 'true' : undefined}
      className={cx(
        // The tick sits at the start of the title's line in every layout.
        'group relative flex items-start gap-3 rounded-card border border-line bg-surface transition-shadow hover:shadow-md',
        compact ? 'px-3 py-2' : 'px-4 py-3',
        layout === 'grid' && 'h-full',
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
            // Phones: a 44 px target around the 20 px circle, reaching into the card's padding and the gap, not the title.
            'tap-target max-md:-mx-3 max-md:-mt-2.5 max-md:-mb-3 max-md:flex max-md:items-center max-md:justify-center',
            done ? 'text-success' : 'text-muted hover:text-brand',
          )}
        >
          {done ? <CheckCircle2 aria-hidden className="h-5 w-5" /> : <Circle aria-hidden className="h-5 w-5" />}
        </button>
      )}
      <div
        className={cx(
          'min-w-0 flex-1',
          compact && 'flex flex-wrap items-center gap-x-3 gap-y-1',
          // Wide lists: the chips beside the title and description instead of a row of their own.
          !compact && layout === 'list' && 'md:grid md:grid-cols-[minmax(0,1fr)_auto] md:gap-x-4',
        )}
      >
        {/* Title and description line up with the tick at the UI's start edge; each reads in its own
            direction inside (dir="auto" on the text), so an English title in Arabic is not pushed to the far side. */}
        <h3 className={cx('text-sm font-semibold text-fg', compact && 'min-w-0 max-w-full truncate')}>
          {/* The whole card is clickable through this button's stretched ::after. */}
          <button
            type="button"
            onClick={() => onOpen(task)}
            className="text-start after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {/* On the span: a line-through set on the heading stops at the button (an inline block). */}
            <span dir="auto" className={cx('break-words', done && 'line-through')}>
              {task.title}
            </span>
          </button>
        </h3>
        {descriptionPreview && (
          <p
            className={cx(
              'text-sm text-muted',
              compact
                ? 'hidden min-w-0 flex-1 truncate md:block'
                : layout === 'grid'
                  ? 'mt-1 line-clamp-3'
                  : 'mt-0.5 line-clamp-2 md:line-clamp-1',
              done && 'line-through',
            )}
          >
            <span dir="auto">{descriptionPreview}</span>
          </p>
        )}
        <div
          className={cx(
            'flex flex-wrap items-center gap-1.5',
            !compact && 'mt-2',
            !compact &&
              layout === 'list' &&
              'md:col-start-2 md:row-span-2 md:row-start-1 md:mt-0 md:max-w-md md:justify-end md:self-center',
          )}
        >
          <PriorityBadge priority={task.priority} label={t(`priority.${task.priority}`)} />
          {waiting && (
            <span
              data-testid="pending-sync"
              className="inline-flex items-center rounded-full border border-dashed border-line px-2 py-0.5 text-xs font-medium text-muted"
            >
              {t('card.waitingToSync')}
            </span>
          )}
          {task.due_date && (
            <span
              className={cx(
                'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
                overdue ? 'bg-danger-soft text-danger' : 'bg-surface-2 text-muted',
              )}
              data-testid="due-date"
              title={withTime(fullDateText(task.due_date, i18n.language))}
            >
              {overdue ? <AlertTriangle aria-hidden className="h-3 w-3" /> : <CalendarDays aria-hidden className="h-3 w-3" />}
              {withTime(dueDateText(task.due_date, today, i18n.language, { today: t('due.today'), tomorrow: t('due.tomorrow') }))}
              {overdue && <span>· {t('due.overdue')}</span>}
              {/* Issue 21: a repeating task says so; its rule in words is in the dialog (its phrases load with it). */}
              {task.recurrence && (
                <span title={t('card.repeats')} data-testid="repeats">
                  <Repeat aria-hidden className="h-3 w-3" />
                  <span className="sr-only">{t('card.repeats')}</span>
                </span>
              )}
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
              {/* The tick the cards already load: a checklist icon of its own would cost its own file on every dashboard load. */}
              <CheckCircle2 aria-hidden className="h-3 w-3" />
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

/**
 * Overdue as the card shows it (issue 21): a past date, or today at a time that has passed where
 * the person lives. A task due later today is looked at again when its time passes.
 */
function usePastDue(task: Task, today: string): boolean {
  const timeZone = useUserTimeZone();
  const [, recheck] = useState(0);
  const later = task.is_completed !== 1 && task.due_date === today && task.due_time;
  const now = later ? userClock(timeZone).now : '';
  const late = isPastDue(task, today, now);
  useEffect(() => {
    if (!later || late) return;
    const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
    // At the turn of the minute after the due time (zones differ by whole minutes: the seconds are everyone's).
    const timer = setTimeout(() => recheck((n) => n + 1), (minutes(later) + 1 - minutes(now)) * 60_000 - (Date.now() % 60_000));
    return () => clearTimeout(timer);
  }, [later, late, now]);
  return late;
}
