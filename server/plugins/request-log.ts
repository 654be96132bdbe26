import type { FastifyInstance } from 'fastify';
import pino from 'pino';

/**
 * Fastify's logger: pino writing JSON lines to stdout synchronously. As with Node's own stdout on
 * Linux, a reader that stops reading slows the server down instead of letting lines pile up in
 * memory, and nothing is lost when the process exits.
 */
export function loggerOptions(level: string) {
  return { level, stream: pino.destination({ dest: 1, sync: true }) };
}

/**
 * One access-log line per answer instead of Fastify's two (incoming and completed): the request
 * as Fastify's serializer writes it, the status and the time. app.ts turns Fastify's own request
 * lines off. Written through the request's logger, so it carries the request id.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}
