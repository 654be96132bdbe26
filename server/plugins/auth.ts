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

/** onRequest hook for protected scopes: `Authorization: Bearer <id>|<secret>` or 401. */
export function requireUser(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) throw new UnauthorizedError();
    const { user, tokenId } = await auth.authenticate(match[1]!);
    request.user = user;
    request.tokenId = tokenId;
  };
}
