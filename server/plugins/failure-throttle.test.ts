import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, testDialects } from '../../tests/support/test-database.ts';
import type { Database } from '../db/database.ts';
import { createSharedCounterRepository } from '../db/repositories/shared-counter.repository.ts';
import { createFailureThrottle, createRecentKeys } from './failure-throttle.ts';

describe.each(testDialects())('shared counters on %s', (dialect) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
  });
  afterAll(() => database.close());
  let now = 1_000_000_000_000;
  const clock = { now: () => new Date(now) };
  const counters = () => createSharedCounterRepository(database.db);

  test('a throttle turns a key away after its failures in the window, and only until the window ends', async () => {
    const throttle = createFailureThrottle(counters(), clock, { name: 'a', maxFailures: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) {
      expect(await throttle.retryAfterSeconds('k')).toBe(0);
      await throttle.fail('k');
    }
    expect(await throttle.retryAfterSeconds('k')).toBe(60);
    expect(await throttle.retryAfterSeconds('other')).toBe(0);
    now += 59_500;
    expect(await throttle.retryAfterSeconds('k')).toBe(1);
    now += 500;
    expect(await throttle.retryAfterSeconds('k')).toBe(0);
    // A failure after the window starts a new one.
    await throttle.fail('k');
    expect(await throttle.retryAfterSeconds('k')).toBe(0);
  });

  test('a success clears the failures, so correct sign-ins never add up; throttles of other names count apart', async () => {
    const throttle = createFailureThrottle(counters(), clock, { name: 'b', maxFailures: 2, windowMs: 60_000 });
    const other = createFailureThrottle(counters(), clock, { name: 'c', maxFailures: 1, windowMs: 60_000 });
    await throttle.fail('k');
    await throttle.succeed('k');
    await throttle.fail('k');
    expect(await throttle.retryAfterSeconds('k')).toBe(0);
    await other.fail('k');
    expect(await other.retryAfterSeconds('k')).toBe(60);
    expect(await throttle.retryAfterSeconds('k')).toBe(0);
  });

  test('hits made at once all count (one atomic upsert each), as two processes would make them', async () => {
    const shared = counters();
    const states = await Promise.all(Array.from({ length: 50 }, () => shared.hit('burst', clock.now(), 60_000)));
    expect(states.map((state) => state.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  test('recent keys are remembered until their time is up, and ended windows are purged', async () => {
    const recent = createRecentKeys(counters(), clock, { name: 'recent', ttlMs: 60_000 });
    expect(await recent.has('a')).toBe(false);
    await recent.remember('a');
    now += 59_999;
    expect(await recent.has('a')).toBe(true);
    await recent.remember('a');
    now += 59_999;
    expect(await recent.has('a')).toBe(true);
    now += 1;
    expect(await recent.has('a')).toBe(false);
    expect(await counters().purgeEnded(clock.now())).toBeGreaterThan(0);
    const left = await database.db.selectFrom('rate_limit_counters').select('key').execute();
    expect(left.filter((row) => row.key === 'recent|a')).toEqual([]);
  });
});
