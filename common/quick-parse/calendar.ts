/**
 * Calendar arithmetic on YYYY-MM-DD strings for the quick-add grammars. It runs in UTC on purpose:
 * a date here is a day in the user's calendar, not a moment, so no daylight-saving change (some
 * zones change at midnight) can move it. Every grammar uses these so "next friday" means one thing
 * in all six languages.
 */
import { WEEKDAYS, type Weekday } from './types.ts';

function toUtc(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function fromUtc(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

export function isValidDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function ymd(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function addDays(date: string, days: number): string {
  const moment = toUtc(date);
  moment.setUTCDate(moment.getUTCDate() + days);
  return fromUtc(moment);
}

/** Adds calendar months, keeping the day or falling back to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return ymd(year, month, Math.min(d, last));
}

/** The weekday of a date as an RFC 5545 code. */
export function weekdayOf(date: string): Weekday {
  // getUTCDay: 0 = Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(toUtc(date).getUTCDay() + 6) % 7]!;
}

/** "friday": the next Friday, today included (typing "wednesday" on a Wednesday means today). */
export function comingWeekday(today: string, weekday: Weekday): string {
  const from = WEEKDAYS.indexOf(weekdayOf(today));
  const to = WEEKDAYS.indexOf(weekday);
  return addDays(today, (to - from + 7) % 7);
}

/** "next friday": that weekday in the next week (weeks start on Monday), as chrono-node reads it. */
export function nextWeekWeekday(today: string, weekday: Weekday): string {
  const monday = addDays(today, -WEEKDAYS.indexOf(weekdayOf(today)));
  return addDays(monday, 7 + WEEKDAYS.indexOf(weekday));
}

/** "5 March" without a year: the next 5 March, today included. Undefined for an impossible day. */
export function comingMonthDay(today: string, month: number, day: number): string | undefined {
  const year = Number(today.slice(0, 4));
  for (const candidate of [year, year + 1, year + 2, year + 3, year + 4]) {
    // Four years ahead at most: 29 February comes back within them.
    if (isValidDate(candidate, month, day) && ymd(candidate, month, day) >= today) return ymd(candidate, month, day);
  }
  return undefined;
}

/** "on the 15th": the next 15th of a month, today included; months without that day are skipped. */
export function comingDayOfMonth(today: string, day: number): string | undefined {
  if (day < 1 || day > 31) return undefined;
  const [y, m] = today.split('-').map(Number) as [number, number];
  for (let offset = 0; offset < 12; offset++) {
    const index = y * 12 + (m - 1) + offset;
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    if (isValidDate(year, month, day) && ymd(year, month, day) >= today) return ymd(year, month, day);
  }
  return undefined;
}

/** A bare time: today when it is still ahead, otherwise tomorrow. */
export function dateForTime(context: { today: string; now: string }, time: string): string {
  return time > context.now ? context.today : addDays(context.today, 1);
}

export function hhmm(hour: number, minute: number): string | undefined {
  if (!Number.isInteger(hour) || !Number.isInteger(minute) || hour < 0 || hour > 23 || minute < 0 || minute > 59) return undefined;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}
