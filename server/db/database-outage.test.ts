import { describe, expect, test } from 'vitest';
import { findPostgresBinDir, startTestPostgres } from '../../scripts/test-postgres.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createInProcessBus } from '../realtime/event-bus.ts';
import { migrateToLatest, openDatabase } from './database.ts';

describe.skipIf(!findPostgresBinDir())('PostgreSQL outage', () => {
  test('with the database stopped the API answers 503 quickly, and recovers by itself when it is back', async () => {
    const pg = await startTestPostgres();
    const config = loadConfig({ DATABASE_URL: pg.url, LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
    const database = openDatabase({ databaseUrl: pg.url });
    await migrateToLatest(database);
    // The outage is about the database; the realtime listener has its own reconnect loop.
    const app = await buildApp({ config, database, logger: false, bus: createInProcessBus() });
    try {
      const password = 'long-enough-1';
      await app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: { name: 'O', email: 'o@example.com', password, password_confirmation: password },
      });
      const token = (await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'o@example.com', password } })).json()
        .token.plainTextToken;
      const headers = { authorization: `Bearer ${token}` };
      expect((await app.inject({ method: 'GET', url: '/api/tasks', headers })).statusCode).toBe(200);

      pg.pause();
      const started = Date.now();
      const down = await app.inject({ method: 'GET', url: '/api/tasks', headers });
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toMatch(/temporarily unavailable/);
      expect(down.headers['retry-after']).toBe('5');
      expect(Date.now() - started).toBeLessThan(15_000);
      const write = await app.inject({ method: 'POST', url: '/api/tasks/add', headers, payload: { title: 'during outage' } });
      expect(write.statusCode).toBe(503);

      pg.resume();
      let status = 0;
      for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
        status = (await app.inject({ method: 'GET', url: '/api/tasks', headers })).statusCode;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(status).toBe(200);
      const tasks = (await app.inject({ method: 'GET', url: '/api/tasks', headers })).json().tasks;
      expect(tasks).toEqual([]);
    } finally {
      await app.close();
      await database.close();
      pg.stop();
    }
  }, 60_000);
});
