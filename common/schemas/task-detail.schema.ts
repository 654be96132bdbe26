import { z } from 'zod';
import { ActivityLog } from './activity.schema.ts';
import { Subtask } from './subtask.schema.ts';
import { Task } from './task.schema.ts';

/*
 * GET /api/task/{id}: a task with its activity (spec §7) and subtasks. Apart from the task schemas,
 * so the dashboard's first load, which only lists tasks, does not build these (decision 025); the
 * detail dialog loads them with itself.
 */

/** The task as its detail shows it: with its activity log (spec §7), also in a 412 of a write (decision 031). */
export const TaskWithActivity = Task.extend({ activity_logs: z.array(ActivityLog) });
export type TaskWithActivity = z.infer<typeof TaskWithActivity>;

export const TaskDetailResponse = z.object({
  task: TaskWithActivity,
  activity_logs: z.array(ActivityLog),
  /** Beyond the spec (issue 21): the task's subtasks in order (always sent; optional for a detail painted from a list). */
  subtasks: z.array(Subtask).optional(),
});
export type TaskDetailResponse = z.infer<typeof TaskDetailResponse>;
