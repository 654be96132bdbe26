import { describe, expect, test } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestApp } from '../../tests/support/test-app.ts';
import { openTestDatabase, testDialects } from '../../tests/support/test-database.ts';
import { issueSnoozeLink } from '../services/snooze-link.service.ts';
import { createMailOutboxRepository } from './repositories/mail-outbox.repository.ts';

/** A clock the test moves by hand. */
function handClock(startIso: string) {
  let now = Date.parse(startIso);
  return {
    clock: { now: () => new Date(now), nowIso: () => new Date(now).toISOString() },
    advanceDays: (days: number) => void (now += days * 86_400_000),
    advanceHours: (hours: number) => void (now += hours * 3_600_000),
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

describe.each(testDialects())('expired account links are purged on %s (finding 18i)', (dialect) => {
  test('a pass deletes verification, reset and invitation links past their expiry and keeps the live ones, which still work', async () => {
    const time = handClock('2031-05-01T09:00:00.000Z');
    const t = await createTestApp(dialect, { clock: time.clock });
    try {
      // A verification link not yet followed (24 hours), a reset link (1 hour), a followed
      // verification link (24 hours) and an invitation to an address with no account (30 days).
      const unverified = await t.signUp({ verified: false });
      await t.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: unverified.user.email } });
      const owner = await t.signUp();
      const task = (
        await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: owner.headers, payload: { title: 'For a newcomer' } })
      ).json().task;
      const shared = await t.app.inject({
        method: 'POST',
        url: `/api/tasks/${task.id}/share`,
        headers: owner.headers,
        payload: { email_ids: [`newcomer-${Date.now()}@example.com`] },
      });
      expect(shared.statusCode).toBe(200);
      const purposes = async () =>
        (await t.database.db.selectFrom('account_links').select('purpose').orderBy('id').execute()).map((row) => row.purpose);
      expect(await purposes()).toEqual(['verify_email', 'reset_password', 'verify_email', 'invitation']);

      // Two hours on: only the reset link is past its expiry.
      time.advanceHours(2);
      expect((await t.app.taskaty.purge.run()).account_links).toBe(1);
      expect(await purposes()).toEqual(['verify_email', 'verify_email', 'invitation']);
      // The live verification link the pass kept still proves the address.
      const token = await t.mailedLinkToken(unverified.user.email, '/verify-email');
      expect((await t.app.inject({ method: 'POST', url: '/api/user/email/verify', payload: { token } })).statusCode).toBe(200);

      // A day on: both verification links (followed or not) are past theirs; the invitation stays.
      time.advanceDays(1);
      expect((await t.app.taskaty.purge.run()).account_links).toBe(2);
      expect(await purposes()).toEqual(['invitation']);

      time.advanceDays(30);
      expect((await t.app.taskaty.purge.run()).account_links).toBe(1);
      expect(await purposes()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe.each(testDialects())('the started purge repeats on its own on %s (finding 18i)', (dialect) => {
  test('once started, a pass runs every purgeIntervalMs: rows that expire later go without anyone calling run()', async () => {
    const time = handClock('2031-05-01T09:00:00.000Z');
    const database = await openTestDatabase(dialect);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent-web-build', TOKEN_TTL_DAYS: '1' });
    // main.ts leaves the interval at its hourly default; 50 ms lets the test watch several passes.
    const app = await buildApp({ config, database, logger: false, clock: time.clock, purgeIntervalMs: 50 });
    try {
      const email = 'purged@example.com';
      const password = 'correct horse battery';
      const registered = await app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: { name: 'Purged', email, password, password_confirmation: password },
      });
      expect(registered.statusCode).toBe(201);
      const signIn = async () =>
        expect((await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } })).statusCode).toBe(200);
      await signIn();
      const rows = async () => ({
        tokens: (await database.db.selectFrom('personal_access_tokens').select('id').execute()).length,
        links: (await database.db.selectFrom('account_links').select('id').execute()).length,
      });

      app.taskaty.purge.start();
      // Queued behind the pass start() ran at once: nothing had expired, so both rows stay.
      await app.taskaty.purge.run();
      expect(await rows()).toEqual({ tokens: 1, links: 1 });

      // Two days on, the token (one day) and the verification link (24 hours) are dead: only the timer runs passes now.
      time.advanceDays(2);
      await expect.poll(rows, { timeout: 3000 }).toEqual({ tokens: 0, links: 0 });

      // And again: a timer that keeps going, not one late pass.
      await signIn();
      await app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email } });
      expect(await rows()).toEqual({ tokens: 1, links: 1 });
      time.advanceDays(2);
      await expect.poll(rows, { timeout: 3000 }).toEqual({ tokens: 0, links: 0 });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe.each(testDialects())('spent snooze links and finished outbox messages are purged on %s', (dialect) => {
  test('a snooze link goes a week after it was made; a sent, cancelled or given-up message after 30 days, a waiting one never', async () => {
    const time = handClock('2031-05-01T09:00:00.000Z');
    const t = await createTestApp(dialect, { clock: time.clock });
    try {
      const user = await t.signUp();
      const task = (
        await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: user.headers, payload: { title: 'Snoozable' } })
      ).json().task;
      await issueSnoozeLink(t.database.db, { userId: user.user.id, taskId: task.id, now: time.clock.nowIso() });
      const outbox = createMailOutboxRepository(t.database.db);
      for (const key of ['sent', 'cancelled', 'failed', 'waiting']) {
        await outbox.enqueue({ to: user.user.email, subject: key, text: key, html: key }, time.clock.nowIso(), {
          key: `purge-test:${key}`,
        });
      }
      const rows = await t.database.db
        .selectFrom('mail_outbox')
        .select(['id', 'subject'])
        .where('idempotency_key', 'like', 'purge-test:%')
        .execute();
      const idOf = (subject: string) => rows.find((row) => row.subject === subject)!.id;
      await outbox.markSent(idOf('sent'), time.clock.nowIso());
      await t.database.db.updateTable('mail_outbox').set({ status: 'cancelled' }).where('id', '=', idOf('cancelled')).execute();
      await outbox.markFailed(idOf('failed'), 8, 'refused', time.clock.nowIso(), true);
      const left = async () =>
        (
          await t.database.db
            .selectFrom('mail_outbox')
            .select('subject')
            .where('idempotency_key', 'like', 'purge-test:%')
            .orderBy('id')
            .execute()
        ).map((row) => row.subject);
      const links = async () => (await t.database.db.selectFrom('snooze_links').select('id').execute()).length;

      time.advanceDays(6);
      await t.app.taskaty.purge.run();
      expect([await links(), await left()]).toEqual([1, ['sent', 'cancelled', 'failed', 'waiting']]);
      time.advanceDays(2);
      expect((await t.app.taskaty.purge.run()).snooze_links).toBe(1);
      expect(await links()).toBe(0);
      time.advanceDays(23);
      await t.app.taskaty.purge.run();
      // Only what still waits to be sent (no SMTP server here) is kept.
      expect(await left()).toEqual(['waiting']);
    } finally {
      await t.close();
    }
  });

  test('a task creation key goes a week after it was claimed (decision 034); its task stays', async () => {
    const time = handClock('2031-05-01T09:00:00.000Z');
    const t = await createTestApp(dialect, { clock: time.clock });
    try {
      const user = await t.signUp();
      const create = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/tasks/add',
          headers: { ...user.headers, 'idempotency-key': 'purge-test-key' },
          payload: { title: 'Made offline' },
        });
      const first = (await create()).json().task;
      const keys = async () => (await t.database.db.selectFrom('task_create_keys').select('key').execute()).length;
      time.advanceDays(6);
      await t.app.taskaty.purge.run();
      expect(await keys()).toBe(1);
      expect((await create()).json().task.id).toBe(first.id);
      time.advanceDays(2);
      expect((await t.app.taskaty.purge.run()).task_create_keys).toBe(1);
      expect(await keys()).toBe(0);
      const titles = (await t.app.inject({ method: 'GET', url: '/api/tasks', headers: user.headers })).json().tasks;
      expect(titles).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
