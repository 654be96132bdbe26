import { queryOptions } from '@tanstack/react-query';
import { AiStatusResponse } from '../../../common/schemas/ai.schema.ts';
import { apiRequest } from '../api-client.ts';
import { apiErrorOf, apiFetch } from '../http/fetch-core.ts';
import { readEventStream } from '../http/sse.ts';

/** Which writer drafts descriptions (the built-in one or an OpenAI-compatible model): settings and the task dialogs name it. */
export const aiStatusQuery = () =>
  queryOptions({
    queryKey: ['ai', 'status'],
    queryFn: ({ signal }) => apiRequest('/api/ai/status', { schema: AiStatusResponse, signal }),
    staleTime: 5 * 60_000,
  });

const jsonOf = (text: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/**
 * Streams an AI answer from the spec's path (server-sent events over a POST, asked for with
 * `Accept: text/event-stream`, read with fetch so the token stays in a header): `onText` gets
 * the text so far after each `delta { text }`; resolves with the final text of `done`. An `error
 * { message }` event rejects like an error answer. A JSON answer works too.
 * Aborting the signal cancels the provider call on the server too.
 */
export async function streamAiText(
  path: string,
  options: { body?: unknown; signal: AbortSignal; language: string; onText(text: string): void },
): Promise<string> {
  const response = await apiFetch(path, {
    method: 'POST',
    accept: 'text/event-stream',
    body: options.body,
    signal: options.signal,
    language: options.language,
    offlineMessage: 'AI writing needs a connection. You are offline.',
  });
  // A server (or proxy) that answers the spec's JSON instead of a stream: the whole text at once.
  if (!response.body || !/text\/event-stream/i.test(response.headers.get('content-type') ?? '')) {
    const payload = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    const text = payload && Object.values(payload).find((value) => typeof value === 'string');
    if (typeof text !== 'string') throw apiErrorOf(response.status, null);
    options.onText(text);
    return text;
  }
  let text = '';
  for await (const { event, data } of readEventStream(response.body)) {
    const payload = jsonOf(data);
    if (event === 'delta' && typeof payload?.text === 'string') {
      text += payload.text;
      options.onText(text);
    } else if (event === 'done' && payload) {
      const final = Object.values(payload)[0];
      return typeof final === 'string' ? final : text;
    } else if (event === 'error') {
      // The provider failed after the answer began: the stream's last word is an error answer.
      throw apiErrorOf(502, payload);
    }
  }
  return text;
}
