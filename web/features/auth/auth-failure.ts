import { ApiError, NetworkError } from '../../lib/api-client.ts';

/**
 * What a sign-in, sign-up or password form says of a failure that named none of its fields: the
 * API's message (or the network's), else `unexpected` (a malformed answer). The static /login and
 * /signup pages say the same.
 */
export const authFailure = (unexpected: string) => (error: unknown) =>
  error instanceof ApiError || error instanceof NetworkError ? error.message : unexpected;
