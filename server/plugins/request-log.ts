import type { FastifyInstance } from 'fastify';
import pino from 'pino';

/** How long a line may wait in the buffer before it is written anyway. */
const FLUSH_EVERY_MS = 1000;

/**
 * Fastify's logger: pino writing JSON lines to stdout through a buffer of 4 kB, written
 * synchronously when full, at least once a second and when the process exits. One write per line
 * cost as much as a tenth of a 304 (docs/performance.md). As with Node's own stdout on Linux, a
 * reader that stops reading slows the server down instead of letting lines pile up in memory.
 */
export function loggerOptions(level: string) {
  const stream = pino.destination({ dest: 1, sync: true, minLength: 4096 });
  setInterval(() => stream.flushSync(), FLUSH_EVERY_MS).unref();
  process.once('exit', () => stream.flushSync());
  return { level, stream };
}

/**
 * One access-log line per answer instead of Fastify's two (incoming and completed): the request
 * as Fastify's serializer writes it, the status and the time. app.ts turns Fastify's own request
 * lines off. Written through the request's logger, so it carries the request id.
 *
 * A 304 (an unchanged poll: the same few lists, every few seconds, from every open tab) is logged
 * at debug level: at info its line cost an eighth of the answer and took the 304 over its CPU
 * budget (docs/performance.md, decision 017). `LOG_LEVEL=debug` shows them.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (reply.statusCode === 304) request.log.debug(line, 'request completed');
    else request.log.info(line, 'request completed');
    done();
  });
}
