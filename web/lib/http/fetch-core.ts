import { STORAGE_KEYS } from '../../../common/constants.ts';
import { translateServerMessage } from '../../i18n/server-messages.ts';
import { storage } from '../storage.ts';

/**
 * The one place the web app calls the API from (the JSON client, AI streaming, export downloads,
 * live updates, and the static sign-in, sign-up and landing scripts): the token, the spec §7
 * headers, 401 → sign-out, and the spec §8 errors, in the UI language.
 */

/** An error answered by the API, or raised on its behalf (spec §8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors?: Record<string, string[]>,
    /** true when the server sent the message (as opposed to a client-side fallback). */
    readonly fromServer = false,
    /** The whole answer, for what some errors carry besides the message (a 412's task as it is now). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export class NetworkError extends Error {
  constructor(message = translate('Network error occurred')) {
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

let translate: (message: string) => string = translateServerMessage;
/**
 * How the API's English messages are shown. The app loads its tables through
 * web/i18n/server-messages.ts; the static pages carry their language's table in the page and
 * hand over a translator built from it (createServerMessageTranslator), so they load nothing.
 */
export function setMessageTranslator(translator: (message: string) => string) {
  translate = translator;
}

export type Query = Record<string, string | number | undefined | null>;

export function buildUrl(path: string, query?: Query) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export interface FetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON; a Blob (a profile photo) is sent as it is, with its own type as the Content-Type. */
  body?: unknown;
  /** Register, login and the mailed links are the calls without a token (spec §6). */
  auth?: boolean;
  /** The token to send instead of the stored one (live updates hold their session's). */
  token?: string;
  /** What to accept: JSON by default (spec §7), an event stream, a PDF or Word file. */
  accept?: string;
  /** Accept-Language, when the caller knows better than setApiLanguage. */
  language?: string;
  /** Headers beyond the spec's: `If-Match` of a write replayed after being offline (decision 031). */
  headers?: Record<string, string>;
  query?: Query;
  signal?: AbortSignal;
  cache?: RequestCache;
  /** The message of an error answer that names none (spec §8: 'An error occurred'; exports: 'Export failed'). */
  fallbackMessage?: string;
  /** The message of a network failure (spec §8: exports have their own). */
  networkMessage?: string;
  /** The message when the browser knows it is offline, for what cannot wait for the connection (export, AI; issue 23). */
  offlineMessage?: string;
}

/**
 * Calls the API and resolves with its answer when it is a success. Otherwise throws: ApiError
 * for an error answer (its `{ message, errors? }` translated, spec §8; a 401 also signs out),
 * NetworkError when no answer came, and the AbortError itself when the call was cancelled.
 */
export async function apiFetch(path: string, options: FetchOptions = {}): Promise<Response> {
  const { method = 'GET', body, auth = true, accept = 'application/json', query, signal, cache } = options;
  // Spec §7: every call sends the JSON content type and accepts JSON, with or without a body.
  // The one exception is an upload, whose body is the file itself.
  const raw = body instanceof Blob;
  const headers: Record<string, string> = {
    Accept: accept,
    'Content-Type': raw ? body.type || 'application/octet-stream' : 'application/json',
    'Accept-Language': options.language ?? currentLanguage,
    ...options.headers,
  };
  const token = auth ? (options.token ?? storage.get(STORAGE_KEYS.token)) : null;
  if (auth) {
    if (!token) throw new ApiError(translate('Authentication required'), 401);
    headers.Authorization = `Bearer ${token}`;
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: raw ? body : body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
      cache,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    const offline = options.offlineMessage && typeof navigator !== 'undefined' && navigator.onLine === false;
    throw new NetworkError(translate((offline ? options.offlineMessage : options.networkMessage) ?? 'Network error occurred'));
  }
  if (response.ok) return response;

  // Spec §4: any 401 ends the session, unless the token is no longer the stored one (another
  // tab signed in as someone else meanwhile): that session is not this answer's to end.
  if (response.status === 401 && token && token === storage.get(STORAGE_KEYS.token)) unauthorizedHandler?.();
  const payload: unknown = await response.json().catch(() => undefined);
  throw apiErrorOf(response.status, payload, options.fallbackMessage);
}

/**
 * An error answer's body, `{ message, errors? }` (spec §8), as an ApiError in the UI language;
 * a body of any other shape (a proxy's HTML page) gets the fallback message.
 */
export function apiErrorOf(status: number, payload: unknown, fallbackMessage = 'An error occurred'): ApiError {
  const { message, errors } = (payload && typeof payload === 'object' ? payload : {}) as { message?: unknown; errors?: unknown };
  const sent = typeof message === 'string' && message !== '';
  return new ApiError(translate(sent ? message : fallbackMessage), status, fieldErrorsFrom(errors), sent, payload);
}

/**
 * The API reports a confirmation that does not match on the field confirmed (spec: `password`),
 * in its own words; the person fixes it in the confirmation field, so forms show it there, and
 * say it plainly (server.json translates the plain wording like any message).
 */
const CONFIRMATION_MISMATCH = 'The password field confirmation does not match.';
const CONFIRMATION_MISMATCH_PLAINLY = 'The passwords do not match.';

/** `{ field: [messages] }` in the UI language; anything that is not that shape is dropped. */
function fieldErrorsFrom(errors: unknown): Record<string, string[]> | undefined {
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
  const translated: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (!Array.isArray(messages)) continue;
    for (const text of messages) {
      if (typeof text !== 'string') continue;
      const mismatch = text === CONFIRMATION_MISMATCH;
      (translated[mismatch ? `${field}_confirmation` : field] ??= []).push(translate(mismatch ? CONFIRMATION_MISMATCH_PLAINLY : text));
    }
  }
  return translated;
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

/** A field's first server message, in the order the answer names them, and what named no field. */
export interface ServerFieldErrors<F extends string> {
  fields: Array<[F, string]>;
  rest: string[];
}

/**
 * Splits a failed call's field errors (already in the UI language) into
 * the form's fields, by `fieldFor`, and the rest. Not an API answer with field errors: nothing.
 */
export function serverFieldErrors<F extends string>(error: unknown, fieldFor: (path: string) => F | undefined): ServerFieldErrors<F> {
  const found = new Map<F, string>();
  const rest: string[] = [];
  if (!(error instanceof ApiError) || !error.errors) return { fields: [], rest };
  for (const [path, messages] of Object.entries(error.errors)) {
    const field = fieldFor(path);
    if (field !== undefined && messages[0] !== undefined) {
      if (!found.has(field)) found.set(field, messages[0]);
    } else {
      for (const message of messages) if (!rest.includes(message)) rest.push(message);
    }
  }
  return { fields: [...found], rest };
}
