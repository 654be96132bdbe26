import type { TFunction } from 'i18next';
import { repeatText, type ScheduleTranslate } from '../../../common/recurrence-wording.ts';
import type { ActivityChange, ActivityEvent, ActivityLog } from '../../../common/schemas/activity.schema.ts';
import { parseRecurrence } from '../../../common/schemas/recurrence.ts';
import { fullDateText } from './task-dates.ts';

/**
 * What users wrote (titles, labels, addresses), isolated from the sentence around it (Unicode's
 * first-strong isolate): a Latin title in an Arabic sentence, or the reverse, keeps its quotes
 * and words in place.
 */
export const isolated = (text: string) => `\u2068${text}\u2069`;

/** A list of names in the reader's language: "a, b and c", "a، b و c". */
const listText = (items: string[], language: string) => new Intl.ListFormat(language, { type: 'conjunction' }).format(items.map(isolated));

/** `schedule` words a repeat rule (the schedule namespace's translate), as the dialog says it. */
function changeText(change: ActivityChange, t: TFunction<'tasks'>, language: string, schedule: ScheduleTranslate): string {
  switch (change.kind) {
    case 'renamed':
      return t('activity.renamed', { from: isolated(change.from), to: isolated(change.to) });
    case 'description':
      return t('activity.description');
    case 'due_date':
      return t('activity.dueDate', { date: isolated(fullDateText(change.date, language)) });
    case 'due_date_removed':
      return t('activity.dueDateRemoved');
    case 'priority':
      return t('activity.priority', { from: t(`priority.${change.from}`), to: t(`priority.${change.to}`) });
    case 'labels':
      return t('activity.labels', { labels: listText(change.labels, language) });
    case 'labels_removed':
      return t('activity.labelsRemoved');
    case 'due_time':
      return t('activity.dueTime', { time: isolated(change.time) });
    case 'due_time_removed':
      return t('activity.dueTimeRemoved');
    case 'recurrence': {
      const rule = parseRecurrence(change.rule);
      return t(change.from === 'completion' ? 'activity.recurrenceFromCompletion' : 'activity.recurrence', {
        rule: rule ? repeatText(rule, schedule, language) : change.rule,
      });
    }
    case 'recurrence_removed':
      return t('activity.recurrenceRemoved');
  }
}

/** Entries whose words take nothing from the event: their translation key. */
const PLAIN_KEYS = {
  created: 'created',
  unchanged: 'unchanged',
  completed: 'completed',
  reopened: 'reopened',
  commented: 'commented',
  replied: 'replied',
  comment_edited: 'commentEdited',
  share_accepted: 'shareAccepted',
  share_declined: 'shareDeclined',
  share_left: 'shareLeft',
  ai_rewrite: 'aiRewrite',
  ai_content: 'aiContent',
  restored: 'restored',
  subtasks_reordered: 'subtasksReordered',
} as const satisfies Record<
  Exclude<
    ActivityEvent['code'],
    | 'created_copy'
    | 'updated'
    | 'shared'
    | 'share_removed'
    | 'completed_repeating'
    | 'created_occurrence'
    | 'occurrence_skipped'
    | 'subtasks_added'
    | 'subtask_completed'
    | 'subtask_reopened'
    | 'subtask_renamed'
    | 'subtask_due_date'
    | 'subtask_deleted'
    | 'subtasks_completed'
    | 'subtasks_reopened'
    | 'attachment_added'
    | 'attachment_deleted'
  >,
  string
>;

/**
 * An activity entry in the reader's language, one line per thing it records (an update names
 * each change on its own line). Entries from before events were stored show the server's words.
 * `schedule` is the schedule namespace's translate, for repeat rules.
 */
export function activityLines(log: ActivityLog, t: TFunction<'tasks'>, language: string, schedule: ScheduleTranslate): string[] {
  const event = log.event;
  if (!event) return [log.description];
  switch (event.code) {
    case 'created_copy':
      return [t('activity.createdCopy', { title: isolated(event.title) })];
    case 'updated':
      return event.changes.map((change) => changeText(change, t, language, schedule));
    case 'shared':
      return [t('activity.shared', { emails: listText(event.emails, language) })];
    case 'share_removed':
      return [t('activity.shareRemoved', { email: isolated(event.email) })];
    case 'completed_repeating':
      return [
        event.next_date
          ? t('activity.completedRepeating', { date: isolated(fullDateText(event.next_date, language)) })
          : t('activity.completedLastOccurrence'),
      ];
    case 'created_occurrence':
      return [t('activity.createdOccurrence', { title: isolated(event.title) })];
    case 'occurrence_skipped':
      return [t('activity.occurrenceSkipped', { date: isolated(fullDateText(event.to, language)) })];
    case 'subtasks_added':
      return [
        event.count === 1
          ? t('activity.subtaskAdded', { title: isolated(event.titles[0] ?? '') })
          : // The first titles, and an ellipsis for the rest when there were more.
            t('activity.subtasksAdded', {
              titles: listText(event.count > event.titles.length ? [...event.titles, '…'] : event.titles, language),
            }),
      ];
    case 'subtask_completed':
      return [t('activity.subtaskCompleted', { title: isolated(event.title) })];
    case 'subtask_reopened':
      return [t('activity.subtaskReopened', { title: isolated(event.title) })];
    case 'subtask_renamed':
      return [t('activity.subtaskRenamed', { from: isolated(event.from), to: isolated(event.to) })];
    case 'subtask_due_date':
      return [
        event.date
          ? t('activity.subtaskDueDate', { title: isolated(event.title), date: isolated(fullDateText(event.date, language)) })
          : t('activity.subtaskDueDateRemoved', { title: isolated(event.title) }),
      ];
    case 'subtask_deleted':
      return [t('activity.subtaskDeleted', { title: isolated(event.title) })];
    case 'subtasks_completed':
      return [t('activity.subtasksCompleted', { count: event.count })];
    case 'subtasks_reopened':
      return [t('activity.subtasksReopened', { count: event.count })];
    case 'attachment_added':
      return [t('activity.attachmentAdded', { name: isolated(event.name) })];
    case 'attachment_deleted':
      return [t('activity.attachmentDeleted', { name: isolated(event.name) })];
    default:
      return [t(`activity.${PLAIN_KEYS[event.code]}`)];
  }
}
