import { createRequire } from 'node:module';
import type * as rruleModule from 'rrule';
import { parseRecurrence, RECURRENCE_WEEKDAYS, type Recurrence } from '../../common/schemas/recurrence.ts';

/**
 * Following a task's repeat rule (issue 21, decision 020). Rules are the RRULE subset that
 * common/schemas/recurrence.ts accepts; dates are calendar days (`YYYY-MM-DD`), so no time zone or
 * change of clocks enters here (the caller decides which day "today" is, common/time-zone.ts).
 *
 * The dates are those of the rrule library (RFC 5545) for a rule whose DTSTART is the task's due
 * date, and the tests hold them to it (recurrence.test.ts asks rrule's `between` for random rules).
 * They are computed here rather than by rrule's `after()` because rrule looks for a date until the
 * year 9999: a rule that never falls from its start (`FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29`
 * from 2026, `FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=31` from April) kept it busy for up to 17 s, a
 * request any client could send. Here the search ends after 400 years, the Gregorian calendar's
 * whole cycle (weekdays included): a rule with no date in it answers "none", in a few milliseconds
 * at worst.
 */

// rrule loads when a rule is first set, not with the server (its cold start has little room:
// docs/performance.md); its CommonJS build, the one Node runs.
let loaded: typeof rruleModule.RRule | undefined;
const rrule = () => (loaded ??= (createRequire(import.meta.url)('rrule') as typeof rruleModule).RRule);

/** 400 Gregorian years in days: after it every month starts on the same weekday again. */
const HORIZON_DAYS = 146_097;

// Calendar days as numbers of days since 1970-01-01 (Howard Hinnant's civil-date algorithms).
function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function civil(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const monthLength = (year: number, month: number) => (month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31);
/** 0 = Monday … 6 = Sunday; 1970-01-01 was a Thursday. */
const weekdayOf = (days: number) => (((days + 3) % 7) + 7) % 7;

function parseDay(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return dayNumber(year, month, day);
}
function formatDay(days: number): string {
  const { year, month, day } = civil(days);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The last day a task may be due: dates are YYYY-MM-DD. */
const LAST_DAY = dayNumber(9999, 12, 31);

/**
 * The rule with the parts rrule takes from DTSTART when a rule names no day (RFC 5545): weekly on
 * the start's weekday, monthly on its day of the month, yearly on its month and day.
 */
function withStartDefaults(rule: Recurrence, start: number): Recurrence {
  if (rule.byDay.length || rule.byMonthDay.length) return rule;
  const { month, day } = civil(start);
  switch (rule.freq) {
    case 'DAILY':
      return rule;
    case 'WEEKLY':
      return { ...rule, byDay: [{ weekday: weekdayOf(start) }] };
    case 'MONTHLY':
      return { ...rule, byMonthDay: [day] };
    case 'YEARLY':
      return { ...rule, byMonth: rule.byMonth.length ? rule.byMonth : [month], byMonthDay: [day] };
  }
}

/** A non-negative remainder. */
const modulo = (a: number, b: number) => ((a % b) + b) % b;

/**
 * The first day in [first, last] that the rule (its defaults already filled in) falls on, its
 * interval counted from `start`'s period, or undefined. Walks month by month with masks, skipping
 * months its BYMONTH or its interval leaves out: the 400 years of a rule that never falls take a
 * few milliseconds.
 */
function scan(rule: Recurrence, start: number, first: number, last: number): number | undefined {
  const months = new Array<boolean>(13).fill(rule.byMonth.length === 0);
  for (const month of rule.byMonth) months[month] = true;
  const monthDays = new Array<boolean>(32).fill(rule.byMonthDay.length === 0);
  for (const day of rule.byMonthDay) if (day > 0) monthDays[day] = true;
  const lastMonthDay = rule.byMonthDay.includes(-1);
  // Per weekday: any of it (plain BYDAY), or which of its n-th (bit n) and the last (bit 0).
  const weekdays = new Array<number>(7).fill(rule.byDay.length === 0 ? -1 : 0);
  for (const day of rule.byDay)
    weekdays[day.weekday] = day.nth === undefined ? -1 : weekdays[day.weekday]! | (1 << (day.nth === -1 ? 0 : day.nth));
  const interval = rule.interval;
  const startWeek = Math.floor((start - 4) / 7);
  const { year: startYear, month: startMonthOfYear } = civil(start);
  const startMonth = startYear * 12 + startMonthOfYear - 1;

  let { year, month } = civil(first);
  for (;;) {
    const monthStart = dayNumber(year, month, 1);
    if (monthStart > last) return undefined;
    const length = monthLength(year, month);
    const inPhase =
      rule.freq === 'MONTHLY'
        ? modulo(year * 12 + month - 1 - startMonth, interval) === 0
        : rule.freq === 'YEARLY'
          ? modulo(year - startYear, interval) === 0
          : true;
    if (months[month] && inPhase) {
      let from = Math.max(first, monthStart);
      const to = Math.min(last, monthStart + length - 1);
      const step = rule.freq === 'DAILY' ? interval : 1;
      if (step > 1) from += modulo(start - from, step);
      for (let days = from; days <= to; days += step) {
        const day = days - monthStart + 1;
        if (!(monthDays[day] || (lastMonthDay && day === length))) continue;
        if (rule.freq === 'WEEKLY' && modulo(Math.floor((days - 4) / 7) - startWeek, interval) !== 0) continue;
        const wanted = weekdays[weekdayOf(days)]!;
        if (wanted === 0) continue;
        if (wanted !== -1 && !(wanted & (1 << Math.floor((day - 1) / 7 + 1))) && !(wanted & 1 && day + 7 > length)) continue;
        return days;
      }
    }
    if (month === 12) {
      year += 1;
      month = 1;
    } else month += 1;
  }
}

/**
 * The first day after `after` (or on it, when `inclusive`) in the series the rule makes from
 * `start` (its DTSTART: the periods it counts its interval from and the parts it defaults to), or
 * undefined when there is none within 400 years or before the year 10000.
 */
function occurrenceAfter(rule: Recurrence, start: number, after: number, inclusive: boolean): number | undefined {
  const first = Math.max(inclusive ? after : after + 1, start);
  return scan(withStartDefaults(rule, start), start, first, Math.min(first + HORIZON_DAYS, LAST_DAY));
}

/**
 * The next date of a fixed schedule: the rule's first occurrence strictly after `dueDate`, the
 * schedule counted from `dueDate` itself. One step, also when that date is already past (a task
 * completed late comes back at its next date, not at today's: decision 020).
 */
export function nextOccurrence(rule: Recurrence, dueDate: string): string | undefined {
  const start = parseDay(dueDate);
  const next = occurrenceAfter(rule, start, start, false);
  return next === undefined ? undefined : formatDay(next);
}

/**
 * The first date on or after `from` that the rule falls on, its interval counted from there ("every
 * other Tuesday" set on a Wednesday is the coming Tuesday, then every second one): a repeating task
 * given no due date gets this one, from its owner's today. The same as the quick-add parser's.
 */
export function firstOccurrence(rule: Recurrence, from: string): string | undefined {
  const start = parseDay(from);
  const next = occurrenceAfter({ ...rule, interval: 1 }, start, start, true);
  return next === undefined ? undefined : formatDay(next);
}

/** A day moved by whole months or years, kept in its month: 31 January + 1 month = 28 (29) February. */
function addMonths(days: number, months: number): number {
  const { year, month, day } = civil(days);
  const index = year * 12 + month - 1 + months;
  const toYear = Math.floor(index / 12);
  const toMonth = index - toYear * 12 + 1;
  return dayNumber(toYear, toMonth, Math.min(day, monthLength(toYear, toMonth)));
}

/**
 * The next date of a rule counted from completion: the completion day plus the rule's interval in
 * its unit (days, weeks, months kept in their month, years), then, when the rule names weekdays,
 * days or months, the first day from there that it names ("every 2 weeks on Monday after
 * completion": two weeks on, then the next Monday).
 */
export function occurrenceAfterCompletion(rule: Recurrence, completedOn: string): string | undefined {
  const completed = parseDay(completedOn);
  const base =
    rule.freq === 'DAILY'
      ? completed + rule.interval
      : rule.freq === 'WEEKLY'
        ? completed + 7 * rule.interval
        : addMonths(completed, rule.freq === 'MONTHLY' ? rule.interval : 12 * rule.interval);
  if (base > LAST_DAY) return undefined;
  if (!rule.byDay.length && !rule.byMonthDay.length && !rule.byMonth.length) return formatDay(base);
  // Only the parts the rule names: from completion nothing is taken from a start date.
  const next = occurrenceAfter({ ...rule, freq: 'DAILY', interval: 1 }, base, base, true);
  return next === undefined ? undefined : formatDay(next);
}

const frequencyOf = (freq: Recurrence['freq']) => rrule()[freq];

/** rrule's options for a rule and a start day: what the tests and `rruleAgrees` hand the library. */
export function rruleOptions(rule: Recurrence, start: string) {
  const RRule = rrule();
  const RRULE_DAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];
  return {
    freq: frequencyOf(rule.freq),
    interval: rule.interval,
    dtstart: new Date(`${start}T00:00:00.000Z`),
    ...(rule.byDay.length && {
      byweekday: rule.byDay.map((day) => (day.nth === undefined ? RRULE_DAYS[day.weekday]! : RRULE_DAYS[day.weekday]!.nth(day.nth))),
    }),
    ...(rule.byMonthDay.length && { bymonthday: rule.byMonthDay }),
    ...(rule.byMonth.length && { bymonth: rule.byMonth }),
  };
}

/**
 * Whether the rrule library reads a stored rule text as we do: it parses it, and finds the same
 * parts. A second opinion on every rule a request sets (the shared schema, which the web app
 * bundles, checks the text without rrule).
 */
export function rruleAgrees(text: string): boolean {
  const rule = parseRecurrence(text);
  if (!rule) return false;
  const RRule = rrule();
  try {
    const options = RRule.parseString(text);
    const parsed = new RRule({ ...options, dtstart: new Date(Date.UTC(2000, 0, 1)) }).origOptions;
    const days = (parsed.byweekday === undefined || parsed.byweekday === null ? [] : [parsed.byweekday].flat()).map((day) =>
      typeof day === 'number'
        ? { weekday: day }
        : typeof day === 'string'
          ? { weekday: RECURRENCE_WEEKDAYS.indexOf(day) }
          : { weekday: day.weekday, nth: day.n },
    );
    const list = (value: number | number[] | null | undefined) => (value === undefined || value === null ? [] : [value].flat());
    return (
      parsed.freq === frequencyOf(rule.freq) &&
      (parsed.interval ?? 1) === rule.interval &&
      days.length === rule.byDay.length &&
      days.every((day, index) => day.weekday === rule.byDay[index]!.weekday && (day.nth || undefined) === rule.byDay[index]!.nth) &&
      list(parsed.bymonthday).join() === rule.byMonthDay.join() &&
      list(parsed.bymonth).join() === rule.byMonth.join() &&
      parsed.count == null &&
      parsed.until == null
    );
  } catch {
    return false;
  }
}
