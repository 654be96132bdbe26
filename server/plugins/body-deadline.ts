import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body may take UPLOAD_TIMEOUT_MS to arrive instead of REQUEST_TIMEOUT_MS (issue 24: a file upload). */
    slowBody?: boolean;
  }
}

export const REQUEST_TOO_SLOW = 'The request took too long to arrive. Please try again.';

/**
 * How long a request's body may take to arrive (finding 18g, issue 24). Node's `requestTimeout` is
 * one figure for the whole server; it is set to the longest allowance (an upload's), and this hook
 * holds every other request to REQUEST_TIMEOUT_MS: a body still arriving then is answered 408 and its
 * connection closed, as Node itself does. The answer is written on the socket, not through the reply:
 * the request is still being parsed and its handler has not run.
 */
export function registerBodyDeadline(app: FastifyInstance, requestTimeoutMs: number) {
  const body = JSON.stringify({ message: REQUEST_TOO_SLOW });
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    // Only a request from a network connection is timed (not one made by `inject`, which has no socket to close).
    if (raw.complete || request.routeOptions.config.slowBody || !(raw.socket instanceof Socket)) return done();
    const socket = raw.socket;
    const timer = setTimeout(() => {
      if (raw.complete || socket.destroyed) return;
      socket.end(
        `HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      socket.destroySoon();
    }, requestTimeoutMs);
    timer.unref();
    raw.once('end', () => clearTimeout(timer));
    raw.once('close', () => clearTimeout(timer));
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
}
