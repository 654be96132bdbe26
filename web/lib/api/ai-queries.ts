import { queryOptions } from '@tanstack/react-query';
import { AiStatusResponse } from '../../../common/schemas/ai.schema.ts';
import { STORAGE_KEYS } from '../../../common/constants.ts';
import { ApiError, apiRequest, NetworkError } from '../api-client.ts';
import { translateFieldErrors, translateServerMessage } from '../../i18n/server-messages.ts';
import { storage } from '../storage.ts';

/** Which writer drafts descriptions (the built-in one or an OpenAI-compatible model): settings and the task dialogs name it. */
export const aiStatusQuery = () =>
  queryOptions({
    queryKey: ['ai', 'status'],
    queryFn: ({ signal }) => apiRequest('/api/ai/status', { schema: AiStatusResponse, signal }),
    staleTime: 5 * 60_000,
  });

/**
 * Streams an AI answer from the spec's path (server-sent events over a POST, asked for with
 * `Accept: text/event-stream`, read with fetch so the token stays in a header): `onText` gets
 * the text so far after each delta; resolves with the final text. A JSON answer works too.
 * Aborting the signal cancels the provider call on the server too.
 */
export async function streamAiText(
  path: string,
  options: { body?: unknown; signal: AbortSignal; language: string; onText(text: string): void },
): Promise<string> {
  const token = storage.get(STORAGE_KEYS.token);
  if (!token) throw new ApiError('Authentication required', 401);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'text/event-stream',
        'Content-Type': 'application/json',
        'Accept-Language': options.language,
      },
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError();
  }
  if (!response.ok || !response.body) {
    const payload = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
    throw new ApiError(
      translateServerMessage(payload.message || 'An error occurred'),
      response.status,
      translateFieldErrors(payload.errors),
      Boolean(payload.message),
    );
  }
  // A server (or proxy) that answers the spec's JSON instead of a stream: the whole text at once.
  if (!/text\/event-stream/i.test(response.headers.get('content-type') ?? '')) {
    const payload = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    const text = payload && Object.values(payload).find((value) => typeof value === 'string');
    if (typeof text !== 'string') throw new ApiError('An error occurred', response.status);
    options.onText(text);
    return text;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let boundary: number;
    while ((boundary = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as Record<string, string> | null;
      if (event === 'delta' && data?.text) {
        text += data.text;
        options.onText(text);
      } else if (event === 'done' && data) {
        return Object.values(data)[0] ?? text;
      } else if (event === 'error') {
        throw new ApiError(translateServerMessage(data?.message || 'An error occurred'), 502, undefined, Boolean(data?.message));
      }
    }
  }
  return text;
}
