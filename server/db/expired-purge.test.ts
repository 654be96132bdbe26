import { describe, expect, test } from 'vitest';
import { createTestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

/** A clock the test moves by hand. */
function handClock(startIso: string) {
  let now = Date.parse(startIso);
  return {
    clock: { now: () => new Date(now), nowIso: () => new Date(now).toISOString() },
    advanceDays: (days: number) => void (now += days * 86_400_000),
  };
}

describe.each(testDialects())('expired sign-in tokens are purged on %s (finding 18i)', (dialect) => {
  test('a pass deletes the tokens past their expiry and keeps the valid ones, which still sign in', async () => {
    const time = handClock('2031-05-01T09:00:00.000Z');
    const t = await createTestApp(dialect, { clock: time.clock, env: { TOKEN_TTL_DAYS: '30' } });
    try {
      const old = await t.signUp();
      time.advanceDays(10);
      const fresh = await t.signUp();
      const idOf = (token: string) => Number(token.split('|')[0]);
      const tokenIds = async () =>
        (await t.database.db.selectFrom('personal_access_tokens').select('id').orderBy('id').execute()).map((row) => row.id);
      expect(await tokenIds()).toEqual([idOf(old.token), idOf(fresh.token)]);

      // Day 35: the first token (valid until day 30) is dead weight, the second (day 40) is not.
      time.advanceDays(25);
      const deleted = await t.app.taskaty.purge.run();
      expect(deleted.tokens).toBe(1);
      expect(await tokenIds()).toEqual([idOf(fresh.token)]);
      expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: fresh.headers })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: old.headers })).statusCode).toBe(401);

      // Idempotent: another pass (or another process's) finds nothing left to do.
      expect((await t.app.taskaty.purge.run()).tokens).toBe(0);
    } finally {
      await t.close();
    }
  });

  test('start() (what main.ts calls) purges at once; closing the app stops it', async () => {
    const time = handClock('2031-05-01T09:00:00.000Z');
    const t = await createTestApp(dialect, { clock: time.clock, env: { TOKEN_TTL_DAYS: '1' } });
    try {
      await t.signUp();
      time.advanceDays(2);
      t.app.taskaty.purge.start();
      await expect.poll(async () => (await t.database.db.selectFrom('personal_access_tokens').select('id').execute()).length).toBe(0);
    } finally {
      await t.close();
    }
  });
});
