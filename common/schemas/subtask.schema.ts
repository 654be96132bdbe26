import { z } from 'zod';

/*
 * Subtasks as the API answers them (issue 21), and their limits. What requests carry is in
 * subtask-input.schema.ts (decision 025: the first load builds no request schema).
 */

/** The most subtasks one task may have (issue 21, part 5). */
export const SUBTASKS_PER_TASK_MAX = 100;
export const SUBTASK_LIMIT_MESSAGE = `A task can have at most ${SUBTASKS_PER_TASK_MAX} subtasks.`;
export const SUBTASK_NOT_FOUND = 'Subtask not found';
/** The first titles an activity entry names when several subtasks are added at once. */
export const SUBTASK_TITLES_NAMED = 10;

/** A step of a task: ordered by `position` in its task's list, one level deep (no subtasks of subtasks). */
export const Subtask = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  title: z.string(),
  is_completed: z.union([z.literal(0), z.literal(1)]),
  /** `YYYY-MM-DD`, or null for none. */
  due_date: z.string().nullable(),
  /** Its place in the task's list: the list is answered in this order. */
  position: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Subtask = z.infer<typeof Subtask>;

/** On every listed task: how many of its subtasks are done, of how many; null when it has none. */
export const SubtaskProgress = z.object({ done: z.number().int(), total: z.number().int() });
export type SubtaskProgress = z.infer<typeof SubtaskProgress>;

/** GET /api/tasks/{id}/subtasks, and every subtask write: the task's subtasks in order after it. */
export const SubtasksResponse = z.object({ subtasks: z.array(Subtask) });
/** A write's answer: what it says, the list after it, and the subtask written (add of one, update). */
export const SubtaskWriteResponse = SubtasksResponse.extend({ message: z.string(), subtask: Subtask.optional() });
