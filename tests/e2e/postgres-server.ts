/**
 * The browser tests' second server: the built app on a throwaway PostgreSQL cluster, so the
 * daily-loop screens are driven on both databases (issue 21). Playwright starts this as a
 * webServer (plugins start before globalSetup, so the cluster cannot come from there) and
 * sends SIGTERM to the process group at the end; the cluster is then stopped and removed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestPostgres } from '../../scripts/test-postgres.ts';

const pg = await startTestPostgres();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-e2e-pg-'));
const server = spawn(process.execPath, ['build/node/server/main.js'], {
  env: { ...process.env, DATABASE_URL: pg.url, DATA_DIR: dataDir },
  stdio: 'inherit',
});

let stopping = false;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  const done = () => {
    pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(code);
  };
  if (server.exitCode !== null) done();
  else server.once('exit', done);
}

server.once('exit', (code) => stop(code ?? 1));
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));
