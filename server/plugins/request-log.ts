import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';

/** Marks the log streams made by batchedStream(): logAnswer writes its line straight to them. */
const BATCHED = Symbol('taskaty.batchedLog');

interface Destination {
  write(text: string): unknown;
  flush?(callback: (error?: Error | null) => void): void;
  flushSync?(): void;
}

export interface BatchedStream {
  readonly [BATCHED]: true;
  write(line: string): void;
  flush(callback?: (error?: Error | null) => void): void;
  flushSync(): void;
}

/** Streams with lines not yet handed on, flushed when the process exits (weakly held: tests make many). */
const unflushed = new Set<WeakRef<BatchedStream>>();
let flushOnExit = false;

/**
 * Collects the lines of one turn of the event loop and hands them to the destination as one
 * write. Under load that turn answers dozens of requests; one write each cost more than the
 * answer of a 304 (docs/performance.md). Lines keep their order, pino's own and access lines
 * alike, and whatever is pending is written synchronously when the process exits.
 */
export function batchedStream(destination: Destination): BatchedStream {
  // One array for the stream's life, emptied after each write: a fresh array per turn was
  // pretenured by V8 (allocated straight into the old generation), which then promoted every line
  // it held, ~4 MB between two scavenges at 40,000 answers a second, and grew the heap under load.
  const pending: string[] = [];
  const handOn = () => {
    if (pending.length === 0) return;
    const text = pending.length === 1 ? pending[0]! : pending.join('');
    pending.length = 0;
    destination.write(text);
  };
  const stream: BatchedStream = {
    [BATCHED]: true,
    write(line) {
      if (pending.push(line) === 1) setImmediate(handOn);
    },
    flush(callback) {
      handOn();
      if (destination.flush) destination.flush(callback ?? (() => {}));
      else callback?.();
    },
    flushSync() {
      handOn();
      destination.flushSync?.();
    },
  };
  if (unflushed.size >= 64) for (const ref of unflushed) if (!ref.deref()) unflushed.delete(ref);
  unflushed.add(new WeakRef(stream));
  if (!flushOnExit) {
    flushOnExit = true;
    process.once('exit', () => {
      for (const ref of unflushed) {
        try {
          ref.deref()?.flushSync();
        } catch {
          // A destination already closed has nowhere to write to.
        }
      }
    });
  }
  return stream;
}

/**
 * Fastify's logger writing to stdout: one synchronous write per turn of the event loop, whatever
 * the number of lines. A write per line cost more than a busy list route's answer; handing each
 * batch to libuv's pool instead (pino's asynchronous destination) cost as much CPU in the hand-off
 * and let native memory grow under load. As with Node's own stdout on Linux, a reader that stops
 * reading slows the server down instead of letting lines pile up in memory.
 */
export function loggerOptions(level: string) {
  return { level, stream: batchedStream(pino.destination({ dest: 1, sync: true })) };
}

type PinoInternals = Pick<pino.Logger, 'isLevelEnabled'> & {
  [pino.symbols.streamSym]?: Partial<BatchedStream>;
  [pino.symbols.chindingsSym]?: string;
};

/**
 * The one access-log line of an answer, from Fastify's routes and from the list fast path alike.
 * On our own loggers the line is written as pino would write `log.info({ req, res, responseTime },
 * 'request completed')` (request-log.test.ts compares them), without pino's generic serializer:
 * at tens of thousands of 304s a second that serializer cost more than the rest of the answer.
 */
export function logAnswer(
  log: FastifyBaseLogger,
  method: string | undefined,
  url: string | undefined,
  statusCode: number,
  responseTime: number,
) {
  const internals = log as unknown as PinoInternals;
  const stream = internals[pino.symbols.streamSym];
  if (stream?.[BATCHED] && method !== undefined && url !== undefined && Number.isFinite(responseTime)) {
    // Only pino loggers reach our streams.
    if (!internals.isLevelEnabled('info')) return;
    stream.write!(
      `{"level":30,"time":${Date.now()}${internals[pino.symbols.chindingsSym] ?? ''},"req":{"method":${JSON.stringify(method)},"url":${JSON.stringify(url)}},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"}\n`,
    );
    return;
  }
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
