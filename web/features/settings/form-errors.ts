import { ApiError } from '../../lib/api-client.ts';

/**
 * The server's field errors (already in the UI language, web/i18n/server-messages.ts) for the
 * fields a form shows: the first message of each. Null when the answer named none of them, so
 * the form shows the answer's message above itself instead.
 */
export function fieldErrorsOf<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>> | null {
  if (!(error instanceof ApiError) || !error.errors) return null;
  const found: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const first = error.errors[field]?.[0];
    if (first) found[field] = first;
  }
  return Object.keys(found).length > 0 ? found : null;
}
