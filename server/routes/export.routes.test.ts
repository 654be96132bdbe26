import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { openTestDatabase, testDialects } from '../../tests/support/test-database.ts';
import { systemClock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createTokenRepository } from '../db/repositories/token.repository.ts';
import { createUserRepository, type UserRow } from '../db/repositories/user.repository.ts';
import { NotFoundError } from '../errors.ts';
import { documentText } from '../../tests/support/docx-text.ts';
import { defaultExportPool } from '../export/export-pool.ts';
import { mixedScriptSample, typicalTaskSample } from '../export/export-samples.ts';
import type { TaskExportData } from '../export/export.types.ts';
import { registerErrorHandler } from '../plugins/error-handler.ts';
import { createAuthService } from '../services/auth.service.ts';
import { exportLanguage, exportRoutes } from './export.routes.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

// One render pool for the whole file: a closed pool takes no more jobs.
afterAll(() => defaultExportPool().close());

describe('task export routes', () => {
  let app: FastifyInstance;
  let database: Database;
  let owner: { id: number; headers: { authorization: string } };
  let stranger: { id: number; headers: { authorization: string } };
  const loads: { userId: number; taskId: number }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('sqlite');
    const auth = createAuthService({
      users: createUserRepository(database.db),
      tokens: createTokenRepository(database.db),
      clock: systemClock,
      tokenTtlDays: 30,
    });
    const signUp = async (name: string, email: string) => {
      const password = 'correct horse battery';
      const user = await auth.register({ name, email, password, password_confirmation: password }, 'en');
      const { plainTextToken } = await auth.login({ email, password });
      return { id: user.id, headers: { authorization: `Bearer ${plainTextToken}` } };
    };
    owner = await signUp('Amira Haddad', 'amira@example.com');
    stranger = await signUp('Someone Else', 'else@example.com');

    // Stands in for the task service: the owner may see tasks 42 and 7, nobody else sees anything.
    const loadTaskForExport = async (user: UserRow, taskId: number): Promise<TaskExportData> => {
      loads.push({ userId: user.id, taskId });
      if (user.id === owner.id && taskId === 42) return mixedScriptSample('en');
      if (user.id === owner.id && taskId === 7) return typicalTaskSample('en');
      throw new NotFoundError('Task not found');
    };

    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    await app.register(exportRoutes, { auth, loadTaskForExport });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  test('without a token both exports answer 401 Authentication required', async () => {
    for (const url of ['/api/tasks/42/pdf', '/api/tasks/42/word']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Authentication required' });
    }
    const garbage = await app.inject({ method: 'GET', url: '/api/tasks/42/pdf', headers: { authorization: 'Bearer 1|nope' } });
    expect(garbage.statusCode).toBe(401);
  });

  test('a task the user may not see, or a malformed id, is 404 Task not found', async () => {
    for (const [headers, url] of [
      [stranger.headers, '/api/tasks/42/pdf'],
      [owner.headers, '/api/tasks/999/word'],
      [owner.headers, '/api/tasks/abc/pdf'],
      [owner.headers, '/api/tasks/0/pdf'],
      [owner.headers, '/api/tasks/-5/word'],
      [owner.headers, '/api/tasks/99999999999999/pdf'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Task not found' });
    }
    expect(loads.some((load) => load.userId === stranger.id && load.taskId === 42)).toBe(true);
    expect(loads.some((load) => Number.isNaN(load.taskId) || load.taskId <= 0)).toBe(false);
  });

  test('the PDF comes back as an attachment with a readable, safe file name', { timeout: 120_000 }, async () => {
    const response = await app.inject({ method: 'GET', url: '/api/tasks/42/pdf', headers: owner.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="taskaty-launch-taskaty-in-arabic-2024-03-15\.pdf"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(
      'taskaty-launch-taskaty-in-arabic-إطلاق-تاسكاتي-हिन्दी-में-लॉन्च-2024-03-15.pdf',
    );
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(loads.at(-1)).toEqual({ userId: owner.id, taskId: 42 });
  });

  test('the Word file comes back as a .docx in the language the client asks for', { timeout: 120_000 }, async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/tasks/7/word',
      headers: { ...owner.headers, 'accept-language': 'ar-SA,ar;q=0.9,en;q=0.8' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(DOCX);
    expect(String(response.headers['content-disposition'])).toContain('filename="taskaty-prepare-the-quarterly-review-2024-03-15.docx"');
    expect(response.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    const text = documentText(response.rawPayload);
    expect(text).toContain('الحالة');
    expect(text).toContain('Prepare the quarterly review');

    const german = await app.inject({
      method: 'GET',
      url: '/api/tasks/7/word',
      headers: { ...owner.headers, 'accept-language': 'fr;q=0.3, de;q=0.9, xx' },
    });
    expect(documentText(german.rawPayload)).toContain('Priorität');
    const fallback = await app.inject({
      method: 'GET',
      url: '/api/tasks/7/word',
      headers: { ...owner.headers, 'accept-language': 'ja-JP' },
    });
    expect(documentText(fallback.rawPayload)).toContain('Priority');
  });
});

describe('export language', () => {
  test('follows Accept-Language by preference, falling back to English', () => {
    expect(exportLanguage(undefined)).toBe('en');
    expect(exportLanguage('hi-IN,hi;q=0.9')).toBe('hi');
    expect(exportLanguage('ja, es;q=0.5, fr;q=0.8')).toBe('fr');
    expect(exportLanguage('de;q=0, es')).toBe('es');
    expect(exportLanguage('*')).toBe('en');
  });
});

/** Through the whole app (issue 21): the task service's task, the user's time zone, the worker pool's file. */
describe.each(testDialects())('a repeating task exported on %s', (dialect) => {
  // 07:30 UTC on Tuesday 8 January 2030 is 23:30 on Monday the 7th in Los Angeles.
  const now = new Date('2030-01-08T07:30:00.000Z');
  let t: TestApp;
  let directory: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: { now: () => new Date(now), nowIso: () => now.toISOString() } });
    directory = mkdtempSync(join(tmpdir(), 'taskaty-export-route-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const add = async (user: SignedInUser, payload: object) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: user.headers, payload });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { task: { id: number } }).task.id;
  };
  const exported = (user: SignedInUser, id: number, format: 'pdf' | 'word', language: string) =>
    t.app.inject({ method: 'GET', url: `/api/tasks/${id}/${format}`, headers: { ...user.headers, 'accept-language': language } });
  const pdfText = (pdf: Buffer) => {
    const file = join(directory, `export-${Date.now()}-${Math.random()}.pdf`);
    writeFileSync(file, pdf);
    return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  };
  const weekly = { title: 'Water the plants', due_date: '2030-01-07', recurrence: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH' };

  test('the PDF and the Word file say the rule in the reader’s language', { timeout: 120_000 }, async () => {
    const me = await t.signUp();
    const weeklyId = await add(me, weekly);
    const afterDone = await add(me, {
      title: 'Descale the kettle',
      due_date: '2030-01-07',
      recurrence: 'FREQ=DAILY;INTERVAL=3',
      recurrence_from: 'completion',
    });

    const english = await exported(me, weeklyId, 'word', 'en');
    expect(english.statusCode).toBe(200);
    expect(documentText(english.rawPayload)).toContain('RepeatsEvery Monday and Thursday');
    const arabic = await exported(me, afterDone, 'word', 'ar');
    expect(documentText(arabic.rawPayload)).toContain('كل 3 أيام، محسوبًا من كل إكمال');

    const hindi = await exported(me, weeklyId, 'pdf', 'hi');
    expect(hindi.statusCode).toBe(200);
    expect(hindi.headers['content-type']).toBe('application/pdf');
    expect(pdfText(hindi.rawPayload)).toMatch(/दोहराव\s+हर सोमवार और गुरुवार/);

    // Stopped, the rule is gone from the export.
    const stopped = await t.app.inject({
      method: 'PUT',
      url: `/api/tasks/update/${weeklyId}`,
      headers: me.headers,
      payload: { title: weekly.title, recurrence: null },
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    const after = documentText((await exported(me, weeklyId, 'word', 'en')).rawPayload);
    expect(after).not.toContain('Repeats');
    expect(after).toContain('Water the plants');
  });

  test('overdue, the timestamps and the file name follow the time zone of whoever exports', { timeout: 120_000 }, async () => {
    const inLosAngeles = await t.signUp();
    const zone = await t.app.inject({
      method: 'PUT',
      url: '/api/user/time-zone',
      headers: inLosAngeles.headers,
      payload: { time_zone: 'America/Los_Angeles' },
    });
    expect(zone.statusCode, zone.body).toBe(200);
    const inUtc = await t.signUp();

    // Due on the 7th: still today in Los Angeles, yesterday in UTC.
    const theirs = await exported(inLosAngeles, await add(inLosAngeles, weekly), 'word', 'en');
    const theirText = documentText(theirs.rawPayload);
    // Created now: its timestamp is the reader's clock (the Word header's export date is not in the body).
    expect(theirText).toContain('CreatedJan 7, 2030, 11:30 PM PST');
    expect(theirText).toContain('Due dateJan 7, 2030Repeats');
    expect(theirText).not.toContain('Overdue');
    expect(String(theirs.headers['content-disposition'])).toContain('filename="taskaty-water-the-plants-2030-01-07.docx"');
    // The PDF's header says when it was made, on their clock.
    const theirPdf = await exported(inLosAngeles, await add(inLosAngeles, weekly), 'pdf', 'en');
    expect(pdfText(theirPdf.rawPayload)).toContain('Exported Jan 7, 2030, 11:30 PM PST');
    expect(String(theirPdf.headers['content-disposition'])).toContain('filename="taskaty-water-the-plants-2030-01-07.pdf"');

    const utc = await exported(inUtc, await add(inUtc, weekly), 'word', 'en');
    const utcText = documentText(utc.rawPayload);
    expect(utcText).toContain('CreatedJan 8, 2030, 7:30 AM UTC');
    expect(utcText).toMatch(/Due dateJan 7, 2030\s*Overdue\s*Repeats/);
    expect(String(utc.headers['content-disposition'])).toContain('filename="taskaty-water-the-plants-2030-01-08.docx"');
  });
});
