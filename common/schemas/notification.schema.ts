import { z } from 'zod';

/**
 * The notification centre (issue 22): what happened on a task its people should hear of. Each
 * names its task and who acted; the web app words it in the reader's language.
 *
 * - comment: someone commented on a task the reader owns or shares (`excerpt`: its start)
 * - reply: someone replied to the reader's comment
 * - mention: someone mentioned the reader in a comment (`excerpt`: its start)
 * - share_accepted / share_declined: an invitation the reader made (or to the reader's task) was
 *   answered
 * - occurrence: a repeating task the reader owns or shares was completed by someone else, and its
 *   next occurrence made (`task_id` is the new occurrence)
 * - reminder: a reminder the reader set fell due (no actor)
 */
export const NOTIFICATION_KINDS = ['comment', 'reply', 'mention', 'share_accepted', 'share_declined', 'occurrence', 'reminder'] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** The longest comment start a notification keeps. */
export const NOTIFICATION_EXCERPT_MAX = 140;
export const Notification = z.object({
  id: z.number(),
  kind: NotificationKind,
  task_id: z.number(),
  task_title: z.string(),
  /** Who acted; null once their account is deleted. */
  actor: z.object({ id: z.number(), name: z.string(), user_photo: z.string().nullable() }).nullable(),
  excerpt: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const NOT_A_NOTIFICATION = 'Notification not found';

export const NotificationListResponse = z.object({
  notifications: z.array(Notification),
  /** Unread, of all the reader's notifications (not only this page). */
  unread_count: z.number(),
  /** Whether older ones follow (ask with `before` the last id). */
  has_more: z.boolean(),
});

export const NotificationWriteResponse = z.object({
  message: z.string(),
  unread_count: z.number(),
});
