import { TIME_ZONE_MAX } from './constants.ts';

/**
 * Calendar days in a person's time zone (issue 21; decision 020). The day of an instant in a zone
 * is read from Intl, which knows each zone's offsets and daylight-saving rules, never computed by
 * adding an offset: an offset is only right for the instant it was taken at, and a day that
 * starts or ends a change of clocks has 23 or 25 hours. Days themselves (`YYYY-MM-DD`) are counted
 * as UTC midnights, where every day has 24 hours.
 */

/** How the server reads a person who has not set a zone. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** Zone names: IANA's `Area/Location` (and `UTC`, `Etc/GMT+5`); no offsets such as `+05:30`. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** One formatter per zone (there are a few hundred): making one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const FORMATTERS_MAX = 1000;

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    if (formatters.size >= FORMATTERS_MAX) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The zone's name as Intl writes it (`europe/berlin` → `Europe/Berlin`), or undefined when it is no
 * zone Intl knows, is an offset, or is longer than a person may set.
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (name.length > TIME_ZONE_MAX || !ZONE_NAME.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export const isTimeZone = (name: string): boolean => canonicalTimeZone(name) !== undefined;

/** The calendar day and the time of day (HH:MM, 24 h) of an instant in a zone; null or unknown zones read as UTC. */
export function localDateTime(instant: Date, timeZone: string | null | undefined): { date: string; time: string } {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = formatterFor(timeZone ?? DEFAULT_TIME_ZONE);
  } catch {
    // A zone stored while this runtime knew it and no longer does (an ICU update): UTC, never an error.
    formatter = formatterFor(DEFAULT_TIME_ZONE);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter.formatToParts(instant)) parts[part.type] = part.value;
  return {
    date: `${parts.year!.padStart(4, '0')}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** The calendar day (YYYY-MM-DD) of an instant in a zone: a person's "today". */
export const localDate = (instant: Date, timeZone: string | null | undefined): string => localDateTime(instant, timeZone).date;

/** A calendar day moved by whole days (across any change of clocks: days are counted in UTC). */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00.000Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/**
 * The instant a wall-clock time (`date` YYYY-MM-DD, `time` HH:MM) of a zone names (issue 22: when a
 * reminder of a task due "5 March at 09:00" falls due). The zone's offsets are read from Intl, never
 * assumed: the wall time is tried with the offset before and after any change of clocks near it. A time
 * the clocks skip (02:30 on a spring-forward night) is read with the offset before the change, so
 * it lands after the change (03:30); a time they repeat (01:30 on a fall-back night) is the first.
 */
export function zonedInstant(date: string, time: string, timeZone: string | null | undefined): Date {
  const wall = Date.parse(`${date}T${time}:00.000Z`);
  const offsetAt = (instant: number) => {
    const { date: d, time: t } = localDateTime(new Date(instant), timeZone);
    return Date.parse(`${d}T${t}:00.000Z`) - instant;
  };
  // Offsets lie within ±14 h: the zone's offset 14 h either side of the wall time is its offset
  // before and after any change of clocks near it (zones change at most once in a day).
  const before = wall - offsetAt(wall - 14 * 3_600_000);
  const after = wall - offsetAt(wall + 14 * 3_600_000);
  for (const candidate of [Math.min(before, after), Math.max(before, after)]) {
    if (candidate + offsetAt(candidate) === wall) return new Date(candidate);
  }
  return new Date(before);
}
