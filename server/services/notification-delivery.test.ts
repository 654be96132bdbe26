import { describe, expect, test } from 'vitest';
import { afterQuietHours } from './notification-delivery.ts';

describe('quiet hours on the person’s clock', () => {
  const night = { start: '23:00', end: '01:45' };

  test('a message queued in them waits for their end; one queued outside goes at once', () => {
    expect(afterQuietHours(new Date('2026-12-01T23:30:00Z'), 'Europe/London', night)).toBe('2026-12-02T01:45:00.000Z');
    expect(afterQuietHours(new Date('2026-12-01T12:00:00Z'), 'Europe/London', night)).toBeUndefined();
    expect(afterQuietHours(new Date('2026-12-01T23:30:00Z'), 'Europe/London', null)).toBeUndefined();
    // Berlin is an hour ahead in winter: 22:30 UTC is 23:30 there.
    expect(afterQuietHours(new Date('2026-12-01T22:30:00Z'), 'Europe/Berlin', night)).toBe('2026-12-02T00:45:00.000Z');
  });

  test('the night the clocks go back, an end in the repeated hour is its first passing, or its second for a message queued between them', () => {
    // London, 25 October 2026: 02:00 BST becomes 01:00 GMT, so 01:00–02:00 comes twice.
    expect(afterQuietHours(new Date('2026-10-25T00:40:00Z'), 'Europe/London', night)).toBe('2026-10-25T00:45:00.000Z');
    // 01:35 GMT reads 01:35, again in the quiet hours; their end's first passing (00:45 UTC) is behind it.
    expect(afterQuietHours(new Date('2026-10-25T01:35:00Z'), 'Europe/London', night)).toBe('2026-10-25T01:45:00.000Z');
    // Lord Howe goes back half an hour (02:00 becomes 01:30): an end at 01:45 comes twice, 30 minutes apart.
    // 15:05 UTC reads 01:35 (+10:30), the second time round; the first 01:45 (+11) was 14:45 UTC.
    expect(afterQuietHours(new Date('2026-04-04T15:05:00Z'), 'Australia/Lord_Howe', night)).toBe('2026-04-04T15:15:00.000Z');
    // 14:50 UTC reads 01:50 (+11): the quiet hours ended at the first 01:45.
    expect(afterQuietHours(new Date('2026-04-04T14:50:00Z'), 'Australia/Lord_Howe', night)).toBeUndefined();
  });

  test('the night the clocks go forward, an end in the skipped hour is read an hour on, as reminders are', () => {
    // London, 29 March 2026: 01:00 GMT becomes 02:00 BST; 01:45 never reads, and is taken as 02:45 BST
    // (common/time-zone.ts's rule for a skipped time: after the change, by its length).
    expect(afterQuietHours(new Date('2026-03-29T00:30:00Z'), 'Europe/London', night)).toBe('2026-03-29T01:45:00.000Z');
  });
});
