import { addDays, localDate, zonedInstant } from '../../common/time-zone.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createDigestRepository } from '../db/repositories/digest.repository.ts';
import { createMailOutboxRepository } from '../db/repositories/mail-outbox.repository.ts';
import { createNotificationSettingsRepository } from '../db/repositories/notification-settings.repository.ts';
import { digestMail } from '../mail/digest-mail.ts';
import { createPeriodicPass } from './periodic-pass.ts';

/** The next instant after `now` at which `time` ("HH:MM") comes on the person's clock. */
export function nextDigestAt(time: string, timeZone: string | null, now: Date): string {
  const today = localDate(now, timeZone);
  const todays = zonedInstant(today, time, timeZone);
  return (todays > now ? todays : zonedInstant(addDays(today, 1), time, timeZone)).toISOString();
}

/**
 * Mails each person's daily digest at the time they chose (issue 22, decision 028), in the server
 * process, on one SQLite process or several on one PostgreSQL.
 *
 * A digest is due when `notification_settings.digest_next_at` has passed. A batch locks the due
 * rows (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: the single writer), queues each person's mail
 * under the key `digest:<person>:<their date>` and moves `digest_next_at` to the next day, in one
 * transaction: a digest is mailed once a day, whichever process takes it; a process killed
 * mid-batch commits nothing and the digests are due again. After downtime a person gets one digest
 * for their current day, not one per day missed. Nothing is mailed when nothing is overdue or due
 * today, or to an address that is not proven.
 */
export function createDigestScheduler(options: {
  database: Database;
  clock: Clock;
  publicUrl: string;
  onMailQueued?: () => void;
  log: { warn(obj: unknown, msg?: string): void };
  pollMs?: number;
  batchSize?: number;
}) {
  const { database, clock } = options;
  const batchSize = options.batchSize ?? 100;

  async function batch(): Promise<{ taken: number; mailed: boolean }> {
    const now = clock.now();
    return database.db.transaction().execute(async (trx) => {
      const settings = createNotificationSettingsRepository(trx, database.dialect);
      const outbox = createMailOutboxRepository(trx);
      const digests = createDigestRepository(trx);
      const due = await settings.claimDueDigests(now.toISOString(), batchSize);
      let mailed = false;
      for (const person of due) {
        if (person.digest_time === null) {
          await settings.setDigestNext(person.user_id, null);
          continue;
        }
        const today = localDate(now, person.time_zone);
        if (person.email_verified_at) {
          const tasks = await digests.dueBy(person.user_id, today);
          if (tasks.counts.overdue + tasks.counts.today > 0) {
            await outbox.enqueue(
              {
                to: person.email,
                ...digestMail({ language: person.language, timeZone: person.time_zone, today, ...tasks, publicUrl: options.publicUrl }),
              },
              now.toISOString(),
              { key: `digest:${person.user_id}:${today}` },
            );
            mailed = true;
          }
        }
        await settings.setDigestNext(person.user_id, nextDigestAt(person.digest_time, person.time_zone, now));
      }
      return { taken: due.length, mailed };
    });
  }

  async function runOnce(): Promise<number> {
    let taken = 0;
    for (;;) {
      const result = await batch();
      taken += result.taken;
      if (result.mailed) options.onMailQueued?.();
      if (result.taken < batchSize) return taken;
    }
  }

  return createPeriodicPass({
    run: runOnce,
    pollMs: options.pollMs ?? 30_000,
    log: options.log,
    failure: 'digest pass failed; the digests stay due for the next',
  });
}
export type DigestScheduler = ReturnType<typeof createDigestScheduler>;
