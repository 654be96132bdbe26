import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ByteLru } from './byte-lru.ts';
import { compressBody, negotiateEncoding, type ContentEncoding } from './content-encoding.ts';

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

/** The response schema of a list's 304 (OpenAPI): the copy whose ETag was sent is current. */
export const NotModified = z.null().describe('Not modified: the copy whose ETag was sent in If-None-Match is current');

/** Bumped whenever the JSON of a list changes shape, so no client keeps an answer in the old one. */
const LIST_FORMAT = 1;
/** Below this a body goes out as is: compressing a few hundred bytes costs more than it saves. */
const COMPRESS_MIN_BYTES = 1024;
/** Map and key overhead per entry, counted against the memory cap with the body. */
const ENTRY_OVERHEAD_BYTES = 200;

function canonicalQuery(query: object): string {
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  return JSON.stringify(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Weak comparison (RFC 9110 §13.1.2): the same list in any content encoding is one tag. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.slice(2);
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === opaque;
  });
}

export interface ListResponseCacheOptions {
  /** Memory cap of the stored bodies; 0 turns storing (and sharing of in-flight builds) off. */
  maxBytes: number;
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
  /** Concurrent first reads of one list (several tabs, a burst of polls) build it once. */
  const building = new Map<string, Promise<Buffer>>();

  function remember(key: string, version: number, body: Buffer) {
    const existing = bodies.get(key);
    // A request that read an older version must not replace the newer answer.
    if (!existing || existing.version <= version) bodies.set(key, { version, body });
  }

  async function plainBody(key: string, version: number, build: () => Promise<Buffer>): Promise<Buffer> {
    const cached = bodies.get(`${key}|identity`);
    if (cached?.version === version) return cached.body;
    if (options.maxBytes <= 0) return build();
    const flightKey = `${key}|${version}`;
    let flight = building.get(flightKey);
    if (!flight) {
      flight = build()
        .then((body) => {
          remember(`${key}|identity`, version, body);
          return body;
        })
        .finally(() => building.delete(flightKey));
      building.set(flightKey, flight);
    }
    return flight;
  }

  async function encodedBody(
    key: string,
    version: number,
    encoding: ContentEncoding,
    build: () => Promise<Buffer>,
  ): Promise<{ body: Buffer; encoding: ContentEncoding }> {
    if (encoding !== 'identity') {
      const cached = bodies.get(`${key}|${encoding}`);
      if (cached?.version === version) return { body: cached.body, encoding };
    }
    const plain = await plainBody(key, version, build);
    if (encoding === 'identity' || plain.length < COMPRESS_MIN_BYTES) return { body: plain, encoding: 'identity' };
    const compressed = await compressBody(plain, encoding);
    remember(`${key}|${encoding}`, version, compressed);
    return { body: compressed, encoding };
  }

  return {
    async send(request: FastifyRequest, reply: FastifyReply, list: ListIdentity, build: () => Promise<Buffer>): Promise<FastifyReply> {
      const query = canonicalQuery(list.query);
      // Not a secret, just a short stable name for (list, user, query): SHA-1 is plenty and cheap.
      const digest = hash('sha1', `${LIST_FORMAT}|${list.list}|${list.userId}|${query}`, 'base64url');
      const etag = `W/"${list.version}.${digest}"`;
      const cacheHeaders = {
        etag,
        // Browsers keep the answer but ask every time: the If-None-Match they send makes it a 304.
        'cache-control': 'private, no-cache',
        vary: 'Accept-Encoding, Authorization',
      };
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).headers(cacheHeaders).send();

      const key = `${list.userId}|${list.list}|${query}`;
      const wanted = negotiateEncoding(request.headers['accept-encoding']);
      // Built before any header is set: a bad cursor's 422 must not carry the list's ETag.
      const { body, encoding } = await encodedBody(key, list.version, wanted, build);
      reply.headers(cacheHeaders);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.type('application/json; charset=utf-8').send(body);
    },

    /** For tests and the bench: what the cache holds now. */
    stats: () => ({ entries: bodies.size, bytes: bodies.bytes }),
  };
}
export type ListResponseCache = ReturnType<typeof createListResponseCache>;
