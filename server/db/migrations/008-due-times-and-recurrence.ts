import type { Kysely } from 'kysely';

/**
 * Due times, time zones and repeating tasks (issue 21, parts 2 and 4; decision 020):
 * - `tasks.due_time`: a time of day on the due date, `HH:MM` (24 h), or null. The due date stays
 *   `YYYY-MM-DD`; a time never exists without a date.
 * - `tasks.recurrence`: an RFC 5545 RRULE value without DTSTART (`FREQ=WEEKLY;INTERVAL=1;BYDAY=MO`),
 *   or null. The schedule starts at the task's own due date, which a repeating task always has.
 * - `tasks.recurrence_from`: `due_date` (a fixed schedule: the next occurrence follows the rule from
 *   the completed one's due date) or `completion` (the rule's interval counted from the day it was
 *   completed).
 * - `users.time_zone`: an IANA zone (`Europe/Berlin`), or null while the person has not set one,
 *   which reads as UTC. The server's "today" for this person (a summary asked without the viewer's
 *   date, a repeating task's first date, a completion's day) is the calendar day there.
 *
 * Existing tasks get null, null and `due_date`: they look and behave as before. The listed task has
 * three more fields, so list answers stored or tagged before it are not reused: the list format
 * every ETag carries is derived from the task's schema (server/cache/list-response.cache.ts), and
 * rendered tasks are kept in memory only.
 */
export function dueTimesAndRecurrence() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('tasks').addColumn('due_time', 'text').execute();
      await db.schema.alterTable('tasks').addColumn('recurrence', 'text').execute();
      await db.schema
        .alterTable('tasks')
        .addColumn('recurrence_from', 'text', (c) => c.notNull().defaultTo('due_date'))
        .execute();
      await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();
    },
  };
}
