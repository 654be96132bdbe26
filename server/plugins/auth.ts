import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/repositories/user.repository.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import type { AuthService } from '../services/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every protected route. */
    user: UserRow;
    tokenId: number;
  }
  interface FastifyContextConfig {
    /** Managing how the account signs in (password, e-mail, sessions, API tokens, deletion): a session's alone. */
    sessionOnly?: boolean;
  }
}

export const READ_ONLY_TOKEN = 'This API token can only read. Make one that may read and write in Settings.';
export const SESSION_ONLY = 'An API token cannot do this. Sign in to Taskaty to do it.';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The token of an `Authorization: Bearer <token>` header, or undefined for any other header. */
export function bearerFromHeader(header: string | undefined): string | undefined {
  return header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
}

/**
 * onRequest hook for protected scopes: `Authorization: Bearer <id>|<secret>` or 401. A personal API
 * token with the `read` scope may only read (403 otherwise), and no API token reaches a route marked
 * `sessionOnly` (403).
 */
export function requireUser(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const bearer = bearerFromHeader(request.headers.authorization);
    if (!bearer) throw new UnauthorizedError();
    const { user, tokenId, kind, scope } = await auth.authenticate(bearer);
    request.user = user;
    request.tokenId = tokenId;
    if (kind === 'api') {
      if (request.routeOptions.config.sessionOnly) throw new ForbiddenError(SESSION_ONLY);
      if (scope !== 'write' && !READS.has(request.method)) throw new ForbiddenError(READ_ONLY_TOKEN);
    }
  };
}
