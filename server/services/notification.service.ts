import type { z } from 'zod';
import type { NotificationListQuery, SnoozeChoice } from '../../common/schemas/notification-input.schema.ts';
import { NOT_A_NOTIFICATION, NOTIFICATION_EXCERPT_MAX, type NotificationListResponse } from '../../common/schemas/notification.schema.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createNotificationRepository } from '../db/repositories/notification.repository.ts';
import type { UserRow } from '../db/repositories/user.repository.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { ReminderService } from './reminder.service.ts';

/** Everyone to tell of what `actorId` did: the people of the task but the one who did it. */
export const othersThan = (people: readonly number[], actorId: number) => [...new Set(people)].filter((id) => id !== actorId);

/** The start of a comment as a notification shows it: one line, at most NOTIFICATION_EXCERPT_MAX characters. */
export function commentExcerpt(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  const characters = [...line];
  return characters.length <= NOTIFICATION_EXCERPT_MAX
    ? line
    : `${characters
        .slice(0, NOTIFICATION_EXCERPT_MAX - 1)
        .join('')
        .trimEnd()}…`;
}

/** Open screens of these people reload their notifications (after the commit that wrote them). */
export function announceNotifications(events: EventBus, userIds: readonly number[]) {
  if (userIds.length) events.publish([...userIds], { type: 'notifications-changed' });
}

/** The reader's side of the notification centre (issue 22): the list, read and unread. */
export function createNotificationService(deps: { database: Database; clock: Clock; events: EventBus; reminders: ReminderService }) {
  const notifications = createNotificationRepository(deps.database.db);

  return {
    async list(user: UserRow, query: z.output<typeof NotificationListQuery>): Promise<z.infer<typeof NotificationListResponse>> {
      const [page, unread] = await Promise.all([
        notifications.list(user.id, { before: query.before, limit: query.limit }),
        notifications.unreadCount(user.id),
      ]);
      return { notifications: page.notifications, unread_count: unread, has_more: page.hasMore };
    },

    /** Marks one read or unread; answers the unread count after it. */
    async setRead(user: UserRow, id: number, read: boolean): Promise<number> {
      if (!(await notifications.exists(user.id, id))) throw new NotFoundError(NOT_A_NOTIFICATION);
      await notifications.setRead(user.id, id, read ? deps.clock.nowIso() : null);
      announceNotifications(deps.events, [user.id]);
      return notifications.unreadCount(user.id);
    },

    /**
     * "Remind me again" from a reminder's notification: a reminder of the task at a moment of its
     * own (in 10 minutes, in an hour, or tomorrow at 09:00 in the person's zone), and the
     * notification read. Answers the unread count after it.
     */
    async snooze(user: UserRow, id: number, choice: SnoozeChoice): Promise<number> {
      const found = await notifications.find(user.id, id);
      if (!found) throw new NotFoundError(NOT_A_NOTIFICATION);
      if (found.kind !== 'reminder') throw new ValidationError({ for: ['Only a reminder can be snoozed.'] });
      await deps.reminders.snooze(user, found.task_id, choice);
      await notifications.setRead(user.id, id, deps.clock.nowIso());
      announceNotifications(deps.events, [user.id]);
      return notifications.unreadCount(user.id);
    },

    async readAll(user: UserRow): Promise<number> {
      await notifications.readAll(user.id, deps.clock.nowIso());
      announceNotifications(deps.events, [user.id]);
      return notifications.unreadCount(user.id);
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
