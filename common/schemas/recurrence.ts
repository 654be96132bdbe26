import { z } from 'zod';
import { RECURRENCE_FROM, RECURRENCE_INTERVAL_MAX, RECURRENCE_MAX } from '../constants.ts';

/**
 * The repeat rules Taskaty follows (issue 21, decision 020): RFC 5545 RRULE values without DTSTART,
 * narrowed to what a task's schedule needs and what always has a next date worth showing:
 *
 *   FREQ=DAILY|WEEKLY|MONTHLY|YEARLY       required
 *   INTERVAL=1…365                         every N days, weeks, months or years
 *   BYDAY=MO,TU…                           on these weekdays; with FREQ=MONTHLY, either plain days
 *                                          or days with an ordinal 1–4 or -1 (`+1MO`, `-1FR`), not both
 *   BYMONTHDAY=1…31 or -1                  on these days of the month (-1 the last); not with WEEKLY
 *   BYMONTH=1…12                           in these months
 *
 * and nothing else (no COUNT, UNTIL, BYSETPOS, BYHOUR, WKST…), at most 200 characters, each part
 * once. A rule whose months and days never meet (BYMONTH=2;BYMONTHDAY=30) is refused here; one
 * that cannot be followed from a task's date is refused by the server when it looks for the date.
 *
 * This module holds no date arithmetic and no rrule (the dashboard's bundle stays small): the
 * server follows the rules (server/services/recurrence.ts) and checks each against the rrule
 * library as well.
 */

export const RECURRENCE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

/** RFC 5545's weekday codes, Monday first (rrule's order: MO is 0). */
export const RECURRENCE_WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type RecurrenceWeekday = (typeof RECURRENCE_WEEKDAYS)[number];

export type RecurrenceOrdinal = 1 | 2 | 3 | 4 | -1;

export interface RecurrenceDay {
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
  /** The n-th such weekday of the month (1–4), or the last (-1); monthly rules only. */
  nth?: RecurrenceOrdinal;
}

/** A parsed rule; empty lists are parts the rule leaves out. */
export interface Recurrence {
  freq: RecurrenceFrequency;
  interval: number;
  byDay: RecurrenceDay[];
  byMonthDay: number[];
  byMonth: number[];
}

export const RECURRENCE_MESSAGE = 'The repeat rule is not one Taskaty can follow.';
export const RECURRENCE_FROM_MESSAGE = 'The repeat must follow the due date or the completion (due_date or completion).';

/** Longest day of each month, February in a leap year. */
const LONGEST_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const numberList = (value: string, valid: (n: number) => boolean): number[] | undefined => {
  const items = value.split(',');
  const numbers: number[] = [];
  for (const item of items) {
    if (!/^[+-]?\d{1,2}$/.test(item)) return undefined;
    const n = Number(item);
    if (!valid(n)) return undefined;
    if (!numbers.includes(n)) numbers.push(n);
  }
  return numbers;
};

/** Positive values in order, then -1: the canonical order. */
const byValue = (a: number, b: number) => (a < 0 === b < 0 ? a - b : a < 0 ? 1 : -1);

/** The rule, or undefined when it is not one Taskaty follows (see above). Names and values in any case. */
export function parseRecurrence(text: string): Recurrence | undefined {
  if (text.length > RECURRENCE_MAX) return undefined;
  const parts = text
    .trim()
    .toUpperCase()
    .replace(/^RRULE:/, '')
    .split(';');
  const seen = new Map<string, string>();
  for (const part of parts) {
    const match = /^([A-Z]+)=([A-Z0-9,+-]+)$/.exec(part);
    if (!match || seen.has(match[1]!)) return undefined;
    seen.set(match[1]!, match[2]!);
  }
  for (const key of seen.keys()) if (!['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH'].includes(key)) return undefined;

  const freq = seen.get('FREQ');
  if (!freq || !(RECURRENCE_FREQUENCIES as readonly string[]).includes(freq)) return undefined;
  const rule: Recurrence = { freq: freq as RecurrenceFrequency, interval: 1, byDay: [], byMonthDay: [], byMonth: [] };

  const interval = seen.get('INTERVAL');
  if (interval !== undefined) {
    if (!/^[1-9]\d{0,2}$/.test(interval) || Number(interval) > RECURRENCE_INTERVAL_MAX) return undefined;
    rule.interval = Number(interval);
  }

  const byDay = seen.get('BYDAY');
  if (byDay !== undefined) {
    for (const item of byDay.split(',')) {
      const day = /^(?:(\+?[1-4]|-1))?(MO|TU|WE|TH|FR|SA|SU)$/.exec(item);
      if (!day) return undefined;
      const weekday = RECURRENCE_WEEKDAYS.indexOf(day[2] as RecurrenceWeekday);
      const nth = day[1] === undefined ? undefined : (Number(day[1]) as RecurrenceOrdinal);
      if (rule.byDay.some((d) => d.weekday === weekday && d.nth === nth)) continue;
      rule.byDay.push(nth === undefined ? { weekday } : { weekday, nth });
    }
    const ordinals = rule.byDay.filter((d) => d.nth !== undefined).length;
    // Ordinals mean "of the month"; a list mixing them with plain days is read as both at once by rrule.
    if (ordinals > 0 && (rule.freq !== 'MONTHLY' || ordinals !== rule.byDay.length)) return undefined;
    rule.byDay.sort((a, b) => a.weekday - b.weekday || byValue(a.nth ?? 0, b.nth ?? 0));
  }

  const byMonthDay = seen.get('BYMONTHDAY');
  if (byMonthDay !== undefined) {
    // RFC 5545: BYMONTHDAY is not given with FREQ=WEEKLY.
    if (rule.freq === 'WEEKLY') return undefined;
    const days = numberList(byMonthDay, (n) => (n >= 1 && n <= 31) || n === -1);
    if (!days) return undefined;
    rule.byMonthDay = days.sort(byValue);
  }

  const byMonth = seen.get('BYMONTH');
  if (byMonth !== undefined) {
    const months = numberList(byMonth, (n) => n >= 1 && n <= 12);
    if (!months) return undefined;
    rule.byMonth = months.sort(byValue);
  }

  // Months and days that never meet (30 February, 31 April) make a rule with no date at all.
  if (rule.byMonth.length && rule.byMonthDay.length) {
    const meet = rule.byMonth.some((month) => rule.byMonthDay.some((day) => day === -1 || day <= LONGEST_MONTH[month - 1]!));
    if (!meet) return undefined;
  }
  return rule;
}

const dayText = (day: RecurrenceDay) =>
  `${day.nth === undefined ? '' : day.nth > 0 ? `+${day.nth}` : String(day.nth)}${RECURRENCE_WEEKDAYS[day.weekday]}`;

/**
 * The stored text of a rule: FREQ, INTERVAL, BYDAY, BYMONTHDAY, BYMONTH, as the rrule library writes
 * them (the quick-add parser's rules come back unchanged), values in order and once.
 */
export function formatRecurrence(rule: Recurrence): string {
  const parts = [`FREQ=${rule.freq}`, `INTERVAL=${rule.interval}`];
  if (rule.byDay.length) parts.push(`BYDAY=${rule.byDay.map(dayText).join(',')}`);
  if (rule.byMonthDay.length) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`);
  if (rule.byMonth.length) parts.push(`BYMONTH=${rule.byMonth.join(',')}`);
  return parts.join(';');
}

/**
 * A task's `recurrence` in a request: a rule (stored in its canonical text), or null / '' for none.
 * Anything else, of any type, gets the one message.
 */
export const RecurrenceField = z
  .union([z.string().max(RECURRENCE_MAX, RECURRENCE_MESSAGE), z.null()], { error: RECURRENCE_MESSAGE })
  .transform((value, context) => {
    if (value === null || value.trim() === '') return null;
    const rule = parseRecurrence(value);
    if (!rule) {
      context.issues.push({ code: 'custom', message: RECURRENCE_MESSAGE, input: value });
      return z.NEVER;
    }
    return formatRecurrence(rule);
  });

export const RecurrenceFrom = z.enum(RECURRENCE_FROM, { error: RECURRENCE_FROM_MESSAGE });
