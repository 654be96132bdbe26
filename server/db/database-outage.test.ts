import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { findPostgresBinDir, startTestPostgres } from '../../scripts/test-postgres.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createInProcessBus } from '../realtime/event-bus.ts';
import { migrateToLatest, openDatabase } from './database.ts';
import { labelKey } from './repositories/label.repository.ts';

const UNAVAILABLE = { message: 'The service is temporarily unavailable. Please try again in a moment.' };

describe.skipIf(!findPostgresBinDir())('PostgreSQL outage', () => {
  test('with the database stopped the API answers 503 quickly, and recovers by itself when it is back', async () => {
    const pg = await startTestPostgres();
    const config = loadConfig({ DATABASE_URL: pg.url, LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
    const database = openDatabase({ databaseUrl: pg.url });
    await migrateToLatest(database);
    // The outage is about the database; the realtime listener has its own reconnect loop.
    const app = await buildApp({ config, database, logger: false, bus: createInProcessBus() });
    try {
      const password = 'long-enough-1';
      await app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: { name: 'O', email: 'o@example.com', password, password_confirmation: password },
      });
      const token = (await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'o@example.com', password } })).json()
        .token.plainTextToken;
      const headers = { authorization: `Bearer ${token}` };
      expect((await app.inject({ method: 'GET', url: '/api/tasks', headers })).statusCode).toBe(200);

      pg.pause();
      const started = Date.now();
      const down = await app.inject({ method: 'GET', url: '/api/tasks', headers });
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toMatch(/temporarily unavailable/);
      expect(down.headers['retry-after']).toBe('5');
      expect(Date.now() - started).toBeLessThan(15_000);
      const write = await app.inject({ method: 'POST', url: '/api/tasks/add', headers, payload: { title: 'during outage' } });
      expect(write.statusCode).toBe(503);

      pg.resume();
      let status = 0;
      for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
        status = (await app.inject({ method: 'GET', url: '/api/tasks', headers })).statusCode;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(status).toBe(200);
      const tasks = (await app.inject({ method: 'GET', url: '/api/tasks', headers })).json().tasks;
      expect(tasks).toEqual([]);
    } finally {
      await app.close();
      await database.close();
      pg.stop();
    }
  }, 60_000);
});

/** A task with a label and a comment, the things the cases below change. */
async function seed(app: FastifyInstance, headers: Record<string, string>) {
  const task = (await app.inject({ method: 'POST', url: '/api/tasks/add', headers, payload: { title: 'Plan', labels: ['Old'] } })).json()
    .task;
  const comment = (
    await app.inject({ method: 'POST', url: '/api/tasks/comments/add', headers, payload: { task_id: String(task.id), content: 'First' } })
  ).json().comment;
  return { taskId: task.id as number, commentId: comment.id as number, labelId: task.labels[0].id as number };
}

/** The app's session in this database that waits for a lock `admin` holds, once it does. */
async function waitingSession(admin: pg.Client): Promise<number> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const { rows } = await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
    );
    if (rows[0]) return rows[0].pid;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the request never waited for the lock');
}

/**
 * `admin` holds a lock on the table a request reads after it began; once the request waits for it,
 * its session ends as a restart or failover ends it (57P01), or only its statement is cancelled
 * (57014, as a timeout or an operator does), the connection living on.
 */
async function failWaitingRequest(admin: pg.Client, table: 'tasks' | 'labels', send: () => Promise<Answer>, how: 'terminate' | 'cancel') {
  await admin.query('BEGIN');
  await admin.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  const answer = send();
  await admin.query(`SELECT pg_${how}_backend($1)`, [await waitingSession(admin)]);
  return { answer, release: () => admin.query('COMMIT') };
}
type Answer = Awaited<ReturnType<FastifyInstance['inject']>>;

describe.skipIf(!inject('postgresUrl'))('PostgreSQL: a statement that fails in the middle of a request', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let admin: pg.Client;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    owner = await t.signUp();
    admin = new pg.Client({ connectionString: (t.database as { url?: string }).url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });
  const editComment = (commentId: number) => () =>
    t.app.inject({ method: 'PUT', url: `/api/tasks/comments/${commentId}/edit`, headers: owner.headers, payload: { content: 'Second' } });
  const renameLabel = (labelId: number, name: string) => () =>
    t.app.inject({ method: 'PUT', url: `/api/labels/${labelId}`, headers: owner.headers, payload: { name } });

  test('a comment edit whose connection ends while it reads the task is a 503; the same edit goes through afterwards', async () => {
    const { commentId } = await seed(t.app, owner.headers);
    const { answer, release } = await failWaitingRequest(admin, 'tasks', editComment(commentId), 'terminate');
    await release();
    const response = await answer;
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual(UNAVAILABLE);
    expect(response.headers['retry-after']).toBe('5');
    const again = await editComment(commentId)();
    expect(again.statusCode).toBe(200);
    expect(again.json().comment.content).toBe('Second');
  });

  test('a comment edit whose read of the task fails is that failure, never the 404 of a comment out of reach', async () => {
    const { taskId, commentId } = await seed(t.app, owner.headers);
    const { answer, release } = await failWaitingRequest(admin, 'tasks', editComment(commentId), 'cancel');
    await release();
    const response = await answer;
    // A cancelled statement (an administrator, or its timeout under load) is the database being busy: a 503 to try again.
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual(UNAVAILABLE);
    const comments = (await t.app.inject({ method: 'GET', url: `/api/tasks/${taskId}/comments`, headers: owner.headers })).json().comments;
    expect(comments.map((c: { content: string }) => c.content)).toEqual(['First']);
  });

  test('a label rename whose connection ends is a 503, never the 422 of a name taken meanwhile', async () => {
    const { labelId } = await seed(t.app, owner.headers);
    const { answer, release } = await failWaitingRequest(admin, 'labels', renameLabel(labelId, 'Taken'), 'terminate');
    // The label appears meanwhile and commits with the lock's release: any read after it sees the name taken.
    await admin.query('INSERT INTO labels (user_id, name, name_key, color, created_at) VALUES ($1, $2, $3, NULL, $4)', [
      owner.user.id,
      'Taken',
      labelKey('Taken'),
      new Date().toISOString(),
    ]);
    await release();
    const response = await answer;
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual(UNAVAILABLE);
  });

  test('a label rename that loses the race to a label of that name is still the 422 that suggests merging', async () => {
    const { labelId } = await seed(t.app, owner.headers);
    // A task write creating the label, not yet committed: the rename does not see it, and its own
    // write waits on the unique index until it commits, then fails there.
    await admin.query('BEGIN');
    await admin.query('INSERT INTO labels (user_id, name, name_key, color, created_at) VALUES ($1, $2, $3, NULL, $4)', [
      owner.user.id,
      'Raced',
      labelKey('Raced'),
      new Date().toISOString(),
    ]);
    const answer = renameLabel(labelId, 'raced')();
    await waitingSession(admin);
    await admin.query('COMMIT');
    const response = await answer;
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors.name).toEqual(['You already have a label named “Raced”. Merge the two labels instead.']);
  });
});

describe('SQLite: the database locked by another process', () => {
  test('a comment edit and a label rename answer 503 while it holds the write lock, and go through once it lets go', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-locked-'));
    const sqlitePath = path.join(dir, 'taskaty.db');
    const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
    const database = openDatabase({ sqlitePath });
    await migrateToLatest(database);
    const app = await buildApp({ config, database, logger: false, bus: createInProcessBus() });
    const other = new SQLite(sqlitePath);
    try {
      const password = 'long-enough-1';
      await app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: { name: 'O', email: 'o@example.com', password, password_confirmation: password },
      });
      const token = (await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'o@example.com', password } })).json()
        .token.plainTextToken;
      const headers = { authorization: `Bearer ${token}` };
      const { commentId, labelId } = await seed(app, headers);

      // Another process writes and does not let go: the app waits its busy timeout, then answers 503.
      other.exec('BEGIN IMMEDIATE');
      const edit = await app.inject({
        method: 'PUT',
        url: `/api/tasks/comments/${commentId}/edit`,
        headers,
        payload: { content: 'Second' },
      });
      expect(edit.statusCode, edit.body).toBe(503);
      expect(edit.json()).toEqual(UNAVAILABLE);
      const rename = await app.inject({ method: 'PUT', url: `/api/labels/${labelId}`, headers, payload: { name: 'New' } });
      expect(rename.statusCode, rename.body).toBe(503);
      other.exec('ROLLBACK');

      expect(
        (await app.inject({ method: 'PUT', url: `/api/tasks/comments/${commentId}/edit`, headers, payload: { content: 'Second' } }))
          .statusCode,
      ).toBe(200);
      expect((await app.inject({ method: 'PUT', url: `/api/labels/${labelId}`, headers, payload: { name: 'New' } })).statusCode).toBe(200);
    } finally {
      other.close();
      await app.close();
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
