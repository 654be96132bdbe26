import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';

/**
 * Fastify's logger writing to stdout without blocking: pino's default writes every line
 * synchronously, which on a busy list route cost more than building the answer. Lines written
 * while a write is in flight are batched into the next one; pino flushes what is left when the
 * process exits.
 */
export function loggerOptions(level: string) {
  // Bounded: should stdout stall (a stuck pipe), lines past 16 MB are dropped, not held in memory.
  return { level, stream: pino.destination({ dest: 1, sync: false, maxLength: 16 * 1024 * 1024 }) };
}

/** The one access-log line of an answer, from Fastify's routes and from the list fast path alike. */
export function logAnswer(
  log: FastifyBaseLogger,
  method: string | undefined,
  url: string | undefined,
  statusCode: number,
  responseTime: number,
) {
  log.info({ req: { method, url }, res: { statusCode }, responseTime }, 'request completed');
}

/**
 * One line per answer instead of Fastify's two (incoming and completed): the second has all the
 * first had, plus the status and the time. app.ts turns Fastify's own request lines off.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    logAnswer(request.log, request.method, request.url, reply.statusCode, reply.elapsedTime);
    done();
  });
}
