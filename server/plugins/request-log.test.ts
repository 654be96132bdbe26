import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerRequestLog } from './request-log.ts';

/** A destination that keeps the lines pino writes to it. */
function collecting() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe('the access log', () => {
  it('writes one line per answer with the request, its id, the status and the time', async () => {
    const log = collecting();
    const app = Fastify({
      logger: { level: 'info', stream: log.stream },
      logController: new LogController({ disableRequestLogging: true }),
    });
    registerRequestLog(app);
    app.get('/api/tasks', async () => ({ tasks: [] }));
    await app.ready();
    const url = '/api/tasks?search=%D9%85%D9%87%D9%85%D8%A9%20%22quoted%22';
    await app.inject({ method: 'GET', url });
    await app.inject({ method: 'DELETE', url: '/api/tasks/7' });
    await app.close();
    const answers = log.lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'request completed');
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatchObject({ level: 30, req: { method: 'GET', url }, res: { statusCode: 200 } });
    expect(answers[1]).toMatchObject({ req: { method: 'DELETE', url: '/api/tasks/7' }, res: { statusCode: 404 } });
    for (const line of answers) {
      expect(typeof line.reqId).toBe('string');
      expect(line.responseTime).toBeGreaterThanOrEqual(0);
    }
  });

  it('writes unchanged polls (304) at debug level only', async () => {
    const lines = async (level: string) => {
      const log = collecting();
      const app = Fastify({ logger: { level, stream: log.stream }, logController: new LogController({ disableRequestLogging: true }) });
      registerRequestLog(app);
      app.get('/api/tasks', async (_request, reply) => reply.code(304).send());
      await app.inject({ method: 'GET', url: '/api/tasks' });
      await app.close();
      return log.lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'request completed');
    };
    expect(await lines('info')).toEqual([]);
    expect(await lines('debug')).toMatchObject([{ level: 20, res: { statusCode: 304 } }]);
  });

  it('writes nothing below its level', async () => {
    const log = collecting();
    const app = Fastify({
      logger: { level: 'warn', stream: log.stream },
      logController: new LogController({ disableRequestLogging: true }),
    });
    registerRequestLog(app);
    app.get('/', async () => 'ok');
    await app.inject({ method: 'GET', url: '/' });
    await app.close();
    expect(log.lines).toEqual([]);
  });
});
