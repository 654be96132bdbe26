import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { findPostgresBinDir } from './scripts/test-postgres.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium.ts';

// A fresh data directory per run: the suite never touches ./data. Every worker loads this file
// again; they inherit the runner's directory instead of each making one (globalSetup removes it).
const dataDir = (process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-e2e-')));
const port = Number(process.env.E2E_PORT ?? 3199);
// The daily loop's screens run a second time against the same build on PostgreSQL (issue 21:
// browser tests on both databases), on their own server and port. CI must have PostgreSQL;
// locally a skip is announced, as the server tests do.
const postgresPort = port + 2;
const withPostgres = Boolean(findPostgresBinDir());
if (!withPostgres) {
  if (process.env.CI) throw new Error('CI requires PostgreSQL for the browser tests, but no server binaries were found.');
  console.warn('\n*** PostgreSQL not found: browser tests run on SQLite ONLY. Install postgresql. ***\n');
}
// The specs of the daily loop (issue 21) and of notifications (issue 22) also run on PostgreSQL (decision 024).
const specsOnBothDatabases =
  /(daily-loop|due-views|recurrence|subtasks|keyboard|undo-delete|undo-reschedule|quick-add-languages|notifications)\.spec\.ts$/;
// On PostgreSQL only what reaches the database: not the layout, axe and IME checks, nor the Arabic
// repeat of a flow already run in English (Hindi and Arabic quick add and Arabic search stay).
const notAboutTheDatabase = /axe|fits|sideways|IME composition|lists every shortcut|\(ar\)|ar, (?:dark|light)/;
// The server's mail goes to a loopback SMTP server (tests/e2e/global-setup.ts) that files each
// message in E2E_MAIL_DIR for the tests to open (tests/e2e/mailbox.ts). The runner sets both
// once; its worker processes inherit them.
process.env.E2E_SMTP_PORT ??= String(port + 1);
process.env.E2E_MAIL_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-e2e-mail-'));

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // Two workers fill CI's two cores: Chromium's rendering is CPU-bound, and four workers took
  // longer in all and pushed the longest tests past their timeout.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    trace: 'retain-on-failure',
    // The signed-in app registers its service worker (decision 032), which would fetch and keep
    // the whole app in every test's fresh browser. Only the specs about it allow it (pwa, push).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'sqlite', use: { baseURL: `http://127.0.0.1:${port}` } },
    ...(withPostgres
      ? [
          {
            name: 'postgres',
            testMatch: specsOnBothDatabases,
            grepInvert: notAboutTheDatabase,
            use: { baseURL: `http://127.0.0.1:${postgresPort}` },
          },
        ]
      : []),
  ],
  webServer: [
    {
      command: 'node build/node/server/main.js',
      url: `http://127.0.0.1:${port}/api/openapi.json`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: serverEnv(port, dataDir),
    },
    ...(withPostgres
      ? [
          {
            command: 'npx tsx tests/e2e/postgres-server.ts',
            url: `http://127.0.0.1:${postgresPort}/api/openapi.json`,
            reuseExistingServer: false,
            timeout: 60_000,
            // Its data directory is its own: made and removed by the script.
            env: serverEnv(postgresPort),
            // The process group gets SIGTERM, so the script stops its cluster before it exits.
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
          },
        ]
      : []),
  ],
});

/** The environment of one e2e server: its own port, data directory and public address; mail to the loopback SMTP server. */
function serverEnv(serverPort: number, serverDataDir?: string) {
  return {
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    ...(serverDataDir && { DATA_DIR: serverDataDir }),
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}?ignoreTLS=true`,
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_SIGNUP_PER_HOUR: '1000',
    RATE_LIMIT_SHARE_PER_MINUTE: '1000',
    // Reminders set a few seconds ahead arrive within a second (issue 22), not the default 10 s.
    REMINDER_POLL_MS: '500',
    // The push service the browser tests stand up is on loopback (tests/support/push-receiver.ts).
    OUTBOUND_ALLOW_PRIVATE: 'true',
  };
}
