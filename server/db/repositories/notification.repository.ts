import type { Kysely } from 'kysely';
import type { Notification, NotificationKind } from '../../../common/schemas/notification.schema.ts';
import type { Tables } from '../tables.ts';

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  taskId: number;
  actorId: number | null;
  commentId?: number | null;
  excerpt?: string;
}

/**
 * Notifications (migration 011, issue 22). A list shows only those about tasks the reader may still
 * open (they own it, or accepted it): someone removed from a task, or who left it, no longer sees
 * its title through what they were told before.
 */
export function createNotificationRepository(db: Kysely<Tables>) {
  /** The reader's notifications about tasks they may open. */
  const visible = (userId: number) =>
    db
      .selectFrom('notifications')
      .innerJoin('tasks', 'tasks.id', 'notifications.task_id')
      .where('notifications.user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('tasks.user_id', '=', userId),
          eb.exists(
            eb
              .selectFrom('task_shares')
              .select('task_shares.id')
              .whereRef('task_shares.task_id', '=', 'tasks.id')
              .where('task_shares.user_id', '=', userId)
              .where('task_shares.status', '=', 'accepted'),
          ),
        ]),
      );

  return {
    /** In the transaction of the change they tell of; a few hundred rows per statement. */
    async insertMany(rows: readonly NewNotification[], now: string): Promise<void> {
      for (let start = 0; start < rows.length; start += 200) {
        await db
          .insertInto('notifications')
          .values(
            rows.slice(start, start + 200).map((row) => ({
              user_id: row.userId,
              kind: row.kind,
              task_id: row.taskId,
              actor_id: row.actorId,
              comment_id: row.commentId ?? null,
              excerpt: row.excerpt ?? '',
              created_at: now,
              read_at: null,
            })),
          )
          .execute();
      }
    },

    /** Newest first, `limit` of them older than `before` (an id), and whether more follow. */
    async list(
      userId: number,
      options: { before?: number | undefined; limit: number },
    ): Promise<{ notifications: Notification[]; hasMore: boolean }> {
      let query = visible(userId)
        .leftJoin('users as actor', 'actor.id', 'notifications.actor_id')
        .select([
          'notifications.id',
          'notifications.kind',
          'notifications.task_id',
          'tasks.title as task_title',
          'notifications.actor_id',
          'actor.name as actor_name',
          'actor.user_photo as actor_photo',
          'notifications.excerpt',
          'notifications.created_at',
          'notifications.read_at',
        ])
        .orderBy('notifications.id', 'desc')
        .limit(options.limit + 1);
      if (options.before !== undefined) query = query.where('notifications.id', '<', options.before);
      const rows = await query.execute();
      return {
        hasMore: rows.length > options.limit,
        notifications: rows.slice(0, options.limit).map((row) => ({
          id: Number(row.id),
          kind: row.kind as NotificationKind,
          task_id: Number(row.task_id),
          task_title: row.task_title,
          actor:
            row.actor_id === null || row.actor_name === null
              ? null
              : { id: Number(row.actor_id), name: row.actor_name, user_photo: row.actor_photo ?? null },
          excerpt: row.excerpt,
          created_at: row.created_at,
          read_at: row.read_at,
        })),
      };
    },

    async unreadCount(userId: number): Promise<number> {
      const row = await visible(userId)
        .where('notifications.read_at', 'is', null)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The reader's notification (about a task they may still open): its kind and task. */
    async find(userId: number, id: number): Promise<{ kind: NotificationKind; task_id: number } | undefined> {
      const row = await visible(userId)
        .where('notifications.id', '=', id)
        .select(['notifications.kind', 'notifications.task_id'])
        .executeTakeFirst();
      return row && { kind: row.kind as NotificationKind, task_id: Number(row.task_id) };
    },

    /** Whether the reader has this notification (about a task they may still open). */
    async exists(userId: number, id: number): Promise<boolean> {
      return (await visible(userId).where('notifications.id', '=', id).select('notifications.id').executeTakeFirst()) !== undefined;
    },

    async setRead(userId: number, id: number, readAt: string | null): Promise<void> {
      await db.updateTable('notifications').set({ read_at: readAt }).where('id', '=', id).where('user_id', '=', userId).execute();
    },

    /** A task's unread reminders read: the reminder was snoozed from its e-mail or push message. */
    async readRemindersOf(userId: number, taskId: number, now: string): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ read_at: now })
        .where('user_id', '=', userId)
        .where('task_id', '=', taskId)
        .where('kind', '=', 'reminder')
        .where('read_at', 'is', null)
        .execute();
    },

    async readAll(userId: number, now: string): Promise<void> {
      await db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null).execute();
    },
  };
}
export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
