import type { TFunction } from 'i18next';
import { WEEKDAYS, type RepeatRule, type Weekday } from '../../../common/quick-parse/types.ts';

/** 2024-01-01 was a Monday: a reference week to name weekdays in any language through Intl. */
const weekdayName = (weekday: Weekday, language: string, width: 'long' | 'short') =>
  new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(weekday))));

const listOf = (items: string[], language: string) => new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);

const NTH = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' } as const;

/** A repeat rule in words ("Every 2 weeks on Monday and Thursday"), for chips, cards and dialogs; `t` is the schedule namespace's. */
export function repeatText(rule: RepeatRule, t: TFunction<'schedule'>, language: string): string {
  const count = rule.interval;
  switch (rule.freq) {
    case 'daily':
      return t('repeat.daily', { count });
    case 'weekly': {
      const days = rule.byWeekday ?? [];
      if (count === 1 && days.join() === 'MO,TU,WE,TH,FR') return t('repeat.weekdays');
      if (days.length === 0) return t('repeat.weekly', { count });
      return t('repeat.weeklyOn', {
        count,
        days: listOf(
          days.map((day) => weekdayName(day, language, 'long')),
          language,
        ),
      });
    }
    case 'monthly':
      if (rule.byNthWeekday)
        return t(`repeat.monthlyNth.${NTH[rule.byNthWeekday.pos]}`, { weekday: weekdayName(rule.byNthWeekday.weekday, language, 'long') });
      if (rule.byMonthDay === -1) return t('repeat.monthlyLastDay');
      if (rule.byMonthDay) return t('repeat.monthlyOnDay', { count, day: new Intl.NumberFormat(language).format(rule.byMonthDay) });
      return t('repeat.monthly', { count });
    case 'yearly':
      if (rule.byMonth && rule.byMonthDay) {
        const date = new Intl.DateTimeFormat(language, { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
          new Date(Date.UTC(2024, rule.byMonth - 1, rule.byMonthDay)),
        );
        return t('repeat.yearlyOn', { date });
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
