import type { z } from 'zod';
import { apiFetch, type FetchOptions } from './http/fetch-core.ts';

// The API's errors and settings live in the fetch core; screens import them from here.
export { ApiError, NetworkError, buildUrl, errorMessage, onUnauthorized, serverFieldErrors, setApiLanguage } from './http/fetch-core.ts';

export interface RequestOptions<T> extends Pick<FetchOptions, 'method' | 'body' | 'auth' | 'signal' | 'query' | 'headers'> {
  schema?: z.ZodType<T>;
}

/** A JSON call (web/lib/http/fetch-core.ts) whose answer is checked against the shared schema when one is given. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { schema, ...request } = options;
  const response = await apiFetch(path, request);
  const data: unknown = await response.json().catch(() => undefined);
  return schema ? schema.parse(data) : (data as T);
}
