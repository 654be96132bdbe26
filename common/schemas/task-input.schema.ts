import { z } from 'zod';
import { requiredField } from './messages.ts';
import { SORT_DIRECTIONS, TASK_SORT_KEYS } from '../constants.ts';
import { LIMITS } from '../limits.ts';
import { stripBidiControls, stripInvisible } from '../invisible-characters.ts';
import { forListsOnly } from './checks.ts';
import { recordId, recordIdParams } from './ids.ts';
import { RecurrenceField, RecurrenceFrom } from './recurrence.ts';
import { NewTaskSubtasks } from './subtask-input.schema.ts';
import { LabelName } from './label-name.ts';
import { Priority } from './task.schema.ts';

/*
 * What task requests carry (spec §3, §7): the task form, the list and summary queries, a task id in
 * a path, the reschedule. Apart from the answers (task.schema.ts), which the browser's first load
 * parses: these load with the forms that use them (decision 025).
 */

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
    .array(LabelName, { error: 'The labels must be a list of names.' })
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
    .array(LabelName, { error: 'The labels must be a list of names.' })
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

/** A record id in a path (common/schemas/ids.ts): anything that is not 1 to 2,147,483,647 in decimal digits is a 404. */
export { recordIdParams };

export const TaskIdParams = recordIdParams('Task not found');

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
