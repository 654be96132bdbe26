import { z } from 'zod';
import { PRIORITIES, RECURRENCE_FROM } from '../constants.ts';
import { Label } from './label.schema.ts';
import { SubtaskProgress } from './subtask.schema.ts';

/*
 * A task as the API answers it (spec §3). What requests carry (the task form, list queries, the
 * reschedule) is in task-input.schema.ts: the browser's first load parses answers and builds no
 * request schema (decision 025).
 */

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
});
export type Task = z.infer<typeof Task>;

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

export const TaskResponse = z.object({ task: Task });
export const TasksResponse = z.object({ tasks: z.array(Task) });
export const SharedTasksResponse = z.object({ shared_tasks: z.array(Task) });
const nextCursor = z.string().nullable().optional().describe('With `limit` or `cursor`: the cursor of the next page, null after the last');
/** The list answers with `limit` or `cursor` (beyond the spec): a page and where the next one starts. */
export const TasksPage = TasksResponse.extend({ next_cursor: nextCursor });
export const SharedTasksPage = SharedTasksResponse.extend({ next_cursor: nextCursor });
export const CompletionResponse = z.object({ task: Task });

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

export const RescheduleResponse = z.object({ message: z.string(), rescheduled: z.number().int() });
