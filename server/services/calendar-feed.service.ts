import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CALENDAR_FEED_FILE, CALENDAR_FEED_NOT_FOUND, type CalendarFeedState } from '../../common/schemas/calendar-feed.schema.ts';
import { renderCalendar, type CalendarTask } from '../calendar/calendar-ics.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/repositories/user.repository.ts';
import { loadServerKey } from '../db/server-keys.ts';
import type { Tables } from '../db/tables.ts';
import { NotFoundError } from '../errors.ts';

const KEY_NAME = 'calendar_feed_key';
const KEY_BYTES = 32;
/** A completed task stays in the feed this long after its due date: the week or month just done stays readable. */
const COMPLETED_DAYS_SHOWN = 90;
/** The most entries a feed carries (the nearest due dates first): calendars slow down long before. */
export const CALENDAR_FEED_MAX_TASKS = 5000;

export interface CalendarFeedServiceDeps {
  database: Database;
  clock: Clock;
  /** The app's public address (PUBLIC_URL): the feed's own address and each event's link start with it. */
  publicUrl: string;
}

/**
 * Private calendar feeds (issue 25, decision 038). The address is `/api/calendar/<id>-<token>.ics`,
 * where the token is HMAC-SHA256(server key, "<id>.<salt>"): nothing stored per person is the
 * secret itself, the address can be shown again whenever Settings is opened, and a new salt ends the
 * old address. Anyone with the address reads the feed, as with any calendar subscription: it carries
 * the tasks' titles, descriptions and due dates, never comments, files or people.
 */
export function createCalendarFeedService(deps: CalendarFeedServiceDeps) {
  const { database, clock } = deps;
  const db: Kysely<Tables> = database.db;
  let key: Promise<Buffer> | undefined;
  /** Made or read once, on first use; a failed read is tried again next time. */
  const feedKey = () =>
    (key ??= loadServerKey(db, KEY_NAME, KEY_BYTES, clock.nowIso()).catch((error: unknown) => {
      key = undefined;
      throw error;
    }));
  const tokenOf = async (userId: number, salt: string) =>
    createHmac('sha256', await feedKey())
      .update(`${userId}.${salt}`)
      .digest('base64url');
  const urlOf = async (userId: number, salt: string) => `${deps.publicUrl}/api/calendar/${userId}-${await tokenOf(userId, salt)}.ics`;

  async function stateOf(userId: number): Promise<CalendarFeedState> {
    const row = await db.selectFrom('calendar_feeds').selectAll().where('user_id', '=', userId).executeTakeFirst();
    return row ? { url: await urlOf(userId, row.salt), created_at: row.created_at } : { url: null, created_at: null };
  }

  /** The tasks a person sees with a due date: open ones, and those completed in the last COMPLETED_DAYS_SHOWN days. */
  function tasksOf(userId: number, today: string): Promise<CalendarTask[]> {
    const since = new Date(Date.parse(`${today}T00:00:00Z`) - COMPLETED_DAYS_SHOWN * 86_400_000).toISOString().slice(0, 10);
    return db
      .selectFrom('tasks')
      .innerJoin('users as owner', 'owner.id', 'tasks.user_id')
      .select([
        'tasks.id',
        'tasks.title',
        'tasks.description',
        'tasks.due_date',
        'tasks.due_time',
        'tasks.recurrence',
        'tasks.recurrence_from',
        'tasks.is_completed',
        'tasks.updated_at',
        'owner.time_zone as owner_time_zone',
      ])
      .where((eb) =>
        eb.or([
          eb('tasks.user_id', '=', userId),
          eb(
            'tasks.id',
            'in',
            eb.selectFrom('task_shares').select('task_id').where('user_id', '=', userId).where('status', '=', 'accepted'),
          ),
        ]),
      )
      .where('tasks.due_date', 'is not', null)
      .where((eb) => eb.or([eb('tasks.is_completed', '=', 0), eb('tasks.due_date', '>=', since)]))
      .orderBy('tasks.is_completed')
      .orderBy('tasks.due_date')
      .orderBy('tasks.id')
      .limit(CALENDAR_FEED_MAX_TASKS)
      .execute() as Promise<CalendarTask[]>;
  }

  return {
    state: (user: UserRow) => stateOf(user.id),

    /** Turns the feed on, or gives it a new address (the old one stops working at once). */
    async renew(user: UserRow): Promise<CalendarFeedState> {
      const salt = randomBytes(16).toString('base64url');
      await db
        .insertInto('calendar_feeds')
        .values({ user_id: user.id, salt, created_at: clock.nowIso() })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ salt, created_at: clock.nowIso() }))
        .execute();
      return stateOf(user.id);
    },

    async turnOff(user: UserRow): Promise<CalendarFeedState> {
      await db.deleteFrom('calendar_feeds').where('user_id', '=', user.id).execute();
      return { url: null, created_at: null };
    },

    /** The feed's iCalendar text for its address's file name; 404 for any address that is not a live feed. */
    async render(file: string): Promise<string> {
      const match = CALENDAR_FEED_FILE.exec(file);
      if (!match) throw new NotFoundError(CALENDAR_FEED_NOT_FOUND);
      const userId = Number(match[1]);
      const row = await db
        .selectFrom('calendar_feeds')
        .innerJoin('users', 'users.id', 'calendar_feeds.user_id')
        .select(['calendar_feeds.salt', 'users.name', 'users.time_zone'])
        .where('calendar_feeds.user_id', '=', userId)
        .executeTakeFirst();
      const given = Buffer.from(match[2]!, 'utf8');
      const expected = row ? Buffer.from(await tokenOf(userId, row.salt), 'utf8') : undefined;
      if (!row || !expected || expected.length !== given.length || !timingSafeEqual(expected, given))
        throw new NotFoundError(CALENDAR_FEED_NOT_FOUND);
      const today = new Date(clock.now()).toISOString().slice(0, 10);
      return renderCalendar(await tasksOf(userId, today), {
        name: `Taskaty · ${row.name}`,
        publicUrl: deps.publicUrl,
        host: new URL(deps.publicUrl).hostname,
      });
    },
  };
}
export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;
