/**
 * The baseline: a bare node:http server answering from memory with the exact bytes, status and
 * caching headers our server sent for the same request, so a ratio to it measures our work and
 * not the machine. Run as a child process, like the server, so both share the CPU the same way.
 * argv: port, a directory with identity / br / gzip bodies and the etag.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const [port = '0', dir = '.'] = process.argv.slice(2);
const read = (name: string) => fs.readFileSync(path.join(dir, name));
const bodies = { identity: read('identity'), br: read('br'), gzip: read('gzip') };
const etag = read('etag').toString('utf8');
const cacheHeaders = { etag, 'cache-control': 'private, no-cache', vary: 'Accept-Encoding, Authorization' };

const server = http.createServer((request, response) => {
  if (request.headers['if-none-match'] === etag) {
    response.writeHead(304, cacheHeaders);
    response.end();
    return;
  }
  const accepted = request.headers['accept-encoding'] ?? '';
  const encoding = accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : 'identity';
  const body = bodies[encoding];
  response.writeHead(200, {
    ...cacheHeaders,
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
  });
  response.end(body);
});
server.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
