import type { ActivityChange, ActivityEvent } from '../../../common/schemas/activity.schema.ts';

/** An update's part in the English of the spec-era log: "renamed the task from “a” to “b”". */
function changeText(change: ActivityChange): string {
  switch (change.kind) {
    case 'renamed':
      return `renamed the task from “${change.from}” to “${change.to}”`;
    case 'description':
      return 'edited the description';
    case 'due_date':
      return `set the due date to ${change.date}`;
    case 'due_date_removed':
      return 'removed the due date';
    case 'priority':
      return `changed the priority from ${change.from} to ${change.to}`;
    case 'labels':
      return `set the labels to ${change.labels.join(', ')}`;
    case 'labels_removed':
      return 'removed all labels';
    case 'due_time':
      return `set the due time to ${change.time}`;
    case 'due_time_removed':
      return 'removed the due time';
    case 'recurrence':
      return `set the repeat rule to ${change.rule}${change.from === 'completion' ? ', counted from completion' : ''}`;
    case 'recurrence_removed':
      return 'stopped repeating';
  }
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The entry's `description`, the spec's field, in English: what every API client reads. The web
 * app words the event itself in the reader's language (web/features/tasks/activity-text.ts).
 */
export function activityDescription(event: ActivityEvent): string {
  switch (event.code) {
    case 'created':
      return 'Created the task';
    case 'created_copy':
      return `Created the task as a copy of “${event.title}”`;
    case 'updated':
      return capitalize(event.changes.map(changeText).join('; '));
    case 'unchanged':
      return 'Saved the task without changes';
    case 'completed':
      return 'Marked the task as completed';
    case 'reopened':
      return 'Reopened the task';
    case 'commented':
      return 'Commented on the task';
    case 'replied':
      return 'Replied to a comment';
    case 'comment_edited':
      return 'Edited a comment';
    case 'shared':
      return `Shared the task with ${event.emails.join(', ')}`;
    case 'share_accepted':
      return 'Accepted the shared task';
    case 'share_removed':
      return `Removed ${event.email} from the task`;
    case 'share_declined':
      return 'Declined the shared task';
    case 'share_left':
      return 'Left the shared task';
    case 'ai_rewrite':
      return 'AI suggested a rewrite of the description';
    case 'ai_content':
      return 'AI suggested content for the description';
    case 'completed_repeating':
      return event.next_date ? `Completed; next occurrence on ${event.next_date}` : 'Completed; the repeat rule has no later date';
    case 'created_occurrence':
      return `Created as the next occurrence of “${event.title}”${event.after ? ` after ${event.after}` : ''}`;
    case 'occurrence_skipped':
      return `Skipped the occurrence${event.from ? ` on ${event.from}` : ''}; next on ${event.to}`;
    case 'restored':
      return 'Restored the task';
    case 'subtasks_added':
      return event.count === 1
        ? `Added the subtask “${event.titles[0] ?? ''}”`
        : `Added ${event.count} subtasks: ${event.titles.map((title) => `“${title}”`).join(', ')}${event.count > event.titles.length ? ', …' : ''}`;
    case 'subtask_completed':
      return `Completed the subtask “${event.title}”`;
    case 'subtask_reopened':
      return `Reopened the subtask “${event.title}”`;
    case 'subtask_renamed':
      return `Renamed the subtask “${event.from}” to “${event.to}”`;
    case 'subtask_due_date':
      return event.date
        ? `Set the due date of the subtask “${event.title}” to ${event.date}`
        : `Removed the due date of the subtask “${event.title}”`;
    case 'subtask_deleted':
      return `Deleted the subtask “${event.title}”`;
    case 'subtasks_reordered':
      return 'Reordered the subtasks';
    case 'subtasks_completed':
      return event.count === 1 ? 'Completed its open subtask with the task' : `Completed its ${event.count} open subtasks with the task`;
    case 'subtasks_reopened':
      return event.count === 1 ? 'Reopened a subtask with the task' : `Reopened ${event.count} subtasks with the task`;
    case 'attachment_added':
      return `Attached the file “${event.name}”`;
    case 'attachment_deleted':
      return `Deleted the file “${event.name}”`;
  }
}
