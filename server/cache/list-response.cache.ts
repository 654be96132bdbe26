import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Task } from '../../common/schemas/task.schema.ts';
import { ByteLru } from './byte-lru.ts';
import { ownedBytes } from './owned-bytes.ts';
import { brotliBody, negotiateEncoding, type ContentEncoding } from './content-encoding.ts';
import { createGzipChunkCache } from './gzip-chunks.ts';
import { joinList, type ListSource } from './list-source.ts';

/** One list answer as one user sees it at one data version. */
export interface ListIdentity {
  /** The list's answer key: 'tasks', 'shared_tasks', 'pending_tasks'. */
  list: string;
  userId: number;
  /**
   * The user's data version, read before the list is built: a body is then never older than
   * the version it is stored and tagged under (a write in between only makes it newer).
   */
  version: number;
  /** The validated query with its defaults, so `?` and `?sort=created_at` share one entry. */
  query: object;
}

/** The part of a list's identity that names its cache entries and its ETag, without the version. */
export interface ListName {
  list: string;
  userId: number;
  /** `canonicalQuery()` of the validated query. */
  query: string;
}

/** The response schema of a list's 304 (OpenAPI): the copy whose ETag was sent is current. */
export const NotModified = z.null().describe('Not modified: the copy whose ETag was sent in If-None-Match is current');

/**
 * The shape of a listed task as this build sends it (its JSON Schema, hashed): a build whose lists
 * look different tags them differently, so no browser keeps an answer in the old shape after a
 * deploy, without anyone having to remember to bump a number.
 */
export const listFormatOf = (schema: z.ZodType) =>
  hash('sha1', JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any' })), 'base64url').slice(0, 10);
const LIST_FORMAT = listFormatOf(Task);
/** Below this a body goes out as is: compressing a few hundred bytes costs more than it saves. */
const COMPRESS_MIN_BYTES = 1024;
/** Map and key overhead per entry, counted against the memory cap with the body. */
const ENTRY_OVERHEAD_BYTES = 200;

/** One text per distinct validated query: defaults included, empty values and key order ignored. */
export function canonicalQuery(query: object): string {
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  return JSON.stringify(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Weak comparison (RFC 9110 §13.1.2): the same list in any content encoding is one tag. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  // A browser sends back exactly the tag it got: no need to split.
  if (header === etag) return true;
  const opaque = etag.slice(2);
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === opaque;
  });
}

/**
 * The tag of a list at a version: it changes with the version, the build's list format and the
 * database's epoch (renewed by a restore, which rewinds versions), and differs between lists,
 * users and queries.
 */
export function listTag(name: ListName, version: number, epoch: string): string {
  const text = `${LIST_FORMAT}|${epoch}|${name.list}|${name.userId}|${name.query}`;
  let digest = digests.get(text);
  if (digest === undefined) {
    // Not a secret, just a short stable name for (list, user, query): SHA-1 is plenty and cheap.
    digest = hash('sha1', text, 'base64url');
    if (digests.size >= DIGEST_MEMORY) digests.clear();
    digests.set(text, digest);
  }
  return `W/"${version}.${digest}"`;
}
/** The digests of the lists polled lately: every poll of a list names the same (list, user, query). */
const digests = new Map<string, string>();
const DIGEST_MEMORY = 10_000;

/** The caching headers of every list answer, 200 and 304 alike. */
export function listCacheHeaders(etag: string) {
  return {
    etag,
    // Browsers keep the answer but ask every time: the If-None-Match they send makes it a 304.
    'cache-control': 'private, no-cache',
    vary: 'Accept-Encoding, Authorization',
  };
}

const entryKey = (name: ListName) => `${name.userId}|${name.list}|${name.query}`;

export interface ListResponseCacheOptions {
  /** Memory cap of the stored bodies; 0 turns storing (and sharing of in-flight builds) off. */
  maxBytes: number;
  /** Memory cap of the compressed chunks gzip answers are laid together from (gzip-chunks.ts). */
  chunkBytes: number;
  /** `instance.list_epoch` of the database (migration 006), read at start. */
  epoch: string;
}

/**
 * Answers the list GETs: `ETag` from (user, data version, list, query) and a 304 on a match
 * without touching the task rows; otherwise the serialized body, compressed when asked,
 * from a bounded in-process LRU. Entries are keyed by the version stored in the database,
 * so a write made by any process makes the next read here miss (docs/performance.md).
 */
export function createListResponseCache(options: ListResponseCacheOptions) {
  const bodies = new ByteLru<string, { version: number; body: Buffer }>(
    options.maxBytes,
    (entry) => entry.body.length + ENTRY_OVERHEAD_BYTES,
  );
  const chunks = createGzipChunkCache(options.chunkBytes);
  const building = new Map<string, Promise<unknown>>();

  /**
   * Concurrent first reads of one list (several tabs, a burst of polls, many tabs opening a long
   * list) build each form of it once; with storing off, every read builds its own.
   */
  function once<T>(flightKey: string, make: () => Promise<T>): Promise<T> {
    if (options.maxBytes <= 0) return make();
    let flight = building.get(flightKey) as Promise<T> | undefined;
    if (!flight) {
      flight = make().finally(() => building.delete(flightKey));
      building.set(flightKey, flight);
    }
    return flight;
  }

  function remember(key: string, version: number, body: Buffer) {
    const existing = bodies.get(key);
    // A request that read an older version must not replace the newer answer.
    if (!existing || existing.version <= version) bodies.set(key, { version, body: ownedBytes(body) });
  }

  async function plainBody(key: string, version: number, build: () => Promise<ListSource>): Promise<Buffer> {
    const cached = bodies.get(`${key}|identity`);
    if (cached?.version === version) return cached.body;
    return once(`${key}|${version}|identity`, async () => {
      const body = await joinList(await build());
      remember(`${key}|identity`, version, body);
      return body;
    });
  }

  /** The gzip body from chunks, or undefined when the list is too small to be worth compressing. */
  async function gzipBody(key: string, version: number, build: () => Promise<ListSource>): Promise<Buffer | undefined> {
    return once(`${key}|${version}|gzip`, async () => {
      const gzipped = await chunks.gzipList(await build());
      if (gzipped.plainLength < COMPRESS_MIN_BYTES) return undefined;
      remember(`${key}|gzip`, version, gzipped.body);
      return gzipped.body;
    });
  }

  async function encodedBody(
    key: string,
    version: number,
    encoding: ContentEncoding,
    build: () => Promise<ListSource>,
  ): Promise<{ body: Buffer; encoding: ContentEncoding }> {
    if (encoding !== 'identity') {
      const cached = bodies.get(`${key}|${encoding}`);
      if (cached?.version === version) return { body: cached.body, encoding };
    }
    if (encoding === 'gzip') {
      const gzipped = await gzipBody(key, version, build);
      if (gzipped === undefined) return { body: await plainBody(key, version, build), encoding: 'identity' };
      return {
        body: gzipped,
        encoding,
      };
    }
    const plain = await plainBody(key, version, build);
    if (encoding === 'identity' || plain.length < COMPRESS_MIN_BYTES) return { body: plain, encoding: 'identity' };
    const compressed = await brotliBody(plain);
    remember(`${key}|br`, version, compressed);
    return { body: compressed, encoding };
  }

  /**
   * The list's answer at this version in the wanted encoding (or identity when it is too small to
   * be worth compressing): stored, or built now and stored when storing is on. Throws what
   * `build` throws (a bad cursor's ValidationError).
   */
  function body(
    name: ListName,
    version: number,
    wanted: ContentEncoding,
    build: () => Promise<ListSource>,
  ): Promise<{ body: Buffer; encoding: ContentEncoding }> {
    return encodedBody(entryKey(name), version, wanted, build);
  }

  return {
    /** The list's ETag at this version (listTag with this database's epoch). */
    tag: (name: ListName, version: number) => listTag(name, version, options.epoch),
    body,

    async send(request: FastifyRequest, reply: FastifyReply, list: ListIdentity, build: () => Promise<ListSource>): Promise<FastifyReply> {
      const name = { list: list.list, userId: list.userId, query: canonicalQuery(list.query) };
      const cacheHeaders = listCacheHeaders(listTag(name, list.version, options.epoch));
      if (matchesIfNoneMatch(request.headers['if-none-match'], cacheHeaders.etag)) return reply.code(304).headers(cacheHeaders).send();

      const wanted = negotiateEncoding(request.headers['accept-encoding']);
      // Built before any header is set: a bad cursor's 422 must not carry the list's ETag.
      const { body: bytes, encoding } = await body(name, list.version, wanted, build);
      reply.headers(cacheHeaders);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.type('application/json; charset=utf-8').send(bytes);
    },

    /**
     * The answer already stored for this list at this version in the wanted encoding (or the
     * identity body when it is too small to be compressed, as `send` would answer), without
     * building anything: the fast path (server/routes/list-fast-path.ts) answers only from here.
     */
    storedBody(name: ListName, version: number, wanted: ContentEncoding): { body: Buffer; encoding: ContentEncoding } | undefined {
      const key = entryKey(name);
      if (wanted !== 'identity') {
        const compressed = bodies.get(`${key}|${wanted}`);
        if (compressed?.version === version) return { body: compressed.body, encoding: wanted };
      }
      const plain = bodies.get(`${key}|identity`);
      if (plain?.version !== version) return undefined;
      return wanted === 'identity' || plain.body.length < COMPRESS_MIN_BYTES ? { body: plain.body, encoding: 'identity' } : undefined;
    },

    /** For tests and the bench: what the cache holds now. */
    stats: () => ({ entries: bodies.size, bytes: bodies.bytes, chunks: chunks.stats() }),
  };
}
export type ListResponseCache = ReturnType<typeof createListResponseCache>;
