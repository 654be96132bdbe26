import { z } from 'zod';
import { requiredField } from './messages.ts';
import { LIMITS } from '../limits.ts';
import { stripBidiControls } from '../invisible-characters.ts';
import { recordId, recordIdParams } from './ids.ts';

export interface Comment {
  id: number;
  task_id: number;
  user_id: number;
  user_name: string;
  user_photo: string | null;
  content: string;
  parent_id: number | null;
  created_at: string;
  updated_at: string;
  children: Comment[];
}

export const Comment: z.ZodType<Comment> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    task_id: z.number().int(),
    user_id: z.number().int(),
    user_name: z.string(),
    user_photo: z.string().nullable(),
    content: z.string(),
    parent_id: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    children: z.array(Comment),
  }),
);

const content = z
  .string({ error: requiredField('content') })
  // Markdown keeps its text; only the controls that reorder what follows go.
  .overwrite(stripBidiControls)
  .trim()
  .min(1, 'The content field is required.')
  .max(LIMITS.commentMax, `The comment must not be greater than ${LIMITS.commentMax} characters.`);

/** The most people one comment can mention (a task has at most 50). */
export const MENTIONS_MAX = 50;

/**
 * Issue 22: the people of the task the comment mentions (user ids, offered by the app as "@name");
 * only those whose "@name" the content holds are told (common/mentions.ts).
 */
const mentions = z
  .array(recordId({ invalid: 'Each mention must be the id of a person on the task.' }), {
    error: 'The mentions must be a list of user ids.',
  })
  .max(MENTIONS_MAX, `A comment can mention at most ${MENTIONS_MAX} people.`)
  .optional();

export const CommentInput = z.object({
  // Spec §7: sent as a string; a number is accepted too. Decimal digits only; one larger than an id
  // can be names no task, like any unknown id (404 from the service, issue 18 finding a).
  task_id: recordId({
    type: requiredField('task id', 'number'),
    invalid: 'The task id must be a whole number.',
    keepTooLarge: true,
  }),
  content,
  parent_id: recordId({
    invalid: 'The parent id must be the id of a comment.',
    tooLarge: 'The comment you reply to does not exist on this task.',
  }).nullish(),
  mentions,
});
export const CommentEditInput = z.object({ content, mentions });
export const CommentsResponse = z.object({ comments: z.array(Comment) });

export const CommentIdParams = recordIdParams('Comment not found');
