/**
 * Starts a throwaway PostgreSQL cluster for tests (and stops and removes it after).
 * initdb refuses to run as root, so as root the cluster belongs to the `postgres` user.
 * Usage as a script: `tsx scripts/test-postgres.ts` prints the URL and runs until Ctrl-C.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface TestPostgres {
  url: string;
  stop(): void;
  /** Stops the server but keeps its data (outage tests); resume() starts it again. */
  pause(): void;
  resume(): void;
}

export function findPostgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = findPostgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const run = (file: string, args: string[]) => {
    const command = asRoot ? 'runuser' : file;
    const fullArgs = asRoot ? ['-u', 'postgres', '--', file, ...args] : args;
    // postgres cannot read root's working directory, so run from the cluster's own.
    const result = spawnSync(command, fullArgs, { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${path.basename(file)} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const options = `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  const start = () => run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  start();
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pause: () => run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    resume: start,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pg = await startTestPostgres();
  console.log(pg.url);
  const stop = () => {
    pg.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => {}, 1 << 30);
}
