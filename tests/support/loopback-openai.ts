import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real OpenAI-compatible chat server on 127.0.0.1, so the provider path is tested over
 * HTTP exactly as it runs against OpenAI, Ollama or llama.cpp — no mocks of our own code.
 * Each request takes the next queued behaviour; the last one stays in force.
 */
export type LoopbackBehaviour =
  /** 200 with this text; streamed as one SSE chunk per piece (default: split on spaces). */
  | { kind: 'text'; text: string; pieces?: string[]; pieceDelayMs?: number }
  /** Waits before answering with `then` (or never answers when ms is Infinity). */
  | { kind: 'slow'; ms: number; then?: LoopbackBehaviour }
  /** An error status with an OpenAI-style error body; `retryAfter` adds the header. */
  | { kind: 'status'; status: number; message?: string; retryAfter?: string }
  /** 200 whose body is not a chat completion (non-streaming) or whose SSE data is not JSON. */
  | { kind: 'malformed' }
  /** Streams these pieces, then hangs without finishing until the client goes away. */
  | { kind: 'stall'; pieces: string[] }
  /** Streams these pieces, then drops the connection mid-answer. */
  | { kind: 'drop'; pieces: string[] };

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: {
    model?: string;
    stream?: boolean;
    messages?: Array<{ role: string; content: unknown }>;
    [key: string]: unknown;
  };
  /** All message contents joined, for asserting what the prompt said. */
  promptText: string;
  /** True once the client closed the connection before the answer was complete. */
  abortedByClient: boolean;
  /** Resolves when the exchange is over, either answered or closed by the client. */
  settled: Promise<void>;
}

export interface LoopbackOpenAi {
  /** Base URL including `/v1`, as AI_BASE_URL would be set. */
  baseURL: string;
  requests: RecordedRequest[];
  /** Queue behaviours for the next requests; the last one repeats. */
  respondWith(...behaviours: LoopbackBehaviour[]): void;
  /** Resolves when `count` requests have arrived. */
  waitForRequests(count: number): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function completionBody(model: string, text: string) {
  return {
    id: 'chatcmpl-loopback',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function chunk(model: string, delta: Record<string, unknown>, finishReason: string | null = null) {
  return `data: ${JSON.stringify({
    id: 'chatcmpl-loopback',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  })}\n\n`;
}

function piecesOf(behaviour: { text: string; pieces?: string[] }): string[] {
  if (behaviour.pieces) return behaviour.pieces;
  return behaviour.text.split(/(?<= )/);
}

export async function startLoopbackOpenAi(): Promise<LoopbackOpenAi> {
  let queue: LoopbackBehaviour[] = [{ kind: 'text', text: 'Loopback answer.' }];
  const requests: RecordedRequest[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];

  const nextBehaviour = (): LoopbackBehaviour => (queue.length > 1 ? queue.shift()! : queue[0]!);

  async function answer(
    behaviour: LoopbackBehaviour,
    record: RecordedRequest,
    response: ServerResponse,
    isGone: () => boolean,
    drop: () => void,
  ): Promise<void> {
    const model = record.body.model ?? 'loopback-model';
    const streaming = record.body.stream === true;
    switch (behaviour.kind) {
      case 'slow': {
        if (behaviour.ms === Infinity) return; // never answers; the client must give up
        await sleep(behaviour.ms);
        if (isGone()) return;
        return answer(behaviour.then ?? { kind: 'text', text: 'Late answer.' }, record, response, isGone, drop);
      }
      case 'status': {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (behaviour.retryAfter) headers['retry-after'] = behaviour.retryAfter;
        response.writeHead(behaviour.status, headers);
        response.end(
          JSON.stringify({ error: { message: behaviour.message ?? `Loopback error ${behaviour.status}`, type: 'server_error' } }),
        );
        return;
      }
      case 'malformed': {
        if (!streaming) {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end('{"this is": not json');
          return;
        }
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('data: {"choices": [ nonsense\n\n');
        response.end('data: [DONE]\n\n');
        return;
      }
      case 'text':
      case 'stall':
      case 'drop': {
        const pieces = behaviour.kind === 'text' ? piecesOf(behaviour) : behaviour.pieces;
        if (!streaming) {
          if (behaviour.kind !== 'text') {
            drop();
            return;
          }
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(completionBody(model, behaviour.text)));
          return;
        }
        response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        response.write(chunk(model, { role: 'assistant', content: '' }));
        for (const piece of pieces) {
          if (isGone()) return;
          response.write(chunk(model, { content: piece }));
          if (behaviour.kind === 'text' && behaviour.pieceDelayMs) await sleep(behaviour.pieceDelayMs);
        }
        if (behaviour.kind === 'stall') return;
        if (behaviour.kind === 'drop') {
          // Let the written chunks leave before the connection is cut.
          await sleep(20);
          drop();
          return;
        }
        response.write(chunk(model, {}, 'stop'));
        response.end('data: [DONE]\n\n');
        return;
      }
    }
  }

  const server: Server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      let body: RecordedRequest['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(parts).toString('utf8')) as RecordedRequest['body'];
      } catch {
        body = {};
      }
      let settle!: () => void;
      const record: RecordedRequest = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
        promptText: (body.messages ?? []).map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))).join('\n'),
        abortedByClient: false,
        settled: new Promise<void>((resolve) => (settle = resolve)),
      };
      requests.push(record);
      for (const waiter of [...waiters]) {
        if (requests.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
      let droppedByServer = false;
      response.on('close', () => {
        if (!response.writableFinished && !droppedByServer) record.abortedByClient = true;
        settle();
      });

      if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'Not found' } }));
        return;
      }
      const drop = () => {
        droppedByServer = true;
        response.destroy();
      };
      void answer(nextBehaviour(), record, response, () => response.destroyed || record.abortedByClient, drop);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    respondWith(...behaviours) {
      if (behaviours.length === 0) throw new Error('respondWith needs at least one behaviour');
      queue = [...behaviours];
    },
    waitForRequests(count) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push({ count, resolve }));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
