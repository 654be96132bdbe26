import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Transform, type Duplex, type Readable } from 'node:stream';
import { AuthType, createClient, parseXML, type WebDAVClient } from 'webdav';
import { drivePathProblem, normalizeDrivePath } from '../../common/schemas/drive.schema.ts';
import { AppError, ValidationError } from '../errors.ts';
import { OutboundRefusedError, publicLookup, refusalOf } from '../outbound/guarded-request.ts';

/**
 * One person's WebDAV drive (issue 24), through the `webdav` package: a check of the address and
 * credentials, a folder's items, a search by name, one item's facts and a file's bytes.
 *
 * The address is a person's, so every request is held to the outbound rules (outbound/guarded-
 * request.ts): the address is refused first by refusalOf, and every connection, redirects
 * included, goes through agents that connect to the drive's own host and port only, with names
 * resolved by publicLookup (public addresses only) unless OUTBOUND_ALLOW_PRIVATE. A redirect to any
 * other host is not followed, so a drive cannot send the server (and the drive's password) to
 * another machine. Every request has a time limit, and a listing's answer a size limit.
 */

export const DRIVE_TIMEOUT_MS = 10_000;
/** The largest PROPFIND answer read: a folder of some 10,000 items. A bigger one is a failure, not a memory spike. */
const LISTING_MAX_BYTES = 8 * 1024 * 1024;
/** A search looks at this many items at most … */
export const SEARCH_MAX_EXAMINED = 500;
/** … this many folders deep below where it starts … */
export const SEARCH_MAX_DEPTH = 4;
/** … for this long at most, listing this many folders at once. */
const SEARCH_BUDGET_MS = 20_000;
const SEARCH_PARALLEL = 4;

/** Marks on errors that must survive node-fetch, which wraps a connection's error keeping only its `code`. */
const PRIVATE_ADDRESS_CODE = 'EDRIVE_PRIVATE_ADDRESS';
const OTHER_HOST_CODE = 'EDRIVE_OTHER_HOST';

export type DriveFailure =
  /** 401: the user name and app password are not accepted. */
  | 'credentials'
  /** 403: accepted, but not allowed there. */
  | 'forbidden'
  | 'not-found'
  | 'not-a-folder'
  /** The address answers, but not as a WebDAV drive (no 207 Multi-Status, no WebDAV XML, a file as the root). */
  | 'not-webdav'
  /** No answer: refused, reset, timed out, a server error, a redirect elsewhere. */
  | 'unreachable'
  /** The address is (or resolves to) a private one, which OUTBOUND_ALLOW_PRIVATE does not open. */
  | 'private-address'
  /** refusalOf refused the address for another reason (its message is the error's). */
  | 'refused';

export class DriveError extends Error {
  constructor(
    readonly reason: DriveFailure,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'DriveError';
  }
}

export interface DriveEntry {
  /** From the drive's root (the connection's address), normalized: `/`, `/Docs/plan.pdf`. */
  path: string;
  name: string;
  kind: 'folder' | 'file';
  size: number | null;
  mime: string | null;
  /** ISO 8601. */
  modified: string | null;
}

export interface DriveConnection {
  url: string;
  username: string;
  password: string;
}

export interface DriveOptions {
  allowPrivate: boolean;
  /** Per request, and for a download the longest wait for its next bytes. */
  timeoutMs?: number;
}

export interface DriveDownload {
  /** The file's bytes; fails with a DriveError when the drive does. Destroy it if it is not read to its end. */
  stream: Readable;
  /** As the drive announces it, when it does. */
  size: number | null;
}

export interface DriveSearchResult {
  items: DriveEntry[];
  /** The search stopped before looking everywhere below where it started. */
  truncated: boolean;
}

/** A host as connections name it: lower case, an IPv6 address without its brackets. */
const bareHost = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();
const defaultPort = (protocol: string) => (protocol === 'https:' ? 443 : 80);

/** publicLookup, its refusal marked so that it can be told from an unreachable drive. */
const markedPublicLookup = ((hostname: string, options: object, callback: (...args: unknown[]) => void) =>
  (publicLookup as unknown as (h: string, o: object, c: (...args: unknown[]) => void) => void)(hostname, options, (error, ...rest) => {
    if (error instanceof OutboundRefusedError) Object.assign(error, { code: PRIVATE_ADDRESS_CODE });
    callback(error, ...rest);
  })) as unknown as LookupFunction;

/**
 * HTTP and HTTPS agents that connect to the drive's origin only. node-fetch (under `webdav`) follows
 * redirects itself, asking the agent of the new address's scheme for each connection: whatever
 * points elsewhere (another host, port or scheme) fails here, before any byte is sent.
 */
function pinnedAgents(origin: URL, allowPrivate: boolean) {
  const host = bareHost(origin.hostname);
  const port = Number(origin.port || defaultPort(origin.protocol));
  const lookup = allowPrivate ? undefined : markedPublicLookup;
  const isOrigin = (protocol: string, options: http.ClientRequestArgs) =>
    protocol === origin.protocol &&
    bareHost(options.host ?? options.hostname ?? '') === host &&
    Number(options.port ?? defaultPort(protocol)) === port;
  type Callback = (error: Error | null, stream: Duplex) => void;
  const refuse = (callback: Callback | undefined) => {
    const error = Object.assign(new Error('The drive redirected to another address, which is not followed.'), { code: OTHER_HOST_CODE });
    // Handed to the callback, the error fails the request (Agent#createSocket), as a failed connect would.
    callback?.(error, undefined as unknown as Duplex);
    return undefined;
  };
  class OriginHttpAgent extends http.Agent {
    override createConnection(options: http.ClientRequestArgs, callback?: Callback) {
      return isOrigin('http:', options) ? super.createConnection(options, callback) : refuse(callback);
    }
  }
  class OriginHttpsAgent extends https.Agent {
    override createConnection(options: https.RequestOptions, callback?: Callback) {
      return isOrigin('https:', options) ? super.createConnection(options, callback) : refuse(callback);
    }
  }
  return { httpAgent: new OriginHttpAgent({ lookup }), httpsAgent: new OriginHttpsAgent({ lookup }) };
}

function failureOfStatus(status: number): DriveError {
  if (status === 401) return new DriveError('credentials', 'The drive did not accept the user name and app password (401).');
  if (status === 403) return new DriveError('forbidden', 'The drive refused access (403).');
  if (status === 404 || status === 410) return new DriveError('not-found', `The drive has nothing at this path (${status}).`);
  if (status >= 500 || status === 408 || status === 429) return new DriveError('unreachable', `The drive answered ${status}.`);
  return new DriveError('not-webdav', `The drive answered ${status}, not as a WebDAV drive.`);
}

/** Any failure of a request as a DriveError (our own AppErrors, such as a refused path, pass as they are). */
function driveFailureOf(error: unknown): DriveError | AppError {
  if (error instanceof DriveError || error instanceof AppError) return error;
  const { status, code, name, message } = (error ?? {}) as { status?: unknown; code?: unknown; name?: unknown; message?: unknown };
  // `webdav` throws for answers of 400 and above, with their status.
  if (typeof status === 'number') return failureOfStatus(status);
  if (code === PRIVATE_ADDRESS_CODE) return new DriveError('private-address', String(message), { cause: error });
  if (code === OTHER_HOST_CODE) return new DriveError('unreachable', String(message), { cause: error });
  if (name === 'AbortError' || name === 'TimeoutError')
    return new DriveError('unreachable', 'The drive did not answer in time.', { cause: error });
  return new DriveError('unreachable', `The drive could not be reached: ${String(message)}`, { cause: error });
}

function refusalFailure(refusal: string): DriveError {
  return refusal === 'The address must be a public internet address.'
    ? new DriveError('private-address', refusal)
    : new DriveError('refused', refusal);
}

/** A path to ask the drive for: refused (422) unless valid, then in its normalized spelling. */
function checkedPath(path: string): string {
  const problem = drivePathProblem(path);
  if (problem) throw new ValidationError({ path: [problem] });
  return normalizeDrivePath(path);
}

export const parentOfDrivePath = (path: string): string | null => (path === '/' ? null : path.slice(0, path.lastIndexOf('/')) || '/');
const nameOfDrivePath = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** A name as a search compares it: one Unicode spelling, lower case in any script. */
const folded = (text: string) => text.normalize('NFC').toLocaleLowerCase();

/** The body of a node-fetch answer: a Node stream (`webdav`'s types name only what browsers share). */
const bodyOf = (response: unknown) => (response as { body?: Readable | null } | undefined)?.body ?? null;

async function readCapped(body: Readable | null, maxBytes: number): Promise<string> {
  if (!body) return '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Leaving the loop destroys the stream, and with it the connection.
    if (size > maxBytes) throw new DriveError('not-webdav', `The drive's listing is larger than ${maxBytes} bytes.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const decodedSegment = (segment: string) => decodeURIComponent(segment).normalize('NFC');

/** A type as `type/subtype`, or null for anything else a drive may say. */
function mimeOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const mime = value.split(';')[0]!.trim().toLowerCase();
  return mime.length <= 127 && /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(mime) ? mime : null;
}

function sizeOf(value: unknown): number | null {
  const size = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(size) && size >= 0 ? size : null;
}

function dateOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function createWebdavDrive(connection: DriveConnection, options: DriveOptions) {
  const timeoutMs = options.timeoutMs ?? DRIVE_TIMEOUT_MS;
  const refusal = refusalOf(connection.url, options.allowPrivate);
  // The drive's root, as a folder address (with its final slash), without a query or fragment.
  const root = new URL(refusal ? 'http://invalid/' : connection.url);
  root.search = '';
  root.hash = '';
  if (!root.pathname.endsWith('/')) root.pathname += '/';
  const rootSegments = root.pathname.split('/').filter(Boolean);
  const client: WebDAVClient | undefined = refusal
    ? undefined
    : createClient(root.href, {
        // Basic authentication, its credentials in UTF-8 (RFC 7617) as WebDAV servers read them. Not
        // `webdav`'s own: it encodes them as Latin-1 and throws for any other character (an Arabic name).
        authType: AuthType.None,
        headers: { Authorization: `Basic ${Buffer.from(`${connection.username}:${connection.password}`, 'utf8').toString('base64')}` },
        ...pinnedAgents(root, options.allowPrivate),
      });

  /** The full address of an item; a folder's ends with a slash, as WebDAV servers name collections. */
  function urlOf(path: string, folder = false): string {
    const segments = checkedPath(path).split('/').filter(Boolean).map(encodeURIComponent);
    return root.href + segments.join('/') + (folder && segments.length ? '/' : '');
  }

  /** One request, every failure a DriveError; `read` runs within the time limit too (a body can be slow). */
  async function request<T>(
    url: string,
    init: { method: string; headers?: Record<string, string>; signal?: AbortSignal },
    read: (response: Awaited<ReturnType<WebDAVClient['customRequest']>>) => Promise<T>,
  ): Promise<T> {
    if (!client) throw refusalFailure(refusal!);
    try {
      const response = await client.customRequest('', { url, signal: AbortSignal.timeout(timeoutMs), ...init });
      // `webdav` throws for these itself; checked again so that no change there turns an error page into a listing.
      if (response.status >= 400) {
        bodyOf(response)?.destroy();
        throw failureOfStatus(response.status);
      }
      return await read(response);
    } catch (error) {
      // `webdav` throws for 400 and above with the answer unread: its connection is let go.
      bodyOf((error as { response?: unknown } | null)?.response)?.destroy();
      throw driveFailureOf(error);
    }
  }

  /** The item an href names, as a path from the root; undefined for anything outside the root or unreadable. */
  function pathOfHref(href: string): string | undefined {
    try {
      // Relative or absolute, resolved against the root; `..` segments are resolved by the URL parser.
      const segments = new URL(href, root).pathname.split('/').filter(Boolean).map(decodedSegment);
      if (rootSegments.some((segment, index) => decodedSegment(segment) !== segments[index])) return undefined;
      const rest = segments.slice(rootSegments.length);
      // A name holding a slash (an encoded %2F) cannot be told from a folder: left out.
      if (rest.some((segment) => segment.includes('/') || segment === '.' || segment === '..')) return undefined;
      const path = `/${rest.join('/')}`;
      return drivePathProblem(path) ? undefined : path;
    } catch {
      return undefined;
    }
  }

  function entryOf(path: string, props: Record<string, unknown>): DriveEntry {
    const type = props.resourcetype;
    const folder = typeof type === 'object' && type !== null && 'collection' in type;
    return {
      path,
      name: nameOfDrivePath(path),
      kind: folder ? 'folder' : 'file',
      size: folder ? null : sizeOf(props.getcontentlength),
      mime: folder ? null : mimeOf(props.getcontenttype),
      modified: dateOf(props.getlastmodified),
    };
  }

  /** PROPFIND (all properties) on a path: its entry, and with depth 1 a folder's items; and the address that answered. */
  async function propfind(path: string, depth: '0' | '1'): Promise<{ entries: DriveEntry[]; url: string }> {
    return request(
      urlOf(path, depth === '1'),
      { method: 'PROPFIND', headers: { Depth: depth, Accept: 'application/xml, text/xml' } },
      async (response) => {
        if (response.status !== 207) throw new DriveError('not-webdav', `PROPFIND answered ${response.status}, not 207 Multi-Status.`);
        const xml = await readCapped(bodyOf(response), LISTING_MAX_BYTES);
        let result: Awaited<ReturnType<typeof parseXML>>;
        try {
          result = await parseXML(xml);
        } catch (error) {
          throw new DriveError('not-webdav', 'The drive did not answer with WebDAV XML.', { cause: error });
        }
        const entries: DriveEntry[] = [];
        result.multistatus.response.forEach((item, index) => {
          const props = item.propstat?.prop as unknown as Record<string, unknown> | undefined;
          const status = item.propstat?.status;
          if (typeof item.href !== 'string' || !props || typeof props !== 'object') return;
          if (typeof status === 'string' && !/\s2\d\d(\s|$)/.test(status)) return;
          // Depth 0 answers the item asked for, also when a redirect on the same drive named it otherwise.
          const itemPath = pathOfHref(item.href) ?? (depth === '0' && index === 0 ? path : undefined);
          if (itemPath !== undefined) entries.push(entryOf(itemPath, props));
        });
        return { entries, url: response.url };
      },
    );
  }

  async function stat(path: string): Promise<DriveEntry> {
    return (await statAt(path)).entry;
  }

  /** An item's facts, and the address that answered for it (after redirects on the same drive). */
  async function statAt(path: string): Promise<{ entry: DriveEntry; url: string }> {
    const wanted = checkedPath(path);
    const { entries, url } = await propfind(wanted, '0');
    // Depth 0 answers the item itself; its href may be spelled otherwise than asked (encoding, slash).
    const entry = entries.find((candidate) => candidate.path === wanted) ?? entries[0];
    if (!entry) throw new DriveError('not-webdav', 'The drive answered PROPFIND without the item.');
    return { entry: { ...entry, path: wanted, name: nameOfDrivePath(wanted) }, url };
  }

  async function list(path: string): Promise<DriveEntry[]> {
    const folder = checkedPath(path);
    const { entries } = await propfind(folder, '1');
    if (entries.find((entry) => entry.path === folder)?.kind === 'file') throw new DriveError('not-a-folder', 'This path is a file.');
    return entries.filter((entry) => entry.path !== folder && parentOfDrivePath(entry.path) === folder);
  }

  /**
   * Items below `path` whose names hold `text` (any case, any script). WebDAV has no portable search
   * (DASL is rare), so folders are walked breadth-first: at most SEARCH_MAX_EXAMINED items, at most
   * SEARCH_MAX_DEPTH levels down, within SEARCH_BUDGET_MS. A subfolder that is gone or forbidden
   * is skipped; any of these cuts the answer short, and says so.
   */
  async function search(path: string, text: string): Promise<DriveSearchResult> {
    const start = checkedPath(path);
    const needle = folded(text);
    const deadline = Date.now() + SEARCH_BUDGET_MS;
    const items: DriveEntry[] = [];
    let examined = 0;
    let truncated = false;
    const listBelow = async (folder: string) => {
      if (folder === start) return list(folder);
      try {
        return await list(folder);
      } catch (error) {
        if (error instanceof DriveError && ['not-found', 'forbidden', 'not-a-folder'].includes(error.reason)) {
          truncated = true;
          return [];
        }
        throw error;
      }
    };
    let level = [start];
    for (let depth = 1; level.length > 0; depth += 1) {
      const next: string[] = [];
      for (let index = 0; index < level.length; index += SEARCH_PARALLEL) {
        if (examined >= SEARCH_MAX_EXAMINED || Date.now() > deadline) return { items, truncated: true };
        const listings = await Promise.all(level.slice(index, index + SEARCH_PARALLEL).map(listBelow));
        for (const entry of listings.flat()) {
          if (examined >= SEARCH_MAX_EXAMINED) return { items, truncated: true };
          examined += 1;
          if (folded(entry.name).includes(needle)) items.push(entry);
          if (entry.kind !== 'folder') continue;
          if (depth < SEARCH_MAX_DEPTH) next.push(entry.path);
          else truncated = true;
        }
      }
      level = next;
    }
    return { items, truncated };
  }

  /**
   * A file's bytes. The time limit is for the answer and then for each next piece, so a large file
   * on a slow drive copies, and a drive that stops sending fails instead of holding the request.
   */
  async function download(path: string): Promise<DriveDownload> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await request(urlOf(path), { method: 'GET', signal: controller.signal }, async (response) => {
        const body = bodyOf(response);
        if (response.status !== 200 || !body) {
          body?.destroy();
          throw new DriveError('not-webdav', `GET answered ${response.status}, not 200.`);
        }
        const watch = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            timer.refresh();
            done(null, chunk);
          },
        });
        // pipe() passes no errors on: the drive's, as a DriveError, fail the stream the caller reads.
        body.on('error', (error) => watch.destroy(driveFailureOf(error)));
        // The drive may fail before the caller starts reading (it may first make a folder): the error is
        // kept on the stream, and pipeline() or a read reports it then, instead of the process crashing now.
        watch.on('error', () => {});
        watch.on('close', () => {
          clearTimeout(timer);
          if (!body.destroyed) body.destroy();
        });
        body.pipe(watch);
        // A compressed answer's length is not the file's.
        const length = response.headers.get('content-encoding') ? null : sizeOf(response.headers.get('content-length'));
        return { stream: watch, size: length };
      });
    } catch (error) {
      clearTimeout(timer);
      throw error;
    }
  }

  return {
    /**
     * Whether the address is a WebDAV drive that accepts the credentials: PROPFIND (depth 0) on the
     * root, which must be a folder. Fails with a DriveError saying which of these it is not. Answers
     * the root's address as the drive answered for it: where it redirected to on the same drive (a
     * slash added, a path moved), which is the address to keep, so that later requests go straight there.
     */
    async check(): Promise<string> {
      const { entry, url } = await statAt('/');
      if (entry.kind !== 'folder') throw new DriveError('not-webdav', 'The address is a file, not a WebDAV folder.');
      return url || root.href;
    },
    list,
    search,
    stat,
    download,
    /** The address of an item on the drive, each name encoded: what a link attachment keeps. */
    urlOf: (path: string) => urlOf(path),
  };
}
export type WebdavDrive = ReturnType<typeof createWebdavDrive>;
