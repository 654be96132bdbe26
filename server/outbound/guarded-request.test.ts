import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { guardedRequest, isPublicAddress, OutboundRefusedError, publicLookup, refusalOf } from './guarded-request.ts';

describe('outbound requests to addresses people give', () => {
  test.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::127.0.0.1', false],
    ['::7f00:1', false],
    ['224.0.0.1', false],
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  test.each([
    ['https://fcm.googleapis.com/fcm/send/abc', undefined],
    ['http://fcm.googleapis.com/fcm/send/abc', 'The address must start with https://.'],
    ['https://localhost/x', 'The address must be a public internet address.'],
    ['https://127.0.0.1/x', 'The address must be a public internet address.'],
    ['https://[::1]/x', 'The address must be a public internet address.'],
    ['https://169.254.169.254/latest/meta-data', 'The address must be a public internet address.'],
    ['https://intranet/x', 'The address must be a public internet address.'],
    ['https://user:pw@push.example.com/x', 'The address must not contain a user name or password.'],
    ['ftp://push.example.com/x', 'The address must start with https://.'],
    ['not a url', 'The address is not a valid URL.'],
  ])('%s → %s', (url, expected) => {
    expect(refusalOf(url, false)).toBe(expected);
  });

  describe('against a server on loopback', () => {
    let server: http.Server;
    let base: string;
    beforeAll(async () => {
      server = http.createServer((request, response) => response.writeHead(201).end(`got ${request.method}`));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    test('is refused by default, and reached once private addresses are allowed', async () => {
      const ask = (allowPrivate: boolean) =>
        guardedRequest(`${base}/push`, { method: 'POST', headers: {}, body: 'x', timeoutMs: 2000, allowPrivate });
      await expect(ask(false)).rejects.toBeInstanceOf(OutboundRefusedError);
      await expect(ask(true)).resolves.toMatchObject({ status: 201, body: 'got POST' });
    });

    test('the lookup every connection uses refuses a name whose answer is private', async () => {
      // A public-looking name that resolves to loopback reaches this lookup at connection time.
      const answer = await new Promise<{ error: Error | null; address: unknown }>((resolve) =>
        publicLookup('localhost', {}, (error, address) => resolve({ error, address })),
      );
      expect(answer.error).toBeInstanceOf(OutboundRefusedError);
      expect(answer.error?.message).toBe('localhost resolves to an address that is not public.');
    });
  });
});
