import i18next, { type TFunction } from 'i18next';
import { describe, expect, test } from 'vitest';
import { LANGUAGE_CODES } from '../../../common/locales.ts';
import { formatRecurrence, parseRecurrence } from '../../../common/schemas/recurrence.ts';
import en from '../../i18n/locales/en/schedule.json';
import {
  chooseKind,
  chooseMonthlyBy,
  dayParts,
  NO_REPEAT,
  readRepeat,
  repeatSummary,
  shownDays,
  toggleDay,
  writeRepeat,
  type RepeatState,
} from './repeat-rule.ts';
import { repeatText } from './schedule-text.ts';

// A Thursday, the 18th of March 2027: the third Thursday of its month.
const DUE = '2027-03-18';

/** Every kind the control offers, as a person would make it from a due date: the state, and the rule it writes. */
function madeInTheControl(): Array<[string, RepeatState, string]> {
  const from = (kind: Parameters<typeof chooseKind>[1]) => chooseKind(NO_REPEAT, kind, DUE);
  const weekly = from('weekly');
  const monthly = from('monthly');
  return [
    ['none', from('none'), ''],
    ['daily', from('daily'), 'FREQ=DAILY;INTERVAL=1'],
    ['every 3 days', { ...from('daily'), interval: 3 }, 'FREQ=DAILY;INTERVAL=3'],
    ['weekdays', from('weekdays'), 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR'],
    ['weekly (on the due date’s weekday)', weekly, 'FREQ=WEEKLY;INTERVAL=1'],
    ['weekly on Monday and Thursday', toggleDay(weekly, 0, DUE), 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH'],
    ['every 2 weeks on Tuesday and Saturday', { ...weekly, interval: 2, days: [5, 1] }, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SA'],
    ['every 2 weeks on weekdays', { ...weekly, interval: 2, days: [0, 1, 2, 3, 4] }, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR'],
    ['monthly (on the due date’s day)', monthly, 'FREQ=MONTHLY;INTERVAL=1'],
    ['monthly on day 31', { ...monthly, monthDay: 31 }, 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=31'],
    ['every 3 months on day 5', { ...monthly, interval: 3, monthDay: 5 }, 'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=5'],
    ['monthly on its last day', chooseMonthlyBy(monthly, 'lastDay', DUE), 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=-1'],
    [
      'every 2 months on the last day',
      { ...chooseMonthlyBy(monthly, 'lastDay', DUE), interval: 2 },
      'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=-1',
    ],
    ['monthly on the third Thursday', chooseMonthlyBy(monthly, 'nth', DUE), 'FREQ=MONTHLY;INTERVAL=1;BYDAY=+3TH'],
    [
      'monthly on the first Monday',
      { ...chooseMonthlyBy(monthly, 'nth', DUE), nth: 1, nthWeekday: 0 },
      'FREQ=MONTHLY;INTERVAL=1;BYDAY=+1MO',
    ],
    [
      'monthly on the fourth Sunday',
      { ...chooseMonthlyBy(monthly, 'nth', DUE), nth: 4, nthWeekday: 6 },
      'FREQ=MONTHLY;INTERVAL=1;BYDAY=+4SU',
    ],
    [
      'every 6 months on the last Friday',
      { ...chooseMonthlyBy(monthly, 'nth', DUE), interval: 6, nth: -1, nthWeekday: 4 },
      'FREQ=MONTHLY;INTERVAL=6;BYDAY=-1FR',
    ],
    ['yearly (on the due date)', from('yearly'), 'FREQ=YEARLY;INTERVAL=1'],
    ['every 2 years', { ...from('yearly'), interval: 2 }, 'FREQ=YEARLY;INTERVAL=2'],
    [
      'yearly on 5 March (a rule that names its date)',
      { ...from('yearly'), yearDate: { month: 3, day: 5 } },
      'FREQ=YEARLY;INTERVAL=1;BYMONTHDAY=5;BYMONTH=3',
    ],
  ];
}

describe('the repeat control and RRULEs (issue 21)', () => {
  test.each(madeInTheControl())('%s: state → RRULE → state → the same RRULE', (_name, state, rule) => {
    const written = writeRepeat(state);
    expect(written).toBe(rule);
    // What the API stores: the shared formatter's canonical text, unchanged.
    if (rule) expect(formatRecurrence(parseRecurrence(written)!)).toBe(written);
    const read = readRepeat(written);
    expect(read.kind).toBe(state.kind);
    expect(writeRepeat(read)).toBe(rule);
    expect(writeRepeat(readRepeat(writeRepeat(read)))).toBe(rule);
  });

  test('the quick-add parser’s rules read as the control’s choices', () => {
    expect(readRepeat('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR').kind).toBe('weekdays');
    expect(readRepeat('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO')).toMatchObject({ kind: 'weekly', days: [0] });
    expect(readRepeat('FREQ=MONTHLY;INTERVAL=1;BYDAY=-1FR')).toMatchObject({ kind: 'monthly', monthlyBy: 'nth', nth: -1, nthWeekday: 4 });
    expect(readRepeat('FREQ=YEARLY;INTERVAL=1;BYMONTH=12;BYMONTHDAY=25')).toMatchObject({
      kind: 'yearly',
      yearDate: { month: 12, day: 25 },
    });
    // Written another way (lower case, parts in another order): the control writes it canonically.
    expect(writeRepeat(readRepeat('freq=weekly;byday=th,mo'))).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH');
  });

  test.each([
    'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=1,15',
    'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=1;BYMONTH=1,7',
    'FREQ=DAILY;INTERVAL=1;BYDAY=MO,WE',
    'FREQ=MONTHLY;INTERVAL=1;BYDAY=MO,FR',
    'FREQ=YEARLY;INTERVAL=1;BYMONTH=2',
  ])('a rule the control cannot show (%s) is kept as it is', (rule) => {
    const state = readRepeat(rule);
    expect(state.kind).toBe('custom');
    expect(writeRepeat(state)).toBe(rule);
    // Chosen away and back, it is still the same rule.
    expect(writeRepeat(chooseKind(chooseKind(state, 'daily', DUE), 'custom', DUE, state))).toBe(rule);
  });

  test('a choice starts from the due date and keeps the interval where it fits', () => {
    const everyTwoDays = { ...chooseKind(NO_REPEAT, 'daily', DUE), interval: 2 };
    expect(chooseKind(everyTwoDays, 'weekly', DUE)).toMatchObject({ kind: 'weekly', interval: 2, days: [] });
    expect(chooseKind(everyTwoDays, 'weekdays', DUE).interval).toBe(1);
    expect(shownDays(chooseKind(NO_REPEAT, 'weekly', DUE), DUE)).toEqual([3]);
    expect(chooseMonthlyBy(chooseKind(NO_REPEAT, 'monthly', DUE), 'nth', DUE)).toMatchObject({ nth: 3, nthWeekday: 3 });
    expect(dayParts('2027-03-29')).toMatchObject({ weekday: 0, nth: -1 });
    expect(dayParts('2027-02-28')).toMatchObject({ weekday: 6, nth: 4 });
  });

  test('weekly keeps at least one day', () => {
    const monday = { ...chooseKind(NO_REPEAT, 'weekly', DUE), days: [0] };
    expect(toggleDay(monday, 0, DUE).days).toEqual([0]);
    expect(toggleDay(toggleDay(monday, 3, DUE), 0, DUE).days).toEqual([3]);
  });

  test('the rule in words is the rule as it will be followed', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { schedule: en } }, defaultNS: 'schedule', interpolation: { escapeValue: false } });
    const t = i18n.getFixedT('en', 'schedule') as TFunction<'schedule'>;
    const say = (rule: string, from = 'due_date') => repeatSummary(rule, from, DUE, t, 'en');
    expect(say('FREQ=WEEKLY;INTERVAL=1')).toBe('Every Thursday');
    expect(say('FREQ=WEEKLY;INTERVAL=1', 'completion')).toBe('Every week, counted from each completion');
    expect(say('FREQ=MONTHLY;INTERVAL=1')).toBe('Every month on day 18');
    expect(say('FREQ=YEARLY;INTERVAL=1')).toBe('Every year on March 18');
    expect(say('FREQ=YEARLY;INTERVAL=2')).toBe('Every 2 years on March 18');
    expect(say('FREQ=MONTHLY;INTERVAL=2;BYDAY=+3TH')).toBe('Every 2 months on the third Thursday');
    expect(say('FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=-1')).toBe('Every 3 months on the last day');
    expect(say('')).toBeUndefined();
  });

  test('every rule the control can make is worded from a translation in every language, never a key, and no two alike', async () => {
    const rules = [1, 2, 3, 11].flatMap((n) => [
      `FREQ=DAILY;INTERVAL=${n}`,
      `FREQ=WEEKLY;INTERVAL=${n};BYDAY=MO,TH`,
      `FREQ=WEEKLY;INTERVAL=${n};BYDAY=MO,TU,WE,TH,FR`,
      `FREQ=MONTHLY;INTERVAL=${n};BYMONTHDAY=-1`,
      `FREQ=MONTHLY;INTERVAL=${n};BYDAY=-1FR`,
      `FREQ=YEARLY;INTERVAL=${n};BYMONTH=3;BYMONTHDAY=5`,
    ]);
    for (const language of LANGUAGE_CODES) {
      const i18n = i18next.createInstance();
      const texts = (await import(`../../i18n/locales/${language}/schedule.json`)) as { default: object };
      await i18n.init({ lng: language, resources: { [language]: { schedule: texts.default } }, interpolation: { escapeValue: false } });
      const t = i18n.getFixedT(language, 'schedule') as TFunction<'schedule'>;
      const worded = rules.map((rule) => repeatText(parseRecurrence(rule)!, t, language));
      for (const [index, text] of worded.entries()) expect(text, `${language} ${rules[index]}`).not.toMatch(/repeat\.|\{\{/);
      // Rules that repeat differently never read alike.
      expect(new Set(worded).size, language).toBe(worded.length);
      expect(repeatSummary('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH', 'due_date', DUE, t, language)).toBe(worded[1]);
    }
  });
});
