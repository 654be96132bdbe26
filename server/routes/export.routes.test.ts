import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase } from '../../tests/support/test-database.ts';
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
    await defaultExportPool().close();
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
