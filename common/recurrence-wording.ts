import { parseRecurrence, type Recurrence, type RecurrenceOrdinal } from './schemas/recurrence.ts';

/**
 * A repeat rule in words (issue 21: "Shown on cards, in the dialogs, the PDF/Word export"). One
 * wording for the web app and the server's export: the sentences are the web app's `schedule`
 * namespace (web/i18n/locales/<language>/schedule.json), which the web app reads through i18next
 * and the export through its own copy of those keys (server/export/schedule-texts.ts, held equal
 * to the web's files by a test); names of days and months come from Intl.
 */

/**
 * Looks up a `schedule` key (`repeat.weeklyOn`) with i18next's rules: a `count` picks the plural
 * form (`repeat.weeklyOn_other`), `{{name}}` takes a value.
 */
export type ScheduleTranslate = (key: string, values?: Record<string, string | number>) => string;

/** 2024-01-01 was a Monday: a reference week to name weekdays (0 = Monday) in any language through Intl. */
export const weekdayName = (weekday: number, language: string, width: 'long' | 'short' = 'long') =>
  new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + weekday)));

const listOf = (items: string[], language: string) => new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);

export const NTH = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' } as const;

/** A day of the year without its year ("March 5", "5 mars"); 2024 is a leap year, so 29 February has one. */
export const monthDayText = (month: number, day: number, language: string) =>
  new Intl.DateTimeFormat(language, { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, month - 1, day)));

/**
 * A repeat rule in words ("Every 2 weeks on Monday and Thursday"). Rules the API accepts but no
 * phrase here names (several days of the month, several months) fall back to their frequency
 * ("Every month").
 */
export function repeatText(rule: Recurrence, t: ScheduleTranslate, language: string): string {
  const count = rule.interval;
  const [nthDay] = rule.byDay.filter((day) => day.nth !== undefined);
  switch (rule.freq) {
    case 'DAILY':
      return t('repeat.daily', { count });
    case 'WEEKLY': {
      const days = rule.byDay.map((day) => day.weekday);
      if (count === 1 && days.join() === '0,1,2,3,4') return t('repeat.weekdays');
      if (days.length === 0) return t('repeat.weekly', { count });
      return t('repeat.weeklyOn', {
        count,
        days: listOf(
          days.map((day) => weekdayName(day, language)),
          language,
        ),
      });
    }
    case 'MONTHLY':
      if (nthDay && rule.byDay.length === 1) {
        const weekday = weekdayName(nthDay.weekday, language);
        return count === 1
          ? t(`repeat.monthlyNth.${NTH[nthDay.nth!]}`, { weekday })
          : t('repeat.monthlyNthEvery', { count, weekday, nth: t(`repeat.nth.${NTH[nthDay.nth!]}`) });
      }
      if (rule.byMonthDay.length === 1 && rule.byMonthDay[0] === -1)
        return count === 1 ? t('repeat.monthlyLastDay') : t('repeat.monthlyLastDayEvery', { count });
      if (rule.byMonthDay.length === 1)
        return t('repeat.monthlyOnDay', { count, day: new Intl.NumberFormat(language).format(rule.byMonthDay[0]!) });
      return t('repeat.monthly', { count });
    case 'YEARLY':
      if (rule.byMonth.length === 1 && rule.byMonthDay.length === 1 && rule.byMonthDay[0]! > 0) {
        const date = monthDayText(rule.byMonth[0]!, rule.byMonthDay[0]!, language);
        return count === 1 ? t('repeat.yearlyOn', { date }) : t('repeat.yearlyOnEvery', { count, date });
      }
      return t('repeat.yearly', { count });
  }
}

/** A calendar day's parts: weekday (0 = Monday), day of the month, month (1–12), and which of its weekday in the month it is. */
export function dayParts(day: string) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(year, month - 1, date));
  // A fifth of its weekday is the month's last: no month has a fifth of every weekday.
  const nth = (date > 28 ? -1 : Math.ceil(date / 7)) as RecurrenceOrdinal;
  return { weekday: (utc.getUTCDay() + 6) % 7, date, month, nth };
}

/**
 * The rule as it will be followed, for wording it: on a fixed schedule a rule without a day takes
 * the due date's (DTSTART's), so "Weekly" from a Monday is "Every Monday". Counted from completion
 * it has no such day, and is worded as it is.
 */
export function ruleAsFollowed(rule: Recurrence, from: string, reference: string): Recurrence {
  if (from !== 'due_date') return rule;
  const parts = dayParts(reference);
  if (rule.freq === 'WEEKLY' && !rule.byDay.length) return { ...rule, byDay: [{ weekday: parts.weekday }] };
  if (rule.freq === 'MONTHLY' && !rule.byDay.length && !rule.byMonthDay.length) return { ...rule, byMonthDay: [parts.date] };
  if (rule.freq === 'YEARLY' && !rule.byDay.length && !rule.byMonth.length && !rule.byMonthDay.length)
    return { ...rule, byMonth: [parts.month], byMonthDay: [parts.date] };
  return rule;
}

/**
 * A task's rule in words as it will be followed ("Every Monday", "Every week, counted from each
 * completion"); undefined without one. `from` is the task's `recurrence_from`, `reference` its due
 * date (or the reader's today, without one).
 */
export function repeatSummary(
  text: string | null | undefined,
  from: string,
  reference: string,
  t: ScheduleTranslate,
  language: string,
): string | undefined {
  const rule = text ? parseRecurrence(text) : undefined;
  if (!rule) return undefined;
  const words = repeatText(ruleAsFollowed(rule, from, reference), t, language);
  return from === 'completion' ? t('picker.afterCompletion', { rule: words }) : words;
}
