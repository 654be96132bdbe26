/**
 * The baseline: a bare node:http server answering from memory with the exact bytes, status and
 * headers our server sent for the same request (bench/run.ts captures them), so a ratio to it
 * measures our work and not the machine. Run as a child process, like the server, so both share
 * the CPU the same way. argv: port, a directory with the captured answers and the etag.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const [port = '0', dir = '.'] = process.argv.slice(2);
const read = (name: string) => fs.readFileSync(path.join(dir, name));
/** writeHead's flat [name, value, …] form, as our server writes them. */
const headersOf = (name: string) =>
  Object.entries(JSON.parse(read(`${name}.headers.json`).toString('utf8')) as Record<string, string | string[]>).flatMap(
    ([header, value]) => (Array.isArray(value) ? value : [value]).flatMap((one) => [header, one]),
  );
const answers = Object.fromEntries(
  (['identity', 'browser'] as const).map((variant) => {
    const body = read(variant);
    return [variant, { body, headers: [...headersOf(variant), 'content-length', String(body.length)] }];
  }),
) as Record<'identity' | 'browser', { body: Buffer; headers: string[] }>;
const notModified = headersOf('304');
const etag = read('etag').toString('utf8');

const server = http.createServer((request, response) => {
  if (request.headers['if-none-match'] === etag) {
    response.writeHead(304, notModified);
    response.end();
    return;
  }
  // The bench sends no Accept-Encoding or a browser's (bench/run.ts ENCODINGS).
  const answer = answers[request.headers['accept-encoding'] ? 'browser' : 'identity'];
  response.writeHead(200, answer.headers);
  response.end(answer.body);
});
server.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
