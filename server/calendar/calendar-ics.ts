import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { ICalCalendar } from 'ical-generator';
import { DateTime } from 'luxon';
import { DEFAULT_TIME_ZONE } from '../../common/time-zone.ts';

/** A task as its calendar entry needs it, with its owner's zone (a due time is the owner's wall-clock time). */
export interface CalendarTask {
  id: number;
  title: string;
  description: string;
  due_date: string;
  due_time: string | null;
  recurrence: string | null;
  recurrence_from: string | null;
  is_completed: number;
  updated_at: string;
  owner_time_zone: string | null;
}

/**
 * The VTIMEZONE of a zone, named as the events name it. The tz database has aliases (ICU calls
 * Asia/Kolkata "Asia/Calcutta"): the generator answers under the canonical name, and a calendar
 * matches a time's TZID to its VTIMEZONE by the name, so the block is renamed to the one asked for.
 */
function vtimezoneOf(zone: string): string | null {
  const block = getVtimezoneComponent(zone);
  return block ? block.replace(/^TZID:.*$/m, `TZID:${zone}`).replace(/^X-LIC-LOCATION:.*$/m, `X-LIC-LOCATION:${zone}`) : null;
}

/** A timed task's event lasts this long: a due time is a moment, and calendars need an end. */
const TIMED_EVENT_MINUTES = 30;

/**
 * The iCalendar text of a feed (RFC 5545, by ical-generator): one VEVENT per task, all day for a date
 * alone, at the owner's wall-clock time in the owner's zone (TZID with its VTIMEZONE) for a due
 * time, so a daylight-saving change moves nothing. An open task repeating on its due date carries
 * its RRULE; one repeating from its completion does not (its next date is not known until then),
 * nor does a completed one (its next occurrence is a task of its own). Completed tasks are ticked
 * in their title. Each event links to the task in the app.
 */
export function renderCalendar(tasks: readonly CalendarTask[], options: { name: string; publicUrl: string; host: string }): string {
  const calendar = new ICalCalendar({
    name: options.name,
    prodId: { company: 'Taskaty', product: 'Taskaty', language: 'EN' },
    // Calendars that honour it read the feed again within the hour.
    ttl: 60 * 60,
  });
  // One lookup per zone for the whole feed (thousands of events share a few zones).
  const zones = new Map<string, string | null>();
  const vtimezone = (zone: string) => {
    if (!zones.has(zone)) zones.set(zone, vtimezoneOf(zone));
    return zones.get(zone) ?? null;
  };
  calendar.timezone({ name: null, generator: vtimezone });
  for (const task of tasks) {
    const link = `${options.publicUrl}/dashboard?task=${task.id}`;
    const repeats = task.is_completed === 0 && task.recurrence !== null && task.recurrence_from !== 'completion';
    const common = {
      id: `task-${task.id}@${options.host}`,
      summary: task.is_completed ? `✓ ${task.title}` : task.title,
      description: task.description ? `${task.description}\n\n${link}` : link,
      url: link,
      stamp: new Date(task.updated_at),
      lastModified: new Date(task.updated_at),
      repeating: repeats ? `RRULE:${task.recurrence}` : null,
    };
    if (task.due_time === null) {
      const day = DateTime.fromISO(task.due_date, { zone: 'UTC' });
      calendar.createEvent({ ...common, start: day, end: day.plus({ days: 1 }), allDay: true });
    } else {
      const zone = task.owner_time_zone ?? DEFAULT_TIME_ZONE;
      const start = DateTime.fromISO(`${task.due_date}T${task.due_time}`, { zone });
      const end = start.plus({ minutes: TIMED_EVENT_MINUTES });
      // A zone with a VTIMEZONE is written as wall-clock time in it; UTC (or a zone the generator
      // does not know, such as Etc/GMT+5) as the instant in UTC, which needs none.
      if (vtimezone(zone)) calendar.createEvent({ ...common, start, end, timezone: zone });
      else calendar.createEvent({ ...common, start: start.toJSDate(), end: end.toJSDate() });
    }
  }
  return calendar.toString();
}
