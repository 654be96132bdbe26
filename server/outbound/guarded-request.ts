import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Requests the server makes to addresses people give it (push endpoints now; webhooks and drives
 * later). By default they may reach only public addresses over HTTPS, so an address cannot make the
 * server probe its own network: loopback, private, link-local, carrier-grade NAT, multicast and
 * the like are refused, also when a public name resolves to them (checked on the address the
 * connection is made to, so a name that changes its answer between a check and the connection
 * gains nothing). `allowPrivate` (OUTBOUND_ALLOW_PRIVATE) opens them, and plain HTTP with them,
 * for self-hosting and tests on loopback.
 */

export class OutboundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

/** Whether an IP address is one anybody on the internet could reach. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    // IPv4-compatible (::a.b.c.d, deprecated since 2006): no public host uses it, and ::127.0.0.1 may reach loopback.
    else if (v6.parts.slice(0, 6).every((part) => part === 0)) return false;
  }
  return parsed.range() === 'unicast';
}

/** Why `url` may not be asked for, or undefined when it may (before any name is resolved). */
export function refusalOf(url: string, allowPrivate: boolean): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The address is not a valid URL.';
  }
  if (parsed.username || parsed.password) return 'The address must not contain a user name or password.';
  if (parsed.protocol !== 'https:' && !(allowPrivate && parsed.protocol === 'http:')) return 'The address must start with https://.';
  if (allowPrivate) return undefined;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host) ? !isPublicAddress(host) : host === 'localhost' || host.endsWith('.localhost') || !host.includes('.'))
    return 'The address must be a public internet address.';
  return undefined;
}

/** DNS lookup that refuses private answers: the connection is made only to what it returns. */
export const publicLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as dns.LookupAddress[];
    const refused = list.find((entry) => !isPublicAddress(entry.address));
    if (refused || list.length === 0)
      return callback(new OutboundRefusedError(`${hostname} resolves to an address that is not public.`), '', 0);
    if ((options as dns.LookupOptions).all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request to an address a person gave; the answer's body is read up to 64 kB. */
export function guardedRequest(
  url: string,
  request: { method: string; headers: Record<string, string | number>; body?: Buffer | string; timeoutMs: number; allowPrivate: boolean },
): Promise<OutboundResponse> {
  const refusal = refusalOf(url, request.allowPrivate);
  if (refusal) return Promise.reject(new OutboundRefusedError(refusal));
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      target,
      {
        method: request.method,
        headers: request.headers,
        timeout: request.timeoutMs,
        ...(request.allowPrivate ? {} : { lookup: publicLookup }),
      },
      (response) => {
        const parts: Buffer[] = [];
        let size = 0;
        response.on('data', (part: Buffer) => {
          size += part.length;
          if (size <= 65_536) parts.push(part);
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`No answer from ${target.host} within ${request.timeoutMs} ms.`)));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
