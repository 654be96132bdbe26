import type { TFunction } from 'i18next';
import type { Recurrence } from '../../../common/schemas/recurrence.ts';

/** 2024-01-01 was a Monday: a reference week to name weekdays (0 = Monday) in any language through Intl. */
const weekdayName = (weekday: number, language: string) =>
  new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + weekday)));

const listOf = (items: string[], language: string) => new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);

const NTH = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' } as const;

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
      if (nthDay && rule.byDay.length === 1)
        return t(`repeat.monthlyNth.${NTH[nthDay.nth!]}`, { weekday: weekdayName(nthDay.weekday, language) });
      if (rule.byMonthDay.length === 1 && rule.byMonthDay[0] === -1) return t('repeat.monthlyLastDay');
      if (rule.byMonthDay.length === 1)
        return t('repeat.monthlyOnDay', { count, day: new Intl.NumberFormat(language).format(rule.byMonthDay[0]!) });
      return t('repeat.monthly', { count });
    case 'YEARLY':
      if (count === 1 && rule.byMonth.length === 1 && rule.byMonthDay.length === 1 && rule.byMonthDay[0]! > 0) {
        const day = new Date(Date.UTC(2024, rule.byMonth[0]! - 1, rule.byMonthDay[0]));
        return t('repeat.yearlyOn', {
          date: new Intl.DateTimeFormat(language, { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(day),
        });
      }
      return t('repeat.yearly', { count });
  }
}

/** A time of day (HH:MM) as the language writes it ("5:00 PM", "17:00", "५:०० pm"). */
export function timeText(time: string, language: string): string {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1, hour, minute)),
  );
}
