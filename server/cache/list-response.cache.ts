import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Task } from '../../common/schemas/task.schema.ts';
import { ByteLru } from './byte-lru.ts';
import { ownedBytes } from './owned-bytes.ts';
import { compressBody, negotiateEncoding, type ContentEncoding } from './content-encoding.ts';

/** One list answer as one user sees it at one data version. */
export interface ListIdentity {
  /** The list's answer key: 'tasks', 'shared_tasks', 'pending_tasks'. */
  list: string;
  userId: number;
  /**
   * The user's data version, read with the user by the request's authentication, before the
   * list is built: a body is then never older than the version it is stored and tagged under
   * (a write in between only makes it newer).
   */
  version: number;
  /** The validated query with its defaults, so `?` and `?sort=created_at` share one entry. */
  query: object;
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
  const opaque = etag.slice(2);
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === opaque;
  });
}

/**
 * The tag of a list at a version: it changes with the user's data version, the build's list
 * format and the database's epoch (renewed by a restore, which rewinds versions), and differs
 * between lists, users and queries. Not a secret: SHA-1 is a short, stable name.
 */
export function listTag(identity: ListIdentity, epoch: string, format: string = LIST_FORMAT): string {
  const digest = hash('sha1', `${format}|${epoch}|${identity.list}|${identity.userId}|${canonicalQuery(identity.query)}`, 'base64url');
  return `W/"${identity.version}.${digest}"`;
}

/** The caching headers of every list answer, 200 and 304 alike. */
export function listCacheHeaders(etag: string) {
  return {
    etag,
    // Browsers keep the answer but ask every time: the If-None-Match they send makes it a 304.
    'cache-control': 'private, no-cache',
    vary: 'Accept-Encoding, Authorization',
  };
}

/** A 304 with the list's caching headers and no body (no Content-Length of a body it does not send). */
export function sendNotModified(reply: FastifyReply, cacheHeaders: ReturnType<typeof listCacheHeaders>): FastifyReply {
  return reply.code(304).headers(cacheHeaders).send();
}

/**
 * Answers the list GETs (docs/architecture.md, "The read path"): a 304 when the client's tag is
 * the list's at the user's data version, without touching the task rows; otherwise the body,
 * compressed when asked, kept in a bounded LRU under (user, list, query, encoding) with the
 * version it was built at, so reading an unchanged list again costs a lookup. Every write that
 * changes a list bumps the versions of its users in the database, in the write's transaction:
 * a body stored here is used only at the version it was built for, whichever process wrote.
 */
export function createListResponseCache(options: {
  /** Memory cap of the stored bodies; 0 turns storing off (every read builds). */
  maxBytes: number;
  /** `instance.list_epoch` of the database (migration 006), read at start. */
  epoch: string;
  /**
   * This build's list format, `listFormatOf(Task)` unless given. Only tests give another, to stand
   * for a different build over the same database (server/cache/list-format.test.ts).
   */
  format?: string;
}) {
  const format = options.format ?? LIST_FORMAT;
  const bodies = new ByteLru<string, { version: number; body: Buffer; encoding: ContentEncoding }>(
    options.maxBytes,
    (entry) => entry.body.length + ENTRY_OVERHEAD_BYTES,
  );

  return {
    /** The list's ETag at the identity's version. */
    tag: (identity: ListIdentity) => listTag(identity, options.epoch, format),

    /** Sends the list: a 304, a stored body, or one built now by `build` (its JSON) and stored. */
    async send(request: FastifyRequest, reply: FastifyReply, list: ListIdentity, build: () => Promise<Buffer>): Promise<FastifyReply> {
      const cacheHeaders = listCacheHeaders(listTag(list, options.epoch, format));
      if (matchesIfNoneMatch(request.headers['if-none-match'], cacheHeaders.etag)) return sendNotModified(reply, cacheHeaders);

      const wanted = negotiateEncoding(request.headers['accept-encoding']);
      const key = `${list.userId}|${list.list}|${canonicalQuery(list.query)}|${wanted}`;
      let body = bodies.get(key);
      if (body?.version !== list.version) {
        // Built before any header is set: a bad cursor's 422 must not carry the list's ETag.
        const json = await build();
        const encoding = json.length < COMPRESS_MIN_BYTES ? 'identity' : wanted;
        const bytes = encoding === 'identity' ? json : compressBody(json, encoding);
        body = { version: list.version, body: ownedBytes(bytes), encoding };
        // A request that read an older version must not replace the newer answer.
        const stored = bodies.get(key);
        if (!stored || stored.version <= list.version) bodies.set(key, body);
      }
      reply.headers(cacheHeaders);
      if (body.encoding !== 'identity') reply.header('content-encoding', body.encoding);
      return reply.type('application/json; charset=utf-8').send(body.body);
    },
  };
}
export type ListResponseCache = ReturnType<typeof createListResponseCache>;
