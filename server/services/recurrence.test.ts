import * as rruleModule from 'rrule';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  formatRecurrence,
  parseRecurrence,
  RECURRENCE_FREQUENCIES,
  type Recurrence,
  type RecurrenceOrdinal,
} from '../../common/schemas/recurrence.ts';
import { addDays, localDate, localDateTime } from '../../common/time-zone.ts';
import { firstOccurrence, nextOccurrence, occurrenceAfterCompletion, rruleAgrees, rruleOptions } from './recurrence.ts';

const { RRule } = (rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule;

const rule = (text: string) => {
  const parsed = parseRecurrence(text);
  if (!parsed) throw new Error(`not a rule: ${text}`);
  return parsed;
};
const day = (date: string) => new Date(`${date}T00:00:00.000Z`);
const text = (date: Date) => date.toISOString().slice(0, 10);

describe('repeat rules: what is accepted', () => {
  test.each([
    ['FREQ=DAILY', 'FREQ=DAILY;INTERVAL=1'],
    ['freq=weekly;byday=mo', 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO'],
    ['RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TH,MO,MO', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH'],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'FREQ=MONTHLY;INTERVAL=1;BYDAY=-1FR'],
    ['FREQ=MONTHLY;BYDAY=1MO,+3WE', 'FREQ=MONTHLY;INTERVAL=1;BYDAY=+1MO,+3WE'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1,15', 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=15,-1'],
    ['FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=5', 'FREQ=YEARLY;INTERVAL=1;BYMONTHDAY=5;BYMONTH=3'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', 'FREQ=YEARLY;INTERVAL=1;BYMONTHDAY=29;BYMONTH=2'],
    ['FREQ=DAILY;INTERVAL=365', 'FREQ=DAILY;INTERVAL=365'],
  ])('%s is kept as %s, and rrule reads it the same', (input, stored) => {
    expect(formatRecurrence(rule(input))).toBe(stored);
    expect(rruleAgrees(stored)).toBe(true);
  });

  test.each([
    'FREQ=WEEKLY;COUNT=3',
    'FREQ=WEEKLY;UNTIL=20300101T000000Z',
    'FREQ=HOURLY',
    'FREQ=MINUTELY',
    'FREQ=DAILY;INTERVAL=0',
    'FREQ=DAILY;INTERVAL=366',
    'FREQ=DAILY;INTERVAL=01',
    'FREQ=DAILY;INTERVAL=2;INTERVAL=3',
    'FREQ=MONTHLY;BYMONTHDAY=32',
    'FREQ=MONTHLY;BYMONTHDAY=0',
    'FREQ=MONTHLY;BYMONTHDAY=-2',
    'FREQ=YEARLY;BYMONTH=13',
    'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',
    'FREQ=YEARLY;BYMONTH=4,6;BYMONTHDAY=31',
    'FREQ=WEEKLY;BYMONTHDAY=3',
    'FREQ=WEEKLY;BYDAY=1MO',
    'FREQ=YEARLY;BYDAY=-1FR',
    'FREQ=MONTHLY;BYDAY=5MO',
    'FREQ=MONTHLY;BYDAY=-2MO',
    'FREQ=MONTHLY;BYDAY=1MO,FR',
    'FREQ=WEEKLY;BYDAY=XX',
    'FREQ=WEEKLY;WKST=SU',
    'FREQ=DAILY;BYHOUR=9',
    'FREQ=DAILY;BYSETPOS=1',
    'DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY',
    'FREQ=DAILY;',
    'FREQ=DAILY;;INTERVAL=2',
    'FREQ = DAILY',
    'INTERVAL=2',
    'garbage',
    '',
    `FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=${Array.from({ length: 84 }, () => '1').join(',')}`,
  ])('%s is refused', (input) => {
    expect(parseRecurrence(input)).toBeUndefined();
    expect(rruleAgrees(input)).toBe(false);
  });
});

describe('repeat rules: the next date', () => {
  test.each([
    // A fixed schedule: the first date after the due date, its interval counted from it.
    ['FREQ=WEEKLY;BYDAY=MO', '2026-03-02', '2026-03-09'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH', '2026-01-05', '2026-01-08'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH', '2026-01-08', '2026-01-19'],
    ['FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', '2026-01-09', '2026-01-12'],
    // Day 31 is in no February or April: RFC 5545 (and rrule) skip the months without it.
    ['FREQ=MONTHLY;BYMONTHDAY=31', '2026-01-31', '2026-03-31'],
    ['FREQ=MONTHLY;BYMONTHDAY=31', '2026-03-31', '2026-05-31'],
    // A monthly rule naming no day takes its due date's: the same skips.
    ['FREQ=MONTHLY', '2026-01-31', '2026-03-31'],
    // The last day of each month is -1.
    ['FREQ=MONTHLY;BYMONTHDAY=-1', '2026-01-31', '2026-02-28'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', '2028-01-31', '2028-02-29'],
    ['FREQ=MONTHLY;BYDAY=-1FR', '2026-01-30', '2026-02-27'],
    ['FREQ=MONTHLY;BYDAY=+2TU', '2026-01-13', '2026-02-10'],
    // 29 February comes back in the next leap year.
    ['FREQ=YEARLY', '2028-02-29', '2032-02-29'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', '2028-02-29', '2032-02-29'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1', '2027-02-28', '2028-02-29'],
    ['FREQ=YEARLY', '2026-12-25', '2027-12-25'],
    // A due date off the rule: the rule's next date after it.
    ['FREQ=MONTHLY;BYMONTHDAY=15', '2026-01-20', '2026-02-15'],
  ])('%s due %s: next %s', (input, due, next) => {
    expect(nextOccurrence(rule(input), due)).toBe(next);
    expect(text(new RRule(rruleOptions(rule(input), due)).after(day(due))!)).toBe(next);
  });

  test('a rule that never falls from its due date has no next date, and says so at once', () => {
    for (const [input, due] of [
      ['FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29', '2026-03-01'],
      ['FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=31', '2026-04-15'],
      ['FREQ=MONTHLY;BYDAY=+1MO;BYMONTHDAY=20', '2026-04-15'],
      ['FREQ=DAILY;INTERVAL=7;BYDAY=MO', '2026-04-14'],
    ] as const) {
      const started = performance.now();
      expect(nextOccurrence(rule(input), due), input).toBeUndefined();
      // rrule's after() looked until the year 9999 for these (up to 17 s); a generous bound, not a timing test.
      expect(performance.now() - started, input).toBeLessThan(1000);
    }
    expect(nextOccurrence(rule('FREQ=DAILY'), '9999-12-31')).toBeUndefined();
  });

  test('a task given no date starts on the first day on or after today that fits, its interval counted from there', () => {
    // 2026-01-07 is a Wednesday: "every other Tuesday" is the coming one, not the one after.
    expect(firstOccurrence(rule('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU'), '2026-01-07')).toBe('2026-01-13');
    expect(firstOccurrence(rule('FREQ=WEEKLY;BYDAY=WE'), '2026-01-07')).toBe('2026-01-07');
    expect(firstOccurrence(rule('FREQ=MONTHLY;BYMONTHDAY=31'), '2026-02-10')).toBe('2026-03-31');
    expect(firstOccurrence(rule('FREQ=MONTHLY;BYMONTHDAY=-1'), '2026-02-10')).toBe('2026-02-28');
    expect(firstOccurrence(rule('FREQ=DAILY;INTERVAL=3'), '2026-02-10')).toBe('2026-02-10');
    expect(firstOccurrence(rule('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29'), '2026-02-10')).toBe('2028-02-29');
  });

  test('counted from completion: the interval in its unit from the completion day, then the first day the rule names', () => {
    expect(occurrenceAfterCompletion(rule('FREQ=DAILY;INTERVAL=3'), '2026-01-31')).toBe('2026-02-03');
    expect(occurrenceAfterCompletion(rule('FREQ=WEEKLY;INTERVAL=2'), '2026-01-07')).toBe('2026-01-21');
    // A month on from 31 January is the end of February, not March.
    expect(occurrenceAfterCompletion(rule('FREQ=MONTHLY'), '2026-01-31')).toBe('2026-02-28');
    expect(occurrenceAfterCompletion(rule('FREQ=YEARLY'), '2028-02-29')).toBe('2029-02-28');
    // Two weeks on (Wednesday 21 January), then the next Monday.
    expect(occurrenceAfterCompletion(rule('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO'), '2026-01-07')).toBe('2026-01-26');
    expect(occurrenceAfterCompletion(rule('FREQ=MONTHLY;BYMONTHDAY=-1'), '2026-01-10')).toBe('2026-02-28');
  });
});

/** The zone's offset from UTC at an instant, in minutes, read from its "GMT+05:30" name (not from the date parts localDateTime reads). */
function offsetMinutes(instant: number, zone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(instant))
    .find((part) => part.type === 'timeZoneName')!.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/**
 * Every clock change from 2024 to 2030 in zones north and south of the equator, with a half-hour
 * change (Lord Howe) and one in the southern spring (Santiago): the instant and the local day it
 * happens on. Found by comparing offsets a day apart, then halving the gap to the minute.
 */
const DST_CHANGES: Array<{ zone: string; at: number; day: string }> = (() => {
  const changes: Array<{ zone: string; at: number; day: string }> = [];
  for (const zone of ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'America/Santiago', 'Australia/Lord_Howe']) {
    for (let noon = Date.UTC(2024, 0, 1, 12); noon < Date.UTC(2031, 0, 1); noon += 86_400_000) {
      if (offsetMinutes(noon, zone) === offsetMinutes(noon + 86_400_000, zone)) continue;
      let [before, after] = [noon, noon + 86_400_000];
      while (after - before > 60_000) {
        const middle = before + Math.floor((after - before) / 120_000) * 60_000;
        if (offsetMinutes(middle, zone) === offsetMinutes(before, zone)) before = middle;
        else after = middle;
      }
      changes.push({ zone, at: after, day: new Date(after + offsetMinutes(after, zone) * 60_000).toISOString().slice(0, 10) });
    }
  }
  return changes;
})();

describe('days in a zone around clock changes', () => {
  test('there are clock changes to test: two a year in each zone', () => {
    expect(DST_CHANGES.length).toBe(5 * 7 * 2);
  });

  test('the local day and time of any instant within three hours of a change is UTC plus the offset then', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DST_CHANGES), fc.integer({ min: -180 * 60, max: 180 * 60 }), (change, seconds) => {
        const instant = change.at + seconds * 1000;
        const wall = new Date(instant + offsetMinutes(instant, change.zone) * 60_000).toISOString();
        expect(localDateTime(new Date(instant), change.zone)).toEqual({ date: wall.slice(0, 10), time: wall.slice(11, 16) });
        expect(localDate(new Date(instant), change.zone)).toBe(wall.slice(0, 10));
      }),
      { numRuns: 500 },
    );
  });

  test('a daily task steps one day at a time across every change', () => {
    // Due days are calendar days and a due time the wall clock ("09:00"), never an instant: a
    // 23- or 25-hour day neither skips nor repeats a day.
    for (const change of DST_CHANGES) {
      const daily = rule('FREQ=DAILY;INTERVAL=1');
      const before = addDays(change.day, -1);
      expect(nextOccurrence(daily, before)).toBe(change.day);
      expect(nextOccurrence(daily, change.day)).toBe(addDays(change.day, 1));
    }
  });
});

describe('repeat rules: properties', () => {
  const weekday = fc.integer({ min: 0, max: 6 });
  const distinct = <T>(items: T[]) => [...new Set(items.map((item) => JSON.stringify(item)))].map((item) => JSON.parse(item) as T);
  /** Any rule Taskaty accepts (the parser is the judge: what it refuses is left out). */
  const anyRule = fc
    .record({
      freq: fc.constantFrom(...RECURRENCE_FREQUENCIES),
      interval: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 365 })),
      plainDays: fc.array(weekday, { maxLength: 3 }),
      nthDays: fc.array(fc.record({ weekday, nth: fc.constantFrom<RecurrenceOrdinal>(1, 2, 3, 4, -1) }), { maxLength: 2 }),
      useNth: fc.boolean(),
      byMonthDay: fc.array(fc.oneof(fc.integer({ min: 1, max: 31 }), fc.constant(-1)), { maxLength: 2 }),
      byMonth: fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 2 }),
    })
    .map(({ freq, interval, plainDays, nthDays, useNth, byMonthDay, byMonth }) => {
      const candidate: Recurrence = {
        freq,
        interval,
        byDay: freq === 'MONTHLY' && useNth ? distinct(nthDays) : distinct(plainDays).map((d) => ({ weekday: d })),
        byMonthDay: freq === 'WEEKLY' ? [] : distinct(byMonthDay),
        byMonth: distinct(byMonth),
      };
      return parseRecurrence(formatRecurrence(candidate));
    })
    .filter((parsed): parsed is Recurrence => parsed !== undefined);
  const uniformDay = fc
    .integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 11, 31) })
    .map((ms) => new Date(ms).toISOString().slice(0, 10));
  /**
   * The days where calendars go wrong, which a uniform pick almost never lands on: the last day of
   * a month and the first of the next, 28/29 February and 1 March (leap years or not), New Year,
   * and the days clocks change in zones north and south of the equator (and their neighbours).
   */
  const hardDay = fc.oneof(
    fc
      .record({
        year: fc.integer({ min: 1990, max: 2100 }),
        month: fc.integer({ min: 0, max: 11 }),
        after: fc.integer({ min: -1, max: 1 }),
      })
      .map(({ year, month, after }) =>
        new Date(Date.UTC(year, month + 1, after === 1 ? 1 : after === 0 ? 0 : -1)).toISOString().slice(0, 10),
      ),
    fc
      .record({ year: fc.integer({ min: 1990, max: 2100 }), day: fc.constantFrom('02-28', '02-29', '03-01', '12-31', '01-01') })
      .map(({ year, day }) => `${year}-${day}`)
      .filter((date) => !date.endsWith('02-29') || new Date(`${date}T00:00:00Z`).getUTCDate() === 29),
    fc
      .constantFrom(...DST_CHANGES.map((change) => change.day))
      .chain((date) => fc.integer({ min: -1, max: 1 }).map((offset) => addDays(date, offset))),
  );
  const anyDay = fc.oneof(uniformDay, hardDay);

  test('the stored text is what rrule writes for the same rule, and reads back to it', () => {
    fc.assert(
      fc.property(anyRule, (parsed) => {
        const stored = formatRecurrence(parsed);
        const { dtstart: _start, ...options } = rruleOptions(parsed, '2026-01-01');
        expect(RRule.optionsToString(options).replace(/^RRULE:/, '')).toBe(stored);
        expect(parseRecurrence(stored)).toEqual(parsed);
        expect(rruleAgrees(stored)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test('the next date is strictly after the due date, falls on the rule, and no date of the rule comes between (rrule’s between)', () => {
    fc.assert(
      fc.property(anyRule, anyDay, (parsed, due) => {
        const next = nextOccurrence(parsed, due);
        // Rules that never fall from this date are left out here (rrule would look for them until 9999).
        fc.pre(next !== undefined);
        expect(next! > due).toBe(true);
        const rrule = new RRule(rruleOptions(parsed, due));
        // Every date of the series from the due date up to the next one, both included.
        const dates = rrule.between(day(due), day(next!), true).map(text);
        expect(dates.at(-1)).toBe(next);
        expect(dates.filter((date) => date > due)).toEqual([next]);
      }),
      { numRuns: 500 },
    );
  });

  test('the first date of a task given none is on or after today and on the rule (rrule from today, interval 1)', () => {
    fc.assert(
      fc.property(anyRule, anyDay, (parsed, today) => {
        const first = firstOccurrence(parsed, today);
        fc.pre(first !== undefined);
        expect(first! >= today).toBe(true);
        const rrule = new RRule(rruleOptions({ ...parsed, interval: 1 }, today));
        expect(text(rrule.after(day(today), true)!)).toBe(first);
      }),
      { numRuns: 300 },
    );
  });

  test('counted from completion in any zone: after the completion day there, and on the days the rule names', () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/New_York',
      'Asia/Kolkata',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
      'Australia/Lord_Howe',
    ];
    const uniform = fc.record({
      instant: fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) }).map((ms) => new Date(ms)),
      zone: fc.constantFrom(...zones),
    });
    // Completed within three hours of a clock change, in the zone that changed (late evening and
    // just after midnight included).
    const nearChange = fc
      .record({ change: fc.constantFrom(...DST_CHANGES), minutes: fc.integer({ min: -180, max: 180 }) })
      .map(({ change, minutes }) => ({ instant: new Date(change.at + minutes * 60_000), zone: change.zone }));
    fc.assert(
      fc.property(anyRule, fc.oneof(uniform, nearChange), (parsed, { instant, zone }) => {
        const completedOn = localDate(instant, zone);
        const next = occurrenceAfterCompletion(parsed, completedOn);
        fc.pre(next !== undefined);
        expect(next! > completedOn).toBe(true);
        // At least the interval in the rule's unit after completion (a month may be a short one).
        const minimum = {
          DAILY: parsed.interval,
          WEEKLY: 7 * parsed.interval,
          MONTHLY: 28 * parsed.interval,
          YEARLY: 365 * parsed.interval,
        }[parsed.freq];
        expect(next! >= addDays(completedOn, minimum)).toBe(true);
        // Only what the rule names, from the day the interval leads to (rrule, daily from there).
        const names = { ...parsed, freq: 'DAILY' as const, interval: 1 };
        if (names.byDay.length || names.byMonthDay.length || names.byMonth.length) {
          const start = text(new RRule({ ...rruleOptions(names, next!) }).after(day(next!), true)!);
          expect(start).toBe(next);
        }
      }),
      { numRuns: 300 },
    );
  });
});
