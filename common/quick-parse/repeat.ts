/**
 * Repeat rules as RFC 5545 RRULEs, through the rrule library (issue 21: recurrence is stored as an
 * RRULE). Dates here are calendar days: rrule is given them as UTC midnights and answers in kind.
 */
import * as rruleModule from 'rrule';
import { formatRecurrence, type Recurrence } from '../schemas/recurrence.ts';
import { WEEKDAYS, type RepeatRule, type Weekday } from './types.ts';

// rrule ships an ES module for bundlers and a CommonJS build for Node, whose named exports Node
// cannot see; the namespace holds them directly (Vite) or under `default` (Node).
const { RRule } = (rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule;

const FREQUENCIES = { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY, yearly: RRule.YEARLY } as const;
const RRULE_WEEKDAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];

function utcDay(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

function ruleFor(rule: RepeatRule, start: string) {
  const weekday = (code: (typeof WEEKDAYS)[number]) => RRULE_WEEKDAYS[WEEKDAYS.indexOf(code)]!;
  return new RRule({
    freq: FREQUENCIES[rule.freq],
    interval: rule.interval,
    dtstart: utcDay(start),
    ...(rule.byWeekday && { byweekday: rule.byWeekday.map(weekday) }),
    ...(rule.byNthWeekday && { byweekday: [weekday(rule.byNthWeekday.weekday).nth(rule.byNthWeekday.pos)] }),
    ...(rule.byMonthDay !== undefined && { bymonthday: [rule.byMonthDay] }),
    ...(rule.byMonth !== undefined && { bymonth: [rule.byMonth] }),
  });
}

/** The rule as the API stores and validates it (common/schemas/recurrence.ts). */
export function toRecurrence(rule: RepeatRule): Recurrence {
  const weekday = (code: Weekday) => WEEKDAYS.indexOf(code);
  return {
    freq: rule.freq.toUpperCase() as Recurrence['freq'],
    interval: rule.interval,
    byDay: rule.byNthWeekday
      ? [{ weekday: weekday(rule.byNthWeekday.weekday), nth: rule.byNthWeekday.pos }]
      : (rule.byWeekday ?? []).map((code) => ({ weekday: weekday(code) })),
    byMonthDay: rule.byMonthDay === undefined ? [] : [rule.byMonthDay],
    byMonth: rule.byMonth === undefined ? [] : [rule.byMonth],
  };
}

/** The RRULE value (without DTSTART): what is stored with the task. */
export function toRRule(rule: RepeatRule): string {
  return formatRecurrence(toRecurrence(rule));
}

/** The first day on or after `from` that the rule falls on ("every monday" typed on a Wednesday → the coming Monday). */
export function firstOccurrence(rule: RepeatRule, from: string): string | undefined {
  // The cycle starts at the first day that fits: "every other tuesday" typed on a Wednesday is the
  // coming Tuesday, then every second one after it (counted from `from`, rrule would skip a week).
  const next = ruleFor({ ...rule, interval: 1 }, from).after(utcDay(from), true);
  return next ? next.toISOString().slice(0, 10) : undefined;
}
