import { z } from 'zod';
import { PRIORITIES } from '../constants.ts';

/** One part of an update, as the activity log names it. */
export const ActivityChange = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('renamed'), from: z.string(), to: z.string() }),
  z.object({ kind: z.literal('description') }),
  z.object({ kind: z.literal('due_date'), date: z.string() }),
  z.object({ kind: z.literal('due_date_removed') }),
  z.object({ kind: z.literal('priority'), from: z.enum(PRIORITIES), to: z.enum(PRIORITIES) }),
  z.object({ kind: z.literal('labels'), labels: z.array(z.string()) }),
  z.object({ kind: z.literal('labels_removed') }),
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
