import { z } from 'zod';
import { requiredField } from './messages.ts';
import { PRIORITIES, RECURRENCE_FROM, SORT_DIRECTIONS, TASK_SORT_KEYS } from '../constants.ts';
import { LIMITS } from '../limits.ts';
import { stripBidiControls, stripInvisible } from '../invisible-characters.ts';
import { forListsOnly } from './checks.ts';
import { INT32_MAX, recordId, recordIdParams } from './ids.ts';
import { ActivityLog } from './activity.schema.ts';
import { Label } from './label.schema.ts';
import { RecurrenceField, RecurrenceFrom } from './recurrence.ts';
import { NewTaskSubtasks, Subtask, SubtaskProgress } from './subtask.schema.ts';

export const Priority = z.enum(PRIORITIES, { error: 'The selected priority is invalid.' });

/** A person a task is shared with (spec §3); pivot.status is 'accepted' or 'pending'. */
export const SharedPerson = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  user_photo: z.string().nullable(),
  pivot: z.object({ status: z.string() }),
});
export type SharedPerson = z.infer<typeof SharedPerson>;

export const TaskOwner = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  user_photo: z.string().nullable(),
});
export type TaskOwner = z.infer<typeof TaskOwner>;

export const Task = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  due_date: z.string().nullable(),
  /** Beyond the spec (issue 21): a time of day on the due date, `HH:MM` (24 h), in the owner's time zone; null for none. */
  due_time: z.string().nullable(),
  /** Beyond the spec: a repeat rule, an RFC 5545 RRULE value without DTSTART (`FREQ=WEEKLY;INTERVAL=1;BYDAY=MO`); null for none. */
  recurrence: z.string().nullable(),
  /** Beyond the spec: what the repeat counts from, the due date (a fixed schedule) or the day it was completed. */
  recurrence_from: z.enum(RECURRENCE_FROM),
  priority: Priority,
  is_completed: z.union([z.literal(0), z.literal(1)]),
  labels: z.array(Label),
  shared_with: z.array(SharedPerson),
  owner: TaskOwner.optional(),
  /** Beyond the spec (issue 21): how many of the task's subtasks are done, of how many; null when it has none. */
  subtask_progress: SubtaskProgress.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * Beyond the spec (issue 23): a number that rises with every change of the task as lists show it
   * (its fields, labels, people, subtask progress, and the names shown on it: a label renamed, a
   * person's profile). A write may carry it back as `If-Match: "<revision>"` to be refused (412)
   * if the task changed meanwhile (decision 031).
   */
  revision: z.number().int().nonnegative(),
  activity_logs: z.array(ActivityLog).optional(),
});
export type Task = z.infer<typeof Task>;

/** A task's revision as the entity tag its writes answer in `ETag` and take back in `If-Match`: `"7"`. */
export const revisionTag = (revision: number) => `"${revision}"`;

/** The longest If-Match read: `W/"2147483647"` is 15 characters. */
export const IF_MATCH_MAX = 32;
export const IF_MATCH_MESSAGE = 'The If-Match header must be the task\'s revision as an entity tag, such as "7", or *.';
/**
 * `*`, or one revision as the server hands it out (`"7"`; weak `W/"7"` too, since a proxy that
 * compresses may weaken the tags it passes on). Only the digits the server writes: no leading
 * zero, no sign, at most PostgreSQL's largest integer. Not a list of tags: the client only ever
 * has one revision of a task to send.
 */
const IF_MATCH_SYNTAX = /^(?:\*|(?:W\/)?"(0|[1-9][0-9]{0,9})")$/;

/**
 * If-Match of the task writes (update, complete, uncomplete, delete; decision 031): the revision the
 * write was based on, or null for `*` (any revision: the same as no header, on a task that exists).
 * Anything else is a 400, never a 412 (the error handler answers a bad header so).
 */
export const IfMatchRevision = z
  .string({ error: IF_MATCH_MESSAGE })
  .max(IF_MATCH_MAX, IF_MATCH_MESSAGE)
  .transform((value, context): number | null => {
    const match = IF_MATCH_SYNTAX.exec(value.trim());
    if (match && match[1] === undefined) return null;
    const revision = match ? Number(match[1]) : Number.NaN;
    if (!(revision <= INT32_MAX)) {
      context.addIssue({ code: 'custom', message: IF_MATCH_MESSAGE, input: value });
      return z.NEVER;
    }
    return revision;
  });

/** The request headers a task write reads: an optional If-Match (decision 031). */
export const TaskWriteHeaders = z.object({
  'if-match': IfMatchRevision.optional().describe(
    'Optional: the revision the change is based on, as `"7"` (`W/"7"` too), or `*`. A task whose revision is no longer that one is not changed: 412 with the task as it is now',
  ),
});

const labelName = z
  .string({ error: 'Each label must be text.' })
  // Bidi controls and invisible characters go first: a label of nothing else is empty (common/invisible-characters.ts).
  .overwrite(stripInvisible)
  .trim()
  .min(1, 'A label name cannot be empty.')
  .max(LIMITS.labelNameMax, `A label name must not be greater than ${LIMITS.labelNameMax} characters.`);

export const DUE_TIME_MESSAGE = 'The due time must be a time of day (HH:MM).';
export const DUE_TIME_NEEDS_DATE_MESSAGE = 'A due time needs a due date.';
/** A time of day, 00:00 to 23:59, or '' / null for none. */
const dueTime = z
  .union([z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, DUE_TIME_MESSAGE), z.literal(''), z.null()], { error: DUE_TIME_MESSAGE })
  .transform((value) => value || null);

/** The task form payload (spec §3), before the checks that take several fields. */
const taskFields = z.object({
  title: z
    .string({ error: requiredField('title') })
    .overwrite(stripInvisible)
    .trim()
    .min(1, 'The title field is required.')
    .max(LIMITS.taskTitleMax, `The title must not be greater than ${LIMITS.taskTitleMax} characters.`),
  description: z
    .string({ error: 'The description must be text.' })
    // Markdown keeps its text; only the controls that reorder what follows go.
    .overwrite(stripBidiControls)
    .max(LIMITS.taskDescriptionMax, `The description must not be greater than ${LIMITS.taskDescriptionMax} characters.`)
    .nullish()
    .transform((value) => value ?? ''),
  due_date: z
    .union([z.iso.date({ error: 'The due date must be a valid date (YYYY-MM-DD).' }), z.literal(''), z.null()], {
      error: 'The due date must be a valid date (YYYY-MM-DD).',
    })
    .optional()
    .transform((value) => value || null),
  priority: Priority.default('medium'),
  labels: z
    .array(labelName, { error: 'The labels must be a list of names.' })
    .max(LIMITS.labelsPerTaskMax, forListsOnly(`A task can have at most ${LIMITS.labelsPerTaskMax} labels.`))
    .default([]),
  /** Optional, beyond the spec: the task this one copies, for the activity log. */
  duplicated_from: recordId({ invalid: 'The duplicated from must be a task id.' }).optional().catch(undefined),
  /**
   * Optional, beyond the spec (issue 21): a time of day on the due date (`HH:MM`); it needs a due
   * date, or a repeat rule that gives one.
   */
  due_time: dueTime.optional().transform((value) => value ?? null),
  /**
   * Optional, beyond the spec: a repeat rule (an RRULE value: FREQ DAILY, WEEKLY, MONTHLY or YEARLY,
   * INTERVAL 1–365, BYDAY, BYMONTHDAY, BYMONTH; common/schemas/recurrence.ts), stored as rrule writes
   * it. A repeating task given no due date gets the rule's first date from its owner's today.
   */
  recurrence: RecurrenceField.optional().transform((value) => value ?? null),
  /** Optional, beyond the spec: `due_date` (the default, a fixed schedule) or `completion`. */
  recurrence_from: RecurrenceFrom.default('due_date'),
});

/**
 * The task form payload (spec §3): validates the API and drives the web forms. Beyond the spec, a
 * new task may bring its subtasks (`subtasks`: titles, from quick add); with `duplicated_from` it
 * also gets the copied task's subtasks, before those, all open.
 */
export const TaskInput = taskFields.extend({ subtasks: NewTaskSubtasks.optional() }).superRefine((task, context) => {
  // A repeating task without a date gets one from its rule (the server's), so its time has a date.
  if (task.due_time && !task.due_date && !task.recurrence)
    context.addIssue({ code: 'custom', path: ['due_time'], message: DUE_TIME_NEEDS_DATE_MESSAGE, input: task.due_time });
});
export type TaskInput = z.input<typeof TaskInput>;
export type TaskInputParsed = z.output<typeof TaskInput>;

/**
 * PUT /api/tasks/update/{id}: the same body, but a field left out keeps its value instead of
 * falling back to the add defaults, so a client that sends only what changed loses nothing.
 * `null` or an empty value still clears (description, due date, due time, repeat rule);
 * `labels: []` removes them all. Clearing the due date clears the due time too. Whether a time
 * has its date depends on the task as stored: the server checks it.
 */
export const TaskUpdateInput = taskFields.extend({
  description: z
    .string({ error: 'The description must be text.' })
    // Markdown keeps its text; only the controls that reorder what follows go.
    .overwrite(stripBidiControls)
    .max(LIMITS.taskDescriptionMax, `The description must not be greater than ${LIMITS.taskDescriptionMax} characters.`)
    .nullish()
    .transform((value) => (value === null ? '' : value)),
  due_date: z
    .union([z.iso.date({ error: 'The due date must be a valid date (YYYY-MM-DD).' }), z.literal(''), z.null()], {
      error: 'The due date must be a valid date (YYYY-MM-DD).',
    })
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
  priority: Priority.optional(),
  labels: z
    .array(labelName, { error: 'The labels must be a list of names.' })
    .max(LIMITS.labelsPerTaskMax, forListsOnly(`A task can have at most ${LIMITS.labelsPerTaskMax} labels.`))
    .optional(),
  due_time: dueTime.optional(),
  /** `null` stops the repeating (the task keeps its date). */
  recurrence: RecurrenceField.optional(),
  recurrence_from: RecurrenceFrom.optional(),
});
export type TaskUpdateInputParsed = z.output<typeof TaskUpdateInput>;

/** The most tasks one page of a list may hold (GET /api/tasks?limit=…). */
export const TASK_PAGE_MAX = 1000;
/** The longest text a list may be searched for. */
export const TASK_SEARCH_MAX = 200;
/** The status filter of lists: everything, or pending or completed tasks only. */
export const TASK_STATUSES = ['all', 'pending', 'completed'] as const;
const pageLimitMessage = `The limit must be a whole number from 1 to ${TASK_PAGE_MAX}.`;

/** Query of GET /api/tasks and GET /api/tasks/shared (spec §7). */
export const TaskListQuery = z.object({
  /** Compared with label names as they are stored: without invisible characters. */
  label: z.string().overwrite(stripInvisible).trim().max(LIMITS.labelNameMax).optional(),
  sort: z.enum(TASK_SORT_KEYS, { error: 'The sort must be one of created_at, updated_at, priority.' }).default('created_at'),
  direction: z.enum(SORT_DIRECTIONS, { error: 'The direction must be asc or desc.' }).default('desc'),
  priority: z.union([Priority, z.literal(''), z.literal('all')], { error: 'The priority must be low, medium, high or all.' }).optional(),
  /**
   * Beyond the spec, optional: a page of at most `limit` tasks, continued with the answer's
   * `next_cursor`. Without `limit` the call answers every task, as the spec's does.
   */
  limit: z.coerce
    .number({ error: pageLimitMessage })
    .int(pageLimitMessage)
    .min(1, pageLimitMessage)
    .max(TASK_PAGE_MAX, pageLimitMessage)
    .optional(),
  cursor: z.string().max(200, 'The cursor is invalid.').optional(),
  /**
   * Beyond the spec, optional, for a dashboard that loads only what it shows (docs/performance.md):
   * tasks whose title or description holds this text, whatever its case …
   */
  search: z
    .string({ error: 'The search must be text.' })
    .trim()
    .max(TASK_SEARCH_MAX, `The search must not be greater than ${TASK_SEARCH_MAX} characters.`)
    .optional(),
  /** … only pending or only completed tasks … */
  status: z.enum(TASK_STATUSES, { error: 'The status must be all, pending or completed.' }).optional(),
  /** … only tasks due on this day (the viewer's "today" for the due-today filter). */
  due_date: z.iso.date({ error: 'The due date must be a valid date (YYYY-MM-DD).' }).optional(),
  /** … and, for the Today and Upcoming views (issue 21), only tasks due from and up to these days (both included). */
  due_from: z.iso.date({ error: 'The due from date must be a valid date (YYYY-MM-DD).' }).optional(),
  due_to: z.iso.date({ error: 'The due to date must be a valid date (YYYY-MM-DD).' }).optional(),
});
export type TaskListQuery = z.infer<typeof TaskListQuery>;

/**
 * GET /api/tasks/summary and /api/tasks/shared/summary: what a dashboard shows about a whole list
 * without loading it. Counters follow label and priority (as the spec's counters over the loaded
 * list did); `total` follows every filter; `today` is the viewer's date for "due today".
 */
export const TaskSummaryQuery = TaskListQuery.pick({ label: true, priority: true, search: true, status: true, due_date: true }).extend({
  today: z.iso.date({ error: 'The date must be a valid date (YYYY-MM-DD).' }).optional(),
});
export type TaskSummaryQuery = z.infer<typeof TaskSummaryQuery>;

export const TaskSummary = z.object({
  pending: z.number().int(),
  done: z.number().int(),
  due_today: z.number().int(),
  /** Tasks that every filter of the query lets through. */
  total: z.number().int(),
  /** Names of the labels the list's tasks carry, by name. */
  labels: z.array(z.string()),
});
export type TaskSummary = z.infer<typeof TaskSummary>;

/** A record id in a path (common/schemas/ids.ts): anything that is not 1 to 2,147,483,647 in decimal digits is a 404. */
export { recordIdParams };

export const TaskIdParams = recordIdParams('Task not found');

export const TaskResponse = z.object({ task: Task });
export const TasksResponse = z.object({ tasks: z.array(Task) });
export const SharedTasksResponse = z.object({ shared_tasks: z.array(Task) });
const nextCursor = z.string().nullable().optional().describe('With `limit` or `cursor`: the cursor of the next page, null after the last');
/** The list answers with `limit` or `cursor` (beyond the spec): a page and where the next one starts. */
export const TasksPage = TasksResponse.extend({ next_cursor: nextCursor });
export const SharedTasksPage = SharedTasksResponse.extend({ next_cursor: nextCursor });
export const TaskDetailResponse = z.object({
  task: Task,
  activity_logs: z.array(ActivityLog),
  /** Beyond the spec (issue 21): the task's subtasks in order (always sent; optional for a detail painted from a list). */
  subtasks: z.array(Subtask).optional(),
});
export const CompletionResponse = z.object({ task: Task });

export const TASK_CHANGED_MESSAGE = 'This task was changed by someone else since you last saw it.';
/**
 * 412 of a task write whose If-Match names a revision the task no longer has (decision 031): the
 * task as it is now, as GET /api/task/{id} shows it (with its activity), for the person to choose.
 */
export const TaskChangedResponse = z
  .object({ message: z.string(), task: Task })
  .describe('The task changed since the revision in If-Match: nothing was written; `task` is the task as it is now');
/**
 * PUT /api/tasks/complete/{id}: the spec's `task`, and beyond it the task created as the next
 * occurrence when the completed one repeats (null otherwise, and when it was already completed).
 */
export const CompleteResponse = CompletionResponse.extend({
  next_occurrence: Task.nullable().describe('The next occurrence created when a repeating task is completed; null otherwise'),
  completed_subtask_ids: z
    .array(z.number().int())
    .describe('The open subtasks completed with it (`complete_subtasks: true`), for an undo to reopen exactly those'),
});
/** POST /api/tasks/{id}/skip-occurrence: the task, moved to its next date. */
export const SkipOccurrenceResponse = z.object({ message: z.string(), task: Task });

/** The most tasks one reschedule may move ("move all overdue to today"). */
export const TASK_RESCHEDULE_MAX = 1000;
const rescheduleIdsMessage = `The task ids must be a list of 1 to ${TASK_RESCHEDULE_MAX} task ids.`;

/** POST /api/tasks/reschedule (issue 21): several tasks to one due date, all or none. */
export const RescheduleInput = z.object({
  task_ids: z
    .array(recordId({ invalid: 'Each task id must be a task id.' }), { error: rescheduleIdsMessage })
    .min(1, rescheduleIdsMessage)
    .max(TASK_RESCHEDULE_MAX, forListsOnly(rescheduleIdsMessage)),
  due_date: z.iso.date({ error: 'The due date must be a valid date (YYYY-MM-DD).' }),
});
export type RescheduleInput = z.infer<typeof RescheduleInput>;
export const RescheduleResponse = z.object({ message: z.string(), rescheduled: z.number().int() });
