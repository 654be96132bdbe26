/** Starting and reading the processes under test: the built server, the bare baseline, /proc. */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User + system CPU time of a process so far, all threads (zlib's pool included), in ms. */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name is in parentheses and may hold spaces: count fields after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Resident memory of a process in MB. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** GET without any Accept-Encoding; resolves with the status (0 when nothing listens yet). */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', () => resolve(0));
  });
}

export interface RunningServer {
  pid: number;
  url: string;
  /** Process start (spawn) → first 200 of GET /, in ms. */
  coldStartMs: number;
  stop(): Promise<void>;
}

/** Starts build/node/server/main.js on its own port and waits for its first 200. */
export async function startServer(options: {
  root: string;
  dataDir: string;
  env: Record<string, string>;
  logFile: string;
}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = fs.openSync(options.logFile, 'a');
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(options.root, 'build/node/server/main.js')], {
    cwd: options.root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      PUBLIC_URL: url,
      WEB_DIST_DIR: path.join(options.root, 'build/web'),
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  let coldStartMs = -1;
  while (performance.now() - started < 30_000) {
    if (exited) throw new Error(`The server exited while starting; see ${options.logFile}`);
    if ((await statusOf(`${url}/`)) === 200) {
      coldStartMs = performance.now() - started;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  if (coldStartMs < 0) throw new Error(`The server did not answer within 30 s; see ${options.logFile}`);
  return {
    pid: child.pid!,
    url,
    coldStartMs,
    stop: () => stopChild(child),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface BareServer {
  pid: number;
  url: string;
  stop(): Promise<void>;
}

/** The node:http baseline (bench/bare-server.ts) serving the bodies in `dir`. */
export async function startBareServer(dir: string): Promise<BareServer> {
  const port = await freePort();
  // fork() keeps tsx's loader from this process's execArgv, so the .ts file runs as is.
  const child = fork(path.join(import.meta.dirname, 'bare-server.ts'), [String(port), dir], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { pid: child.pid!, url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}
