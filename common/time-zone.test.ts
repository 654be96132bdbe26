import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addDays, canonicalTimeZone, isTimeZone, localDate, localDateTime, zonedInstant } from './time-zone.ts';

const at = (iso: string) => new Date(iso);

describe('the calendar day of an instant in a zone', () => {
  test.each([
    // Europe/Berlin goes from UTC+1 to UTC+2 at 01:00 UTC on 29 March 2026: the day has 23 hours.
    ['Europe/Berlin', '2026-03-28T22:59:00Z', '2026-03-28', '23:59'],
    ['Europe/Berlin', '2026-03-28T23:00:00Z', '2026-03-29', '00:00'],
    ['Europe/Berlin', '2026-03-29T00:59:00Z', '2026-03-29', '01:59'],
    ['Europe/Berlin', '2026-03-29T01:00:00Z', '2026-03-29', '03:00'],
    // The next midnight is at 22:00 UTC: an offset taken the day before (+1) would still say the 29th.
    ['Europe/Berlin', '2026-03-29T21:59:00Z', '2026-03-29', '23:59'],
    ['Europe/Berlin', '2026-03-29T22:00:00Z', '2026-03-30', '00:00'],
    // America/New_York goes from UTC-4 back to UTC-5 at 06:00 UTC on 1 November 2026: 25 hours.
    ['America/New_York', '2026-11-01T03:59:00Z', '2026-10-31', '23:59'],
    ['America/New_York', '2026-11-01T04:00:00Z', '2026-11-01', '00:00'],
    ['America/New_York', '2026-11-01T05:30:00Z', '2026-11-01', '01:30'],
    ['America/New_York', '2026-11-01T06:30:00Z', '2026-11-01', '01:30'],
    ['America/New_York', '2026-11-02T04:30:00Z', '2026-11-01', '23:30'],
    ['America/New_York', '2026-11-02T05:00:00Z', '2026-11-02', '00:00'],
    // Half-hour offsets and the extremes of the world's clocks.
    ['Asia/Kolkata', '2026-06-30T18:29:00Z', '2026-06-30', '23:59'],
    ['Asia/Kolkata', '2026-06-30T18:30:00Z', '2026-07-01', '00:00'],
    ['Pacific/Kiritimati', '2026-06-30T09:59:00Z', '2026-06-30', '23:59'],
    ['Pacific/Kiritimati', '2026-06-30T10:00:00Z', '2026-07-01', '00:00'],
    ['Pacific/Kiritimati', '2026-06-30T11:00:00Z', '2026-07-01', '01:00'],
    ['Pacific/Pago_Pago', '2026-07-01T10:59:00Z', '2026-06-30', '23:59'],
    ['Pacific/Pago_Pago', '2026-07-01T11:00:00Z', '2026-07-01', '00:00'],
    // Apia moved across the date line at the end of 29 December 2011: there was no 30 December.
    ['Pacific/Apia', '2011-12-30T09:59:00Z', '2011-12-29', '23:59'],
    ['Pacific/Apia', '2011-12-30T10:00:00Z', '2011-12-31', '00:00'],
    // Tehran changed its clocks at midnight until 2022: 22 March started at 01:00, and 21
    // September had the hour before midnight twice. It has no changes since (its rules changed).
    ['Asia/Tehran', '2022-03-21T20:29:00Z', '2022-03-21', '23:59'],
    ['Asia/Tehran', '2022-03-21T20:30:00Z', '2022-03-22', '01:00'],
    ['Asia/Tehran', '2022-09-21T19:29:00Z', '2022-09-21', '23:59'],
    ['Asia/Tehran', '2022-09-21T19:30:00Z', '2022-09-21', '23:00'],
    ['Asia/Tehran', '2023-03-21T20:30:00Z', '2023-03-22', '00:00'],
    // Santiago too, in the southern spring and autumn.
    ['America/Santiago', '2026-09-06T03:59:00Z', '2026-09-05', '23:59'],
    ['America/Santiago', '2026-09-06T04:00:00Z', '2026-09-06', '01:00'],
    ['America/Santiago', '2026-04-05T03:00:00Z', '2026-04-04', '23:00'],
    ['America/Santiago', '2026-04-05T04:00:00Z', '2026-04-05', '00:00'],
    // A person with no zone set is read in UTC.
    [null, '2026-07-01T23:59:00Z', '2026-07-01', '23:59'],
    ['UTC', '2026-07-02T00:00:00Z', '2026-07-02', '00:00'],
  ])('%s at %s is %s %s', (zone, instant, date, time) => {
    expect(localDateTime(at(instant), zone)).toEqual({ date, time });
    expect(localDate(at(instant), zone)).toBe(date);
  });

  test('every hour across both changes of 2026 gives each local day 23, 24 or 25 hours, never a skipped or repeated day', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York']) {
      const hoursPerDay = new Map<string, number>();
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 3_600_000) {
        const date = localDate(new Date(ms), zone);
        hoursPerDay.set(date, (hoursPerDay.get(date) ?? 0) + 1);
      }
      const days = [...hoursPerDay.keys()];
      for (let index = 1; index < days.length; index++) expect(days[index]).toBe(addDays(days[index - 1]!, 1));
      const counts = [...hoursPerDay.entries()].filter(([date]) => date > '2026-01-01' && date < '2026-12-31').map(([, hours]) => hours);
      expect(counts.filter((hours) => hours === 23)).toHaveLength(1);
      expect(counts.filter((hours) => hours === 25)).toHaveLength(1);
      expect(counts.every((hours) => hours >= 23 && hours <= 25)).toBe(true);
    }
  });

  test('in every zone Intl knows, the local day and time of any instant is UTC plus the zone’s offset then', () => {
    // The offset is Intl's too, but another reading of it: the zone's "GMT-04:56:02" name, seconds
    // and all (the local mean times of the 19th century), added to the instant in UTC. Instants
    // from the year 1 to 9999 (years before 1000 are written with four digits), and near whole
    // and half hours, where clocks change.
    const zones = Intl.supportedValuesOf('timeZone');
    const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
    const instants = fc.oneof(
      fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
      fc
        .record({
          halfHour: fc.integer({ min: Date.UTC(1970, 0, 1) / 1_800_000, max: Date.UTC(2040, 0, 1) / 1_800_000 }),
          ms: fc.integer({ min: -90_000, max: 90_000 }),
        })
        .map(({ halfHour, ms }) => halfHour * 1_800_000 + ms),
      fc.integer({ min: Date.parse('0001-01-02T00:00:00Z'), max: Date.parse('9999-12-30T00:00:00Z') }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...zones), instants, (zone, instant) => {
        let offsets = offsetFormatters.get(zone);
        if (!offsets)
          offsetFormatters.set(zone, (offsets = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })));
        const name = offsets.formatToParts(new Date(instant)).find((part) => part.type === 'timeZoneName')!.value;
        const [, sign, hours, minutes, seconds] = /^GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(name)!;
        const offset = (sign === '-' ? -1 : 1) * (Number(hours ?? 0) * 3600 + Number(minutes ?? 0) * 60 + Number(seconds ?? 0));
        const wall = new Date(instant + offset * 1000).toISOString();
        expect(localDateTime(new Date(instant), zone)).toEqual({ date: wall.slice(0, 10), time: wall.slice(11, 16) });
      }),
      { numRuns: 400 },
    );
  });

  test('a zone this runtime does not know reads as UTC instead of failing', () => {
    expect(localDate(at('2026-07-01T23:00:00Z'), 'Mars/Olympus_Mons')).toBe('2026-07-01');
  });
});

describe('zone names', () => {
  test.each([
    ['Europe/Berlin', 'Europe/Berlin'],
    ['europe/berlin', 'Europe/Berlin'],
    ['UTC', 'UTC'],
    ['Pacific/Kiritimati', 'Pacific/Kiritimati'],
  ])('%s is a zone, written %s', (name, canonical) => {
    expect(canonicalTimeZone(name)).toBe(canonical);
    expect(isTimeZone(name)).toBe(true);
  });

  test('links are zones too, under the name the runtime gives them (ICU versions differ on which)', () => {
    for (const name of ['America/Argentina/Buenos_Aires', 'Asia/Calcutta', 'Etc/GMT+5']) {
      const canonical = canonicalTimeZone(name);
      expect(canonical, name).toBeDefined();
      expect(localDate(at('2026-07-01T12:00:00Z'), canonical)).toBe(localDate(at('2026-07-01T12:00:00Z'), name));
    }
  });

  test.each([
    '',
    'Mars/Olympus_Mons',
    '+05:30',
    'UTC+5',
    'Europe/Berlin ',
    ' Europe/Berlin',
    'Europe//Berlin',
    `Europe/${'x'.repeat(60)}`,
    '../etc',
  ])('%j is refused', (name) => {
    expect(canonicalTimeZone(name)).toBeUndefined();
  });
});

describe('days', () => {
  test('move by whole days across months, leap days and changes of clocks', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});

describe('the instant a wall-clock time of a zone names', () => {
  test.each([
    ['2026-07-01', '09:00', 'Asia/Kolkata', '2026-07-01T03:30:00.000Z'],
    ['2026-12-01', '09:00', 'UTC', '2026-12-01T09:00:00.000Z'],
    ['2026-12-01', '23:59', 'Pacific/Kiritimati', '2026-12-01T09:59:00.000Z'],
    // A time the clocks skip lands after the change, at the same distance from midnight.
    ['2026-03-08', '02:30', 'America/New_York', '2026-03-08T07:30:00.000Z'],
    ['2026-03-29', '02:30', 'Europe/Berlin', '2026-03-29T01:30:00.000Z'],
    // A time the clocks repeat is its first reading.
    ['2026-11-01', '01:30', 'America/New_York', '2026-11-01T05:30:00.000Z'],
    ['2026-10-25', '02:30', 'Europe/Berlin', '2026-10-25T00:30:00.000Z'],
    // Apia skipped 30 December 2011: its 09:00 is read as the next day's.
    ['2011-12-30', '09:00', 'Pacific/Apia', '2011-12-30T19:00:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, instant) => {
    expect(zonedInstant(date, time, zone).toISOString()).toBe(instant);
  });

  test('every half hour of 2026 in zones whose clocks change (by an hour, half an hour, at :45) reads back as itself, or as the first of a repeated time', () => {
    for (const zone of ['America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham']) {
      for (let instant = Date.UTC(2026, 0, 1); instant < Date.UTC(2027, 0, 1); instant += 30 * 60_000) {
        const { date, time } = localDateTime(new Date(instant), zone);
        const back = zonedInstant(date, time, zone).getTime();
        expect(localDateTime(new Date(back), zone)).toEqual({ date, time });
        // A repeated time reads as its first instant, never a later one.
        expect(back).toBeLessThanOrEqual(instant);
        expect(instant - back).toBeLessThanOrEqual(60 * 60_000);
      }
    }
  });
});
