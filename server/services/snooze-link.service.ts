import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createNotificationRepository } from '../db/repositories/notification.repository.ts';
import { createSnoozeLinkRepository } from '../db/repositories/snooze-link.repository.ts';
import { createUserRepository } from '../db/repositories/user.repository.ts';
import type { Tables } from '../db/tables.ts';
import { AppError, NotFoundError } from '../errors.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { hashLinkSecret } from './account.service.ts';
import { announceNotifications } from './notification.service.ts';
import type { SnoozeChoice } from '../../common/schemas/notification-input.schema.ts';
import type { ReminderService } from './reminder.service.ts';

/** How long a delivered reminder can be snoozed from its e-mail or push message. */
export const SNOOZE_LINK_LIFETIME_MS = 7 * 86_400_000;
export const SNOOZE_LINK_INVALID = 'This snooze link is not valid.';
export const SNOOZE_LINK_SPENT = 'This snooze link was already used or has expired.';

/**
 * A new snooze secret for one delivered reminder (migration 017), written in the scheduler's
 * transaction with the messages that carry it; only its hash is kept.
 */
export async function issueSnoozeLink(trx: Kysely<Tables>, input: { userId: number; taskId: number; now: string }): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await createSnoozeLinkRepository(trx).create({
    secretHash: hashLinkSecret(secret),
    userId: input.userId,
    taskId: input.taskId,
    expiresAt: new Date(new Date(input.now).getTime() + SNOOZE_LINK_LIFETIME_MS).toISOString(),
    now: input.now,
  });
  return secret;
}

/**
 * Snoozing a reminder where it was read (issue 22): the link of its e-mail or the button of its
 * push notification, without a session. The secret snoozes that task's reminder for that person,
 * once: it is spent in the snooze's own transaction, so a snooze refused (the person may no longer
 * open the task) leaves it unspent, and two racing uses snooze once.
 */
export function createSnoozeLinkService(deps: { database: Database; clock: Clock; events: EventBus; reminders: ReminderService }) {
  const { database, clock } = deps;
  return {
    async snooze(secret: string, choice: SnoozeChoice): Promise<{ remind_at: string; task_id: number }> {
      const now = clock.nowIso();
      const link = await createSnoozeLinkRepository(database.db).find(hashLinkSecret(secret));
      if (!link) throw new NotFoundError(SNOOZE_LINK_INVALID);
      if (link.used_at !== null || link.expires_at <= now) throw new AppError(410, SNOOZE_LINK_SPENT);
      const user = await createUserRepository(database.db).findById(Number(link.user_id));
      if (!user) throw new NotFoundError(SNOOZE_LINK_INVALID);
      const taskId = Number(link.task_id);
      const remindAt = await deps.reminders.snooze(user, taskId, choice, async (trx) => {
        if (!(await createSnoozeLinkRepository(trx).spend(Number(link.id), now))) throw new AppError(410, SNOOZE_LINK_SPENT);
      });
      // The reminder in the bell was answered where it was read.
      await createNotificationRepository(database.db).readRemindersOf(user.id, taskId, now);
      announceNotifications(deps.events, [user.id]);
      return { remind_at: remindAt, task_id: taskId };
    },
  };
}
