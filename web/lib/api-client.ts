import type { z } from 'zod';
import { STORAGE_KEYS } from '../../common/constants.ts';
import { translateFieldErrors, translateServerMessage } from '../i18n/server-messages.ts';
import { storage } from './storage.ts';

/** An error answered by the API, or raised on its behalf (spec §8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors?: Record<string, string[]>,
    /** true when the server sent the message (as opposed to a client-side fallback). */
    readonly fromServer = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export class NetworkError extends Error {
  constructor(message = translateServerMessage('Network error occurred')) {
    super(message);
    this.name = 'NetworkError';
  }
}

let unauthorizedHandler: (() => void) | undefined;
/** The session registers what a 401 does: clear the stored user and token, go to /login. */
export function onUnauthorized(handler: () => void) {
  unauthorizedHandler = handler;
}

let currentLanguage = 'en';
/** Sent as Accept-Language so server texts (mails, exports, AI) follow the UI language. */
export function setApiLanguage(code: string) {
  currentLanguage = code;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON; a Blob (a profile photo) is sent as it is, with its own type as the Content-Type. */
  body?: unknown;
  /** Register and login are the only calls without a token (spec §6). */
  auth?: boolean;
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  query?: Record<string, string | number | undefined | null>;
}

export function buildUrl(path: string, query?: RequestOptions<unknown>['query']) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, auth = true, schema, signal, query } = options;
  // Spec §7: every call sends the JSON content type and accepts JSON, with or without a body.
  // The one exception is an upload, whose body is the file itself.
  const raw = body instanceof Blob;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': raw ? body.type || 'application/octet-stream' : 'application/json',
    'Accept-Language': currentLanguage,
  };
  if (auth) {
    const token = storage.get(STORAGE_KEYS.token);
    if (!token) throw new ApiError('Authentication required', 401);
    headers.Authorization = `Bearer ${token}`;
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: raw ? body : body === undefined ? undefined : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError();
  }

  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const payload = (data ?? {}) as { message?: unknown; errors?: Record<string, string[]> };
    const message = typeof payload.message === 'string' && payload.message ? payload.message : 'An error occurred';
    if (response.status === 401 && auth) unauthorizedHandler?.();
    // The API's English messages, shown in the UI language (web/i18n/server-messages.ts).
    throw new ApiError(
      translateServerMessage(message),
      response.status,
      translateFieldErrors(payload.errors),
      typeof payload.message === 'string',
    );
  }
  return schema ? schema.parse(data) : (data as T);
}

/**
 * What a screen shows for a failed call (spec §8): the server's message when there is
 * one, else the screen's fallback; errors that are not API answers add 'Please try again.'
 */
export function errorMessage(error: unknown, fallback: string, pleaseTryAgain = 'Please try again.'): string {
  if (error instanceof NetworkError) return error.message;
  if (error instanceof ApiError) return error.fromServer ? error.message : fallback;
  return `${fallback} ${pleaseTryAgain}`;
}
