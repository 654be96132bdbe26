import type { TFunction } from 'i18next';
import type { Recurrence } from '../../../common/schemas/recurrence.ts';

// Cards show times without the repeat phrases: timeText lives apart, so the dashboard's bundle does not carry them.
export { timeText } from './due-time.ts';

/** 2024-01-01 was a Monday: a reference week to name weekdays (0 = Monday) in any language through Intl. */
export const weekdayName = (weekday: number, language: string, width: 'long' | 'short' = 'long') =>
  new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + weekday)));

const listOf = (items: string[], language: string) => new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);

export const NTH = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' } as const;

/** A day of the year without its year ("March 5", "5 mars"); 2024 is a leap year, so 29 February has one. */
export const monthDayText = (month: number, day: number, language: string) =>
  new Intl.DateTimeFormat(language, { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, month - 1, day)));

/**
 * A repeat rule in words ("Every 2 weeks on Monday and Thursday") for chips, cards and dialogs; `t`
 * is the schedule namespace's. Rules the API accepts but no phrase here names (several days of the
 * month, several months) fall back to their frequency ("Every month").
 */
export function repeatText(rule: Recurrence, t: TFunction<'schedule'>, language: string): string {
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
