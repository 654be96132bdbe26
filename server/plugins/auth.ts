import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/repositories/user.repository.ts';
import { UnauthorizedError } from '../errors.ts';
import type { AuthService } from '../services/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every protected route. */
    user: UserRow;
    tokenId: number;
  }
}

/** The token of an `Authorization: Bearer <token>` header, or undefined for any other header. */
export function bearerFromHeader(header: string | undefined): string | undefined {
  return header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
}

/** onRequest hook for protected scopes: `Authorization: Bearer <id>|<secret>` or 401. */
export function requireUser(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const bearer = bearerFromHeader(request.headers.authorization);
    if (!bearer) throw new UnauthorizedError();
    const { user, tokenId } = await auth.authenticate(bearer);
    request.user = user;
    request.tokenId = tokenId;
  };
}
