import type { Kysely } from 'kysely';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_SETTING_KINDS,
  type NotificationSettings,
} from '../../../common/schemas/notification-settings.schema.ts';
import type { Dialect } from '../database.ts';
import type { Tables } from '../tables.ts';

interface SettingsRow {
  channels: string;
  quiet_start: string | null;
  quiet_end: string | null;
  digest_time: string | null;
  default_reminder_minutes: number | null;
}

/**
 * A stored row as settings. Kinds or channels the row does not name (added after it was saved)
 * take their defaults, so a new kind never reads as "off" for everyone who saved before it came.
 */
function settingsOf(row: SettingsRow | undefined): NotificationSettings {
  if (!row) return DEFAULT_NOTIFICATION_SETTINGS;
  let stored: Record<string, Record<string, unknown> | undefined> = {};
  try {
    stored = JSON.parse(row.channels) as typeof stored;
  } catch {
    // A row is only ever written by save() below; unreadable JSON would be a bug, read as defaults.
  }
  const channels = Object.fromEntries(
    NOTIFICATION_SETTING_KINDS.map((kind) => [
      kind,
      Object.fromEntries(
        NOTIFICATION_CHANNELS.map((channel) => {
          const value = stored[kind]?.[channel];
          return [channel, typeof value === 'boolean' ? value : DEFAULT_NOTIFICATION_SETTINGS.channels[kind][channel]];
        }),
      ),
    ]),
  ) as NotificationSettings['channels'];
  return {
    channels,
    quiet_hours: row.quiet_start && row.quiet_end ? { start: row.quiet_start, end: row.quiet_end } : null,
    digest_time: row.digest_time,
    default_reminder_minutes: row.default_reminder_minutes,
  };
}

/** People's Settings → Notifications (migration 013, issue 22); no row means the defaults. */
export function createNotificationSettingsRepository(db: Kysely<Tables>, dialect: Dialect) {
  const columns = ['user_id', 'channels', 'quiet_start', 'quiet_end', 'digest_time', 'default_reminder_minutes'] as const;

  return {
    async read(userId: number): Promise<NotificationSettings> {
      return settingsOf(await db.selectFrom('notification_settings').select(columns).where('user_id', '=', userId).executeTakeFirst());
    },

    /** Each person's settings (the defaults for those who never changed one). */
    async readMany(userIds: readonly number[]): Promise<Map<number, NotificationSettings>> {
      const rows = userIds.length
        ? await db
            .selectFrom('notification_settings')
            .select(columns)
            .where('user_id', 'in', [...userIds])
            .execute()
        : [];
      const byUser = new Map(rows.map((row) => [row.user_id, row]));
      return new Map(userIds.map((id) => [id, settingsOf(byUser.get(id))]));
    },

    /** Writes the whole settings, and when the next digest is due (null: none). */
    async save(userId: number, settings: NotificationSettings, digestNextAt: string | null, now: string): Promise<void> {
      const values = {
        channels: JSON.stringify(settings.channels),
        quiet_start: settings.quiet_hours?.start ?? null,
        quiet_end: settings.quiet_hours?.end ?? null,
        digest_time: settings.digest_time,
        digest_next_at: digestNextAt,
        default_reminder_minutes: settings.default_reminder_minutes,
        updated_at: now,
      };
      await db
        .insertInto('notification_settings')
        .values({ user_id: userId, ...values })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
        .execute();
    },

    /** When the person's next digest is due (null: none). */
    async digestNextAt(userId: number): Promise<string | null> {
      const row = await db.selectFrom('notification_settings').select('digest_next_at').where('user_id', '=', userId).executeTakeFirst();
      return row?.digest_next_at ?? null;
    },

    async setDigestNext(userId: number, at: string | null): Promise<void> {
      await db.updateTable('notification_settings').set({ digest_next_at: at }).where('user_id', '=', userId).execute();
    },

    /**
     * Digests due at `now`, locked for the caller's transaction (PostgreSQL: FOR UPDATE SKIP LOCKED,
     * so another process takes other people's or none; SQLite has one writer).
     */
    async claimDueDigests(now: string, limit: number) {
      let query = db
        .selectFrom('notification_settings')
        .innerJoin('users', 'users.id', 'notification_settings.user_id')
        .select([
          'notification_settings.user_id',
          'notification_settings.digest_time',
          'notification_settings.digest_next_at',
          'users.name',
          'users.email',
          'users.email_verified_at',
          'users.language',
          'users.time_zone',
        ])
        .where('notification_settings.digest_next_at', '<=', now)
        .orderBy('notification_settings.digest_next_at')
        .orderBy('notification_settings.user_id')
        .limit(limit);
      if (dialect === 'postgres') query = query.forUpdate('notification_settings').skipLocked();
      return query.execute();
    },
  };
}
export type NotificationSettingsRepository = ReturnType<typeof createNotificationSettingsRepository>;
