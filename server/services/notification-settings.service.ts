import type { Kysely } from 'kysely';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_SETTING_KINDS,
  type NotificationSettings,
  type NotificationSettingsInput,
} from '../../common/schemas/notification-settings.schema.ts';
import type { Clock } from '../clock.ts';
import type { Database, Dialect } from '../db/database.ts';
import { createMailOutboxRepository } from '../db/repositories/mail-outbox.repository.ts';
import { createNotificationSettingsRepository } from '../db/repositories/notification-settings.repository.ts';
import type { UserRow } from '../db/repositories/user.repository.ts';
import type { Tables } from '../db/tables.ts';
import { AppError } from '../errors.ts';
import { testNotificationMail } from '../mail/notification-mail.ts';
import { createPushRepository } from '../db/repositories/push.repository.ts';
import { createSharedCounterRepository } from '../db/repositories/shared-counter.repository.ts';
import { testPush } from '../push/push-messages.ts';
import { nextDigestAt } from './digest.scheduler.ts';

/** Test notifications one person may send an hour (counted in the shared counters, so across processes). */
export const TEST_NOTIFICATIONS_PER_HOUR = 5;

/** `input` laid over `settings`: what it names changes, the rest stays. */
export function mergeSettings(settings: NotificationSettings, input: NotificationSettingsInput): NotificationSettings {
  const channels = { ...settings.channels };
  for (const kind of NOTIFICATION_SETTING_KINDS) {
    const change = input.channels?.[kind];
    if (change)
      channels[kind] = Object.fromEntries(
        NOTIFICATION_CHANNELS.map((channel) => [channel, change[channel] ?? channels[kind][channel]]),
      ) as NotificationSettings['channels'][typeof kind];
  }
  return {
    channels,
    quiet_hours: input.quiet_hours === undefined ? settings.quiet_hours : input.quiet_hours,
    digest_time: input.digest_time === undefined ? settings.digest_time : input.digest_time,
    default_reminder_minutes:
      input.default_reminder_minutes === undefined ? settings.default_reminder_minutes : input.default_reminder_minutes,
  };
}

/** A person's digest follows their day to a new time zone (in the transaction that saves the zone). */
export async function followDigestToZone(trx: Kysely<Tables>, dialect: Dialect, userId: number, timeZone: string | null, now: Date) {
  const settings = createNotificationSettingsRepository(trx, dialect);
  const time = (await settings.read(userId)).digest_time;
  if (time !== null) await settings.setDigestNext(userId, nextDigestAt(time, timeZone, now));
}

/** Settings → Notifications (issue 22, decision 028). */
export function createNotificationSettingsService(deps: {
  database: Database;
  clock: Clock;
  publicUrl: string;
  onMailQueued?: () => void;
  onPushQueued?: () => void;
}) {
  const { database, clock } = deps;
  const repository = (db: Kysely<Tables>) => createNotificationSettingsRepository(db, database.dialect);

  return {
    read: (user: UserRow) => repository(database.db).read(user.id),

    async update(user: UserRow, input: NotificationSettingsInput): Promise<NotificationSettings> {
      const now = clock.now();
      return database.db.transaction().execute(async (trx) => {
        const settings = repository(trx);
        const before = await settings.read(user.id);
        const after = mergeSettings(before, input);
        // A digest time kept keeps its next digest (one due and not yet taken still goes today).
        const digestNextAt =
          after.digest_time === null
            ? null
            : after.digest_time === before.digest_time
              ? ((await settings.digestNextAt(user.id)) ?? nextDigestAt(after.digest_time, user.time_zone, now))
              : nextDigestAt(after.digest_time, user.time_zone, now);
        await settings.save(user.id, after, digestNextAt, now.toISOString());
        return after;
      });
    },

    /**
     * "Send a test notification": an e-mail to the person's proven address and a push message to
     * each browser they allowed, whatever the kinds' settings say (the test is of the channels).
     * Which channels carried it; 422 when none can.
     */
    async test(user: UserRow): Promise<Array<'email' | 'push'>> {
      const now = clock.now();
      const channels = await database.db.transaction().execute(async (trx) => {
        const outbox = createMailOutboxRepository(trx);
        const push = createPushRepository(trx);
        const browsers = await push.listFor([user.id]);
        if (!user.email_verified_at && !browsers.length)
          throw new AppError(422, 'Verify your e-mail address or enable push in a browser to receive notifications.');
        const sent = await createSharedCounterRepository(trx).hit(`test-notification|${user.id}`, now, 3_600_000);
        if (sent.count > TEST_NOTIFICATIONS_PER_HOUR) throw new AppError(429, 'Too many test notifications. Please try again later.');
        const key = `test:${user.id}:${now.toISOString()}`;
        const used: Array<'email' | 'push'> = [];
        if (user.email_verified_at) {
          const link = `${deps.publicUrl}/settings#notifications`;
          await outbox.enqueue({ to: user.email, ...testNotificationMail({ language: user.language, link }) }, now.toISOString(), { key });
          used.push('email');
        }
        const payload = JSON.stringify(testPush(user.language));
        for (const browser of browsers)
          await push.enqueue({
            subscriptionId: browser.id,
            payload,
            key: `${key}:${browser.id}`,
            sendAt: now.toISOString(),
            now: now.toISOString(),
          });
        if (browsers.length) used.push('push');
        return used;
      });
      if (channels.includes('email')) deps.onMailQueued?.();
      if (channels.includes('push')) deps.onPushQueued?.();
      return channels;
    },
  };
}
export type NotificationSettingsService = ReturnType<typeof createNotificationSettingsService>;
