import crypto from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';

/** The little of a Koa context the range fix below touches. */
interface KoaContext {
  status: number;
  body: unknown;
  get(header: string): string;
  set(header: string, value: string): void;
  response: { get(header: string): string };
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

/** What the tests use of s3rver 3.7, which ships no types. It is a Koa application. */
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
  httpServer?: http.Server;
  middleware: KoaMiddleware[];
}
type S3rverClass = new (options: { address: string; port: number; directory: string; silent: boolean }) => S3rverInstance;

// Through require: s3rver is CommonJS without types, and a typed import would need a declaration
// file outside tests/support.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1, storing in a temporary folder of its own, for
 * the S3 file store's tests. The URL is STORAGE_URL's (s3-store.ts) with s3rver's fixed credentials
 * and a bucket not yet made (the store's open() makes it).
 */
export async function startS3Server(): Promise<{ url: string; stop(): Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-s3rver-'));
  // `silent` also quiets Koa, which would otherwise print every S3 error answer (a NoSuchKey…).
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  // Koa composes its middleware when the server starts listening, so this one still goes first.
  server.middleware.unshift(firstByteOnly);
  let port: number;
  try {
    ({ port } = await server.run());
  } catch (error) {
    fs.rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  const bucket = `taskaty-test-${crypto.randomBytes(6).toString('hex')}`;
  return {
    url: `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}`,
    async stop() {
      const closed = server.close();
      // The SDK keeps its connections alive; close() would wait for a busy one to time out.
      server.httpServer?.closeAllConnections();
      await closed;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver 3.7.1 reads `Range: bytes=0-0` as "from 0 to the end" (it tests the end with `||`, and 0 is
 * falsy) and sends the whole object under `206 Content-Range: bytes 0-999/1000`. Real S3 sends the
 * one byte, and browsers ask for exactly that to probe a video, so the tests get S3's answer: the
 * first byte of what s3rver sent, with the Content-Range it should have said.
 */
const firstByteOnly: KoaMiddleware = async (ctx, next) => {
  const firstByteAsked = /^bytes=0-0$/.test(ctx.get('range'));
  await next();
  if (!firstByteAsked || ctx.status !== 206 || !(ctx.body instanceof Readable)) return;
  const whole = ctx.body;
  const size = /\/(\d+)$/.exec(ctx.response.get('Content-Range'))?.[1];
  let first: Buffer | undefined;
  // Leaving the loop destroys the stream, closing s3rver's file.
  for await (const chunk of whole) {
    first = (chunk as Buffer).subarray(0, 1);
    break;
  }
  if (!first || !size) return;
  ctx.set('Content-Range', `bytes 0-0/${size}`);
  // A Buffer body makes Koa set Content-Length to 1; the 206 s3rver set stays.
  ctx.body = first;
};
