import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on loopback for tests (issue 22): it stands where a browser's push service would
 * (FCM, Mozilla's autopush) and decrypts each message as the browser would, with the browser's own
 * keys (RFC 8291: ECDH P-256 + HKDF + AES-128-GCM, RFC 8188's aes128gcm content coding), written
 * here from the RFCs with node:crypto, apart from the web-push library the server encrypts with.
 * It also checks the VAPID signature (RFC 8292) against the key the server advertises.
 */

export interface ReceivedPush {
  payload: unknown;
  ttl: string | undefined;
  /** The VAPID claims, after the signature was verified. */
  claims: { aud: string; exp: number; sub: string };
  /** The `k=` public key the message was signed with. */
  vapidKey: string;
}

export interface TestBrowser {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  received: ReceivedPush[];
  /** What the push service answers for this browser: 201 (taken), 404/410 (gone), 500 (failing). */
  answer: number;
}

const b64 = (data: Buffer) => data.toString('base64url');
const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) => Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));

/** Decrypts one aes128gcm body with the receiving browser's keys (RFC 8291 §3.4, RFC 8188 §2). */
export function decryptPushBody(body: Buffer, browser: { privateKey: crypto.ECDH; authSecret: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) throw new Error('more than one record; test messages fit in one');
  const receiverPublic = browser.privateKey.getPublicKey();
  const shared = browser.privateKey.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = hkdf(shared, browser.authSecret, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end);
}

/** Verifies `Authorization: vapid t=<JWT>, k=<key>` (ES256) and returns its claims and key. */
function verifyVapid(header: string | undefined): { claims: ReceivedPush['claims']; key: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [jwt, key] = [match[1]!, match[2]!];
  const [head, body, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const publicKey = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('VAPID alg is not ES256');
  return { claims: JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'], key };
}

export async function startPushReceiver() {
  const browsers = new Map<string, TestBrowser & { privateKey: crypto.ECDH; authSecret: Buffer }>();
  const errors: string[] = [];
  const server = http.createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const browser = browsers.get(request.url ?? '');
      if (!browser) return void response.writeHead(404).end();
      if (browser.answer !== 201) return void response.writeHead(browser.answer).end();
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${request.headers['content-encoding']}`);
        const { claims, key } = verifyVapid(request.headers.authorization);
        const origin = new URL(browser.endpoint).origin;
        if (claims.aud !== origin) throw new Error(`VAPID aud ${claims.aud}, expected ${origin}`);
        if (claims.exp * 1000 < Date.now() || claims.exp * 1000 > Date.now() + 24 * 3_600_000 + 60_000)
          throw new Error('VAPID exp out of range');
        const plain = decryptPushBody(Buffer.concat(parts), browser);
        browser.received.push({
          payload: JSON.parse(plain.toString('utf8')),
          ttl: request.headers.ttl as string | undefined,
          claims,
          vapidKey: key,
        });
        response.writeHead(201).end();
      } catch (error) {
        errors.push((error as Error).message);
        response.writeHead(400).end((error as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let count = 0;

  return {
    /** Messages the receiver could not read (a failed decryption or signature). */
    errors,
    /** A new browser: the subscription a page would get from pushManager.subscribe(). */
    browser(): TestBrowser {
      const privateKey = crypto.createECDH('prime256v1');
      privateKey.generateKeys();
      const authSecret = crypto.randomBytes(16);
      const path = `/push/${++count}-${crypto.randomBytes(4).toString('hex')}`;
      const browser = {
        endpoint: `${base}${path}`,
        keys: { p256dh: b64(privateKey.getPublicKey()), auth: b64(authSecret) },
        received: [] as ReceivedPush[],
        answer: 201,
        privateKey,
        authSecret,
      };
      browsers.set(path, browser);
      return browser;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
