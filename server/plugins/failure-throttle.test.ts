import { describe, expect, test } from 'vitest';
import { FailureThrottle, RecentKeys } from './failure-throttle.ts';

describe('FailureThrottle', () => {
  test('turns a key away after its failures in the window, and only until the window ends', () => {
    let now = 1_000_000;
    const throttle = new FailureThrottle({ maxFailures: 3, windowMs: 60_000 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfterSeconds('a')).toBe(0);
      throttle.fail('a');
    }
    expect(throttle.retryAfterSeconds('a')).toBe(60);
    expect(throttle.retryAfterSeconds('b')).toBe(0);
    now += 59_500;
    expect(throttle.retryAfterSeconds('a')).toBe(1);
    now += 500;
    expect(throttle.retryAfterSeconds('a')).toBe(0);
  });

  test('a success clears the failures, so correct sign-ins never add up', () => {
    const throttle = new FailureThrottle({ maxFailures: 2, windowMs: 60_000 });
    throttle.fail('a');
    throttle.succeed('a');
    throttle.fail('a');
    expect(throttle.retryAfterSeconds('a')).toBe(0);
  });

  test('holds at most maxKeys keys', () => {
    const throttle = new FailureThrottle({ maxFailures: 1, windowMs: 60_000, maxKeys: 10 });
    for (let i = 0; i < 25; i++) throttle.fail(`k${i}`);
    expect(throttle.retryAfterSeconds('k24')).toBeGreaterThan(0);
    expect((throttle as unknown as { entries: Map<string, unknown> }).entries.size).toBeLessThanOrEqual(10);
  });
});

describe('RecentKeys', () => {
  test('remembers a key until its time is up', () => {
    let now = 1_000_000;
    const recent = new RecentKeys({ ttlMs: 60_000 }, () => now);
    expect(recent.has('a')).toBe(false);
    recent.remember('a');
    now += 59_999;
    expect(recent.has('a')).toBe(true);
    now += 1;
    expect(recent.has('a')).toBe(false);
  });

  test('holds at most maxKeys keys, forgetting the oldest first', () => {
    const recent = new RecentKeys({ ttlMs: 60_000, maxKeys: 3 });
    for (const key of ['a', 'b', 'c']) recent.remember(key);
    recent.remember('a'); // seen again: now the newest
    recent.remember('d');
    expect(['a', 'b', 'c', 'd'].map((key) => recent.has(key))).toEqual([true, false, true, true]);
    expect((recent as unknown as { entries: Map<string, unknown> }).entries.size).toBe(3);
  });
});
