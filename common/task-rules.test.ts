import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addDays, completedLast, isDueToday, isOverdue, preview, stripMarkdown } from './task-rules.ts';

describe('task rules', () => {
  test('a task is overdue only when its due date is before today and it is not complete', () => {
    expect(isOverdue({ due_date: '2026-01-09', is_completed: 0 }, '2026-01-10')).toBe(true);
    expect(isOverdue({ due_date: '2026-01-10', is_completed: 0 }, '2026-01-10')).toBe(false);
    expect(isOverdue({ due_date: '2026-01-09', is_completed: 1 }, '2026-01-10')).toBe(false);
    expect(isOverdue({ due_date: null, is_completed: 0 }, '2026-01-10')).toBe(false);
    expect(isDueToday({ due_date: '2026-01-10' }, '2026-01-10')).toBe(true);
  });

  test('dates roll over months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  test('a day moves by whole days whatever the zone the app runs in, also over a day that zone skipped', () => {
    // Apia went from 29 to 31 December 2011; Santiago's 6 September 2026 starts at 01:00. Due dates
    // are calendar days: the 30th is a day of the calendar, and one day after the 29th.
    inZone('Pacific/Apia', () => {
      expect(addDays('2011-12-29', 1)).toBe('2011-12-30');
      expect(addDays('2011-12-30', 1)).toBe('2011-12-31');
      expect(addDays('2011-12-31', -1)).toBe('2011-12-30');
      expect(addDays('2011-12-29', 2)).toBe('2011-12-31');
    });
    inZone('America/Santiago', () => expect(addDays('2026-09-05', 1)).toBe('2026-09-06'));
    // Years before 100 are years, not 19xx; and written with four digits.
    expect(addDays('0050-03-01', 1)).toBe('0050-03-02');
    expect(addDays('1000-01-01', -1)).toBe('0999-12-31');
  });

  test('in any zone the app may run in, moving a day by N days is N times 24 hours in UTC, and back', () => {
    // Zones north and south, with changes at midnight (Santiago, Tehran until 2022), half an hour
    // (Lord Howe), and whole days skipped on crossing the date line (Apia 2011, Kiritimati 1994,
    // Kwajalein 1993).
    const zones = [
      'UTC',
      'America/New_York',
      'Europe/Berlin',
      'America/Santiago',
      'Asia/Tehran',
      'Australia/Lord_Howe',
      'Pacific/Apia',
      'Pacific/Kiritimati',
      'Pacific/Kwajalein',
    ];
    const DAY = 86_400_000;
    const text = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
    // The days of 1990–2030 whose midnight each zone's clocks skipped, so that the device's own
    // `new Date(y, m, d)` lands later that day or on the next: where a local reckoning goes wrong.
    const noMidnight = new Map(
      zones.map((zone) => [
        zone,
        inZone(zone, () => {
          const days: number[] = [];
          for (let day = Date.UTC(1990, 0, 1) / DAY; day < Date.UTC(2031, 0, 1) / DAY; day++) {
            const utc = new Date(day * DAY);
            const local = new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
            if (local.getDate() !== utc.getUTCDate() || local.getHours() !== 0) days.push(day);
          }
          return days;
        }),
      ]),
    );
    expect(noMidnight.get('Pacific/Apia')!.map(text)).toContain('2011-12-30');
    expect(noMidnight.get('America/Santiago')!.length).toBeGreaterThan(10);
    expect(noMidnight.get('UTC')).toEqual([]);
    // Those days and two either side, a day on and back; then any day of the years 2 to 9998,
    // moved by up to three years either way.
    for (const [zone, days] of noMidnight)
      inZone(zone, () => {
        const wrong = days
          .flatMap((day) => [day - 2, day - 1, day, day + 1, day + 2])
          .filter((day) => addDays(text(day), 1) !== text(day + 1) || addDays(text(day + 1), -1) !== text(day));
        expect(wrong.map(text), zone).toEqual([]);
      });
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.parse('0002-01-01T00:00:00Z') / DAY, max: Date.UTC(9998, 11, 31) / DAY }),
        fc.integer({ min: -1100, max: 1100 }),
        (zone, day, days) => {
          inZone(zone, () => expect(addDays(text(day), days)).toBe(text(day + days)));
        },
      ),
      { numRuns: 300 },
    );
  });

  test('previews strip markdown and cut at 100 characters without splitting graphemes', () => {
    expect(stripMarkdown('## Title\n- [ ] **bold** and [link](http://x) `code`')).toBe('Title bold and link code');
    expect(stripMarkdown('<script>alert(1)</script>plain')).toBe('alert(1)plain');
    const long = 'क्षत्रिय '.repeat(30);
    const cut = preview(long, 100);
    expect([...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(cut)].length).toBeLessThanOrEqual(101);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(preview('short', 100)).toBe('short');
  });

  test('completed tasks come after pending ones, order kept within each group', () => {
    const tasks = [
      { id: 1, is_completed: 1 },
      { id: 2, is_completed: 0 },
      { id: 3, is_completed: 1 },
      { id: 4, is_completed: 0 },
    ];
    expect(completedLast(tasks).map((t) => t.id)).toEqual([2, 4, 1, 3]);
  });
});

/**
 * Runs `check` with the process's zone (the browser's, to the web app) set to `zone`, then puts it
 * back. Node reads TZ again whenever it is set. (common/ is typechecked for the browser too, without
 * Node's types: hence `process` looked up on globalThis.)
 */
function inZone<T>(zone: string, check: () => T): T {
  const { env } = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process;
  const saved = env.TZ;
  env.TZ = zone;
  try {
    return check();
  } finally {
    if (saved === undefined) delete env.TZ;
    else env.TZ = saved;
  }
}
