/**
 * The browser tests' second server: the built app on a throwaway PostgreSQL cluster, so the
 * daily-loop screens are driven on both databases (issue 21). Playwright starts this as a
 * webServer (plugins start before globalSetup, so the cluster cannot come from there) and
 * sends SIGTERM to the process group at the end. pg_ctl starts the cluster in a session of its
 * own, so nothing but this script stops it: it does so on every way out, including a signal
 * during start-up and a server that dies by itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestPostgres, type TestPostgres } from '../../scripts/test-postgres.ts';

/** The app waits up to 60 s for open requests when stopped; a test run does not wait that long. */
const SERVER_STOP_MS = 10_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-e2e-pg-'));
let pg: TestPostgres | undefined;
let server: ChildProcess | undefined;
let stopping = false;

function cleanUp(code: number): never {
  try {
    pg?.stop();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(code);
}

function stop(code: number) {
  if (stopping) return;
  stopping = true;
  const running = server && server.exitCode === null && server.signalCode === null ? server : undefined;
  if (!running) cleanUp(code);
  running.once('exit', () => cleanUp(code));
  running.kill('SIGTERM');
  setTimeout(() => running.kill('SIGKILL'), SERVER_STOP_MS).unref();
}

// Handlers first: a SIGTERM while the cluster is being made still removes it.
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));

try {
  pg = await startTestPostgres();
} catch (error) {
  console.error(error);
  cleanUp(1);
}
if (!stopping) {
  server = spawn(process.execPath, ['build/node/server/main.js'], {
    env: { ...process.env, DATABASE_URL: pg.url, DATA_DIR: dataDir },
    stdio: 'inherit',
  });
  server.once('exit', (code) => stop(code ?? 1));
}
