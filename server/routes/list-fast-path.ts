import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import querystring from 'node:querystring';
import { TaskListQuery } from '../../common/schemas/task.schema.ts';
import { negotiateEncoding, type ContentEncoding } from '../cache/content-encoding.ts';
import { canonicalQuery, listCacheHeaders, matchesIfNoneMatch, type ListResponseCache } from '../cache/list-response.cache.ts';
import type { ListSource } from '../cache/list-source.ts';
import type { Clock } from '../clock.ts';
import type { BearerLookup, BearerRow } from '../db/bearer-lookup.ts';
import { bearerFromHeader } from '../plugins/auth.ts';
import { logAnswer } from '../plugins/request-log.ts';
import { SECURITY_HEADERS } from '../plugins/security-headers.ts';
import { parseBearerToken, tokenAccepts, tokenNeedsTouch } from '../services/auth.service.ts';

/**
 * Answers a request in place (true) or leaves it to Fastify (false); a promise on PostgreSQL,
 * where the token lookup is asynchronous.
 */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean | Promise<boolean>;

/** The lists the fast path answers, by their answer key. */
export type ListKey = 'tasks' | 'shared_tasks' | 'pending_tasks';
/** The list routes (task.routes.ts, share.routes.ts) and whether they take the list query. */
const LIST_ROUTES = new Map<string, { list: ListKey; takesQuery: boolean }>([
  ['/api/tasks', { list: 'tasks', takesQuery: true }],
  ['/api/tasks/shared', { list: 'shared_tasks', takesQuery: true }],
  ['/api/tasks/pending-shares', { list: 'pending_tasks', takesQuery: false }],
]);
/** What the routes read for each list: the same service calls (task.routes.ts, share.routes.ts). */
/** `version` is the user's data version read with the token, before the list (list-keys-memory.ts). */
export type ListSources = Record<ListKey, (userId: number, version: number, query: TaskListQuery) => Promise<ListSource>>;
interface KnownQuery {
  /** canonicalQuery() of the validated query: names the list's cache entries and ETag. */
  canonical: string;
  parsed: TaskListQuery;
}
const NO_QUERY: KnownQuery = { canonical: canonicalQuery({}), parsed: TaskListQuery.parse({}) };
/** The constant headers as writeHead's flat [name, value, …] list: cheaper than merging objects per answer. */
const HEADER_TEMPLATE = [...Object.entries(SECURITY_HEADERS).flat(), ...Object.entries(listCacheHeaders('')).flat()];
const ETAG_AT = HEADER_TEMPLATE.indexOf('etag') + 1;
/** The security and caching headers with this answer's tag. */
function headersWith(etag: string): string[] {
  const headers = HEADER_TEMPLATE.slice();
  headers[ETAG_AT] = etag;
  return headers;
}
/** Distinct query strings remembered with their validated form; polls repeat a handful. */
const QUERY_MEMORY = 500;

/**
 * The list reads every open tab makes again and again: an unchanged list (304 to its ETag), a
 * list already stored for the user's current data version, and the first read after a change.
 * Going through Fastify costs several times the answer itself (routing, hooks, schema, two
 * Kysely lookups), so these are answered straight from node:http with the same status, headers
 * and bytes the routes send, built by the same list cache and service calls (docs/performance.md).
 * Anything else — another method or path, a missing, invalid, expired or due-to-be-touched token,
 * a query the schema refuses, a cursor the list refuses, any error — goes to Fastify unchanged,
 * which answers it as before.
 */
export function createListFastPath(deps: {
  lists: ListResponseCache;
  sources: ListSources;
  lookup: BearerLookup;
  clock: Clock;
  log: FastifyBaseLogger;
}): FastPath {
  const { lists, sources, lookup, clock, log } = deps;
  /** Raw query string → validated query, or null when the schema refuses it (Fastify then answers 422). */
  const queries = new Map<string, KnownQuery | null>();

  function queryOf(raw: string): KnownQuery | null {
    let known = queries.get(raw);
    if (known !== undefined) return known;
    const parsed = TaskListQuery.safeParse(querystring.parse(raw));
    known = parsed.success ? { canonical: canonicalQuery(parsed.data), parsed: parsed.data } : null;
    if (queries.size >= QUERY_MEMORY) queries.clear();
    queries.set(raw, known);
    return known;
  }

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    started: number,
    etag: string,
    answer: { body: Buffer; encoding: ContentEncoding },
  ): true {
    const headers = headersWith(etag);
    if (answer.encoding !== 'identity') headers.push('content-encoding', answer.encoding);
    headers.push('content-type', 'application/json; charset=utf-8', 'content-length', String(answer.body.length));
    response.writeHead(200, headers);
    response.end(answer.body);
    logAnswer(log, request.method, request.url, 200, performance.now() - started);
    return true;
  }

  function answer(
    request: IncomingMessage,
    response: ServerResponse,
    started: number,
    route: { list: ListKey; query: KnownQuery; secret: string },
    token: BearerRow | undefined,
  ): boolean | Promise<boolean> {
    const { list, query, secret } = route;
    const now = clock.nowIso();
    // An invalid or expired token gets its 401 from Fastify; a token due to be touched is written there.
    if (!token || !tokenAccepts(token, secret, now) || tokenNeedsTouch(token, now)) return false;
    const userId = token.user_id;
    const version = token.data_version;
    const name = { list, userId, query: query.canonical };
    const etag = lists.tag(name, version);
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      response.writeHead(304, headersWith(etag));
      response.end();
      logAnswer(log, request.method, request.url, 304, performance.now() - started);
      return true;
    }
    const wanted = negotiateEncoding(request.headers['accept-encoding']);
    const stored = lists.storedBody(name, version, wanted);
    if (stored) return send(request, response, started, etag, stored);
    // The version was read before the list, as the routes do: a body is never older than its tag.
    // A refused cursor (or any other error) rejects, and Fastify's route answers it.
    const source = sources[list];
    return lists
      .body(name, version, wanted, () => source(userId, version, query.parsed))
      .then((built) => {
        // The client may have gone meanwhile; there is then nobody to answer.
        if (response.destroyed) return true;
        return send(request, response, started, etag, built);
      });
  }

  return (request, response) => {
    if (request.method !== 'GET') return false;
    const url = request.url ?? '';
    const queryAt = url.indexOf('?');
    let path = queryAt < 0 ? url : url.slice(0, queryAt);
    // The router ignores one trailing slash (app.ts); so does this.
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const route = LIST_ROUTES.get(path);
    if (!route) return false;
    const started = performance.now();
    const bearer = bearerFromHeader(request.headers.authorization);
    const parsed = bearer === undefined ? undefined : parseBearerToken(bearer);
    if (!parsed) return false;
    const rawQuery = queryAt < 0 ? '' : url.slice(queryAt + 1);
    // NUL in any query is refused by the app's preValidation hook (422); leave that to it.
    if (rawQuery.includes('%00')) return false;
    const query = route.takesQuery ? queryOf(rawQuery) : NO_QUERY;
    if (query === null) return false;
    try {
      const asked = { list: route.list, query, secret: parsed.secret };
      const token = lookup(parsed.id);
      if (!(token instanceof Promise)) return answer(request, response, started, asked, token);
      return token.then((row) => answer(request, response, started, asked, row)).catch(() => false);
    } catch {
      // A busy or unavailable database: Fastify's route meets the same error and answers it properly.
      return false;
    }
  };
}

/** A request listener that offers each request to the fast path first, then to Fastify's handler. */
export function withFastPath(handler: (request: IncomingMessage, response: ServerResponse) => void, fastPath: () => FastPath | undefined) {
  return (request: IncomingMessage, response: ServerResponse) => {
    // A fault in the fast path must cost only the shortcut: Fastify answers unless something was sent.
    const fallBack = () => {
      if (!response.headersSent) handler(request, response);
    };
    let handled: boolean | Promise<boolean>;
    try {
      handled = fastPath()?.(request, response) ?? false;
    } catch {
      handled = false;
    }
    if (handled === false) fallBack();
    else if (handled !== true) void handled.then((done) => done || fallBack(), fallBack);
  };
}
