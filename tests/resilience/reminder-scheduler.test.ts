import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, inject, onTestFinished, test } from 'vitest';
import { startLoopbackSmtp } from '../support/loopback-smtp.ts';
import { startPushReceiver } from '../support/push-receiver.ts';
import { signUpOver, startServerProcess, type ServerProcess } from '../support/server-process.ts';

/**
 * Issue 22: reminders are claimed so that several app processes on one PostgreSQL deliver each
 * exactly once, and a process killed mid-batch loses none and doubles none, on PostgreSQL (two real
 * server processes, their schedulers polling every 100 ms, take 1,000 reminders that fell due at
 * once) and on SQLite (one process, killed and restarted on its data).
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
 * written in one statement (as a restore or a long stop would leave them), in task order. `state`
 * 'cancelled' writes them held back, for the test to release once it is ready.
 */
async function reminderOnEveryTask(db: pg.Client, prefix: string, state: 'pending' | 'cancelled' = 'pending') {
  await db.query(
    `INSERT INTO reminders (task_id, user_id, offset_minutes, remind_at, fire_at, state, created_at)
     SELECT id, user_id, NULL, $1, $1, $3, $1 FROM tasks WHERE title LIKE $2 ORDER BY id`,
    [new Date(Date.now() - 60_000).toISOString(), `${prefix} %`, state],
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Waiter {
  pid: number;
  application_name: string;
  wait_event_type: string | null;
  wait_event: string | null;
  /** The waiting transaction's id: set once it has written something. */
  xid: string | null;
  query: string;
}

/** The backends waiting for the transaction of backend `holder` to end, once there is one. */
async function waitersOn(db: pg.Client, holder: number): Promise<Waiter[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await db.query<Waiter>(
      `SELECT pid, application_name, wait_event_type, wait_event, backend_xid::text AS xid, query
       FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))`,
      [holder],
    );
    if (rows.length) return rows;
    if (Date.now() > deadline) {
      throw new Error("no process waited on the test's e-mail: is a reminder's e-mail still keyed reminder:<first id>:<fire_at>?");
    }
    await sleep(20);
  }
}

/**
 * Waits until the process named `survivor` has delivered every reminder of the prefix it can take
 * and every push message queued so far has gone: the reminders still pending are then those another
 * transaction holds locked, and no message is in flight. Resolves with how many are held.
 */
async function untilOnlyHeldRemain(db: pg.Client, prefix: string, survivor: string): Promise<number> {
  const busy = async () =>
    (await db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND xact_start IS NOT NULL`, [survivor]))
      .rows[0].n > 0;
  const pending = async () =>
    (
      await db.query(
        `SELECT count(*)::int AS n FROM reminders r JOIN tasks t ON t.id = r.task_id WHERE r.state = 'pending' AND t.title LIKE $1`,
        [`${prefix} %`],
      )
    ).rows[0].n as number;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!(await busy())) {
      await db.query('BEGIN');
      const held = await pending();
      // Those no transaction holds: this one locks them for a moment, and lets go.
      const { rows: free } = await db.query(
        `SELECT r.id FROM reminders r JOIN tasks t ON t.id = r.task_id WHERE r.state = 'pending' AND t.title LIKE $1
         FOR UPDATE OF r SKIP LOCKED`,
        [`${prefix} %`],
      );
      const { rows: queued } = await db.query(`SELECT id FROM push_outbox WHERE status IN ('pending', 'sending')`);
      await db.query('ROLLBACK');
      // The survivor took nothing meanwhile: idle before and after, and the count unchanged.
      if (held > 0 && free.length === 0 && queued.length === 0 && !(await busy()) && (await pending()) === held) return held;
    }
    if (Date.now() > deadline) throw new Error(`reminders of ${prefix} still being delivered`);
    await sleep(50);
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
  test('1,000 reminders due at once are each delivered exactly once; SIGKILL of a process inside a batch loses and doubles none', async () => {
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    const name = `taskaty_reminders_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = inject('postgresUrl').replace(/\/[^/]*$/, `/${name}`);
    // The push service is on loopback (the outbound guard is opened for it).
    const env = { DATA_DIR: os.tmpdir(), REMINDER_POLL_MS: '100', OUTBOUND_ALLOW_PRIVATE: 'true' };
    // Each process names its connections, so the test sees in pg_stat_activity which one is where.
    const names = ['taskaty_a', 'taskaty_b'];
    const start = (n: number) => startServerProcess({ ...env, DATABASE_URL: `${url}?application_name=${names[n]}` });
    const db = new pg.Client({ connectionString: url });
    const blocker = new pg.Client({ connectionString: url });
    const processes: ServerProcess[] = [];
    const receiver = await startPushReceiver();
    try {
      processes.push(await start(0));
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
      processes.push(await start(1));

      // Both processes running: everything falls due at once, and each reminder is delivered once.
      await reminderOnEveryTask(db, 'calm');
      await untilDelivered(db, 'calm');
      await expectEachDeliveredOnce(db, 'calm');
      // The browser receives each of its person's push messages once, whichever process sends it.
      await expect.poll(() => browser.received.length, { timeout: 60_000 }).toBe(TASKS / 4);

      // Again, and one process is SIGKILLed inside a batch, provably. The test's own transaction
      // first queues, uncommitted, an e-mail under the idempotency key the scheduler gives the e-mail
      // of the 101st reminder (`reminder:<first reminder id>:<fire_at>`). The batch that takes that
      // reminder inserts its e-mail (ON CONFLICT DO NOTHING) and so must wait for the test's
      // transaction to end: PostgreSQL shows it waiting, inside its transaction, with the reminders
      // it claimed locked and the groups before that one written, uncommitted. The other process
      // delivers the rest meanwhile; then the waiting process is killed, the test's transaction
      // rolled back, and the survivor takes the killed batch once its claim is gone.
      await reminderOnEveryTask(db, 'killed', 'cancelled');
      const {
        rows: [held],
      } = await db.query(
        `SELECT r.id, r.fire_at FROM reminders r JOIN tasks t ON t.id = r.task_id WHERE t.title LIKE 'killed %' ORDER BY r.task_id, r.id OFFSET 100 LIMIT 1`,
      );
      await blocker.connect();
      const holder = (await blocker.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
      await blocker.query('BEGIN');
      await blocker.query(
        `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, status, attempts, next_attempt_at, created_at, idempotency_key)
         VALUES ('held@example.com', 'held', '', '', 'cancelled', 0, $1, $1, $2)`,
        [new Date().toISOString(), `reminder:${held.id}:${held.fire_at}`],
      );
      await db.query(
        `UPDATE reminders SET state = 'pending' WHERE state = 'cancelled' AND task_id IN (SELECT id FROM tasks WHERE title LIKE 'killed %')`,
      );
      const heldSince = Date.now();
      const waiters = await waitersOn(db, holder);
      expect(waiters).toHaveLength(1);
      const waiter = waiters[0]!;
      // Waiting for the test's transaction, on the e-mail's insert, having written already.
      expect(waiter).toMatchObject({ wait_event_type: 'Lock', wait_event: 'transactionid' });
      expect(waiter.query).toMatch(/^insert into "mail_outbox"/i);
      expect(waiter.xid).not.toBeNull();
      const victim = processes[names.indexOf(waiter.application_name)]!;
      const survivor = names.find((name) => name !== waiter.application_name)!;
      // All the other reminders delivered and their push messages sent: what stays pending is what
      // the waiting batch holds locked (the held reminder among them), none of it visible yet.
      const heldBack = await untilOnlyHeldRemain(db, 'killed', survivor);
      expect(heldBack).toBeGreaterThan(1);
      const { rows: pendingNow } = await db.query(
        `SELECT r.id, (SELECT count(*)::int FROM notifications n WHERE n.task_id = r.task_id AND n.kind = 'reminder') AS told
         FROM reminders r JOIN tasks t ON t.id = r.task_id WHERE r.state = 'pending' AND t.title LIKE 'killed %'`,
      );
      expect(pendingNow.map((row) => row.id)).toContain(held.id);
      expect(pendingNow.filter((row) => row.told !== 0)).toEqual([]);
      // Still waiting, inside that batch, as the kill lands (well within the app's 30 s query timeout).
      expect((await waitersOn(db, holder)).map((row) => row.pid)).toEqual([waiter.pid]);
      expect(Date.now() - heldSince).toBeLessThan(25_000);
      await victim.kill();
      await blocker.query('ROLLBACK');
      // Its connection gets the row, finds no one there and ends: the batch is rolled back.
      await expect
        .poll(async () => (await db.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = $1', [waiter.pid])).rows[0].n, {
          timeout: 10_000,
        })
        .toBe(0);
      await untilDelivered(db, 'killed');
      await expectEachDeliveredOnce(db, 'killed');
      // Nothing was in flight when the process was killed: each push message arrives once.
      await expect
        .poll(async () => (await db.query(`SELECT count(*)::int AS n FROM push_outbox WHERE status IN ('pending', 'sending')`)).rows[0].n, {
          timeout: 60_000,
        })
        .toBe(0);
      expect(browser.received.length).toBe(TASKS / 2);
      const tags = browser.received.map((message) => (message.payload as { tag: string }).tag);
      expect(new Set(tags).size).toBe(tags.length);
      expect(receiver.errors).toEqual([]);
    } finally {
      await Promise.all(processes.map((process) => (process.child.exitCode === null ? process.stop() : undefined)));
      await receiver.close();
      await blocker.end().catch(() => undefined);
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

describe('reminders on SQLite, one process', () => {
  test('SIGKILL while a batch is being written loses and doubles none: restarted, the server delivers the rest, each once', async () => {
    const REMINDERS = 1000;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-reminders-'));
    const smtp = await startLoopbackSmtp();
    const env = { DATA_DIR: dataDir, REMINDER_POLL_MS: '100' };
    // Without SMTP the first server only queues its e-mails: none is on the wire when it is killed.
    let server = await startServerProcess(env);
    const file = path.join(dataDir, 'taskaty.db');
    const db = new SQLite(file, { timeout: 5000 });
    // Tells whether another connection holds SQLite's one write lock, without waiting for it.
    const probe = new SQLite(file, { timeout: 0 });
    onTestFinished(async () => {
      if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
      probe.close();
      db.close();
      await smtp.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    // Two people, written directly: every 100th task from the first is the one with a proven
    // address (10 reminder e-mails), the others the one without. One reminder on each task, all due
    // a minute ago.
    const now = new Date().toISOString();
    const person = db.prepare(
      `INSERT INTO users (name, email, password_hash, created_at, updated_at, email_verified_at) VALUES (?, ?, 'x', ?, ?, ?)`,
    );
    const mailed = Number(person.run('Mailed', 'mailed@example.com', now, now, now).lastInsertRowid);
    const unmailed = Number(person.run('Unmailed', 'unmailed@example.com', now, now, null).lastInsertRowid);
    const task = db.prepare(
      `INSERT INTO tasks (user_id, title, description, due_date, due_time, priority, priority_rank, is_completed, created_at, updated_at)
       VALUES (?, ?, '', '2026-12-01', '09:00', 'medium', 2, 0, ?, ?)`,
    );
    db.transaction(() => {
      for (let i = 1; i <= REMINDERS; i++) task.run(i % 100 === 1 ? mailed : unmailed, `sqlite ${i}`, now, now);
    })();
    const due = new Date(Date.now() - 60_000).toISOString();
    db.prepare(
      `INSERT INTO reminders (task_id, user_id, offset_minutes, remind_at, fire_at, state, created_at)
       SELECT id, user_id, NULL, ?, ?, 'pending', ? FROM tasks WHERE title LIKE 'sqlite %' ORDER BY id`,
    ).run(due, due, now);

    // The next pass (100 ms) delivers them in batches of up to 200, each one transaction. Once a
    // batch has been committed and some reminders are still pending, the server is killed the moment
    // it holds SQLite's write lock: the next batch has begun writing and not committed. (A pass runs
    // its batches back to back without giving way to the server's timers or requests, so no other
    // write of the server can hold the lock then; the probe itself holds it for microseconds.)
    const sent = db.prepare(`SELECT count(*) FROM reminders WHERE state = 'sent'`).pluck();
    const writing = () => {
      try {
        probe.exec('BEGIN IMMEDIATE');
        probe.exec('ROLLBACK');
        return false;
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
        throw error;
      }
    };
    const deadline = Date.now() + 30_000;
    for (;;) {
      const delivered = sent.get() as number;
      if (delivered === REMINDERS) throw new Error('the pass ended before the server was killed');
      if (delivered > 0 && writing()) break;
      if (Date.now() > deadline) throw new Error(`no pass under way: ${delivered} reminders sent`);
      await sleep(1);
    }
    await server.kill();

    /** Each reminder with what its task's person was told: the notification, the e-mail queued. */
    const reminders = () =>
      db
        .prepare(
          `SELECT t.id, t.title, t.user_id = ? AS mailable, r.state,
                  (SELECT count(*) FROM notifications n WHERE n.task_id = t.id AND n.kind = 'reminder') AS told,
                  (SELECT count(*) FROM mail_outbox m WHERE m.about_task_id = t.id AND m.about_kind = 'reminder') AS mailed
           FROM tasks t JOIN reminders r ON r.task_id = t.id WHERE t.title LIKE 'sqlite %'`,
        )
        .all(mailed) as Array<{ id: number; title: string; mailable: number; state: string; told: number; mailed: number }>;
    const integrity = () => {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
    };
    // Killed mid-pass: some delivered, some not; each delivered wholly or not at all (nothing of the
    // batch the kill cut short was kept), and the file is sound.
    const afterKill = reminders();
    expect(afterKill).toHaveLength(REMINDERS);
    const deliveredBefore = afterKill.filter((row) => row.state === 'sent').length;
    expect(deliveredBefore).toBeGreaterThan(0);
    expect(deliveredBefore).toBeLessThan(REMINDERS);
    // The first task's reminder went with the first batch: its e-mail waits in the outbox.
    expect(afterKill.find((row) => row.title === 'sqlite 1')).toMatchObject({ state: 'sent', mailed: 1 });
    expect(
      afterKill.filter((row) =>
        row.state === 'sent'
          ? row.told !== 1 || row.mailed !== row.mailable
          : row.state !== 'pending' || row.told !== 0 || row.mailed !== 0,
      ),
    ).toEqual([]);
    integrity();

    // Restarted on the same data, now with SMTP: the rest are delivered, and every reminder e-mail
    // (those queued before the kill too) reaches the mailbox, once.
    server = await startServerProcess({ ...env, SMTP_URL: smtp.url });
    const pending = db.prepare(`SELECT count(*) FROM reminders WHERE state = 'pending'`).pluck();
    const unsent = db.prepare(`SELECT count(*) FROM mail_outbox WHERE status IN ('pending', 'sending')`).pluck();
    await expect.poll(() => pending.get(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => unsent.get(), { timeout: 30_000 }).toBe(0);
    await server.stop();
    const afterRestart = reminders();
    expect(afterRestart.filter((row) => row.state !== 'sent' || row.told !== 1 || row.mailed !== row.mailable)).toEqual([]);
    const expected = afterRestart.filter((row) => row.mailable).map((row) => `Reminder: ${row.title}`);
    expect(expected).toHaveLength(REMINDERS / 100);
    expect(smtp.received.map((mail) => mail.subject).sort()).toEqual(expected.sort());
    expect(smtp.received.every((mail) => mail.to.join() === 'mailed@example.com')).toBe(true);
    integrity();
  }, 120_000);
});
