import { describe, expect, test } from 'vitest';
import { photoProblem } from '../../lib/api/settings-queries.ts';
import { lastActiveText, sessionDevice, sessionName, sortSessions } from './session-text.ts';

const texts = { both: '{{browser}} on {{os}}', osOnly: 'A browser on {{os}}', unknown: 'Unknown browser' };
const isolate = (name: string) => `\u2068${name}\u2069`;

describe('a session as the list names it', () => {
  test('browser and system through the language pattern, each name isolated; fallbacks when either is unknown', () => {
    expect(sessionName({ browser: 'Mobile Chrome', os: 'Android' }, texts)).toBe(`${isolate('Mobile Chrome')} on ${isolate('Android')}`);
    expect(sessionName({ browser: 'Firefox', os: 'Linux' }, { ...texts, both: '{{browser}} على {{os}}' })).toBe(
      `${isolate('Firefox')} على ${isolate('Linux')}`,
    );
    expect(sessionName({ browser: 'Safari', os: null }, texts)).toBe('Safari');
    expect(sessionName({ browser: null, os: 'Windows' }, texts)).toBe(`A browser on ${isolate('Windows')}`);
    expect(sessionName({ browser: null, os: null }, texts)).toBe('Unknown browser');
  });

  test('phones and tablets by their system', () => {
    expect(sessionDevice({ os: 'Android' })).toBe('mobile');
    expect(sessionDevice({ os: 'iOS' })).toBe('mobile');
    expect(sessionDevice({ os: 'Mac OS' })).toBe('computer');
    expect(sessionDevice({ os: null })).toBe('computer');
  });

  test('this device first, then the most recently active', () => {
    const row = (id: number, current: boolean, last: string | null, created = '2025-01-01T00:00:00.000Z') => ({
      id,
      current,
      last_used_at: last,
      created_at: created,
    });
    const sorted = sortSessions([
      row(1, false, '2025-03-01T00:00:00.000Z'),
      row(2, false, null, '2025-04-01T00:00:00.000Z'),
      row(3, true, '2025-01-02T00:00:00.000Z'),
      row(4, false, '2025-05-01T00:00:00.000Z'),
    ]);
    expect(sorted.map((s) => s.id)).toEqual([3, 4, 2, 1]);
  });

  test('last active as a relative time in the language; under a minute or ahead of our clock is "just now"', () => {
    const now = new Date('2025-06-10T12:00:00.000Z');
    expect(lastActiveText('2025-06-10T11:59:30.000Z', now, 'en', 'just now')).toBe('just now');
    expect(lastActiveText('2025-06-10T12:00:30.000Z', now, 'en', 'just now')).toBe('just now');
    expect(lastActiveText('2025-06-10T11:55:00.000Z', now, 'en', 'just now')).toBe('5 minutes ago');
    expect(lastActiveText('2025-06-09T11:00:00.000Z', now, 'en', 'just now')).toBe('yesterday');
    expect(lastActiveText('2025-05-20T12:00:00.000Z', now, 'en', 'just now')).toBe('3 weeks ago');
    expect(lastActiveText('2025-06-10T09:00:00.000Z', now, 'de', 'gerade eben')).toBe('vor 3 Stunden');
    expect(lastActiveText('not a date', now, 'en', 'just now')).toBe('');
  });
});

describe('a photo chosen for upload', () => {
  test('is checked for its type, then its size (5 MB), before anything is sent', () => {
    expect(photoProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(photoProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
    expect(photoProblem({ type: 'image/gif', size: 5 * 1024 * 1024 + 1 })).toBe('size');
    expect(photoProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(photoProblem({ type: 'application/pdf', size: 10 })).toBe('type');
    expect(photoProblem({ type: '', size: 10 })).toBe('type');
  });
});
