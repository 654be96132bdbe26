import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { request } from 'node:http';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startLoopbackOpenAi, type LoopbackOpenAi } from '../../tests/support/loopback-openai.ts';
import { openTestDatabase } from '../../tests/support/test-database.ts';
import type { AiTaskAccess, AiWriter } from '../ai/ai.types.ts';
import { createOfflineWriter } from '../ai/offline/offline.writer.ts';
import { createOpenAiCompatibleWriter } from '../ai/openai-compatible.writer.ts';
import { systemClock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createTokenRepository } from '../db/repositories/token.repository.ts';
import { createUserRepository } from '../db/repositories/user.repository.ts';
import { NotFoundError } from '../errors.ts';
import { registerErrorHandler } from '../plugins/error-handler.ts';
import { createAuthService } from '../services/auth.service.ts';
import { aiRoutes } from './ai.routes.ts';

/**
 * The AI routes in a Fastify app set up like server/app.ts (zod compilers, error handler,
 * rate limits as a preHandler), with the real auth service on a real database. Tasks come
 * from a map: a fixture standing in for the data the task service provides.
 */
interface StoredTask {
  id: number;
  ownerId: number;
  title: string;
  description: string;
}

interface AiTestApp {
  app: FastifyInstance;
  tasks: Map<number, StoredTask>;
  activity: Array<{ userId: number; taskId: number; kind: 'rewrite' | 'generate'; description: string }>;
  signIn(): Promise<{ userId: number; headers: { authorization: string } }>;
  addTask(ownerId: number, title: string, description?: string): StoredTask;
  close(): Promise<void>;
}

let accounts = 0;

async function createAiTestApp(writer: AiWriter, options: { rateLimitPerMinute?: number } = {}): Promise<AiTestApp> {
  const database: Database = await openTestDatabase('sqlite');
  const auth = createAuthService({
    users: createUserRepository(database.db),
    tokens: createTokenRepository(database.db),
    clock: systemClock,
    tokenTtlDays: 30,
  });
  const app = Fastify({ logger: false });
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return defaultJsonParser(request, body as string, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(rateLimit, { global: false, hook: 'preHandler' });

  const tasks = new Map<number, StoredTask>();
  const activity: AiTestApp['activity'] = [];
  const access: AiTaskAccess = {
    async getTaskForAi(user, taskId) {
      const task = tasks.get(taskId);
      if (!task || task.ownerId !== user.id) throw new NotFoundError('Task not found');
      return { id: task.id, title: task.title, description: task.description };
    },
    async recordAiChange(user, taskId, description, kind) {
      activity.push({ userId: user.id, taskId, kind, description });
    },
  };
  await app.register(aiRoutes, { auth, writer, rateLimitPerMinute: options.rateLimitPerMinute ?? 1000, tasks: access });
  await app.ready();

  let nextTaskId = 1;
  return {
    app,
    tasks,
    activity,
    async signIn() {
      accounts += 1;
      const email = `ai-user-${accounts}@example.com`;
      const user = await auth.register(
        { name: `AI User ${accounts}`, email, password: 'long-enough-pass', password_confirmation: 'long-enough-pass' },
        'en',
      );
      const { plainTextToken } = await auth.login({ email, password: 'long-enough-pass' });
      return { userId: user.id, headers: { authorization: `Bearer ${plainTextToken}` } };
    },
    addTask(ownerId, title, description = '') {
      const task = { id: nextTaskId++, ownerId, title, description };
      tasks.set(task.id, task);
      return task;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

interface ServerSentEvent {
  event: string;
  data: Record<string, string>;
}

function parseEvents(body: string): ServerSentEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') as Record<string, string>;
      return { event, data };
    });
}

const ALL_AI_CALLS = (taskId: number) => [
  { method: 'POST' as const, url: '/api/tasks/generate-content', payload: { input_text: 'Buy milk' } },
  { method: 'POST' as const, url: '/api/tasks/generate-content/stream', payload: { input_text: 'Buy milk' } },
  { method: 'POST' as const, url: `/api/tasks/${taskId}/rewrite-description` },
  { method: 'POST' as const, url: `/api/tasks/${taskId}/rewrite-description/stream` },
  { method: 'POST' as const, url: `/api/tasks/${taskId}/generate-content` },
  { method: 'POST' as const, url: `/api/tasks/${taskId}/generate-content/stream` },
  { method: 'GET' as const, url: '/api/ai/status' },
];

describe('AI helpers with the built-in writer', () => {
  let t: AiTestApp;
  let me: Awaited<ReturnType<AiTestApp['signIn']>>;
  beforeAll(async () => {
    t = await createAiTestApp(createOfflineWriter());
    me = await t.signIn();
  });
  afterAll(() => t.close());

  test('a title gets a markdown description with a lead line, a checklist and a done-when line, in the language of Accept-Language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tasks/generate-content',
      headers: { ...me.headers, 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' },
      payload: { input_text: 'Comprar pan para la cena' },
    });
    expect(response.statusCode).toBe(200);
    const { description } = response.json();
    // The first line is advice for the task (bread is everyday shopping), not a "Goal:" line
    // quoting the title: it becomes the card's preview, which already shows the title above it.
    expect(description.split('\n')[0]).toBe('Mira lo que ya tienes, haz una lista y compra solo lo que está en ella.');
    expect(description).not.toContain('Objetivo');
    expect(description.match(/^- \[ \] /gm)).toHaveLength(5);
    expect(description).toContain('**Listo cuando:**');
  });

  test('without a supported Accept-Language the answer is in English', async () => {
    for (const language of [undefined, 'ja-JP', '*']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/tasks/generate-content',
        headers: language ? { ...me.headers, 'accept-language': language } : me.headers,
        payload: { input_text: 'Write the release notes' },
      });
      expect(response.json().description).toMatch(/^Decide who it is for and what it must say; draft first, polish later\.\n/);
    }
  });

  test('an empty or missing title is refused with a field error on input_text', async () => {
    for (const payload of [{ input_text: '' }, { input_text: '   ' }, {}]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/tasks/generate-content', headers: me.headers, payload });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.input_text).toEqual(['The input text field is required.']);
    }
    const streamed = await t.app.inject({
      method: 'POST',
      url: '/api/tasks/generate-content/stream',
      headers: me.headers,
      payload: { input_text: '' },
    });
    expect(streamed.statusCode).toBe(422);
  });

  test('every AI endpoint answers 401 Authentication required without a valid token', async () => {
    const task = t.addTask(me.userId, 'Plan the trip');
    for (const call of ALL_AI_CALLS(task.id)) {
      for (const headers of [{}, { authorization: 'Bearer 1|not-a-real-secret' }]) {
        const response = await t.app.inject({ ...call, headers });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(response.json()).toEqual({ message: 'Authentication required' });
      }
    }
    expect(t.activity.filter((a) => a.taskId === task.id)).toEqual([]);
  });

  test("rewriting returns a tidy suggestion, records it as AI-made and leaves the task's description alone", async () => {
    const original = 'shopping list:\nmilk\nrye bread\neggs\n\n\ncall   Omar before 14 March';
    const task = t.addTask(me.userId, 'Groceries for Saturday', original);
    const response = await t.app.inject({ method: 'POST', url: `/api/tasks/${task.id}/rewrite-description`, headers: me.headers });
    expect(response.statusCode).toBe(200);
    const { rewritten_description } = response.json();
    expect(rewritten_description).toBe('**Shopping list:**\n\n- [ ] Milk\n- [ ] Rye bread\n- [ ] Eggs\n\nCall Omar before 14 March.');
    expect(t.tasks.get(task.id)!.description).toBe(original);
    expect(t.activity).toContainEqual({ userId: me.userId, taskId: task.id, kind: 'rewrite', description: rewritten_description });
  });

  test('generating content for a task keeps its description and adds steps, notes and a done-when line', async () => {
    const task = t.addTask(me.userId, 'Prüfung vorbereiten', 'Mathe, Kapitel 3 bis 5, mit Lena');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/tasks/${task.id}/generate-content`,
      headers: { ...me.headers, 'accept-language': 'de-DE' },
    });
    expect(response.statusCode).toBe(200);
    const { generated_content } = response.json();
    expect(generated_content.startsWith('Mathe, Kapitel 3 bis 5, mit Lena.')).toBe(true);
    expect(generated_content).toContain('**Schritte**');
    expect(generated_content).toContain('**Hinweise**');
    expect(generated_content).toContain('**Erledigt, wenn:**');
    expect(t.activity).toContainEqual({ userId: me.userId, taskId: task.id, kind: 'generate', description: generated_content });
  });

  test("another user's task, or one that does not exist, is 404 Task not found and nothing is recorded", async () => {
    const other = await t.signIn();
    const theirs = t.addTask(other.userId, 'Their secret plan', 'Private');
    const before = t.activity.length;
    for (const url of [
      `/api/tasks/${theirs.id}/rewrite-description`,
      `/api/tasks/${theirs.id}/generate-content/stream`,
      '/api/tasks/999999/generate-content',
    ]) {
      const response = await t.app.inject({ method: 'POST', url, headers: me.headers });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Task not found' });
    }
    expect(t.activity.length).toBe(before);
  });

  test('a client sending the JSON content type with an empty body is served (spec §7 sends it on every call)', async () => {
    const task = t.addTask(me.userId, 'Call the bank');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/tasks/${task.id}/generate-content`,
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });

  test('the stream sends the answer as delta events, then a done event equal to the one-shot answer', async () => {
    const headers = { ...me.headers, 'accept-language': 'ar' };
    const payload = { input_text: 'اكتب التقرير الشهري' };
    const streamed = await t.app.inject({ method: 'POST', url: '/api/tasks/generate-content/stream', headers, payload });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(streamed.headers['cache-control']).toBe('no-cache, no-transform');
    const events = parseEvents(streamed.body);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(events.at(-1)!.event).toBe('done');
    const oneShot = await t.app.inject({ method: 'POST', url: '/api/tasks/generate-content', headers, payload });
    expect(deltas.map((e) => e.data.text).join('')).toBe(oneShot.json().description);
    expect(events.at(-1)!.data).toEqual({ description: oneShot.json().description });
    // Arabic labels, and no "goal" line quoting the title: the first line is the writing advice.
    expect(oneShot.json().description).toContain('**يكتمل عندما:**');
    expect(oneShot.json().description).not.toContain('الهدف');

    // The spec's path streams the same answer to a client that asks for an event stream (the web app).
    const negotiated = await t.app.inject({
      method: 'POST',
      url: '/api/tasks/generate-content',
      headers: { ...headers, accept: 'text/event-stream' },
      payload,
    });
    expect(negotiated.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(parseEvents(negotiated.body).at(-1)).toEqual({ event: 'done', data: { description: oneShot.json().description } });
  });

  test('the task streams end with done events under the spec keys and record the suggestion', async () => {
    const task = t.addTask(me.userId, 'Fix the leaking tap', 'kitchen tap drips since Monday');
    for (const [path, key, kind] of [
      ['rewrite-description', 'rewritten_description', 'rewrite'],
      ['generate-content', 'generated_content', 'generate'],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: `/api/tasks/${task.id}/${path}/stream`, headers: me.headers });
      const events = parseEvents(response.body);
      const done = events.at(-1)!;
      expect(done.event).toBe('done');
      expect(Object.keys(done.data)).toEqual([key]);
      // Improve leaves a description with nothing to improve exactly as written (the web app then
      // says it is already in good shape); generate-content tidies it and adds to it.
      if (kind === 'rewrite') expect(done.data[key]).toBe('kitchen tap drips since Monday');
      else expect(done.data[key]).toContain('Kitchen tap drips since Monday.');
      expect(t.activity).toContainEqual({ userId: me.userId, taskId: task.id, kind, description: done.data[key] });
    }
  });

  test('the status endpoint names the built-in writer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ai/status', headers: me.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ kind: 'builtin', label: 'Built-in writer (offline)' });
  });
});

describe('AI helpers with an OpenAI-compatible provider', () => {
  let loopback: LoopbackOpenAi;
  let t: AiTestApp;
  let me: Awaited<ReturnType<AiTestApp['signIn']>>;
  beforeAll(async () => {
    loopback = await startLoopbackOpenAi();
    t = await createAiTestApp(
      createOpenAiCompatibleWriter({
        baseURL: loopback.baseURL,
        apiKey: 'sk-loopback-secret',
        model: 'loopback-7b',
        timeoutMs: 2_000,
        retryDelayMs: 10,
      }),
    );
    me = await t.signIn();
  });
  afterEach(() => {
    loopback.requests.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await loopback.close();
  });

  test("the provider's answer comes back without HTML, and the prompt carries the title and the user's language", async () => {
    loopback.respondWith({
      kind: 'text',
      text: '**Objectif :** préparer le rendez-vous<script>alert(1)</script>\n\n- [ ] <b>Confirmer</b> l’heure',
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tasks/generate-content',
      headers: { ...me.headers, 'accept-language': 'fr-CH, fr;q=0.9' },
      payload: { input_text: 'Préparer le rendez-vous avec Mme Dubois' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ description: '**Objectif :** préparer le rendez-vous\n\n- [ ] Confirmer l’heure' });
    const [request] = loopback.requests;
    expect(request!.body.model).toBe('loopback-7b');
    expect(request!.headers.authorization).toBe('Bearer sk-loopback-secret');
    expect(request!.promptText).toContain('French (Français)');
    expect(request!.promptText).toContain('Préparer le rendez-vous avec Mme Dubois');
  });

  test('a provider that keeps failing is retried once, then each helper answers 502 with its spec message', async () => {
    loopback.respondWith({ kind: 'status', status: 500 });
    const task = t.addTask(me.userId, 'Update the budget', 'Q3 numbers from Sam');
    const cases = [
      { url: '/api/tasks/generate-content', payload: { input_text: 'Update the budget' }, message: 'Failed to generate description' },
      { url: `/api/tasks/${task.id}/rewrite-description`, message: 'Failed to enhance description' },
      { url: `/api/tasks/${task.id}/generate-content`, message: 'Failed to generate content' },
      { url: `/api/tasks/${task.id}/generate-content/stream`, message: 'Failed to generate content' },
    ];
    for (const { url, payload, message } of cases) {
      loopback.requests.length = 0;
      const response = await t.app.inject({ method: 'POST', url, headers: me.headers, ...(payload ? { payload } : {}) });
      expect(response.statusCode, url).toBe(502);
      expect(response.json()).toEqual({ message });
      expect(loopback.requests).toHaveLength(2);
    }
    expect(t.activity.filter((a) => a.taskId === task.id)).toEqual([]);
  });

  test('a provider slower than the timeout is a 502 soon after the timeout, not a hung request', async () => {
    loopback.respondWith({ kind: 'slow', ms: Infinity });
    const started = Date.now();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tasks/generate-content',
      headers: me.headers,
      payload: { input_text: 'Book a table' },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'Failed to generate description' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test('streaming relays the provider deltas as they come and records the finished suggestion', async () => {
    loopback.respondWith({ kind: 'text', text: '', pieces: ['**Goal:** ', 'ship it', '\n\n- [ ] Tag ', 'the release'] });
    const task = t.addTask(me.userId, 'Release 2.4');
    const response = await t.app.inject({ method: 'POST', url: `/api/tasks/${task.id}/rewrite-description/stream`, headers: me.headers });
    expect(response.statusCode).toBe(200);
    const events = parseEvents(response.body);
    expect(events.filter((e) => e.event === 'delta').map((e) => e.data.text)).toEqual([
      '**Goal:**',
      ' ship it',
      '\n\n- [ ] Tag',
      ' the release',
    ]);
    expect(events.at(-1)).toEqual({ event: 'done', data: { rewritten_description: '**Goal:** ship it\n\n- [ ] Tag the release' } });
    expect(loopback.requests[0]!.body.stream).toBe(true);
    expect(t.activity).toContainEqual({
      userId: me.userId,
      taskId: task.id,
      kind: 'rewrite',
      description: '**Goal:** ship it\n\n- [ ] Tag the release',
    });
  });

  test('malformed provider output before any text is a JSON 502; a connection lost mid-stream ends with an error event', async () => {
    loopback.respondWith({ kind: 'malformed' });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/tasks/generate-content/stream',
      headers: me.headers,
      payload: { input_text: 'Clean the garage' },
    });
    expect(malformed.statusCode).toBe(502);
    expect(malformed.json()).toEqual({ message: 'Failed to generate description' });
    expect(loopback.requests).toHaveLength(1);

    loopback.respondWith({ kind: 'drop', pieces: ['First ', 'part '] });
    const task = t.addTask(me.userId, 'Clean the garage');
    const dropped = await t.app.inject({ method: 'POST', url: `/api/tasks/${task.id}/generate-content/stream`, headers: me.headers });
    expect(dropped.statusCode).toBe(200);
    const events = parseEvents(dropped.body);
    expect(events[0]).toEqual({ event: 'delta', data: { text: 'First' } });
    expect(events.at(-1)).toEqual({ event: 'error', data: { message: 'Failed to generate content' } });
    expect(t.activity.filter((a) => a.taskId === task.id)).toEqual([]);
  });

  test('when the browser goes away mid-stream, the provider request is closed too and nothing is recorded', async () => {
    loopback.respondWith({ kind: 'stall', pieces: ['Partial ', 'answer '] });
    const task = t.addTask(me.userId, 'Research standing desks');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // node:http rather than fetch: closing the socket is exactly what a browser does on Cancel,
    // and fetch's pool would leave a spare connection that holds app.close() open.
    const firstChunk = await new Promise<string>((resolve, reject) => {
      const browser = request(
        `${address}/api/tasks/${task.id}/generate-content/stream`,
        { method: 'POST', headers: me.headers },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.once('data', (chunk: Buffer) => {
            browser.destroy();
            resolve(chunk.toString('utf8'));
          });
        },
      );
      browser.on('error', reject);
      browser.end();
    });
    expect(firstChunk).toContain('event: delta');
    await loopback.waitForRequests(1);
    await loopback.requests[0]!.settled;
    expect(loopback.requests[0]!.abortedByClient).toBe(true);
    expect(t.activity.filter((a) => a.taskId === task.id)).toEqual([]);
  });

  test('the status endpoint shows the model and host, never the key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ai/status', headers: me.headers });
    const host = new URL(loopback.baseURL).host;
    expect(response.json()).toEqual({ kind: 'openai-compatible', model: 'loopback-7b', label: `loopback-7b via ${host}` });
    expect(response.body).not.toContain('sk-loopback-secret');
  });
});

describe('AI rate limit', () => {
  test('each user has one AI budget per minute across all AI endpoints; past it the answer is 429 with Retry-After', async () => {
    const t = await createAiTestApp(createOfflineWriter(), { rateLimitPerMinute: 3 });
    try {
      const me = await t.signIn();
      const task = t.addTask(me.userId, 'Pay rent');
      const calls = [
        { url: '/api/tasks/generate-content', payload: { input_text: 'Pay rent' } },
        { url: `/api/tasks/${task.id}/rewrite-description` },
        { url: `/api/tasks/${task.id}/generate-content/stream` },
        { url: '/api/tasks/generate-content/stream', payload: { input_text: 'Pay rent' } },
      ];
      const statuses = [];
      let last;
      for (const call of calls) {
        last = await t.app.inject({ method: 'POST', headers: me.headers, ...call });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(last!.json().message).toMatch(/^Too many AI requests\. Please try again in \d+ seconds\.$/);

      const status = await t.app.inject({ method: 'GET', url: '/api/ai/status', headers: me.headers });
      expect(status.statusCode).toBe(200);
      const someoneElse = await t.signIn();
      const theirs = await t.app.inject({
        method: 'POST',
        url: '/api/tasks/generate-content',
        headers: someoneElse.headers,
        payload: { input_text: 'Pay rent' },
      });
      expect(theirs.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
