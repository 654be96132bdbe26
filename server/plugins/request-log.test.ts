import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { batchedStream, logAnswer, registerRequestLog } from './request-log.ts';

/** A destination that keeps what it is handed, one entry per write. */
function collecting() {
  const writes: string[] = [];
  return { writes, destination: { write: (text: string) => void writes.push(text) } };
}
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');
const linesOf = (writes: string[]) => writes.join('').split('\n').filter(Boolean);

describe('the access log', () => {
  it('writes the line pino would write for log.info, on the root logger and on a request logger', async () => {
    const batched = collecting();
    const plain = collecting();
    const ours = Fastify({ logger: { level: 'info', stream: batchedStream(batched.destination) } });
    // The reference: the same Fastify logger (with its req/res serializers) writing through pino itself.
    const reference = Fastify({ logger: { level: 'info', stream: plain.destination } });
    const answers: Array<[string, string, number, number]> = [
      ['GET', '/api/tasks', 304, 0.123456789],
      ['GET', '/api/tasks?label=%22x%22&search=\u0645\u0647\u0645\u0629 "quoted" \\ back', 200, 12.5],
      ['DELETE', '/api/tasks/7', 404, 3],
    ];
    for (const [method, url, status, time] of answers) {
      logAnswer(ours.log, method, url, status, time);
      logAnswer(ours.log.child({ reqId: 'req-7' }), method, url, status, time);
      reference.log.info({ req: { method, url }, res: { statusCode: status }, responseTime: time }, 'request completed');
      reference.log
        .child({ reqId: 'req-7' })
        .info({ req: { method, url }, res: { statusCode: status }, responseTime: time }, 'request completed');
    }
    expect(batched.writes).toEqual([]); // handed on once this turn of the event loop ends
    await nextTurn();
    expect(batched.writes).toHaveLength(1);
    const lines = linesOf(batched.writes);
    expect(lines).toHaveLength(6);
    expect(lines.map(withoutTime)).toEqual(linesOf(plain.writes).map(withoutTime));
    expect(JSON.parse(lines[3]!)).toMatchObject({
      level: 30,
      reqId: 'req-7',
      req: { method: 'GET', url: answers[1]![1] },
      res: { statusCode: 200 },
      responseTime: 12.5,
      msg: 'request completed',
    });
  });

  it("keeps pino's own lines and access lines in the order they were logged", async () => {
    const { writes, destination } = collecting();
    const app = Fastify({ logger: { level: 'info', stream: batchedStream(destination) } });
    app.log.info('first');
    logAnswer(app.log, 'GET', '/api/tasks', 200, 1);
    app.log.warn('third');
    await nextTurn();
    expect(linesOf(writes).map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['first', 'request completed', 'third']);
  });

  it('writes nothing below its level, and what is pending at once on flushSync', () => {
    const quiet = collecting();
    const silent = Fastify({ logger: { level: 'warn', stream: batchedStream(quiet.destination) } });
    logAnswer(silent.log, 'GET', '/api/tasks', 200, 1);
    const loud = collecting();
    const stream = batchedStream(loud.destination);
    const app = Fastify({ logger: { level: 'info', stream } });
    logAnswer(app.log, 'GET', '/api/tasks', 200, 1);
    stream.flushSync();
    expect(quiet.writes).toEqual([]);
    expect(linesOf(loud.writes)).toHaveLength(1);
  });

  it('logs one line per answered request, with its status', async () => {
    const { writes, destination } = collecting();
    const app = Fastify({
      logger: { level: 'info', stream: batchedStream(destination) },
      logController: new LogController({ disableRequestLogging: true }),
    });
    registerRequestLog(app);
    app.get('/ok', () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/ok' });
    await app.inject({ method: 'GET', url: '/missing?x=1' });
    await nextTurn();
    const lines = linesOf(writes).map((line) => JSON.parse(line) as { req: { url: string }; res: { statusCode: number }; reqId: string });
    expect(lines.map((line) => [line.req.url, line.res.statusCode])).toEqual([
      ['/ok', 200],
      ['/missing?x=1', 404],
    ]);
    expect(lines.every((line) => typeof line.reqId === 'string')).toBe(true);
  });
});
