import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startLoopbackOpenAi, type LoopbackOpenAi } from '../../tests/support/loopback-openai.ts';
import { AiCancelledError, AiProviderError, type AiFailureReason } from './ai.errors.ts';
import type { AiWriter } from './ai.types.ts';
import { createOpenAiCompatibleWriter } from './openai-compatible.writer.ts';

async function collect(deltas: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const delta of deltas) out.push(delta);
  return out;
}

async function failureOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

function expectReason(error: unknown, reason: AiFailureReason) {
  expect(error).toBeInstanceOf(AiProviderError);
  expect((error as AiProviderError).reason).toBe(reason);
}

/** A port with nothing listening on it, for the "provider is down" case. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the OpenAI-compatible writer against a loopback server', () => {
  let loopback: LoopbackOpenAi;
  let writer: AiWriter;
  /** A short timeout only where the timeout is the point: the machine may be busy. */
  let impatient: AiWriter;
  const task = { title: 'Prepare the board meeting with Ana', description: 'Budget slides, 12 May', language: 'es' as const };

  beforeAll(async () => {
    loopback = await startLoopbackOpenAi();
    writer = createOpenAiCompatibleWriter({
      baseURL: loopback.baseURL,
      apiKey: 'sk-test',
      model: 'tiny-model',
      timeoutMs: 5_000,
      retryDelayMs: 10,
    });
    impatient = createOpenAiCompatibleWriter({ baseURL: loopback.baseURL, model: 'tiny-model', timeoutMs: 300, retryDelayMs: 10 });
  });
  beforeEach(() => {
    loopback.requests.length = 0;
  });
  afterAll(() => loopback.close());

  test('a one-shot call sends the model, the language and the title, and returns the answer', async () => {
    loopback.respondWith({ kind: 'text', text: '**Objetivo:** preparar la reunión\n\n- [ ] Revisar el presupuesto' });
    const text = await writer.generateDescription({ title: task.title, language: 'es' });
    expect(text).toBe('**Objetivo:** preparar la reunión\n\n- [ ] Revisar el presupuesto');
    expect(loopback.requests).toHaveLength(1);
    const [request] = loopback.requests;
    expect(request!.url).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(request!.body.model).toBe('tiny-model');
    expect(request!.body.stream).not.toBe(true);
    expect(request!.promptText).toContain('Spanish (Español)');
    expect(request!.promptText).toContain(task.title);
    expect(request!.promptText).toMatch(/never invent dates/i);
  });

  test('rewrite and generate-content send the current description along', async () => {
    loopback.respondWith({ kind: 'text', text: 'Diapositivas del presupuesto, 12 de mayo.' });
    await writer.rewriteDescription(task);
    await writer.generateContent(task);
    expect(loopback.requests.map((r) => r.promptText)).toEqual([
      expect.stringContaining('Budget slides, 12 May'),
      expect.stringContaining('Budget slides, 12 May'),
    ]);
    expect(loopback.requests[0]!.promptText).toMatch(/Rewrite/);
    expect(loopback.requests[1]!.promptText).toMatch(/Expand/);
  });

  test('streaming yields the deltas as they arrive and they join to the one-shot answer', async () => {
    const pieces = ['- [ ] Book', ' the room\n', '- [ ] Send', ' the agenda'];
    loopback.respondWith({ kind: 'text', text: pieces.join(''), pieces, pieceDelayMs: 5 });
    const deltas = await collect(writer.generateContentStream(task));
    expect(deltas.length).toBeGreaterThanOrEqual(3);
    expect(deltas.join('')).toBe(pieces.join(''));
    expect(loopback.requests[0]!.body.stream).toBe(true);
    expect(await writer.generateContent(task)).toBe(deltas.join(''));
  });

  test('a provider slower than the timeout fails with reason timeout, soon, and its request is closed', async () => {
    loopback.respondWith({ kind: 'slow', ms: Infinity });
    const started = Date.now();
    expectReason(await failureOf(impatient.generateDescription(task)), 'timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
    await loopback.requests[0]!.settled;
    expect(loopback.requests[0]!.abortedByClient).toBe(true);

    loopback.requests.length = 0;
    expectReason(await failureOf(collect(impatient.generateDescriptionStream(task))), 'timeout');
    expect(loopback.requests).toHaveLength(1);
  });

  test('a stream that stalls after its first delta times out instead of hanging', async () => {
    loopback.respondWith({ kind: 'stall', pieces: ['Started '] });
    const seen: string[] = [];
    const error = await failureOf(
      (async () => {
        for await (const delta of impatient.generateDescriptionStream(task)) seen.push(delta);
      })(),
    );
    expect(seen).toEqual(['Started']);
    expectReason(error, 'timeout');
  });

  test('a 500 is retried once; when the retry fails too, the reason is unavailable', async () => {
    loopback.respondWith({ kind: 'status', status: 500 });
    expectReason(await failureOf(writer.rewriteDescription(task)), 'unavailable');
    expect(loopback.requests).toHaveLength(2);

    loopback.requests.length = 0;
    expectReason(await failureOf(collect(writer.rewriteDescriptionStream(task))), 'unavailable');
    expect(loopback.requests).toHaveLength(2);
  });

  test('a 503 followed by a good answer succeeds on the retry, one-shot and streamed', async () => {
    loopback.respondWith({ kind: 'status', status: 503 }, { kind: 'text', text: 'Second time lucky' });
    expect(await writer.generateDescription(task)).toBe('Second time lucky');
    loopback.respondWith({ kind: 'status', status: 502 }, { kind: 'text', text: 'Second time lucky' });
    expect((await collect(writer.generateDescriptionStream(task))).join('')).toBe('Second time lucky');
    expect(loopback.requests).toHaveLength(4);
  });

  test("a 429 is retried after the provider's Retry-After, when it fits in the timeout", async () => {
    loopback.respondWith({ kind: 'status', status: 429, retryAfter: '0.1' }, { kind: 'text', text: 'After the wait' });
    const started = Date.now();
    expect(await writer.generateDescription(task)).toBe('After the wait');
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);

    loopback.requests.length = 0;
    loopback.respondWith({ kind: 'status', status: 429, retryAfter: '30' }, { kind: 'text', text: 'Too late' });
    expectReason(await failureOf(writer.generateDescription(task)), 'rate-limited');
    expect(loopback.requests).toHaveLength(1);
  });

  test('malformed output is not retried and fails with reason malformed, one-shot and streamed', async () => {
    loopback.respondWith({ kind: 'malformed' });
    expectReason(await failureOf(writer.generateDescription(task)), 'malformed');
    expectReason(await failureOf(collect(writer.generateDescriptionStream(task))), 'malformed');
    expect(loopback.requests).toHaveLength(2);
  });

  test('a refused request (bad key, unknown model) is not retried', async () => {
    loopback.respondWith({ kind: 'status', status: 401, message: 'Incorrect API key provided' });
    const error = await failureOf(writer.generateDescription(task));
    expectReason(error, 'rejected');
    expect((error as AiProviderError).status).toBe(401);
    expect(loopback.requests).toHaveLength(1);
  });

  test('an answer with no usable text is a failure, not an empty description', async () => {
    loopback.respondWith({ kind: 'text', text: '  <script>alert(1)</script>\n ' });
    expectReason(await failureOf(writer.generateDescription(task)), 'empty');
    expectReason(await failureOf(collect(writer.generateDescriptionStream(task))), 'empty');
  });

  test('a connection dropped mid-stream fails after the text already delivered, without a retry', async () => {
    loopback.respondWith({ kind: 'drop', pieces: ['Half ', 'an answer '] });
    const seen: string[] = [];
    const error = await failureOf(
      (async () => {
        for await (const delta of writer.generateContentStream(task)) seen.push(delta);
      })(),
    );
    expect(seen.join('')).toBe('Half an answer');
    expect(error).toBeInstanceOf(AiProviderError);
    expect(loopback.requests).toHaveLength(1);
  });

  test('HTML in the answer is stripped and the length is capped', async () => {
    loopback.respondWith({ kind: 'text', text: `<p>Intro</p><img src=x onerror=alert(1)>\n\n${'word '.repeat(2_000)}` });
    const text = await writer.generateDescription(task);
    expect(text).not.toMatch(/<|onerror/);
    expect(text.startsWith('Intro')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(2_250);
    expect(text.length).toBeGreaterThan(1_500);
  });

  test('when the caller aborts, the call rejects as cancelled and the provider request is closed', async () => {
    loopback.respondWith({ kind: 'slow', ms: Infinity });
    const controller = new AbortController();
    const pending = failureOf(writer.generateDescription({ ...task, signal: controller.signal }));
    await loopback.waitForRequests(1);
    controller.abort();
    expect(await pending).toBeInstanceOf(AiCancelledError);
    await loopback.requests[0]!.settled;
    expect(loopback.requests[0]!.abortedByClient).toBe(true);
  });

  test('when a stream consumer stops reading, the provider request is closed', async () => {
    loopback.respondWith({ kind: 'stall', pieces: ['One ', 'two '] });
    for await (const delta of writer.rewriteDescriptionStream(task)) {
      expect(delta).toBe('One');
      break;
    }
    await loopback.requests[0]!.settled;
    expect(loopback.requests[0]!.abortedByClient).toBe(true);
  });

  test('an already aborted signal never reaches the provider', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await failureOf(writer.generateDescription({ ...task, signal: controller.signal }))).toBeInstanceOf(AiCancelledError);
    expect(loopback.requests).toHaveLength(0);
  });

  test('describe() names the model and host only', () => {
    expect(writer.describe()).toEqual({ kind: 'openai-compatible', model: 'tiny-model', baseUrlHost: new URL(loopback.baseURL).host });
  });
});

test('a provider that cannot be reached fails with reason unreachable after one retry', async () => {
  const port = await closedPort();
  const writer = createOpenAiCompatibleWriter({ baseURL: `http://127.0.0.1:${port}/v1`, model: 'm', timeoutMs: 5_000, retryDelayMs: 10 });
  expectReason(await failureOf(writer.generateDescription({ title: 'Call the bank', language: 'en' })), 'unreachable');
  expectReason(await failureOf(collect(writer.generateDescriptionStream({ title: 'Call the bank', language: 'en' }))), 'unreachable');
});
