import type { TFunction } from 'i18next';
import { dayParts, repeatSummary as summaryInWords } from '../../../common/recurrence-wording.ts';
import {
  formatRecurrence,
  parseRecurrence,
  type Recurrence,
  type RecurrenceDay,
  type RecurrenceOrdinal,
} from '../../../common/schemas/recurrence.ts';

// The wording is shared with the server's PDF/Word export (issue 21), so both say a rule the same way.
export { dayParts, ruleAsFollowed } from '../../../common/recurrence-wording.ts';

/**
 * The repeat control's model (issue 21): what the add/edit dialog shows of a task's `recurrence`
 * RRULE, and back. Every choice the control offers is one RRULE and every such RRULE reads back as
 * the same choice, so opening a task and saving it untouched writes the rule it had. Rules the API
 * accepts but the control cannot show (several days of the month, monthly in given months…) are
 * `custom`: kept as they are until another choice replaces them.
 */
export type RepeatKind = 'none' | 'daily' | 'weekdays' | 'weekly' | 'monthly' | 'yearly' | 'custom';
export type MonthlyBy = 'day' | 'lastDay' | 'nth';

export interface RepeatState {
  kind: RepeatKind;
  /** Every N days, weeks, months or years (1 for weekdays, none and custom). */
  interval: number;
  /** Weekly: these weekdays (0 = Monday); none for a rule without BYDAY, which falls on the due date's weekday. */
  days: number[];
  monthlyBy: MonthlyBy;
  /** Monthly on a day: 1–31; undefined for a rule without BYMONTHDAY, which takes the due date's day. */
  monthDay?: number | undefined;
  /** Monthly on the n-th weekday: which (1–4, or -1 the last) and which weekday (0 = Monday). */
  nth: RecurrenceOrdinal;
  nthWeekday: number;
  /** Yearly on a month and day the rule names (BYMONTH and BYMONTHDAY); undefined: the due date's. */
  yearDate?: { month: number; day: number } | undefined;
  /** Custom: the rule as stored. */
  rule?: string | undefined;
}

export const WEEKDAYS_MON_FRI = [0, 1, 2, 3, 4];

const base = (kind: RepeatKind, interval = 1): RepeatState => ({ kind, interval, days: [], monthlyBy: 'day', nth: 1, nthWeekday: 0 });

export const NO_REPEAT: RepeatState = base('none');

const sameDays = (days: number[], wanted: number[]) => days.length === wanted.length && days.every((day, i) => day === wanted[i]);

/** The control's state of a stored rule ('' or null: no repeat). */
export function readRepeat(text: string | null | undefined): RepeatState {
  if (!text) return NO_REPEAT;
  const rule = parseRecurrence(text);
  if (!rule) return { ...base('custom'), rule: text };
  const { freq, interval, byDay, byMonthDay, byMonth } = rule;
  const plain = byDay.every((day) => day.nth === undefined);
  const custom = { ...base('custom'), rule: formatRecurrence(rule) };
  switch (freq) {
    case 'DAILY':
      return byDay.length || byMonthDay.length || byMonth.length ? custom : base('daily', interval);
    case 'WEEKLY': {
      if (byMonth.length || !plain) return custom;
      const days = byDay.map((day) => day.weekday);
      if (interval === 1 && sameDays(days, WEEKDAYS_MON_FRI)) return base('weekdays');
      return { ...base('weekly', interval), days };
    }
    case 'MONTHLY': {
      if (byMonth.length) return custom;
      const monthly = base('monthly', interval);
      if (!byDay.length && !byMonthDay.length) return monthly;
      if (!byDay.length && byMonthDay.length === 1)
        return byMonthDay[0] === -1 ? { ...monthly, monthlyBy: 'lastDay' } : { ...monthly, monthDay: byMonthDay[0] };
      const [only] = byDay;
      if (!byMonthDay.length && byDay.length === 1 && only?.nth !== undefined)
        return { ...monthly, monthlyBy: 'nth', nth: only.nth, nthWeekday: only.weekday };
      return custom;
    }
    case 'YEARLY': {
      if (byDay.length) return custom;
      if (!byMonth.length && !byMonthDay.length) return base('yearly', interval);
      if (byMonth.length === 1 && byMonthDay.length === 1 && byMonthDay[0]! > 0)
        return { ...base('yearly', interval), yearDate: { month: byMonth[0]!, day: byMonthDay[0]! } };
      return custom;
    }
  }
}

/** The parsed rule of a state (undefined for none and custom). */
export function repeatRecurrence(state: RepeatState): Recurrence | undefined {
  const rule = (freq: Recurrence['freq'], parts: Partial<Recurrence> = {}): Recurrence => ({
    freq,
    interval: state.interval,
    byDay: [],
    byMonthDay: [],
    byMonth: [],
    ...parts,
  });
  const plainDays = (days: number[]): RecurrenceDay[] => [...new Set(days)].sort((a, b) => a - b).map((weekday) => ({ weekday }));
  switch (state.kind) {
    case 'none':
    case 'custom':
      return undefined;
    case 'daily':
      return rule('DAILY');
    case 'weekdays':
      return { ...rule('WEEKLY', { byDay: plainDays(WEEKDAYS_MON_FRI) }), interval: 1 };
    case 'weekly':
      return rule('WEEKLY', { byDay: plainDays(state.days) });
    case 'monthly':
      if (state.monthlyBy === 'lastDay') return rule('MONTHLY', { byMonthDay: [-1] });
      if (state.monthlyBy === 'nth') return rule('MONTHLY', { byDay: [{ weekday: state.nthWeekday, nth: state.nth }] });
      return rule('MONTHLY', state.monthDay === undefined ? {} : { byMonthDay: [state.monthDay] });
    case 'yearly':
      return rule('YEARLY', state.yearDate ? { byMonth: [state.yearDate.month], byMonthDay: [state.yearDate.day] } : {});
  }
}

/** The stored rule of a state: '' for none, the rule as it came for custom. */
export function writeRepeat(state: RepeatState): string {
  if (state.kind === 'custom') return state.rule ?? '';
  const rule = repeatRecurrence(state);
  return rule ? formatRecurrence(rule) : '';
}

/**
 * The state a choice in the control starts from: what it had, where it fits the new kind (the
 * interval), and otherwise the due date's (`reference`: the due date, or today without one): weekly
 * on its weekday, monthly on its day. A rule without those parts follows the due date, so the
 * first choice writes none.
 */
export function chooseKind(state: RepeatState, kind: RepeatKind, reference: string, original?: RepeatState): RepeatState {
  if (kind === state.kind) return state;
  if (kind === 'custom') return original?.kind === 'custom' ? original : NO_REPEAT;
  const interval = ['daily', 'weekly', 'monthly', 'yearly'].includes(state.kind) ? state.interval : 1;
  const parts = dayParts(reference);
  switch (kind) {
    case 'none':
    case 'weekdays':
      return base(kind);
    case 'daily':
    case 'yearly':
      return base(kind, interval);
    case 'weekly':
      return base('weekly', interval);
    case 'monthly':
      return { ...base('monthly', interval), nth: parts.nth, nthWeekday: parts.weekday };
  }
}

/** Monthly: a way of choosing the day, with the due date's day or its n-th weekday to start from. */
export function chooseMonthlyBy(state: RepeatState, by: MonthlyBy, reference: string): RepeatState {
  const parts = dayParts(reference);
  if (by === 'nth' && state.monthlyBy !== 'nth') return { ...state, monthlyBy: by, nth: parts.nth, nthWeekday: parts.weekday };
  return { ...state, monthlyBy: by };
}

/** Weekly: the days shown as chosen (a rule without BYDAY: the due date's weekday). */
export function shownDays(state: RepeatState, reference: string): number[] {
  return state.days.length ? state.days : [dayParts(reference).weekday];
}

/** Weekly: one day pressed or released; the last chosen day stays (a weekly rule falls on at least one). */
export function toggleDay(state: RepeatState, weekday: number, reference: string): RepeatState {
  const days = shownDays(state, reference);
  const next = days.includes(weekday) ? days.filter((day) => day !== weekday) : [...days, weekday].sort((a, b) => a - b);
  return next.length ? { ...state, days: next } : state;
}

/**
 * A task's rule in words as it will be followed ("Every Monday", "Every week, counted from each
 * completion"); undefined without one. `t` is the schedule namespace's.
 */
export function repeatSummary(
  text: string | null,
  from: string,
  reference: string,
  t: TFunction<'schedule'>,
  language: string,
): string | undefined {
  return summaryInWords(text, from, reference, t, language);
}
