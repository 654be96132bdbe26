import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { Clock } from '../../server/clock.ts';
import type { Database, Dialect } from '../../server/db/database.ts';
import { mailedLinkToken } from './mailed-links.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
  /**
   * Registers and signs in; returns the user and an Authorization header. The address is verified
   * through the link of the verification e-mail, as a person would, unless `verified` is false.
   */
  signUp(
    overrides?: Partial<{ name: string; email: string; password: string; verified: boolean; language: string }>,
  ): Promise<SignedInUser>;
  /** The secret of the newest link of this kind mailed to an address (from the outbox's text). */
  mailedLinkToken(email: string, path: '/verify-email' | '/reset-password' | '/invitation'): Promise<string | undefined>;
}

export interface SignedInUser {
  user: { id: number; name: string; email: string; user_photo: string | null; created_at: string; email_verified_at: string | null };
  token: string;
  headers: { authorization: string };
  password: string;
}

let counter = 0;

export async function createTestApp(
  dialect: Dialect,
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    onQuery?: (sql: string) => void;
    /** Where the app's log lines go; without it the app logs nothing. */
    logStream?: { write(line: string): void };
    /** The level of the lines written to logStream; info when not given. */
    logLevel?: string;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(dialect, options.onQuery);
  // Each app keeps its files (attachments, uploads in flight) in a folder of its own, gone at close.
  const dataDir = options.env?.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-build',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_SIGNUP_PER_HOUR: '1000',
    RATE_LIMIT_SHARE_PER_MINUTE: '10000',
    ...options.env,
  });
  const logger = options.logStream ? { level: options.logLevel ?? 'info', stream: options.logStream } : false;
  const app = await buildApp({ config, database, logger, ...(options.clock ? { clock: options.clock } : {}) });
  await app.ready();

  return {
    app,
    database,
    config,
    mailedLinkToken: (email, path) => mailedLinkToken(database.db, email, path),
    async close() {
      await app.close();
      await database.close();
      if (!options.env?.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async signUp(overrides = {}) {
      counter += 1;
      const password = overrides.password ?? 'correct horse battery';
      const email = overrides.email ?? `user${counter}-${Date.now()}@example.com`;
      const name = overrides.name ?? `User ${counter}`;
      const registered = await app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: { name, email, password, password_confirmation: password },
        // The account's language is the browser's at sign-up.
        ...(overrides.language ? { headers: { 'accept-language': overrides.language } } : {}),
      });
      if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
      if (overrides.verified !== false) {
        const token = await mailedLinkToken(database.db, email, '/verify-email');
        const verified = await app.inject({ method: 'POST', url: '/api/user/email/verify', payload: { token } });
        if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
      }
      const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
      if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
      const body = login.json();
      return {
        user: body.user,
        token: body.token.plainTextToken,
        headers: { authorization: `Bearer ${body.token.plainTextToken}` },
        password,
      };
    },
  };
}
