import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createMailOutboxRepository } from '../db/repositories/mail-outbox.repository.ts';
import { createNotificationRepository } from '../db/repositories/notification.repository.ts';
import { createReminderRepository, type DueReminder } from '../db/repositories/reminder.repository.ts';
import { reminderMail } from '../mail/reminder-mail.ts';
import { createPushRepository } from '../db/repositories/push.repository.ts';
import { reminderPush } from '../push/push-messages.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { createNotificationSettingsRepository } from '../db/repositories/notification-settings.repository.ts';
import { afterQuietHours } from './notification-delivery.ts';
import { announceNotifications } from './notification.service.ts';
import { createPeriodicPass } from './periodic-pass.ts';
import { issueSnoozeLink } from './snooze-link.service.ts';

export interface ReminderSchedulerOptions {
  database: Database;
  clock: Clock;
  events: EventBus;
  publicUrl: string;
  /** Wakes the mail dispatcher after a pass queued reminder e-mails. */
  onMailQueued?: () => void;
  /** Wakes the push dispatcher after a pass queued push messages. */
  onPushQueued?: () => void;
  log: { warn(obj: unknown, msg?: string): void };
  /** How often to look for reminders that fell due. */
  pollMs?: number;
  /** Reminders taken per transaction. */
  batchSize?: number;
}

/**
 * Delivers the reminders that fell due (issue 22, decision 027), in the server process, on one
 * SQLite process or several processes on one PostgreSQL.
 *
 * A pass takes due reminders in batches. Each batch is one transaction: it locks its reminders
 * (PostgreSQL: FOR UPDATE SKIP LOCKED, so another process takes other reminders or none; SQLite:
 * the single writer), writes one in-app notification and queues one e-mail per task and person
 * (reminders of a task that fell due together, after downtime say, are one message, not a flood),
 * and marks them sent. A reminder is therefore delivered exactly once: a second process cannot
 * take it while it is locked and finds it sent after; a process killed mid-batch commits nothing,
 * and the reminders are due again for the next pass. E-mails leave through the outbox, which
 * retries them.
 */
export function createReminderScheduler(options: ReminderSchedulerOptions) {
  const { database, clock, log } = options;
  const batchSize = options.batchSize ?? 200;

  /** One batch; how many reminders it found due (so whether to look again), and whom it told. */
  async function batch(): Promise<{ taken: number; claimed: number; told: number[]; mailed: boolean; pushed: boolean }> {
    const now = clock.nowIso();
    return database.db.transaction().execute(async (trx) => {
      const reminders = createReminderRepository(trx, database.dialect);
      const notifications = createNotificationRepository(trx);
      const outbox = createMailOutboxRepository(trx);
      const claimed = await reminders.claimDue(now, batchSize);
      // Claimed by task and person, so one task's reminders are together; a full batch may have cut
      // the last task's off, so that task waits for the next batch, which takes all of it: one
      // message per task and person, never two (unless it is the batch's only task).
      const cut = claimed.length === batchSize ? claimed.at(-1) : undefined;
      const whole = cut ? claimed.filter((reminder) => reminder.task_id !== cut.task_id || reminder.user_id !== cut.user_id) : claimed;
      const due = whole.length ? whole : claimed;
      const settings = await createNotificationSettingsRepository(trx, database.dialect).readMany([
        ...new Set(due.map((reminder) => reminder.user_id)),
      ]);
      const groups = new Map<string, DueReminder[]>();
      for (const reminder of due) {
        const key = `${reminder.task_id}:${reminder.user_id}`;
        groups.set(key, [...(groups.get(key) ?? []), reminder]);
      }
      const told: number[] = [];
      let mailed = false;
      let pushed = false;
      const push = createPushRepository(trx);
      const browsers = await push.listFor([...new Set(due.map((reminder) => reminder.user_id))]);
      for (const group of groups.values()) {
        const [first] = group as [DueReminder];
        const ids = group.map((reminder) => reminder.id);
        // Someone who may no longer open the task, or a task completed meanwhile: nothing to say.
        if (!first.may_open || first.is_completed) {
          await reminders.markSent(ids, 'cancelled', now);
          continue;
        }
        // Each channel as the person's Settings → Notifications say (decision 028): the bell, e-mail
        // to a proven address, push to each browser they allowed.
        const chosen = settings.get(first.user_id)!;
        // What the e-mail and push message say of: this reminder at this moment (outbox-relevance.ts).
        const about = { taskId: first.task_id, userId: first.user_id, kind: 'reminder', reminder: { id: first.id, fireAt: first.fire_at } };
        const wantsPush = chosen.channels.reminder.push && browsers.some((browser) => browser.user_id === first.user_id);
        const wantsMail = chosen.channels.reminder.email && first.email_verified_at !== null;
        // One single-use secret snoozes it from wherever it is read: the e-mail's links, the push buttons.
        const snoozeToken =
          wantsMail || wantsPush ? await issueSnoozeLink(trx, { userId: first.user_id, taskId: first.task_id, now }) : undefined;
        if (chosen.channels.reminder.in_app) {
          await notifications.insertMany([{ userId: first.user_id, kind: 'reminder', taskId: first.task_id, actorId: null }], now);
          told.push(first.user_id);
        }
        // Mail goes only to a proven address (issue 18): a reminder set by whoever registered it is not sent.
        if (wantsMail) {
          const link = `${options.publicUrl}/dashboard?task=${first.task_id}`;
          const snoozeLink = `${options.publicUrl}/snooze?token=${snoozeToken}`;
          const sendAt = afterQuietHours(new Date(now), first.time_zone, chosen.quiet_hours);
          await outbox.enqueue(
            {
              to: first.email,
              ...reminderMail({
                language: first.language,
                taskTitle: first.task_title,
                due: first,
                timeZone: first.time_zone,
                link,
                snoozeLink,
              }),
            },
            now,
            // The first reminder of the group names the delivery: the same reminders are never mailed twice.
            {
              key: `reminder:${Math.min(...ids)}:${first.fire_at}`,
              about,
              ...(sendAt ? { sendAt } : {}),
            },
          );
          mailed = true;
        }
        if (wantsPush) {
          const payload = JSON.stringify(
            reminderPush({
              language: first.language,
              taskId: first.task_id,
              taskTitle: first.task_title,
              due: first,
              timeZone: first.time_zone,
              snoozeToken,
            }),
          );
          const sendAt = afterQuietHours(new Date(now), first.time_zone, chosen.quiet_hours) ?? now;
          for (const browser of browsers.filter((candidate) => candidate.user_id === first.user_id)) {
            await push.enqueue({
              subscriptionId: browser.id,
              payload,
              key: `reminder:${Math.min(...ids)}:${first.fire_at}:${browser.id}`,
              sendAt,
              now,
              about,
            });
            pushed = true;
          }
        }
        await reminders.markSent(ids, 'sent', now);
      }
      return { taken: due.length, claimed: claimed.length, told, mailed, pushed };
    });
  }

  /** Delivers everything due now; resolves with how many reminders it took. */
  async function runOnce(): Promise<number> {
    let taken = 0;
    for (;;) {
      const result = await batch();
      taken += result.taken;
      announceNotifications(options.events, result.told);
      if (result.mailed) options.onMailQueued?.();
      if (result.pushed) options.onPushQueued?.();
      if (result.claimed < batchSize) return taken;
      // SQLite's driver never yields between statements: let waiting requests in between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  return createPeriodicPass({
    run: runOnce,
    pollMs: options.pollMs ?? 10_000,
    log,
    failure: 'reminder pass failed; the reminders stay due for the next',
  });
}
export type ReminderScheduler = ReturnType<typeof createReminderScheduler>;
