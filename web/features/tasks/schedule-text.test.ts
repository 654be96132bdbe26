import i18next, { type TFunction } from 'i18next';
import { describe, expect, test } from 'vitest';
import { parseRecurrence } from '../../../common/schemas/recurrence.ts';
import ar from '../../i18n/locales/ar/schedule.json';
import de from '../../i18n/locales/de/schedule.json';
import en from '../../i18n/locales/en/schedule.json';
import { repeatText, timeText } from './schedule-text.ts';

async function wordsIn(language: string, texts: object): Promise<TFunction<'schedule'>> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { [language]: { schedule: texts } },
    defaultNS: 'schedule',
    interpolation: { escapeValue: false },
  });
  return i18n.getFixedT(language, 'schedule') as TFunction<'schedule'>;
}

const say = (rule: string, t: TFunction<'schedule'>, language: string) => repeatText(parseRecurrence(rule)!, t, language);

describe('repeat rules in words', () => {
  test('English names every kind of rule the API stores', async () => {
    const t = await wordsIn('en', en);
    expect(say('FREQ=DAILY;INTERVAL=1', t, 'en')).toBe('Every day');
    expect(say('FREQ=DAILY;INTERVAL=3', t, 'en')).toBe('Every 3 days');
    expect(say('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR', t, 'en')).toBe('Every weekday');
    expect(say('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH', t, 'en')).toBe('Every Monday and Thursday');
    expect(say('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', t, 'en')).toBe('Every 2 weeks on Tuesday');
    expect(say('FREQ=WEEKLY;INTERVAL=1', t, 'en')).toBe('Every week');
    expect(say('FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=15', t, 'en')).toBe('Every month on day 15');
    expect(say('FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=-1', t, 'en')).toBe('Every month on its last day');
    expect(say('FREQ=MONTHLY;INTERVAL=1;BYDAY=-1FR', t, 'en')).toBe('Every month on the last Friday');
    expect(say('FREQ=YEARLY;INTERVAL=1;BYMONTH=3;BYMONTHDAY=5', t, 'en')).toBe('Every year on March 5');
    expect(say('FREQ=YEARLY;INTERVAL=2', t, 'en')).toBe('Every 2 years');
  });

  test('Arabic uses its dual; German its own list and 24-hour times', async () => {
    const tAr = await wordsIn('ar', ar);
    expect(say('FREQ=DAILY;INTERVAL=2', tAr, 'ar')).toBe('كل يومين');
    expect(say('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH', tAr, 'ar')).toContain('الاثنين والخميس');
    const tDe = await wordsIn('de', de);
    expect(say('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH', tDe, 'de')).toBe('Alle 2 Wochen am Montag und Donnerstag');
    expect(timeText('17:30', 'de')).toBe('17:30');
    expect(timeText('17:30', 'en')).toBe('5:30 PM');
    expect(timeText('09:05', 'ar')).toBe('9:05 ص');
  });

  test('rules with an interval say it, whatever they fall on (issue 21: the dialog makes them)', async () => {
    const t = await wordsIn('en', en);
    expect(say('FREQ=MONTHLY;INTERVAL=2;BYDAY=-1FR', t, 'en')).toBe('Every 2 months on the last Friday');
    expect(say('FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=-1', t, 'en')).toBe('Every 3 months on the last day');
    expect(say('FREQ=YEARLY;INTERVAL=2;BYMONTH=2;BYMONTHDAY=29', t, 'en')).toBe('Every 2 years on February 29');
    const tAr = await wordsIn('ar', ar);
    expect(say('FREQ=MONTHLY;INTERVAL=2;BYDAY=+1MO', tAr, 'ar')).toBe('يوم الاثنين الأول كل شهرين');
    expect(say('FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=-1', tAr, 'ar')).toBe('في آخر يوم كل 3 أشهر');
    const tDe = await wordsIn('de', de);
    expect(say('FREQ=YEARLY;INTERVAL=2;BYMONTH=3;BYMONTHDAY=5', tDe, 'de')).toBe('Alle 2 Jahre am 5. März');
  });
});
