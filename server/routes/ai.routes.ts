import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, matchLanguage, type LanguageCode } from '../../common/locales.ts';
import {
  AiStatusResponse,
  GenerateContentResponse,
  GenerateDescriptionInput,
  GenerateDescriptionResponse,
  RewriteDescriptionResponse,
} from '../../common/schemas/ai.schema.ts';
import { ErrorBody } from '../../common/schemas/error.schema.ts';
import { TaskIdParams } from '../../common/schemas/task-input.schema.ts';
import { AiCancelledError, AiProviderError } from '../ai/ai.errors.ts';
import type { AiOperation, AiTaskAccess, AiWriter } from '../ai/ai.types.ts';
import { withSanitizedOutput } from '../ai/sanitized.writer.ts';
import { AppError } from '../errors.ts';
import { requireUser } from '../plugins/auth.ts';
import type { AuthService } from '../services/auth.service.ts';

export interface AiRoutesOptions {
  auth: AuthService;
  writer: AiWriter;
  /** AI calls per user per minute, shared by all AI endpoints. */
  rateLimitPerMinute: number;
  tasks: AiTaskAccess;
}

/** The spec's §8 messages, one per helper. */
const FAILURE_MESSAGES: Record<AiOperation, string> = {
  'generate-description': 'Failed to generate description',
  'rewrite-description': 'Failed to enhance description',
  'generate-content': 'Failed to generate content',
};

/** The spec's §7 answer keys; the stream's `done` event uses the same key. */
const ANSWER_KEYS = {
  'generate-description': 'description',
  'rewrite-description': 'rewritten_description',
  'generate-content': 'generated_content',
} as const satisfies Record<AiOperation, string>;

const security = [{ bearer: [] }];
const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody, 502: ErrorBody };
const EventStream = z
  .string()
  .describe(
    'text/event-stream: `delta` events `{ text }`, then one `done` event with the full answer under the same key as the one-shot endpoint, or one `error` event `{ message }`.',
  );

function languageFrom(request: FastifyRequest): LanguageCode {
  return matchLanguage((request.headers['accept-language'] ?? '').split(',')) ?? DEFAULT_LANGUAGE;
}

/** Aborts the AI work when the client goes away before the answer is complete. */
function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** The edge where AI failures become HTTP: provider trouble is a 502 with the spec's message. */
function toHttpError(error: unknown, operation: AiOperation, request: FastifyRequest): unknown {
  if (error instanceof AiProviderError) {
    request.log.warn({ reason: error.reason, status: error.status, detail: error.message }, 'AI provider failed');
    return new AppError(502, FAILURE_MESSAGES[operation]);
  }
  // Nobody is listening any more; 499 keeps it out of the error log.
  if (error instanceof AiCancelledError) return new AppError(499, 'Client closed request');
  return error;
}

function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Streams deltas as server-sent events. The first delta is awaited before anything is
 * sent, so a provider that fails outright still gets a plain JSON 502 like the one-shot
 * endpoint; later failures can only be told in-band, as an `error` event.
 */
/**
 * The spec's paths answer JSON; a client that asks for `text/event-stream` (the web app) gets
 * the same answer streamed, on the same path. The `/stream` paths always stream.
 */
function wantsEventStream(request: FastifyRequest): boolean {
  return /\btext\/event-stream\b/i.test(request.headers.accept ?? '');
}

async function sendStream(
  request: FastifyRequest,
  reply: FastifyReply,
  operation: AiOperation,
  deltas: AsyncIterable<string>,
  onComplete: (text: string) => Promise<void>,
) {
  const iterator = deltas[Symbol.asyncIterator]();
  let first: IteratorResult<string>;
  try {
    first = await iterator.next();
  } catch (error) {
    throw toHttpError(error, operation, request);
  }

  async function* events(): AsyncGenerator<string> {
    let text = '';
    try {
      for (let current = first; !current.done; current = await iterator.next()) {
        text += current.value;
        yield sse('delta', { text: current.value });
      }
      await onComplete(text);
      yield sse('done', { [ANSWER_KEYS[operation]]: text });
    } catch (error) {
      const failure = toHttpError(error, operation, request);
      if (failure instanceof AppError && failure.status === 499) return;
      if (!(failure instanceof AppError)) request.log.error({ err: failure }, 'AI stream failed');
      yield sse('error', { message: failure instanceof AppError ? failure.message : 'Server Error' });
    } finally {
      await iterator.return?.();
    }
  }

  return reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .send(Readable.from(events(), { objectMode: false }));
}

export const aiRoutes: FastifyPluginAsyncZod<AiRoutesOptions> = async (app, { auth, writer: anyWriter, rateLimitPerMinute, tasks }) => {
  // Every answer, the built-in writer's too, through the model output's sanitizer (issue 18, finding j).
  const writer = withSanitizedOutput(anyWriter);
  app.addHook('onRequest', requireUser(auth));
  // One budget per user across every AI endpoint, so switching endpoints does not multiply it.
  // Runs as a preHandler, after authentication has set request.user.
  const aiRateLimit = app.rateLimit({
    max: rateLimitPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `ai-user-${request.user.id}`,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many AI requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });

  app.get(
    '/api/ai/status',
    {
      schema: {
        tags: ['ai'],
        summary: 'Which writer answers the AI helpers',
        security,
        response: { 200: AiStatusResponse, 401: ErrorBody },
      },
    },
    async () => {
      const description = writer.describe();
      if (description.kind === 'builtin') return { kind: description.kind, label: 'Built-in writer (offline)' };
      return {
        kind: description.kind,
        model: description.model,
        label: `${description.model ?? 'model'} via ${description.baseUrlHost ?? 'an OpenAI-compatible server'}`,
      };
    },
  );

  // Generate a description from a title (the add dialog has no task yet).
  for (const streaming of [false, true]) {
    app.post(
      streaming ? '/api/tasks/generate-content/stream' : '/api/tasks/generate-content',
      {
        preHandler: aiRateLimit,
        schema: {
          tags: ['ai'],
          summary: streaming ? 'Stream a description generated from a title' : 'Generate a description from a title',
          security,
          body: GenerateDescriptionInput,
          response: { 200: streaming ? EventStream : GenerateDescriptionResponse, ...errors },
        },
      },
      async (request, reply) => {
        const input = { title: request.body.input_text, language: languageFrom(request), signal: abortOnDisconnect(reply) };
        if (streaming || wantsEventStream(request)) {
          return sendStream(request, reply, 'generate-description', writer.generateDescriptionStream(input), async () => {});
        }
        try {
          return { description: await writer.generateDescription(input) };
        } catch (error) {
          throw toHttpError(error, 'generate-description', request);
        }
      },
    );
  }

  const taskOperations = [
    { operation: 'rewrite-description', kind: 'rewrite', summary: "Rewrite a task's description" },
    { operation: 'generate-content', kind: 'generate', summary: 'Generate content for a task' },
  ] as const;

  for (const { operation, kind, summary } of taskOperations) {
    const write = operation === 'rewrite-description' ? writer.rewriteDescription : writer.generateContent;
    const writeStream = operation === 'rewrite-description' ? writer.rewriteDescriptionStream : writer.generateContentStream;
    for (const streaming of [false, true]) {
      app.post(
        `/api/tasks/:id/${operation}${streaming ? '/stream' : ''}`,
        {
          preHandler: aiRateLimit,
          schema: {
            tags: ['ai'],
            summary: streaming ? `${summary} (streamed)` : summary,
            description:
              'Returns a suggestion; the task itself is not changed. The client shows it in the edit dialog for review, and the activity log records that an AI suggestion was made.',
            security,
            params: TaskIdParams,
            response: {
              200: streaming ? EventStream : operation === 'rewrite-description' ? RewriteDescriptionResponse : GenerateContentResponse,
              ...errors,
            },
          },
        },
        async (request, reply) => {
          const task = await tasks.getTaskForAi(request.user, request.params.id);
          const input = {
            title: task.title,
            description: task.description,
            language: languageFrom(request),
            signal: abortOnDisconnect(reply),
          };
          const record = (text: string) => tasks.recordAiChange(request.user, task.id, text, kind);
          if (streaming || wantsEventStream(request)) return sendStream(request, reply, operation, writeStream.call(writer, input), record);
          let text: string;
          try {
            text = await write.call(writer, input);
          } catch (error) {
            throw toHttpError(error, operation, request);
          }
          await record(text);
          return { [ANSWER_KEYS[operation]]: text } as Record<(typeof ANSWER_KEYS)[typeof operation], string>;
        },
      );
    }
  }
};
