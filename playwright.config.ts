import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium.ts';

// A fresh data directory per run: the suite never touches ./data.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-e2e-'));
const port = Number(process.env.E2E_PORT ?? 3199);
// The server's mail goes to a loopback SMTP server (tests/e2e/global-setup.ts) that files each
// message in E2E_MAIL_DIR for the tests to open (tests/e2e/mailbox.ts). The runner sets both
// once; its worker processes inherit them.
process.env.E2E_SMTP_PORT ??= String(port + 1);
process.env.E2E_MAIL_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-e2e-mail-'));

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node build/node/server/main.js',
    url: `http://127.0.0.1:${port}/api/openapi.json`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}?ignoreTLS=true`,
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      RATE_LIMIT_SIGNUP_PER_HOUR: '1000',
      RATE_LIMIT_SHARE_PER_MINUTE: '1000',
    },
  },
});
