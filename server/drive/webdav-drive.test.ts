import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { DRIVE_PDF, DRIVE_TREE, startWebdavServer, type TestWebdavServer } from '../../tests/support/webdav-server.ts';
import { ValidationError } from '../errors.ts';
import { createWebdavDrive, DriveError, SEARCH_MAX_EXAMINED, type DriveEntry } from './webdav-drive.ts';

/** Issue 24: the WebDAV client, against a real WebDAV server on loopback, and against servers that misbehave. */

/** A server on 127.0.0.1 answering every request with `handle`; counts what it was asked. */
async function startHttpServer(handle: http.RequestListener) {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/`,
    requests,
    async stop() {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
    },
  };
}

async function failureOf(promise: Promise<unknown>): Promise<DriveError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DriveError);
  return error as DriveError;
}

const names = (entries: DriveEntry[]) => entries.map((entry) => entry.name).sort();

describe('a WebDAV drive', () => {
  let dav: TestWebdavServer;
  const drive = () => createWebdavDrive({ url: dav.url, username: dav.username, password: dav.password }, { allowPrivate: true });
  beforeAll(async () => {
    dav = await startWebdavServer();
  });
  afterAll(async () => {
    await dav.stop();
  });

  test('check: accepts the right credentials; tells wrong ones from an address that is no drive and one that answers nothing', async () => {
    await expect(drive().check()).resolves.toBe(dav.url);
    const wrong = createWebdavDrive({ url: dav.url, username: dav.username, password: 'wrong' }, { allowPrivate: true });
    expect((await failureOf(wrong.check())).reason).toBe('credentials');

    const website = await startHttpServer((_request, response) => response.end('<!doctype html><title>A website</title>'));
    const missing = await startHttpServer((_request, response) => response.writeHead(404).end());
    const notXml = await startHttpServer((_request, response) => response.writeHead(207).end('{"multistatus": true}'));
    try {
      for (const url of [website.url, missing.url, notXml.url]) {
        const failure = await failureOf(createWebdavDrive({ url, username: 'a', password: 'b' }, { allowPrivate: true }).check());
        expect(failure.reason, url).toMatch(/^(not-webdav|not-found)$/);
      }
    } finally {
      await Promise.all([website.stop(), missing.stop(), notXml.stop()]);
    }
    // A port nobody listens on.
    const closed = await startHttpServer(() => {});
    await closed.stop();
    const unreachable = createWebdavDrive({ url: closed.url, username: 'a', password: 'b' }, { allowPrivate: true });
    expect((await failureOf(unreachable.check())).reason).toBe('unreachable');
    // A file as the root is not a drive.
    const fileRoot = createWebdavDrive(
      { url: `${dav.url}notes.txt`, username: dav.username, password: dav.password },
      { allowPrivate: true },
    );
    expect((await failureOf(fileRoot.check())).reason).toBe('not-webdav');
  });

  test('credentials in any script reach the drive as UTF-8', async () => {
    const arabic = await startWebdavServer({ username: 'علي', password: 'كلمة-سر-🔑-ü' });
    try {
      const ok = createWebdavDrive({ url: arabic.url, username: 'علي', password: 'كلمة-سر-🔑-ü' }, { allowPrivate: true });
      await expect(ok.check()).resolves.toBe(arabic.url);
      const wrong = createWebdavDrive({ url: arabic.url, username: 'علي', password: 'كلمة-سر' }, { allowPrivate: true });
      expect((await failureOf(wrong.check())).reason).toBe('credentials');
    } finally {
      await arabic.stop();
    }
  });

  test('without OUTBOUND_ALLOW_PRIVATE, loopback and plain HTTP are refused before any request', async () => {
    const spy = await startHttpServer((_request, response) => response.end());
    try {
      const loopback = createWebdavDrive({ url: `https://127.0.0.1:${spy.port}/`, username: 'a', password: 'b' }, { allowPrivate: false });
      expect(await failureOf(loopback.check())).toMatchObject({ reason: 'private-address' });
      const localhost = createWebdavDrive({ url: `https://localhost:${spy.port}/`, username: 'a', password: 'b' }, { allowPrivate: false });
      expect(await failureOf(localhost.list('/'))).toMatchObject({ reason: 'private-address' });
      const plain = createWebdavDrive({ url: spy.url, username: 'a', password: 'b' }, { allowPrivate: false });
      expect(await failureOf(plain.check())).toMatchObject({ reason: 'refused', message: 'The address must start with https://.' });
      expect(spy.requests).toEqual([]);
    } finally {
      await spy.stop();
    }
  });

  test('without OUTBOUND_ALLOW_PRIVATE, a public-looking name that resolves to loopback is refused at the connection', async () => {
    const spy = await startHttpServer((_request, response) => response.end());
    // The name's answer is loopback: checked on the address the connection is made to (publicLookup).
    const lookup = vi
      .spyOn(dns, 'lookup')
      .mockImplementation(((_host: string, _options: object, callback: (...args: unknown[]) => void) =>
        callback(null, [{ address: '127.0.0.1', family: 4 }])) as unknown as typeof dns.lookup);
    try {
      const rebinding = createWebdavDrive(
        { url: `https://drive.example.com:${spy.port}/`, username: 'a', password: 'b' },
        { allowPrivate: false },
      );
      expect(await failureOf(rebinding.check())).toMatchObject({ reason: 'private-address' });
      expect(lookup).toHaveBeenCalled();
      expect(spy.requests).toEqual([]);
    } finally {
      lookup.mockRestore();
      await spy.stop();
    }
  });

  test('a redirect to another host is not followed (nor the password sent there); one on the same drive is', async () => {
    const elsewhere = await startHttpServer((_request, response) => response.writeHead(207).end());
    // Same machine, another host name and port: what a drive pointing the server at another service would do.
    const redirecting = await startHttpServer((request, response) => {
      if (request.url === '/moved/') return response.writeHead(301, { location: dav.url }).end();
      response.writeHead(302, { location: `http://localhost:${elsewhere.port}/` }).end();
    });
    try {
      const away = createWebdavDrive({ url: redirecting.url, username: 'a', password: 'b' }, { allowPrivate: true });
      const failure = await failureOf(away.check());
      expect(failure.reason).toBe('unreachable');
      expect(failure.message).toMatch(/redirected to another address/);
      expect(elsewhere.requests).toEqual([]);
      // The same server on another port is another host too.
      const otherPort = createWebdavDrive(
        { url: `${redirecting.url}moved/`, username: dav.username, password: dav.password },
        { allowPrivate: true },
      );
      expect((await failureOf(otherPort.check())).reason).toBe('unreachable');
    } finally {
      await Promise.all([elsewhere.stop(), redirecting.stop()]);
    }
    const sameHost = await startHttpServer((request, response) => {
      if (request.url === '/old/') return response.writeHead(301, { location: '/new/' }).end();
      response.writeHead(207, { 'content-type': 'application/xml' });
      response.end(
        `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:"><d:response><d:href>/new/</d:href><d:propstat><d:status>HTTP/1.1 200 OK</d:status><d:prop><d:resourcetype><d:collection/></d:resourcetype></d:prop></d:propstat></d:response></d:multistatus>`,
      );
    });
    try {
      const moved = createWebdavDrive({ url: `${sameHost.url}old/`, username: 'a', password: 'b' }, { allowPrivate: true });
      // The address to keep is where the drive answered.
      expect(await moved.check()).toBe(`${sameHost.url}new/`);
      expect(sameHost.requests).toEqual(['PROPFIND /old/', 'PROPFIND /new/']);
    } finally {
      await sameHost.stop();
    }
  });

  test('a drive that does not answer in time, or answers without end, fails instead of holding on', async () => {
    const silent = await startHttpServer(() => {});
    const endless = await startHttpServer((_request, response) => {
      response.writeHead(207, { 'content-type': 'application/xml' });
      response.write('<?xml version="1.0"?><d:multistatus xmlns:d="DAV:">');
      const chunk = Buffer.alloc(1024 * 1024, ' ');
      const send = () => {
        while (response.write(chunk));
        response.once('drain', send);
      };
      send();
    });
    try {
      const started = Date.now();
      const slow = createWebdavDrive({ url: silent.url, username: 'a', password: 'b' }, { allowPrivate: true, timeoutMs: 300 });
      expect(await failureOf(slow.check())).toMatchObject({ reason: 'unreachable', message: 'The drive did not answer in time.' });
      expect(Date.now() - started).toBeLessThan(5000);
      const huge = createWebdavDrive({ url: endless.url, username: 'a', password: 'b' }, { allowPrivate: true });
      expect((await failureOf(huge.list('/'))).message).toMatch(/larger than/);
    } finally {
      await Promise.all([silent.stop(), endless.stop()]);
    }
  });

  test('list: a folder’s items with their kind, size, type and date; a file or a missing path is told apart', async () => {
    const root = await drive().list('/');
    expect(names(root)).toEqual(['Documents', 'Empty', 'Photos', 'Videos', 'backup.zip', 'notes.txt']);
    expect(root.find((entry) => entry.name === 'Documents')).toMatchObject({ path: '/Documents', kind: 'folder', size: null, mime: null });
    const notes = root.find((entry) => entry.name === 'notes.txt')!;
    expect(notes).toMatchObject({ path: '/notes.txt', kind: 'file', size: 23, mime: 'text/plain' });
    expect(new Date(notes.modified!).getTime()).toBeGreaterThan(Date.now() - 60 * 60 * 1000);

    const documents = await drive().list('/Documents/');
    expect(names(documents)).toEqual(['Archive', 'plan.pdf', 'report.docx', 'تقرير الربع.pdf'].sort());
    expect(documents.find((entry) => entry.name === 'تقرير الربع.pdf')).toMatchObject({
      path: DRIVE_TREE.arabic,
      size: DRIVE_PDF.length,
      mime: 'application/pdf',
    });
    expect(await drive().list('/Empty')).toEqual([]);
    expect((await failureOf(drive().list('/Nowhere'))).reason).toBe('not-found');
    expect((await failureOf(drive().list(DRIVE_TREE.notes))).reason).toBe('not-a-folder');
  });

  test('paths are checked before the drive is asked: absolute, no .. segments, no NUL, at most 1000 characters', async () => {
    for (const bad of ['Documents', '/Documents/../..', '/..', '/a\u0000b', '/\uD800', '/a\uDC00b', `/${'a'.repeat(1000)}`]) {
      await expect(drive().list(bad), bad).rejects.toBeInstanceOf(ValidationError);
      await expect(drive().stat(bad), bad).rejects.toBeInstanceOf(ValidationError);
    }
    expect(() => drive().urlOf('/../etc/passwd')).toThrow(ValidationError);
  });

  test('stat and urlOf: one item’s facts, and its full address with each name encoded', async () => {
    expect(await drive().stat(DRIVE_TREE.huge)).toMatchObject({ kind: 'file', size: 25 * 1024 * 1024 + 1, name: 'huge.mov' });
    expect(await drive().stat('/Photos')).toMatchObject({ kind: 'folder', name: 'Photos' });
    expect(drive().urlOf(DRIVE_TREE.arabic)).toBe(`${dav.url}Documents/${encodeURIComponent('تقرير الربع.pdf')}`);
    expect(drive().urlOf('/a#b?c/100%')).toBe(`${dav.url}a%23b%3Fc/100%25`);
  });

  test('download: a file’s bytes as a stream, with its size', async () => {
    const { stream, size } = await drive().download(DRIVE_TREE.image);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(dav.image)).toBe(true);
    expect(size).toBe(dav.image.length);
    expect((await failureOf(drive().download('/missing.png'))).reason).toBe('not-found');
  });

  test('search: names holding the text in any case and script, folders deep, said when cut short', async () => {
    const notes = await drive().search('/', 'NOTES');
    expect(notes.items.map((entry) => entry.path).sort()).toEqual([DRIVE_TREE.nested, DRIVE_TREE.notes].sort());
    expect(notes.truncated).toBe(false);
    expect((await drive().search('/', 'الربع')).items.map((entry) => entry.path)).toEqual([DRIVE_TREE.arabic]);
    // Another Unicode spelling of the same letters finds them too (NFD é against NFC é).
    fs.writeFileSync(path.join(dav.directory, 'Documents', 'Café.txt'), 'x');
    expect((await drive().search('/Documents', 'cafe\u0301')).items.map((entry) => entry.name)).toEqual(['Café.txt']);
    // Only below where it starts.
    expect((await drive().search('/Photos', 'notes')).items).toEqual([]);

    // Five folders down is deeper than a search goes.
    const deep = path.join(dav.directory, 'Deep', 'one', 'two', 'three', 'four');
    fs.mkdirSync(deep, { recursive: true });
    fs.writeFileSync(path.join(deep, 'needle.txt'), 'x');
    const tooDeep = await drive().search('/', 'needle');
    expect(tooDeep).toEqual({ items: [], truncated: true });
    // Four levels below where it starts is not.
    expect((await drive().search('/Deep/one', 'needle')).items.map((entry) => entry.path)).toEqual(['/Deep/one/two/three/four/needle.txt']);

    // More items than a search looks at.
    const many = path.join(dav.directory, 'Many');
    fs.mkdirSync(many);
    for (let index = 0; index < SEARCH_MAX_EXAMINED + 10; index += 1) fs.writeFileSync(path.join(many, `file-${index}.txt`), '');
    const cut = await drive().search('/Many', 'file-');
    expect(cut.truncated).toBe(true);
    expect(cut.items).toHaveLength(SEARCH_MAX_EXAMINED);
    fs.rmSync(many, { recursive: true });
    fs.rmSync(path.join(dav.directory, 'Deep'), { recursive: true });
    fs.rmSync(path.join(dav.directory, 'Documents', 'Café.txt'));
  });
});
