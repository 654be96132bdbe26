import type { Kysely } from 'kysely';
import { inQuietHours, type NotificationSettingKind } from '../../common/schemas/notification-settings.schema.ts';
import type { NotificationKind } from '../../common/schemas/notification.schema.ts';
import { addDays, localDateTime, zonedInstant } from '../../common/time-zone.ts';
import type { Dialect } from '../db/database.ts';
import { createMailOutboxRepository } from '../db/repositories/mail-outbox.repository.ts';
import { createNotificationSettingsRepository } from '../db/repositories/notification-settings.repository.ts';
import { createNotificationRepository, type NewNotification } from '../db/repositories/notification.repository.ts';
import type { Tables } from '../db/tables.ts';
import { notificationMail, type MailedNotificationKind } from '../mail/notification-mail.ts';
import { notificationPush } from '../push/push-messages.ts';
import { createPushRepository } from '../db/repositories/push.repository.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { announceNotifications } from './notification.service.ts';
import { RESTORE_WINDOW_MS } from './task-restore.service.ts';

/** The setting that governs each kind of notification (Settings → Notifications). */
export const SETTING_OF: Record<NotificationKind, NotificationSettingKind> = {
  comment: 'comment',
  reply: 'comment',
  mention: 'mention',
  share_accepted: 'share_answer',
  share_declined: 'share_answer',
  occurrence: 'occurrence',
  reminder: 'reminder',
};

/**
 * When an e-mail queued at `now` may leave: at the end of the person's quiet hours if `now` falls in
 * them (on their clock), else undefined (at once). Held, not dropped: the outbox sends it then.
 */
export function afterQuietHours(now: Date, timeZone: string | null, hours: { start: string; end: string } | null): string | undefined {
  const local = localDateTime(now, timeZone);
  if (!hours || !inQuietHours(local.time, hours)) return undefined;
  const endDate = local.time < hours.end ? local.date : addDays(local.date, 1);
  const end = zonedInstant(endDate, hours.end, timeZone);
  if (end > now) return end.toISOString();
  // The night the clocks go back, the end's wall time comes twice and reads as its first passing; a
  // message queued between the two waits for the second (the clocks go back by an hour or half an hour).
  for (let later = end.getTime() + 15 * 60_000; later <= end.getTime() + 2 * 3_600_000; later += 15 * 60_000) {
    const reading = localDateTime(new Date(later), timeZone);
    if (later > now.getTime() && reading.date === endDate && reading.time === hours.end) return new Date(later).toISOString();
  }
  return undefined;
}

/** What a delivery did, for after its transaction commits. */
export interface Delivered {
  /** Whose bell has something new. */
  told: number[];
  mailed: boolean;
  pushed: boolean;
}

/**
 * Delivers the notification centre's notifications (issue 22, decision 028), in the transaction of
 * the change they tell of: into the bell of each person who keeps that kind there, and by e-mail to
 * each who wants it by e-mail and has a proven address (issue 18's rule), and by push to every
 * browser of each who wants it by push, after their quiet hours. Each message is queued under an
 * idempotency key naming the event, the person and (push) the browser.
 */
export function createNotificationDelivery(deps: {
  dialect: Dialect;
  publicUrl: string;
  events: EventBus;
  onMailQueued?: () => void;
  onPushQueued?: () => void;
}) {
  return {
    async deliver(trx: Kysely<Tables>, items: readonly NewNotification[], now: string): Promise<Delivered> {
      if (!items.length) return { told: [], mailed: false, pushed: false };
      const people = [...new Set(items.map((item) => item.userId))];
      const settings = await createNotificationSettingsRepository(trx, deps.dialect).readMany(people);
      const inApp = items.filter((item) => settings.get(item.userId)!.channels[SETTING_OF[item.kind]].in_app);
      await createNotificationRepository(trx).insertMany(inApp, now);

      const by = (channel: 'email' | 'push') =>
        items.filter((item) => item.kind !== 'reminder' && settings.get(item.userId)!.channels[SETTING_OF[item.kind]][channel]);
      const byMail = by('email');
      const byPush = by('push');
      let mailed = false;
      let pushed = false;
      if (byMail.length || byPush.length) {
        const outgoing = [...byMail, ...byPush];
        const ids = [...new Set(outgoing.flatMap((item) => [item.userId, ...(item.actorId === null ? [] : [item.actorId])]))];
        const users = new Map(
          (
            await trx
              .selectFrom('users')
              .select(['id', 'name', 'email', 'email_verified_at', 'language', 'time_zone'])
              .where('id', 'in', ids)
              .execute()
          ).map((user) => [user.id, user]),
        );
        const titles = new Map(
          (
            await trx
              .selectFrom('tasks')
              .select(['id', 'title'])
              .where('id', 'in', [...new Set(outgoing.map((item) => item.taskId))])
              .execute()
          ).map((task) => [task.id, task.title]),
        );
        const told = (item: NewNotification) => ({
          language: users.get(item.userId)?.language ?? null,
          kind: item.kind as MailedNotificationKind,
          actorName: item.actorId === null ? null : (users.get(item.actorId)?.name ?? null),
          taskTitle: titles.get(item.taskId) ?? '',
          excerpt: item.excerpt ?? '',
        });
        const eventKey = (item: NewNotification) => `${item.kind}:${item.taskId}:${item.commentId ?? 0}:${item.userId}:${now}`;
        // A repeating task's next occurrence can be taken back for a few seconds (its Undo): what tells
        // of it waits that long, and is not sent if it was (outbox-relevance.ts). Then quiet hours.
        const heldUntil = (item: NewNotification) => {
          const quiet = afterQuietHours(new Date(now), users.get(item.userId)?.time_zone ?? null, settings.get(item.userId)!.quiet_hours);
          const undoable = item.kind === 'occurrence' ? new Date(Date.parse(now) + RESTORE_WINDOW_MS).toISOString() : undefined;
          return [quiet, undoable]
            .filter((at) => at !== undefined)
            .sort()
            .at(-1);
        };
        const aboutOf = (item: NewNotification) => ({
          taskId: item.taskId,
          userId: item.userId,
          commentId: item.commentId ?? null,
          kind: item.kind,
        });

        const outbox = createMailOutboxRepository(trx);
        for (const item of byMail) {
          const person = users.get(item.userId);
          if (!person?.email_verified_at) continue;
          const mail = notificationMail({ ...told(item), link: `${deps.publicUrl}/dashboard?task=${item.taskId}` });
          const sendAt = heldUntil(item);
          await outbox.enqueue({ to: person.email, ...mail }, now, {
            key: `notification:${eventKey(item)}`,
            about: aboutOf(item),
            ...(sendAt ? { sendAt } : {}),
          });
          mailed = true;
        }

        const push = createPushRepository(trx);
        const browsers = await push.listFor([...new Set(byPush.map((item) => item.userId))]);
        for (const item of byPush) {
          const payload = JSON.stringify(notificationPush({ ...told(item), taskId: item.taskId }));
          for (const browser of browsers.filter((candidate) => candidate.user_id === item.userId)) {
            await push.enqueue({
              subscriptionId: browser.id,
              payload,
              key: `push:${eventKey(item)}:${browser.id}`,
              sendAt: heldUntil(item) ?? now,
              now,
              about: aboutOf(item),
            });
            pushed = true;
          }
        }
      }
      return { told: [...new Set(inApp.map((item) => item.userId))], mailed, pushed };
    },

    /** After the delivering transaction committed: open bells reload, the outbox sends. */
    afterCommit(delivered: Delivered): void {
      announceNotifications(deps.events, delivered.told);
      if (delivered.mailed) deps.onMailQueued?.();
      if (delivered.pushed) deps.onPushQueued?.();
    },
  };
}
export type NotificationDelivery = ReturnType<typeof createNotificationDelivery>;
