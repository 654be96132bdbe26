import { z } from 'zod';
import { requiredField } from './messages.ts';
import { LIMITS } from '../limits.ts';
import { recordIdParams } from './task.schema.ts';

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
  .trim()
  .min(1, 'The content field is required.')
  .max(LIMITS.commentMax, `The comment must not be greater than ${LIMITS.commentMax} characters.`);

export const CommentInput = z.object({
  // Spec §7: sent as a string; a number is accepted too.
  task_id: z
    .union([z.string(), z.number()], { error: requiredField('task id', 'number') })
    .pipe(
      z.coerce
        .number<string | number>({ error: 'The task id must be a whole number.' })
        .int('The task id must be a whole number.')
        .positive('The task id must be a whole number.'),
    ),
  content,
  parent_id: z.coerce
    .number({ error: 'The parent id must be the id of a comment.' })
    .int('The parent id must be the id of a comment.')
    .positive('The parent id must be the id of a comment.')
    .nullish(),
});
export const CommentEditInput = z.object({ content });
export const CommentsResponse = z.object({ comments: z.array(Comment) });

export const CommentIdParams = recordIdParams('Comment not found');
