import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { describe, expect, inject, test } from 'vitest';
import { startPushReceiver } from '../support/push-receiver.ts';
import { signUpOver, startServerProcess, type ServerProcess } from '../support/server-process.ts';

/**
 * Issue 22: reminders are claimed so that several app processes on one PostgreSQL deliver each
 * exactly once, and a process killed mid-batch loses none. Two real server processes, their
 * schedulers polling every 100 ms, take 1,000 reminders that fell due at once.
 */

const TASKS = 1000;

async function createTasks(url: string, tokens: string[], count: number, prefix: string) {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const token = tokens[i % tokens.length]!;
      const response = await fetch(`${url}/api/tasks/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ title: `${prefix} ${i}`, due_date: '2026-12-01', due_time: '09:00' }),
      });
      expect(response.status).toBe(201);
    }
  };
  await Promise.all(Array.from({ length: 12 }, worker));
}

/**
 * What falls due together after downtime: one reminder on each of these tasks, due a minute ago,
 * written in one statement (as a restore or a long stop would leave them).
 */
async function reminderOnEveryTask(db: pg.Client, prefix: string) {
  await db.query(
    `INSERT INTO reminders (task_id, user_id, offset_minutes, remind_at, fire_at, state, created_at)
     SELECT id, user_id, NULL, $1, $1, 'pending', $1 FROM tasks WHERE title LIKE $2`,
    [new Date(Date.now() - 60_000).toISOString(), `${prefix} %`],
  );
}

async function untilDelivered(db: pg.Client, prefix: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const { rows } = await db.query(
      `SELECT count(*)::int AS pending FROM reminders r JOIN tasks t ON t.id = r.task_id WHERE r.state = 'pending' AND t.title LIKE $1`,
      [`${prefix} %`],
    );
    if (rows[0].pending === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0].pending} reminders still pending`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Each task of the prefix has exactly one reminder notification, one reminder e-mail (every account
 * has a proven address) and one push message to each browser of its owner, and its reminder is sent.
 */
async function expectEachDeliveredOnce(db: pg.Client, prefix: string) {
  const { rows } = await db.query(
    `SELECT t.id,
            (SELECT count(*)::int FROM notifications n WHERE n.task_id = t.id AND n.kind = 'reminder') AS told,
            (SELECT count(*)::int FROM mail_outbox m WHERE m.about_task_id = t.id AND m.about_kind = 'reminder') AS mailed,
            (SELECT count(*)::int FROM push_outbox p WHERE p.about_task_id = t.id AND p.about_kind = 'reminder') AS pushed,
            (SELECT count(*)::int FROM push_subscriptions s WHERE s.user_id = t.user_id) AS browsers,
            (SELECT string_agg(r.state, ',') FROM reminders r WHERE r.task_id = t.id) AS states
     FROM tasks t WHERE t.title LIKE $1`,
    [`${prefix} %`],
  );
  expect(rows).toHaveLength(TASKS);
  expect(rows.filter((row) => row.told !== 1 || row.mailed !== 1 || row.pushed !== row.browsers || row.states !== 'sent')).toEqual([]);
  expect(rows.some((row) => row.browsers > 0)).toBe(true);
}

/** Proves each account's address with the link of its verification e-mail, as its person would. */
async function verifyAll(db: pg.Client, url: string) {
  const { rows } = await db.query(`SELECT text_body FROM mail_outbox WHERE text_body LIKE '%/verify-email?token=%'`);
  for (const row of rows) {
    const token = /token=([A-Za-z0-9_-]+)/.exec(row.text_body as string)![1];
    const response = await fetch(`${url}/api/user/email/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(response.status).toBe(200);
  }
}

describe.skipIf(!inject('postgresUrl'))('reminders with two app processes on one PostgreSQL', () => {
  test('1,000 reminders due at once are each delivered exactly once; SIGKILL of one process mid-batch loses and doubles none', async () => {
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    const name = `taskaty_reminders_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = inject('postgresUrl').replace(/\/[^/]*$/, `/${name}`);
    // The push service is on loopback (the outbound guard is opened for it).
    const env = { DATABASE_URL: url, DATA_DIR: os.tmpdir(), REMINDER_POLL_MS: '100', OUTBOUND_ALLOW_PRIVATE: 'true' };
    const db = new pg.Client({ connectionString: url });
    const processes: ServerProcess[] = [];
    const receiver = await startPushReceiver();
    try {
      processes.push(await startServerProcess(env));
      await db.connect();
      const tokens = await Promise.all([1, 2, 3, 4].map((n) => signUpOver(processes[0]!.url, `reminded${n}@example.com`)));
      await verifyAll(db, processes[0]!.url);
      // One person has push in a browser: each of their reminders is one push message to it.
      const browser = receiver.browser();
      const enabled = await fetch(`${processes[0]!.url}/api/push/subscriptions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` },
        body: JSON.stringify({ endpoint: browser.endpoint, keys: browser.keys }),
      });
      expect(enabled.status).toBe(201);
      await createTasks(processes[0]!.url, tokens, TASKS, 'calm');
      await createTasks(processes[0]!.url, tokens, TASKS, 'killed');
      processes.push(await startServerProcess(env));

      // Both processes running: everything falls due at once, and each reminder is delivered once.
      await reminderOnEveryTask(db, 'calm');
      await untilDelivered(db, 'calm');
      await expectEachDeliveredOnce(db, 'calm');
      // The browser receives each of its person's push messages once, whichever process sends it.
      // (After a SIGKILL below, a message taken by the killed process is sent again by another once
      // its claim goes stale: at least once, so that phase checks the queue, where it is exactly once.)
      await expect.poll(() => browser.received.length, { timeout: 60_000 }).toBe(TASKS / 4);
      const tags = browser.received.map((message) => (message.payload as { tag: string }).tag);
      expect(new Set(tags).size).toBe(tags.length);
      expect(receiver.errors).toEqual([]);

      // Again, and one process is killed while the two are delivering: the other finishes, and
      // whatever the killed one had taken but not committed is delivered once, by the survivor.
      await reminderOnEveryTask(db, 'killed');
      for (;;) {
        const { rows } = await db.query(`SELECT count(*)::int AS sent FROM reminders WHERE state = 'sent'`);
        if (rows[0].sent > TASKS) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await processes[0]!.kill();
      await untilDelivered(db, 'killed');
      await expectEachDeliveredOnce(db, 'killed');
    } finally {
      await Promise.all(processes.map((process) => (process.child.exitCode === null ? process.stop() : undefined)));
      await receiver.close();
      await db.end().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 240_000);

  test('500 daily digests due at once are each mailed exactly once by two processes', async () => {
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    const name = `taskaty_digests_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = inject('postgresUrl').replace(/\/[^/]*$/, `/${name}`);
    const env = { DATABASE_URL: url, DATA_DIR: os.tmpdir(), REMINDER_POLL_MS: '100' };
    const db = new pg.Client({ connectionString: url });
    const processes: ServerProcess[] = [];
    try {
      // The first process migrates; people, their tasks and their due digests are then written in
      // three statements (as a long stop would leave them), and both processes take them.
      processes.push(await startServerProcess(env));
      await db.connect();
      const now = new Date().toISOString();
      const today = now.slice(0, 10);
      await db.query(
        `INSERT INTO users (name, email, password_hash, created_at, updated_at, email_verified_at)
         SELECT 'Digest ' || n, 'digest' || n || '@example.com', 'x', $1, $1, $1 FROM generate_series(1, 500) AS n`,
        [now],
      );
      await db.query(
        `INSERT INTO tasks (user_id, title, description, due_date, priority, priority_rank, is_completed, created_at, updated_at)
         SELECT id, 'Due today', '', $2, 'medium', 2, 0, $1, $1 FROM users WHERE email LIKE 'digest%'`,
        [now, today],
      );
      processes.push(await startServerProcess(env));
      await db.query(
        `INSERT INTO notification_settings (user_id, channels, digest_time, digest_next_at, updated_at)
         SELECT id, '{}', '00:00', $1, $1 FROM users WHERE email LIKE 'digest%'`,
        [new Date(Date.now() - 60_000).toISOString()],
      );
      const deadline = Date.now() + 90_000;
      for (;;) {
        const { rows } = await db.query(`SELECT count(*)::int AS due FROM notification_settings WHERE digest_next_at <= $1`, [now]);
        if (rows[0].due === 0) break;
        if (Date.now() > deadline) throw new Error(`${rows[0].due} digests still due`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const { rows } = await db.query(
        `SELECT u.id, (SELECT count(*)::int FROM mail_outbox m WHERE m.to_address = u.email) AS mailed
         FROM users u WHERE u.email LIKE 'digest%'`,
      );
      expect(rows).toHaveLength(500);
      expect(rows.filter((row) => row.mailed !== 1)).toEqual([]);
    } finally {
      await Promise.all(processes.map((process) => (process.child.exitCode === null ? process.stop() : undefined)));
      await db.end().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 240_000);
});
