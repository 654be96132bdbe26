import type { Clock } from '../../server/clock.ts';

/** A clock the test moves: schedulers and dispatchers deliver what is due at its "now". */
export function testClock(start: string): Clock & { set(iso: string): void } {
  let now = new Date(start);
  return { now: () => new Date(now), nowIso: () => now.toISOString(), set: (iso) => (now = new Date(iso)) };
}
