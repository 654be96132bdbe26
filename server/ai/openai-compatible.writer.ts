import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, generateText, streamText } from 'ai';
import { createOutputSanitizer, sanitizeOutput } from './ai-output.sanitizer.ts';
import { AiCancelledError, AiProviderError } from './ai.errors.ts';
import { buildPrompt, type PromptInput } from './ai.prompt.ts';
import type { AiOperation, AiWriter } from './ai.types.ts';

export interface OpenAiCompatibleWriterOptions {
  /** Up to and including the API version, e.g. `https://api.openai.com/v1` or `http://localhost:11434/v1`. */
  baseURL: string;
  apiKey?: string;
  model: string;
  /**
   * One-shot calls must finish within this time, retry included. Streams must deliver their
   * first text within it, and then never pause longer than it between two deltas.
   */
  timeoutMs?: number;
  /** Pause before the single retry when the provider gives no Retry-After. */
  retryDelayMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRY_DELAY_MS = 1_000;
/** A safety net for runaway generations; the character cap does the real limiting. */
const MAX_OUTPUT_TOKENS = 4_096;

type Failure = AiProviderError & { retryAfterMs?: number };

function retryAfterMs(headers: Record<string, string> | undefined): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers['retry-after-ms'] ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const seconds = Number.parseFloat(headers['retry-after'] ?? '');
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

/** Turns whatever the SDK threw into one of our reasons; the detail is for the server log. */
function classify(error: unknown): Failure {
  if (error instanceof AiProviderError) return error;
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    let failure: Failure;
    if (status === undefined)
      failure = new AiProviderError('unreachable', `Cannot reach the AI provider: ${error.message}`, undefined, { cause: error });
    else if (status === 429)
      failure = new AiProviderError('rate-limited', 'The AI provider is rate limiting requests.', status, { cause: error });
    else if (status >= 500)
      failure = new AiProviderError('unavailable', `The AI provider failed with ${status}: ${error.message}`, status, { cause: error });
    else if (status < 300) {
      const interrupted = error.message.startsWith('Failed to process successful response');
      failure = interrupted
        ? new AiProviderError('interrupted', 'The AI provider dropped the connection mid-answer.', status, { cause: error })
        : new AiProviderError('malformed', `The AI provider sent an answer that is not a chat completion: ${error.message}`, status, {
            cause: error,
          });
    } else
      failure = new AiProviderError('rejected', `The AI provider refused the request with ${status}: ${error.message}`, status, {
        cause: error,
      });
    failure.retryAfterMs = retryAfterMs(error.responseHeaders);
    return failure;
  }
  const message = error instanceof Error ? error.message : String(error);
  return new AiProviderError('malformed', `The AI provider sent an answer that could not be read: ${message}`, undefined, { cause: error });
}

const isTransient = (failure: AiProviderError) => ['unreachable', 'rate-limited', 'unavailable'].includes(failure.reason);

/**
 * One AbortSignal for the provider call that fires on the caller's abort or on the timeout,
 * and remembers which of the two it was: only the timeout is a provider failure.
 */
function createDeadline(timeoutMs: number, callerSignal: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  let expiresAt = 0;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    expiresAt = Date.now() + timeoutMs;
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError'));
    }, timeoutMs);
  };
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) controller.abort(callerSignal.reason);
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  arm();

  return {
    signal: controller.signal,
    /** Restarts the clock: a stream that is still delivering is not timing out. */
    refresh: arm,
    explain(error: unknown): Error {
      if (callerSignal?.aborted) return new AiCancelledError();
      if (timedOut) return new AiProviderError('timeout', `The AI provider did not answer within ${timeoutMs} ms.`);
      return classify(error);
    },
    /** Sleeps before a retry; false when the deadline would pass first or the call was aborted. */
    wait(ms: number): Promise<boolean> {
      if (controller.signal.aborted || Date.now() + ms >= expiresAt) return Promise.resolve(false);
      return new Promise((resolve) => {
        const done = (ok: boolean) => {
          clearTimeout(sleep);
          controller.signal.removeEventListener('abort', onAbort);
          resolve(ok);
        };
        const onAbort = () => done(false);
        const sleep = setTimeout(() => done(true), ms);
        controller.signal.addEventListener('abort', onAbort, { once: true });
      });
    },
    /** Ends the provider request if it is still open (the consumer stopped reading) and frees the timer. */
    close() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
      if (!controller.signal.aborted) controller.abort(new DOMException('Finished', 'AbortError'));
    },
  };
}

export function createOpenAiCompatibleWriter(options: OpenAiCompatibleWriterOptions): AiWriter {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const provider = createOpenAICompatible({ name: 'taskaty-ai', baseURL: options.baseURL, apiKey: options.apiKey });
  const model = provider.chatModel(options.model);

  async function complete(operation: AiOperation, input: PromptInput & { signal?: AbortSignal }): Promise<string> {
    const { system, prompt, maxChars } = buildPrompt(operation, input);
    const deadline = createDeadline(timeoutMs, input.signal);
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const result = await generateText({
            model,
            system,
            prompt,
            maxRetries: 0,
            abortSignal: deadline.signal,
            maxOutputTokens: MAX_OUTPUT_TOKENS,
          });
          const text = sanitizeOutput(result.text, maxChars);
          if (text === '') throw new AiProviderError('empty', 'The AI provider answered with no usable text.');
          return text;
        } catch (error) {
          const failure = deadline.explain(error);
          if (attempt === 0 && failure instanceof AiProviderError && isTransient(failure)) {
            if (await deadline.wait((failure as Failure).retryAfterMs ?? retryDelayMs)) continue;
            if (input.signal?.aborted) throw new AiCancelledError();
          }
          throw failure;
        }
      }
    } finally {
      deadline.close();
    }
  }

  async function* stream(operation: AiOperation, input: PromptInput & { signal?: AbortSignal }): AsyncGenerator<string> {
    const { system, prompt, maxChars } = buildPrompt(operation, input);
    const deadline = createDeadline(timeoutMs, input.signal);
    let yielded = false;
    try {
      for (let attempt = 0; ; attempt++) {
        // A fresh sanitizer per attempt: a failed first try may have left text held back.
        const sanitizer = createOutputSanitizer(maxChars);
        try {
          const result = streamText({
            model,
            system,
            prompt,
            maxRetries: 0,
            abortSignal: deadline.signal,
            maxOutputTokens: MAX_OUTPUT_TOKENS,
            // Errors arrive as stream parts below; the default handler would only log them.
            onError: () => {},
          });
          for await (const part of result.fullStream) {
            if (part.type === 'text-delta' || part.type === 'reasoning-delta') deadline.refresh();
            if (part.type === 'text-delta') {
              const clean = sanitizer.push(part.text);
              if (clean !== '') {
                yielded = true;
                yield clean;
              }
              if (sanitizer.full) break;
            } else if (part.type === 'error') {
              throw part.error;
            } else if (part.type === 'abort') {
              throw new DOMException('Aborted', 'AbortError');
            }
          }
          const rest = sanitizer.end();
          if (rest !== '') {
            yielded = true;
            yield rest;
          }
          if (!yielded) throw new AiProviderError('empty', 'The AI provider answered with no usable text.');
          return;
        } catch (error) {
          const failure = deadline.explain(error);
          // Once text has been shown, a retry would repeat it; only a silent failure is retried.
          if (!yielded && attempt === 0 && failure instanceof AiProviderError && isTransient(failure)) {
            if (await deadline.wait((failure as Failure).retryAfterMs ?? retryDelayMs)) continue;
            if (input.signal?.aborted) throw new AiCancelledError();
          }
          throw failure;
        }
      }
    } finally {
      deadline.close();
    }
  }

  return {
    generateDescription: ({ title, language, signal }) => complete('generate-description', { title, language, signal }),
    generateDescriptionStream: ({ title, language, signal }) => stream('generate-description', { title, language, signal }),
    rewriteDescription: (request) => complete('rewrite-description', request),
    rewriteDescriptionStream: (request) => stream('rewrite-description', request),
    generateContent: (request) => complete('generate-content', request),
    generateContentStream: (request) => stream('generate-content', request),
    describe: () => ({ kind: 'openai-compatible', model: options.model, baseUrlHost: new URL(options.baseURL).host }),
  };
}
