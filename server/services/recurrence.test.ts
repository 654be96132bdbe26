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
import { isDueToday, isOverdue } from '../../common/task-rules.ts';
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

/** One formatter per zone for the offsets below: making one costs far more than using it. */
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's offset from UTC at an instant, in minutes, read from its "GMT+05:30" name: an Intl
 * reading of its own, not the date parts localDateTime reads.
 */
function offsetMinutes(instant: number, zone: string): number {
  let formatter = offsetFormatters.get(zone);
  if (!formatter)
    offsetFormatters.set(zone, (formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })));
  const name = formatter.formatToParts(new Date(instant)).find((part) => part.type === 'timeZoneName')!.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The wall clock (`YYYY-MM-DDTHH:MM`) at an instant in a zone: UTC plus the zone's offset then. */
const wallAt = (instant: number, zone: string) => new Date(instant + offsetMinutes(instant, zone) * MINUTE).toISOString().slice(0, 16);

/** A calendar day moved by whole days, counted in milliseconds: a third reckoning beside the two addDays. */
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * The instant a wall-clock time names in a zone, read as RFC 5545 reads a local DATE-TIME (3.3.5):
 * a time the clocks show twice is the first of the two; one they skip is read with the offset from
 * before the change, so it lands as far past the change as it was past the last time shown before
 * it (02:30 on the day New York goes from 02:00 to 03:00 is 03:30). The instant a reminder for a
 * due time would be at.
 */
function instantOf(date: string, time: string, zone: string): number {
  const asUtc = Date.parse(`${date}T${time}:00.000Z`);
  // Offsets a day and a half either side: every offset the zone may have had at that wall time.
  const before = offsetMinutes(asUtc - 1.5 * DAY, zone);
  const after = offsetMinutes(asUtc + 1.5 * DAY, zone);
  const shown = [asUtc - before * MINUTE, asUtc - after * MINUTE]
    .filter((instant) => wallAt(instant, zone) === `${date}T${time}`)
    .sort((a, b) => a - b);
  return shown[0] ?? asUtc - before * MINUTE;
}

/** The first instant whose wall-clock day in the zone is `date` or later (local days never go back: tested below). */
function startOfDay(date: string, zone: string): number {
  let [before, after] = [Date.parse(`${date}T00:00:00.000Z`) - 1.5 * DAY, Date.parse(`${date}T00:00:00.000Z`) + 1.5 * DAY];
  while (after - before > MINUTE) {
    const middle = before + Math.floor((after - before) / (2 * MINUTE)) * MINUTE;
    if (wallAt(middle, zone).slice(0, 10) < date) before = middle;
    else after = middle;
  }
  return after;
}

interface ClockChange {
  zone: string;
  /** The first instant with the new offset. */
  at: number;
  /** The offsets before and after, in minutes. */
  before: number;
  after: number;
  /** The wall-clock days just before and at the change: a day apart, two where the zone skipped one. */
  dayBefore: string;
  day: string;
}

/**
 * The zones the clock-change tests run in: north and south of the equator (New York, Berlin, Sydney),
 * a half-hour change (Lord Howe), changes at midnight, so that some days start at 01:00 (Santiago,
 * and Tehran, which kept daylight saving time until 2022), a zone that skipped a whole day when it
 * moved across the date line (Apia: 30 December 2011) and one that has no changes (Kolkata).
 */
const CHANGE_ZONES = [
  'America/New_York',
  'Europe/Berlin',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'America/Santiago',
  'Asia/Tehran',
  'Pacific/Apia',
  'Asia/Kolkata',
];

/**
 * Every change of clocks from 2010 to 2030 in those zones, from Intl's own data (nothing typed in):
 * offsets compared a week apart (these zones change at most twice a year), then the gap halved to
 * the minute.
 */
const CLOCK_CHANGES: ClockChange[] = CHANGE_ZONES.flatMap((zone) => {
  const changes: ClockChange[] = [];
  let offset = offsetMinutes(Date.UTC(2010, 0, 1), zone);
  for (let from = Date.UTC(2010, 0, 1); from < Date.UTC(2031, 0, 1); from += 7 * DAY) {
    const weekOn = offsetMinutes(from + 7 * DAY, zone);
    if (weekOn === offset) continue;
    let [before, after] = [from, from + 7 * DAY];
    while (after - before > MINUTE) {
      const middle = before + Math.floor((after - before) / (2 * MINUTE)) * MINUTE;
      if (offsetMinutes(middle, zone) === offset) before = middle;
      else after = middle;
    }
    changes.push({
      zone,
      at: after,
      before: offset,
      after: weekOn,
      dayBefore: wallAt(after - MINUTE, zone).slice(0, 10),
      day: wallAt(after, zone).slice(0, 10),
    });
    offset = weekOn;
  }
  return changes;
});

/**
 * The changes a uniform pick among some 250 rarely lands on, given as much weight as all the others:
 * those at midnight, after which the day starts at 01:00 or the hour before midnight comes twice,
 * and the day Apia skipped.
 */
const anyChange = fc.oneof(
  fc.constantFrom(...CLOCK_CHANGES),
  fc.constantFrom(
    ...CLOCK_CHANGES.filter((change) => change.dayBefore !== change.day || wallAt(change.at, change.zone).endsWith('T23:00')),
  ),
);
/** The days of those changes, the days between (Apia's skipped one) and a day either side. */
const CHANGE_DAYS = [
  ...new Set(
    CLOCK_CHANGES.flatMap(({ dayBefore, day }) => {
      const days: string[] = [];
      for (let date = plusDays(dayBefore, -1); date <= plusDays(day, 1); date = plusDays(date, 1)) days.push(date);
      return days;
    }),
  ),
].sort();

/**
 * Wall-clock times worth a due time near a change: a minute or so either side of it as the clocks
 * showed, the times the old offset would have shown after it (skipped, or shown twice), and the
 * ends of the day.
 */
const timeNear = (change: ClockChange) =>
  fc.oneof(
    fc.integer({ min: -90, max: 90 }).map((minutes) => wallAt(change.at + minutes * MINUTE, change.zone).slice(11)),
    fc
      .integer({ min: 0, max: Math.max(0, Math.abs(change.after - change.before) - 1) })
      .map((minutes) => new Date(change.at + (change.before + minutes) * MINUTE).toISOString().slice(11, 16)),
    fc.constantFrom('00:00', '00:30', '23:30', '23:59', '09:00'),
    fc.record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }) }).map(hhmm),
  );
function hhmm({ hour, minute }: { hour: number; minute: number }): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

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

/** The number of days in a month (1–12): day 0 of the next one, by `Date.UTC`'s month arithmetic rather than recurrence.ts's. */
const monthLength = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const ymd = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

const uniformDay = fc
  .integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 11, 31) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));
/** Years whose Februaries differ: leap, common, and the centuries (2000 is a leap year; 1900, 2100 and 2200 are not). */
const anyYear = fc.oneof(fc.integer({ min: 1990, max: 2100 }), fc.constantFrom(1900, 2000, 2100, 2200, 2400, 2027, 2028));
/**
 * The days where calendars go wrong, which a uniform pick almost never lands on: (a) the days clocks
 * change in the zones above, the days between and either side; (b) the 28th to the 31st of any month
 * that has them and the 1st after; (c) 28 and 29 February and 1 March, in leap years and others;
 * (d) New Year's Eve and Day.
 */
const hardDay = fc.oneof(
  fc.constantFrom(...CHANGE_DAYS),
  fc
    .record({ year: anyYear, month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 28, max: 32 }) })
    .filter(({ year, month, day }) => day <= monthLength(year, month) || day === 32)
    .map(({ year, month, day }) => (day === 32 ? plusDays(ymd(year, month, monthLength(year, month)), 1) : ymd(year, month, day))),
  fc
    .record({ year: anyYear, day: fc.constantFrom('02-28', '02-29', '03-01') })
    .map(({ year, day }) => `${year}-${day}`)
    .filter((date) => !date.endsWith('02-29') || monthLength(Number(date.slice(0, 4)), 2) === 29),
  fc.record({ year: anyYear, day: fc.constantFrom('12-31', '01-01') }).map(({ year, day }) => `${year}-${day}`),
);
/** Half uniform, half hard. */
const anyDay = fc.oneof(uniformDay, hardDay);

describe('days in a zone around clock changes', () => {
  test('the changes found are those the zones had: two a year, none in Kolkata, none in Tehran after 2022, Apia’s skipped day', () => {
    const yearsOf = (zone: string) =>
      CLOCK_CHANGES.filter((change) => change.zone === zone).map((change) => new Date(change.at).getUTCFullYear());
    for (const zone of ['America/New_York', 'Europe/Berlin', 'Australia/Sydney', 'Australia/Lord_Howe', 'America/Santiago'])
      for (let year = 2024; year <= 2030; year++)
        expect(
          yearsOf(zone).filter((y) => y === year),
          `${zone} ${year}`,
        ).toHaveLength(2);
    expect(yearsOf('Asia/Kolkata')).toEqual([]);
    expect(Math.max(...yearsOf('Asia/Tehran'))).toBe(2022);
    expect(yearsOf('Asia/Tehran').length).toBeGreaterThanOrEqual(2 * 13);
    // Lord Howe moves its clocks by half an hour.
    expect(CLOCK_CHANGES.filter((change) => change.zone === 'Australia/Lord_Howe').every((c) => Math.abs(c.after - c.before) === 30)).toBe(
      true,
    );
    // Tehran and Santiago change at midnight: the day starts at 01:00, or the hour before midnight comes twice.
    expect(CLOCK_CHANGES.some((c) => c.zone === 'Asia/Tehran' && wallAt(c.at, c.zone).endsWith('T01:00'))).toBe(true);
    expect(CLOCK_CHANGES.some((c) => c.zone === 'America/Santiago' && wallAt(c.at, c.zone).endsWith('T01:00'))).toBe(true);
    expect(CLOCK_CHANGES.filter((change) => change.dayBefore !== change.day && plusDays(change.dayBefore, 1) !== change.day)).toEqual([
      { zone: 'Pacific/Apia', at: Date.UTC(2011, 11, 30, 10), before: -600, after: 840, dayBefore: '2011-12-29', day: '2011-12-31' },
    ]);
  });

  test('the local day and time of any instant within three hours of a change is UTC plus the offset then', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CLOCK_CHANGES), fc.integer({ min: -180 * 60, max: 180 * 60 }), (change, seconds) => {
        const instant = change.at + seconds * 1000;
        const wall = new Date(instant + offsetMinutes(instant, change.zone) * MINUTE).toISOString();
        expect(localDateTime(new Date(instant), change.zone)).toEqual({ date: wall.slice(0, 10), time: wall.slice(11, 16) });
        expect(localDate(new Date(instant), change.zone)).toBe(wall.slice(0, 10));
      }),
      { numRuns: 500 },
    );
  });

  test('"today" never goes back across a change, and moves on one day at a time but over the day Apia skipped', () => {
    // Every half hour for a day either side of each change (from the change itself: Lord Howe's
    // midnights are on the half hour in UTC). The steps that skip a day, or go back, are collected.
    const steps: string[] = [];
    for (const change of CLOCK_CHANGES) {
      let previous = localDate(new Date(change.at - DAY), change.zone);
      for (let instant = change.at - DAY; instant <= change.at + DAY; instant += 30 * MINUTE) {
        const today = localDate(new Date(instant), change.zone);
        if (today !== previous && today !== plusDays(previous, 1)) steps.push(`${change.zone} ${previous} → ${today}`);
        previous = today;
      }
    }
    expect(steps).toEqual(['Pacific/Apia 2011-12-29 → 2011-12-31']);
  });

  test('a daily task steps one calendar day at a time across every change, the day Apia skipped included', () => {
    // Due days are calendar days and a due time the wall clock ("09:00"), never an instant: a 23- or
    // 25-hour day neither skips nor repeats a day. Apia's 30 December 2011 is a day of the calendar
    // still: a task due then was overdue as soon as the zone reached the 31st.
    const daily = rule('FREQ=DAILY;INTERVAL=1');
    for (const change of CLOCK_CHANGES) {
      for (let date = plusDays(change.dayBefore, -2); date <= plusDays(change.day, 2); date = plusDays(date, 1)) {
        expect(nextOccurrence(daily, date)).toBe(plusDays(date, 1));
        expect(occurrenceAfterCompletion(daily, date)).toBe(plusDays(date, 1));
      }
    }
  });

  test('overdue and due today, read from the local day of instants around changes and midnights, agree with when that day starts there', () => {
    const change = anyChange;
    // Instants near the change itself, and near the local midnights of the days around it (some of
    // which the change moved or removed).
    const nearChange = fc
      .record({ change, minutes: fc.integer({ min: -180, max: 180 }) })
      .map(({ change, minutes }) => ({ change, instant: change.at + minutes * MINUTE }));
    const nearMidnight = fc
      .record({ change, days: fc.integer({ min: -1, max: 2 }), minutes: fc.integer({ min: -90, max: 90 }) })
      .map(({ change, days, minutes }) => ({
        change,
        instant: startOfDay(plusDays(change.dayBefore, days), change.zone) + minutes * MINUTE,
      }));
    fc.assert(
      fc.property(fc.oneof(nearChange, nearMidnight), fc.integer({ min: -2, max: 3 }), ({ change, instant }, dueShift) => {
        const { zone } = change;
        const due = plusDays(change.dayBefore, dueShift);
        const today = localDate(new Date(instant), zone);
        expect(today).toBe(wallAt(instant, zone).slice(0, 10));
        const task = { due_date: due, is_completed: 0 };
        // Overdue from the first instant of the day after the due date, due today from the first of
        // the due date until then: never for a day the zone skipped.
        const dueStarts = startOfDay(due, zone);
        const dueEnds = startOfDay(plusDays(due, 1), zone);
        expect(isOverdue(task, today)).toBe(instant >= dueEnds);
        expect(isDueToday(task, today)).toBe(instant >= dueStarts && instant < dueEnds);
        expect(isOverdue({ ...task, is_completed: 1 }, today)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  test('a repeating task keeps its wall-clock due time: its next date at that time, as rrule reads a floating DTSTART', () => {
    // Due the day before a change or on it, most often: a daily task's next date is then the day the
    // clocks change (or the day Apia skipped), and its time may be one they skip or show twice.
    const dueNear = anyChange.chain((change) =>
      fc.record({
        change: fc.constant(change),
        days: fc.oneof(fc.constantFrom(-1, 0), fc.integer({ min: -8, max: 1 })),
        time: timeNear(change),
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.constant(rule('FREQ=DAILY')), anyRule), dueNear, (parsed, { change, days, time }) => {
        const { zone } = change;
        const due = plusDays(change.dayBefore, days);
        const next = nextOccurrence(parsed, due);
        fc.pre(next !== undefined);
        // rrule with the due time in DTSTART (floating: no zone) repeats that time of day on our date.
        const options = { ...rruleOptions(parsed, due), dtstart: new Date(`${due}T${time}:00.000Z`) };
        expect(new RRule(options).after(options.dtstart)!.toISOString()).toBe(`${next}T${time}:00.000Z`);
        // In the zone, the occurrence is at that wall-clock time on its day; a time the clocks skip
        // reads as late past the change as it was meant past the time before (RFC 5545 3.3.5).
        const instant = instantOf(next!, time, zone);
        const shown = wallAt(instant, zone);
        if (shown === `${next}T${time}`) expect(localDateTime(new Date(instant), zone)).toEqual({ date: next, time });
        else {
          const gap = offsetMinutes(instant, zone) - offsetMinutes(instant - 1.5 * DAY, zone);
          expect(gap).toBeGreaterThan(0);
          const moved = new Date(Date.parse(`${next}T${time}:00.000Z`) + gap * MINUTE).toISOString();
          expect(localDateTime(new Date(instant), zone)).toEqual({ date: moved.slice(0, 10), time: moved.slice(11, 16) });
        }
        // Never before the occurrence it follows; at the same instant only where the zone skipped
        // the earlier one's day (Apia: the 30th's 09:00 is the 31st's).
        const previous = instantOf(due, time, zone);
        if (wallAt(previous, zone) === `${due}T${time}`) expect(instant).toBeGreaterThan(previous);
        else expect(instant).toBeGreaterThanOrEqual(previous);
      }),
      { numRuns: 300 },
    );
  });

  test('completed at 23:30 or 00:30 local around a change: counted from that local day, N days or weeks on', () => {
    fc.assert(
      fc.property(
        anyChange,
        fc.integer({ min: -1, max: 2 }),
        fc.constantFrom('23:30', '00:30', '23:59', '00:00', '01:30'),
        fc.integer({ min: 1, max: 365 }),
        fc.constantFrom('DAILY' as const, 'WEEKLY' as const),
        (change, days, time, interval, freq) => {
          const { zone } = change;
          const day = plusDays(change.dayBefore, days);
          const instant = instantOf(day, time, zone);
          const completedOn = localDate(new Date(instant), zone);
          // A wall-clock time the zone shows is on its own day, whatever the length of the day
          // before; one the change skipped is on the day the clocks show just after (the 31st in
          // Apia for the 30th's 00:30).
          if (wallAt(instant, zone) === `${day}T${time}`) expect(completedOn).toBe(day);
          else expect(completedOn).toBe(wallAt(instant, zone).slice(0, 10));
          const next = occurrenceAfterCompletion({ freq, interval, byDay: [], byMonthDay: [], byMonth: [] }, completedOn);
          expect(next).toBe(plusDays(completedOn, freq === 'DAILY' ? interval : 7 * interval));
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('repeat rules: properties', () => {
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
      .record({ change: anyChange, minutes: fc.integer({ min: -180, max: 180 }) })
      .map(({ change, minutes }) => ({ instant: new Date(change.at + minutes * MINUTE), zone: change.zone }));
    // Completed on a hard day (a month's end, 29 February, New Year, a change) at any time there.
    const onHardDay = fc
      .record({
        date: hardDay,
        time: fc.record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }) }).map(hhmm),
        zone: fc.constantFrom(...zones, ...CHANGE_ZONES),
      })
      .map(({ date, time, zone }) => ({ instant: new Date(instantOf(date, time, zone)), zone }));
    fc.assert(
      fc.property(anyRule, fc.oneof(uniform, nearChange, onHardDay), (parsed, { instant, zone }) => {
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

describe('repeat rules: month ends, last weekdays and 29 February', () => {
  const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
  /** The day of the month of the month's last such weekday (0 = Monday). */
  const lastWeekday = (year: number, month: number, weekday: number) => {
    const last = monthLength(year, month);
    const lastIs = (new Date(Date.UTC(year, month - 1, last)).getUTCDay() + 6) % 7;
    return last - ((lastIs - weekday + 7) % 7);
  };
  const KINDS = [
    '31',
    '30',
    '29',
    '-1',
    '31,-1',
    'last weekday',
    'monthly from its date',
    '29 February',
    'end of February',
    'yearly from its date',
  ];

  /**
   * A rule of one of those kinds, and a model of it written out plainly: the months it may fall in
   * and the days it falls on in a month. The model is the reasoning the tests hold recurrence.ts
   * and rrule to.
   */
  const endRule = fc
    .record({ kind: fc.constantFrom(...KINDS), weekday, interval: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.constant(12)), due: anyDay })
    .map(({ kind, weekday, interval, due }) => {
      const [dueYear, dueMonth, dueDay] = due.split('-').map(Number) as [number, number, number];
      const upTo = (day: number) => (year: number, month: number) => (day <= monthLength(year, month) ? [day] : []);
      const model: { text: string; yearly: boolean; month?: number; days: (year: number, month: number) => number[] } = {
        '31': { text: 'FREQ=MONTHLY;BYMONTHDAY=31', yearly: false, days: upTo(31) },
        '30': { text: 'FREQ=MONTHLY;BYMONTHDAY=30', yearly: false, days: upTo(30) },
        '29': { text: 'FREQ=MONTHLY;BYMONTHDAY=29', yearly: false, days: upTo(29) },
        '-1': { text: 'FREQ=MONTHLY;BYMONTHDAY=-1', yearly: false, days: (y: number, m: number) => [monthLength(y, m)] },
        // The 31st, where there is one, is the last day: both name one day.
        '31,-1': {
          text: 'FREQ=MONTHLY;BYMONTHDAY=31,-1',
          yearly: false,
          days: (y: number, m: number) => [monthLength(y, m)],
        },
        'last weekday': {
          text: `FREQ=MONTHLY;BYDAY=-1${WEEKDAY_CODES[weekday]}`,
          yearly: false,
          days: (y: number, m: number) => [lastWeekday(y, m, weekday)],
        },
        // A rule naming no day takes its due date's (RFC 5545): from a 31st, the months with one.
        'monthly from its date': { text: 'FREQ=MONTHLY', yearly: false, days: upTo(dueDay) },
        '29 February': { text: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', yearly: true, month: 2, days: upTo(29) },
        'end of February': {
          text: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1',
          yearly: true,
          month: 2,
          days: (y: number) => [monthLength(y, 2)],
        },
        'yearly from its date': { text: 'FREQ=YEARLY', yearly: true, month: dueMonth, days: upTo(dueDay) },
      }[kind]!;
      return { kind, due, dueYear, dueMonth, interval, weekday, model, parsed: rule(`${model.text};INTERVAL=${interval}`) };
    });
  type EndRule = typeof endRule extends fc.Arbitrary<infer T> ? T : never;

  /** The days the model falls on in a month, as dates: none in a month a yearly rule leaves out. */
  const datesIn = ({ model }: EndRule, year: number, month: number) =>
    model.month !== undefined && model.month !== month ? [] : model.days(year, month).map((day) => ymd(year, month, day));

  /**
   * The model's first date after `after` (or on it), its interval in months or years counted from
   * the due date's month or year: month by month, or year by year, for 400 years (the calendar's
   * cycle, as recurrence.ts looks).
   */
  function modelNext(end: EndRule, after: string, interval: number, inclusive: boolean): string | undefined {
    for (let step = 0; step * interval <= (end.model.yearly ? 400 : 4800); step++) {
      const index = end.model.yearly
        ? (end.dueYear + step * interval) * 12 + (end.model.month ?? 1) - 1
        : end.dueYear * 12 + end.dueMonth - 1 + step * interval;
      const [year, month] = [Math.floor(index / 12), (index % 12) + 1];
      for (const date of datesIn(end, year, month)) if (inclusive ? date >= after : date > after) return date;
    }
    return undefined;
  }

  test('the next date is the model’s: a 31st only in months that have one, the last day and last weekday in each month, 29 February only in leap years', () => {
    fc.assert(
      fc.property(endRule, (end) => {
        const { due, parsed, interval } = end;
        const next = nextOccurrence(parsed, due);
        expect(next).toBe(modelNext(end, due, interval, false));
        if (next === undefined) return;
        // The same as rrule's (its search is bounded here: a date exists).
        expect(text(new RRule(rruleOptions(parsed, due)).after(day(due))!)).toBe(next);
        // And said plainly for the rules that name the end of the month.
        if (end.kind === '31') expect(next.slice(8)).toBe('31');
        if (end.kind === '-1' || end.kind === '31,-1' || end.kind === 'end of February') expect(plusDays(next, 1).slice(8)).toBe('01');
        if (end.kind === 'last weekday') {
          expect((new Date(`${next}T00:00:00Z`).getUTCDay() + 6) % 7).toBe(end.weekday);
          expect(plusDays(next, 7).slice(5, 7)).not.toBe(next.slice(5, 7));
        }
        if (end.kind === '29 February') expect(next.slice(5)).toBe('02-29');
      }),
      { numRuns: 400 },
    );
  });

  test('a task given none starts on the model’s first date on or after today, interval 1', () => {
    fc.assert(
      fc.property(endRule, (end) => {
        expect(firstOccurrence(end.parsed, end.due)).toBe(modelNext(end, end.due, 1, true));
      }),
      { numRuns: 300 },
    );
  });

  test('from completion: the months or years on, kept in the month (31 January + 1 month = end of February), then the model’s first date', () => {
    fc.assert(
      fc.property(endRule, ({ due: completedOn, ...end }) => {
        const [year, month, day] = completedOn.split('-').map(Number) as [number, number, number];
        const index = year * 12 + month - 1 + (end.model.yearly ? 12 : 1) * end.interval;
        const [toYear, toMonth] = [Math.floor(index / 12), (index % 12) + 1];
        const base = ymd(toYear, toMonth, Math.min(day, monthLength(toYear, toMonth)));
        const plain = end.kind === 'monthly from its date' || end.kind === 'yearly from its date';
        let expected: string | undefined = base;
        if (!plain) {
          // The first day from there that the rule names, in any month (or February): no interval now.
          expected = undefined;
          for (let step = 0; expected === undefined && step < 4800; step++) {
            const at = toYear * 12 + toMonth - 1 + step;
            expected = datesIn({ ...end, due: completedOn }, Math.floor(at / 12), (at % 12) + 1).find((date) => date >= base);
          }
        }
        expect(occurrenceAfterCompletion(end.parsed, completedOn)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
