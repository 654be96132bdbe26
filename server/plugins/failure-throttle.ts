import type { Clock } from '../clock.ts';
import type { SharedCounterRepository } from '../db/repositories/shared-counter.repository.ts';

/**
 * Counts failures per key in a fixed window, the way sign-in brute-force protection should:
 * only wrong guesses count, and a success clears the key. A person (or a test suite) signing in
 * correctly many times a minute is never turned away; guessing one account's password is.
 * Counted in the database every app process shares (migration 014), so several processes behind
 * a load balancer count one budget, not one each.
 */
export function createFailureThrottle(
  counters: SharedCounterRepository,
  clock: Pick<Clock, 'now'>,
  options: { name: string; maxFailures: number; windowMs: number },
) {
  const keyOf = (key: string) => `${options.name}|${key}`;
  return {
    /** Seconds until `key` may try again, or 0 when it may now. */
    async retryAfterSeconds(key: string): Promise<number> {
      const now = clock.now();
      const state = await counters.read(keyOf(key), now);
      if (!state || state.count < options.maxFailures) return 0;
      return Math.max(1, Math.ceil((Date.parse(state.windowEndsAt) - now.getTime()) / 1000));
    },
    async fail(key: string): Promise<void> {
      await counters.hit(keyOf(key), clock.now(), options.windowMs);
    },
    async succeed(key: string): Promise<void> {
      await counters.clear(keyOf(key));
    },
  };
}
export type FailureThrottle = ReturnType<typeof createFailureThrottle>;

/**
 * Keys seen recently (a set whose entries expire), shared like the throttle. Sign-in remembers
 * each address + e-mail that signed in correctly, so a person who has signed in from an address
 * before is not turned away by the per-address count that someone else behind the same NAT ran up.
 */
export function createRecentKeys(counters: SharedCounterRepository, clock: Pick<Clock, 'now'>, options: { name: string; ttlMs: number }) {
  const keyOf = (key: string) => `${options.name}|${key}`;
  return {
    async has(key: string): Promise<boolean> {
      return (await counters.read(keyOf(key), clock.now())) !== undefined;
    },
    /** Remembered for `ttlMs` from now (a new sign-in starts the time again). */
    async remember(key: string): Promise<void> {
      await counters.clear(keyOf(key));
      await counters.hit(keyOf(key), clock.now(), options.ttlMs);
    },
  };
}
