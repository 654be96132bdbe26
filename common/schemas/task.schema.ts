import { z } from 'zod';
import { requiredField } from './messages.ts';
import { PRIORITIES, SORT_DIRECTIONS, TASK_SORT_KEYS } from '../constants.ts';
import { LIMITS } from '../limits.ts';
import { stripBidiControls, stripInvisible } from '../invisible-characters.ts';
import { forListsOnly } from './checks.ts';
import { recordId, recordIdParams } from './ids.ts';
import { ActivityLog } from './activity.schema.ts';
import { Label } from './label.schema.ts';

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
  priority: Priority,
  is_completed: z.union([z.literal(0), z.literal(1)]),
  labels: z.array(Label),
  shared_with: z.array(SharedPerson),
  owner: TaskOwner.optional(),
  created_at: z.string(),
  updated_at: z.string(),
  activity_logs: z.array(ActivityLog).optional(),
});
export type Task = z.infer<typeof Task>;

const labelName = z
  .string({ error: 'Each label must be text.' })
  // Bidi controls and invisible characters go first: a label of nothing else is empty (common/invisible-characters.ts).
  .overwrite(stripInvisible)
  .trim()
  .min(1, 'A label name cannot be empty.')
  .max(LIMITS.labelNameMax, `A label name must not be greater than ${LIMITS.labelNameMax} characters.`);

/** The task form payload (spec §3): validates the API and drives the web forms. */
export const TaskInput = z.object({
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
});
export type TaskInput = z.input<typeof TaskInput>;
export type TaskInputParsed = z.output<typeof TaskInput>;

/**
 * PUT /api/tasks/update/{id}: the same body, but a field left out keeps its value instead of
 * falling back to the add defaults, so a client that sends only what changed loses nothing.
 * `null` or an empty value still clears (description, due date); `labels: []` removes them all.
 */
export const TaskUpdateInput = TaskInput.extend({
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
export const TaskDetailResponse = z.object({ task: Task, activity_logs: z.array(ActivityLog) });
export const CompletionResponse = z.object({ task: Task });
