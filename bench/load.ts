/** HTTP helpers and load runs (autocannon) with the server's CPU time taken around each run. */
import http from 'node:http';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { cpuMs } from './processes.ts';

// autocannon appends every response body to a string, decoding it as UTF-8. On compressed
// (binary) bodies that decoding makes the client the bottleneck: measured here, the bare server
// then "does" 260 instead of 8,600 br answers a second, and every ratio to it says nothing. The
// bench never looks at bodies, so the client keeps only its byte counts.
const PipelinedRequestsQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody(data: Buffer): void };
};
PipelinedRequestsQueue.prototype.addBody = () => {};

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent: still compressed when a Content-Encoding was used. */
  body: Buffer;
}

/** One request with exactly these headers (fetch would add Accept-Encoding and decode). */
export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

export async function json<T>(url: string, options: Parameters<typeof request>[1] = {}): Promise<T> {
  const response = await request(url, { ...options, headers: { 'content-type': 'application/json', ...options.headers } });
  if (response.status >= 400)
    throw new Error(`${options.method ?? 'GET'} ${url}: ${response.status} ${response.body.toString('utf8').slice(0, 200)}`);
  return JSON.parse(response.body.toString('utf8')) as T;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** How long the run lasted. */
  seconds: number;
  /** Server CPU (all threads) per completed request in ms, when a pid was given. */
  cpuPerRequestMs?: number;
  statuses: Record<string, number>;
  errors: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Whose CPU time to take around the run. */
  pid?: number;
  /** The status every answer must have (a run that measured errors is worthless). */
  expectStatus: number;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const cpuBefore = options.pid ? cpuMs(options.pid) : 0;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body ? { body: options.body } : {}),
    timeout: 30,
  });
  const cpuAfter = options.pid ? cpuMs(options.pid) : 0;
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, stat]) => [status, stat.count]));
  const completed = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  const wrong = completed - (statuses[String(options.expectStatus)] ?? 0);
  if (wrong > 0 || result.errors > 0) {
    throw new Error(
      `${options.method ?? 'GET'} ${options.url}: ${wrong} answers were not ${options.expectStatus} (${JSON.stringify(statuses)}), ${result.errors} errors`,
    );
  }
  return {
    requestsPerSecond: completed / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: completed,
    seconds: result.duration,
    ...(options.pid ? { cpuPerRequestMs: (cpuAfter - cpuBefore) / Math.max(1, completed) } : {}),
    statuses,
    errors: result.errors,
  };
}

/**
 * Our server against its baseline, taken in turns (baseline, ours, baseline, ours, …) that share
 * the run's seconds, so a slow moment of the machine falls on both sides instead of deciding a
 * ratio. Rates are totals over the rounds; latencies are the worst round's.
 */
export async function compareLoads(
  baseline: LoadOptions,
  ours: LoadOptions,
  rounds = 2,
): Promise<{ baseline: LoadResult; ours: LoadResult }> {
  const runs: { baseline: LoadResult[]; ours: LoadResult[] } = { baseline: [], ours: [] };
  for (let round = 0; round < rounds; round++) {
    runs.baseline.push(await load({ ...baseline, seconds: baseline.seconds / rounds }));
    runs.ours.push(await load({ ...ours, seconds: ours.seconds / rounds }));
  }
  return { baseline: mergeRuns(runs.baseline), ours: mergeRuns(runs.ours) };
}

function mergeRuns(results: LoadResult[]): LoadResult {
  const requests = results.reduce((sum, result) => sum + result.requests, 0);
  const seconds = results.reduce((sum, result) => sum + result.seconds, 0);
  const statuses: Record<string, number> = {};
  for (const result of results)
    for (const [status, count] of Object.entries(result.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  const cpu = results.every((result) => result.cpuPerRequestMs !== undefined)
    ? { cpuPerRequestMs: results.reduce((sum, result) => sum + result.cpuPerRequestMs! * result.requests, 0) / Math.max(1, requests) }
    : {};
  return {
    requestsPerSecond: requests / seconds,
    p50: Math.max(...results.map((result) => result.p50)),
    p99: Math.max(...results.map((result) => result.p99)),
    requests,
    seconds,
    ...cpu,
    statuses,
    errors: results.reduce((sum, result) => sum + result.errors, 0),
  };
}
