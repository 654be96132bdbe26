import { z } from 'zod';
import { PRIORITIES, RECURRENCE_FROM } from '../constants.ts';

/** One part of an update, as the activity log names it. */
export const ActivityChange = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('renamed'), from: z.string(), to: z.string() }),
  z.object({ kind: z.literal('description') }),
  z.object({ kind: z.literal('due_date'), date: z.string() }),
  z.object({ kind: z.literal('due_date_removed') }),
  z.object({ kind: z.literal('priority'), from: z.enum(PRIORITIES), to: z.enum(PRIORITIES) }),
  z.object({ kind: z.literal('labels'), labels: z.array(z.string()) }),
  z.object({ kind: z.literal('labels_removed') }),
  // Issue 21: a time on the due date, a repeat rule (its RRULE text) and what it counts from.
  z.object({ kind: z.literal('due_time'), time: z.string() }),
  z.object({ kind: z.literal('due_time_removed') }),
  z.object({ kind: z.literal('recurrence'), rule: z.string(), from: z.enum(RECURRENCE_FROM) }),
  z.object({ kind: z.literal('recurrence_removed') }),
]);
export type ActivityChange = z.infer<typeof ActivityChange>;

/**
 * What an activity entry records, beyond the spec's English `description`: the web app words it
 * in the reader's language. Entries written before it existed have none and show their text.
 */
export const ActivityEvent = z.discriminatedUnion('code', [
  z.object({ code: z.literal('created') }),
  z.object({ code: z.literal('created_copy'), title: z.string() }),
  z.object({ code: z.literal('updated'), changes: z.array(ActivityChange) }),
  z.object({ code: z.literal('unchanged') }),
  z.object({ code: z.literal('completed') }),
  z.object({ code: z.literal('reopened') }),
  z.object({ code: z.literal('commented') }),
  z.object({ code: z.literal('replied') }),
  z.object({ code: z.literal('comment_edited') }),
  z.object({ code: z.literal('shared'), emails: z.array(z.string()) }),
  z.object({ code: z.literal('share_accepted') }),
  z.object({ code: z.literal('share_removed'), email: z.string() }),
  z.object({ code: z.literal('share_declined') }),
  z.object({ code: z.literal('share_left') }),
  z.object({ code: z.literal('ai_rewrite') }),
  z.object({ code: z.literal('ai_content') }),
  /** A repeating task completed: its next occurrence is due on `next_date` (null: its rule has no later date). */
  z.object({ code: z.literal('completed_repeating'), next_date: z.string().nullable() }),
  /** The first entry of a next occurrence: the task it follows, and that one's due date. */
  z.object({ code: z.literal('created_occurrence'), title: z.string(), after: z.string().nullable() }),
  /** "Skip this one": the due date moved from one occurrence to the next. */
  z.object({ code: z.literal('occurrence_skipped'), from: z.string().nullable(), to: z.string() }),
  /** Its owner undid its deletion within the undo window (decision 021). */
  z.object({ code: z.literal('restored') }),
  // Issue 21, part 5: subtasks, recorded on their task.
  /** `count` subtasks added; `titles`: the first few of them (up to 10), in order. */
  z.object({ code: z.literal('subtasks_added'), titles: z.array(z.string()), count: z.number().int() }),
  z.object({ code: z.literal('subtask_completed'), title: z.string() }),
  z.object({ code: z.literal('subtask_reopened'), title: z.string() }),
  z.object({ code: z.literal('subtask_renamed'), from: z.string(), to: z.string() }),
  /** A subtask's due date set (`date`) or removed (null). */
  z.object({ code: z.literal('subtask_due_date'), title: z.string(), date: z.string().nullable() }),
  z.object({ code: z.literal('subtask_deleted'), title: z.string() }),
  z.object({ code: z.literal('subtasks_reordered') }),
  /** Completing the task completed its `count` open subtasks too (`complete_subtasks`). */
  z.object({ code: z.literal('subtasks_completed'), count: z.number().int() }),
  /** Reopening the task reopened `count` of its subtasks too (`reopen_subtasks`: an undo of the above). */
  z.object({ code: z.literal('subtasks_reopened'), count: z.number().int() }),
  // Issue 24: files on the task, by name.
  z.object({ code: z.literal('attachment_added'), name: z.string() }),
  z.object({ code: z.literal('attachment_deleted'), name: z.string() }),
]);
export type ActivityEvent = z.infer<typeof ActivityEvent>;

export const ActivityLog = z.object({
  id: z.number().int(),
  description: z.string(),
  /** Beyond the spec: what `description` says, for the web app to word in the reader's language. */
  event: ActivityEvent.nullable(),
  created_at: z.string(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  user_photo: z.string().nullable(),
});
export type ActivityLog = z.infer<typeof ActivityLog>;
