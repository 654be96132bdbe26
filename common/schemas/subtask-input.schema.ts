import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { stripInvisible } from '../invisible-characters.ts';
import { forListsOnly } from './checks.ts';
import { requiredField } from './messages.ts';
import { recordId } from './ids.ts';
import { SUBTASK_NOT_FOUND, SUBTASKS_PER_TASK_MAX } from './subtask.schema.ts';

/*
 * What subtask requests carry (issue 21), apart from the answers in subtask.schema.ts, which the
 * browser's first load parses: these are built only where a request is checked or made (decision 025).
 */

/** A subtask's title: what a task's title may be (invisible characters dropped, trimmed, 1 to the task title limit). */
const subtaskTitle = z
  .string({ error: requiredField('title') })
  .overwrite(stripInvisible)
  .trim()
  .min(1, 'The title field is required.')
  .max(LIMITS.taskTitleMax, `The title must not be greater than ${LIMITS.taskTitleMax} characters.`);

const DUE_DATE_MESSAGE = 'The due date must be a valid date (YYYY-MM-DD).';
/** A day, or '' / null for none. */
const dueDate = z.union([z.iso.date({ error: DUE_DATE_MESSAGE }), z.literal(''), z.null()], { error: DUE_DATE_MESSAGE });

const titlesMessage = `The titles must be a list of 1 to ${SUBTASKS_PER_TASK_MAX} subtask titles.`;

const newTaskSubtasksMessage = `The subtasks must be a list of up to ${SUBTASKS_PER_TASK_MAX} subtask titles.`;
/** POST /api/tasks/add's optional `subtasks` (issue 21, from quick add): their titles, in order, all open. */
export const NewTaskSubtasks = z
  .array(subtaskTitle, { error: newTaskSubtasksMessage })
  .max(SUBTASKS_PER_TASK_MAX, forListsOnly(newTaskSubtasksMessage));

/**
 * POST /api/tasks/{id}/subtasks: one subtask (`title`), or several at once (`titles`, one per line
 * pasted), added at the end of the list in that order, with an optional due date for each.
 */
export const SubtaskAddInput = z
  .object({
    title: subtaskTitle.optional(),
    titles: z
      .array(subtaskTitle, { error: titlesMessage })
      .min(1, titlesMessage)
      .max(SUBTASKS_PER_TASK_MAX, forListsOnly(titlesMessage))
      .optional(),
    due_date: dueDate.optional().transform((value) => value || null),
  })
  .superRefine((input, context) => {
    if (input.title === undefined && input.titles === undefined)
      context.addIssue({ code: 'custom', path: ['title'], message: 'The title field is required.', input: undefined });
    if (input.title !== undefined && input.titles !== undefined)
      context.addIssue({ code: 'custom', path: ['titles'], message: 'Send a title or titles, not both.', input: input.titles });
  })
  // `field`: where an error about the whole addition (the limit) is told, the field that was sent.
  .transform(({ title, titles, due_date }) => ({ titles: titles ?? [title!], due_date, field: titles ? 'titles' : 'title' }));
export type SubtaskAddInput = z.input<typeof SubtaskAddInput>;
export type SubtaskAddInputParsed = z.output<typeof SubtaskAddInput>;

const COMPLETED_MESSAGE = 'The is completed field must be true or false.';

/**
 * PUT /api/tasks/{id}/subtasks/{subtaskId}: what is sent changes, what is left out stays; `due_date`
 * null or '' clears it. A body that changes nothing changes nothing (and records nothing).
 */
export const SubtaskUpdateInput = z.object({
  title: subtaskTitle.optional(),
  is_completed: z
    .union([z.boolean(), z.literal(0), z.literal(1)], { error: COMPLETED_MESSAGE })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === true || value === 1)),
  due_date: dueDate.optional().transform((value) => (value === undefined ? undefined : value || null)),
});
export type SubtaskUpdateInput = z.input<typeof SubtaskUpdateInput>;
export type SubtaskUpdateInputParsed = z.output<typeof SubtaskUpdateInput>;

const idsMessage = `The ids must be a list of the task's subtask ids (at most ${SUBTASKS_PER_TASK_MAX}).`;
const INDEX_MESSAGE = `The index must be a whole number from 0 to ${SUBTASKS_PER_TASK_MAX - 1}.`;

/**
 * PUT /api/tasks/{id}/subtasks/order: the whole list in its new order (`ids`: every subtask of the
 * task once), or one subtask moved (`id`) to a place in it (`index`, from 0; the others keep theirs).
 */
export const SubtaskOrderInput = z
  .object({
    ids: z
      .array(recordId({ invalid: 'Each id must be a subtask id.' }), { error: idsMessage })
      .min(1, idsMessage)
      .max(SUBTASKS_PER_TASK_MAX, forListsOnly(idsMessage))
      .optional(),
    id: recordId({ invalid: 'The id must be a subtask id.' }).optional(),
    index: z
      .number({ error: INDEX_MESSAGE })
      .int(INDEX_MESSAGE)
      .min(0, INDEX_MESSAGE)
      .max(SUBTASKS_PER_TASK_MAX - 1, INDEX_MESSAGE)
      .optional(),
  })
  .superRefine((input, context) => {
    if (input.ids !== undefined) {
      if (input.id !== undefined || input.index !== undefined)
        context.addIssue({
          code: 'custom',
          path: ['ids'],
          message: 'Send the ids in order, or an id and an index, not both.',
          input: input.ids,
        });
      else if (new Set(input.ids).size !== input.ids.length)
        context.addIssue({ code: 'custom', path: ['ids'], message: 'Each subtask may appear only once.', input: input.ids });
      return;
    }
    if (input.id === undefined) context.addIssue({ code: 'custom', path: ['id'], message: 'The id field is required.', input: undefined });
    if (input.index === undefined)
      context.addIssue({ code: 'custom', path: ['index'], message: 'The index field is required.', input: undefined });
  });
export type SubtaskOrderInput = z.input<typeof SubtaskOrderInput>;
export type SubtaskOrderInputParsed = z.output<typeof SubtaskOrderInput>;

/** A subtask in a path: anything that cannot be a subtask's id names none (404), as for tasks. */
export const SubtaskParams = z.object({
  id: recordId({ invalid: 'Task not found' }),
  subtaskId: recordId({ invalid: SUBTASK_NOT_FOUND }),
});

/**
 * PUT /api/tasks/complete/{id} may carry a body (beyond the spec, which sends none): with
 * `complete_subtasks: true` the task's open subtasks are completed with it, in the same transaction.
 */
export const CompleteTaskInput = z.object({
  complete_subtasks: z.boolean({ error: 'The complete subtasks field must be true or false.' }).optional(),
});

const reopenMessage = `The reopen subtasks field must be a list of up to ${SUBTASKS_PER_TASK_MAX} subtask ids.`;
/**
 * PUT /api/tasks/uncomplete/{id} may carry a body (beyond the spec, which sends none):
 * `reopen_subtasks` reopens those of the task's subtasks with it, in the same transaction. Undo of
 * "Complete all" sends the ids its completion answered (`completed_subtask_ids`); ids of other
 * tasks' subtasks are ignored.
 */
export const ReopenTaskInput = z.object({
  /**
   * The undo of a repeating task's completion: the occurrence that completion created
   * (`next_occurrence.id`), deleted as the task reopens with its rule again, in one transaction,
   * by whoever may reopen the task. Only within 10 s of the completion, and only that occurrence.
   */
  take_back_occurrence: recordId({ invalid: 'The take back occurrence must be a task id.' }).optional(),
  reopen_subtasks: z
    .array(recordId({ invalid: 'Each id must be a subtask id.' }), { error: reopenMessage })
    .max(SUBTASKS_PER_TASK_MAX, forListsOnly(reopenMessage))
    .optional(),
});
