import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';
import { DRIVE_PDF, DRIVE_TREE, startWebdavServer, type TestWebdavServer } from '../../tests/support/webdav-server.ts';

/**
 * Issue 24: a connected WebDAV drive through the HTTP API, on both databases, against a real WebDAV
 * server on loopback (tests/support/webdav-server.ts).
 */
const WRONG_CREDENTIALS = 'The drive did not accept this user name and app password.';
const NOT_A_DRIVE = 'Could not reach a WebDAV drive at this address.';
const PRIVATE_NETWORK = 'This address is on a private network, which this server does not allow.';
const FAILED = 'Failed to load drive files. Please try again.';
const REJECTED = 'The drive no longer accepts the saved app password. Connect it again in Settings.';
const NOT_CONNECTED = 'No drive is connected.';

/** A server on 127.0.0.1 answering every request with `handle`. */
async function startHttpServer(handle: http.RequestListener) {
  const server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
    },
  };
}

const multistatus = (...responses: string[]) => `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:">${responses.join('')}</d:multistatus>`;
const davResponse = (href: string, props: string) =>
  `<d:response><d:href>${href}</d:href><d:propstat><d:status>HTTP/1.1 200 OK</d:status><d:prop>${props}</d:prop></d:propstat></d:response>`;

/**
 * A drive that lists one 1000-byte file and, asked for it, sends 10 bytes and hangs up: a drive
 * failing in the middle of a copy.
 */
const startBreakingDrive = () =>
  startHttpServer((request, response) => {
    if (request.method === 'PROPFIND') {
      const file = davResponse('/broken.bin', '<d:resourcetype/><d:getcontentlength>1000</d:getcontentlength>');
      const root = davResponse('/', '<d:resourcetype><d:collection/></d:resourcetype>');
      response.writeHead(207, { 'content-type': 'application/xml' }).end(multistatus(request.url === '/' ? root : file));
      return;
    }
    response.writeHead(200, { 'content-length': '1000' });
    response.write(Buffer.alloc(10, 1), () => response.destroy());
  });

describe.each(testDialects())('a connected drive on %s', (dialect) => {
  let t: TestApp;
  /** The same server without OUTBOUND_ALLOW_PRIVATE: as in production. */
  let strict: TestApp;
  let dav: TestWebdavServer;
  beforeAll(async () => {
    dav = await startWebdavServer();
    t = await createTestApp(dialect, { env: { OUTBOUND_ALLOW_PRIVATE: 'true', ATTACHMENT_QUOTA_MB: '2' } });
    strict = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
    await strict.close();
    await dav.stop();
  });

  type Caller = SignedInUser | null;
  const call = (user: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, app = t) =>
    app.app.inject({
      method,
      url,
      headers: user ? user.headers : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const connect = async (user: SignedInUser, server: { url: string; username?: string; password?: string } = dav) => {
    const response = await call(user, 'PUT', '/api/drive', {
      url: server.url,
      username: server.username ?? dav.username,
      password: server.password ?? dav.password,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const files = async (user: SignedInUser, query: string) => {
    const response = await call(user, 'GET', `/api/drive/files?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { path: string; parent: string | null; truncated: boolean; items: Array<Record<string, unknown>> };
  };
  const names = (listing: { items: Array<Record<string, unknown>> }) => listing.items.map((item) => item.name);
  const addTask = async (user: SignedInUser) => {
    const response = await call(user, 'POST', '/api/tasks/add', { title: 'With drive files' });
    expect(response.statusCode).toBe(201);
    return response.json().task.id as number;
  };
  const fromDrive = (user: Caller, taskId: number, payload: unknown) =>
    call(user, 'POST', `/api/tasks/${taskId}/attachments/from-drive`, payload);
  const gets = () => dav.requests.filter((line) => line.startsWith('GET '));

  test('connecting: wrong credentials and no drive are field errors; once connected, the state never holds the password', async () => {
    const me = await t.signUp();
    expect((await call(me, 'GET', '/api/drive')).json()).toEqual({
      provider: 'webdav',
      status: 'disconnected',
      url: null,
      username: null,
      connected_at: null,
      checked_at: null,
    });

    const wrong = await call(me, 'PUT', '/api/drive', { url: dav.url, username: dav.username, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: WRONG_CREDENTIALS, errors: { password: [WRONG_CREDENTIALS] } });
    const website = await startHttpServer((_request, response) => response.end('<!doctype html><p>A website</p>'));
    const closed = await startHttpServer(() => {});
    await closed.stop();
    try {
      for (const url of [website.url, closed.url]) {
        const answer = await call(me, 'PUT', '/api/drive', { url, username: 'a', password: 'b' });
        expect(answer.statusCode, url).toBe(422);
        expect(answer.json(), url).toEqual({ message: NOT_A_DRIVE, errors: { url: [NOT_A_DRIVE] } });
      }
    } finally {
      await website.stop();
    }
    expect((await call(me, 'GET', '/api/drive')).json().status).toBe('disconnected');

    const state = await connect(me);
    expect(state).toEqual({
      provider: 'webdav',
      status: 'connected',
      url: dav.url,
      username: dav.username,
      connected_at: expect.any(String),
      checked_at: expect.any(String),
    });
    const again = await call(me, 'GET', '/api/drive');
    expect(again.json()).toEqual(state);
    for (const body of [JSON.stringify(state), again.body]) expect(body).not.toContain(dav.password);

    // Kept sealed: not the password, nor anything holding it.
    const row = await t.database.db.selectFrom('drive_connections').selectAll().where('user_id', '=', me.user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: 'webdav', url: dav.url, username: dav.username });
    expect(row.secret).toMatch(/^v1\./);
    expect(row.secret).not.toContain(dav.password);
    expect(Buffer.from(row.secret.split('.')[3]!, 'base64url').toString('latin1')).not.toContain(dav.password);
    const key = await t.database.db.selectFrom('server_keys').select('value').where('name', '=', 'drive_secret_key').executeTakeFirst();
    expect(key).toBeDefined();
  });

  test('without OUTBOUND_ALLOW_PRIVATE a loopback drive is refused as private, and nothing is sent to it', async () => {
    const me = await strict.signUp();
    const before = dav.requests.length;
    const loopback = await call(
      me,
      'PUT',
      '/api/drive',
      { url: `https://127.0.0.1:${new URL(dav.url).port}/`, username: 'a', password: 'b' },
      strict,
    );
    expect(loopback.statusCode).toBe(422);
    expect(loopback.json()).toEqual({ message: PRIVATE_NETWORK, errors: { url: [PRIVATE_NETWORK] } });
    const named = await call(me, 'PUT', '/api/drive', { url: 'https://localhost/dav/', username: 'a', password: 'b' }, strict);
    expect(named.json().errors).toEqual({ url: [PRIVATE_NETWORK] });
    const plain = await call(me, 'PUT', '/api/drive', { url: dav.url, username: dav.username, password: dav.password }, strict);
    expect(plain.statusCode).toBe(422);
    expect(plain.json().errors).toEqual({ url: ['The address must start with https://.'] });
    expect(dav.requests.length).toBe(before);
    expect((await call(me, 'GET', '/api/drive', undefined, strict)).json().status).toBe('disconnected');
  });

  test('files: the root and a subfolder, folders first then by name, with each filter; search by name in any script', async () => {
    const me = await t.signUp();
    await connect(me);
    const root = await files(me, 'path=/');
    expect(root).toMatchObject({ path: '/', parent: null, truncated: false });
    expect(names(root)).toEqual(['Documents', 'Empty', 'Photos', 'Videos', 'backup.zip', 'notes.txt']);
    expect(root.items[0]).toEqual({
      path: '/Documents',
      name: 'Documents',
      kind: 'folder',
      size: null,
      mime: null,
      modified: expect.any(String),
      category: 'folder',
    });
    expect(root.items.find((item) => item.name === 'notes.txt')).toEqual({
      path: '/notes.txt',
      name: 'notes.txt',
      kind: 'file',
      size: 23,
      mime: 'text/plain',
      modified: expect.any(String),
      category: 'document',
    });
    // No path is the root.
    expect(names(await files(me, ''))).toEqual(names(root));
    expect(names(await files(me, 'path=/&filter=folders'))).toEqual(['Documents', 'Empty', 'Photos', 'Videos']);
    expect(names(await files(me, 'path=/&filter=other'))).toEqual(['backup.zip']);
    expect(names(await files(me, 'path=/&filter=images'))).toEqual([]);

    const documents = await files(me, `path=${encodeURIComponent('/Documents/')}`);
    expect(documents).toMatchObject({ path: '/Documents', parent: '/' });
    expect(names(documents)).toEqual(['Archive', ...['plan.pdf', 'report.docx', 'تقرير الربع.pdf'].sort((a, b) => a.localeCompare(b))]);
    expect(documents.items.map((item) => item.category)).toEqual(['folder', 'document', 'document', 'document']);
    expect(names(await files(me, 'path=/Documents&filter=documents'))).not.toContain('Archive');
    expect(names(await files(me, 'path=/Photos&filter=images'))).toEqual(['whiteboard.png']);
    expect((await files(me, 'path=/Photos')).items[0]).toMatchObject({ mime: 'image/png', category: 'image', size: dav.image.length });
    expect(names(await files(me, 'path=/Videos&filter=videos'))).toEqual(['demo.mp4', 'huge.mov']);
    expect(names(await files(me, 'path=/Videos&filter=documents'))).toEqual([]);
    expect(await files(me, 'path=/Documents/Archive')).toMatchObject({ parent: '/Documents', items: [{ name: '2024', kind: 'folder' }] });

    const notes = await files(me, 'path=/&search=NOTES');
    // Sorted by name: notes.txt before old-notes.txt, wherever they are.
    expect(notes.items.map((item) => item.path)).toEqual([DRIVE_TREE.notes, DRIVE_TREE.nested]);
    expect(notes.truncated).toBe(false);
    const arabic = await files(me, `path=/&search=${encodeURIComponent(' الربع ')}`);
    expect(arabic.items).toEqual([expect.objectContaining({ path: DRIVE_TREE.arabic, name: 'تقرير الربع.pdf', category: 'document' })]);
    expect(names(await files(me, 'path=/&search=.pdf&filter=documents'))).toEqual(
      ['plan.pdf', 'تقرير الربع.pdf'].sort((a, b) => a.localeCompare(b)),
    );
    expect(names(await files(me, 'path=/&search=o&filter=folders'))).toEqual(['Documents', 'Photos', 'Videos']);
    // A blank search is a listing.
    expect(names(await files(me, 'path=/&search=%20'))).toEqual(names(root));

    const missing = await call(me, 'GET', '/api/drive/files?path=/Nowhere');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'The drive has no file or folder at this path.' });
  });

  test('a copy: the file’s bytes, its type and a thumbnail, counted in the quota; an Arabic name kept', async () => {
    const me = await t.signUp();
    await connect(me);
    const taskId = await addTask(me);
    const response = await fromDrive(me, taskId, { path: DRIVE_TREE.image, mode: 'copy' });
    expect(response.statusCode, response.body).toBe(201);
    const { message, attachment } = response.json();
    expect(message).toBe('File attached');
    expect(attachment).toMatchObject({
      task_id: taskId,
      name: 'whiteboard.png',
      mime: 'image/png',
      size: dav.image.length,
      has_thumbnail: true,
      inline: true,
      link_url: null,
      can_delete: true,
    });
    const bytes = await call(me, 'GET', `/api/attachments/${attachment.id}/file`);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.equals(dav.image)).toBe(true);
    const thumbnail = await call(me, 'GET', `/api/attachments/${attachment.id}/thumbnail`);
    expect(thumbnail.statusCode).toBe(200);
    expect((await sharp(thumbnail.rawPayload).metadata()).format).toBe('webp');

    const arabic = (await fromDrive(me, taskId, { path: DRIVE_TREE.arabic, mode: 'copy' })).json().attachment;
    expect(arabic).toMatchObject({ name: 'تقرير الربع.pdf', mime: 'application/pdf', size: DRIVE_PDF.length, link_url: null });
    expect((await call(me, 'GET', `/api/attachments/${arabic.id}/file`)).rawPayload.equals(DRIVE_PDF)).toBe(true);
    expect((await call(me, 'GET', '/api/user/storage')).json().used_bytes).toBe(dav.image.length + DRIVE_PDF.length);
    const logs = (await call(me, 'GET', `/api/task/${taskId}`)).json().activity_logs;
    expect(logs[0].event).toEqual({ code: 'attachment_added', name: 'تقرير الربع.pdf' });
  });

  test('a link: the file’s address on the drive, its size and type, no bytes here, nothing on the quota', async () => {
    const me = await t.signUp();
    await connect(me);
    const taskId = await addTask(me);
    const getsBefore = gets().length;
    const response = await fromDrive(me, taskId, { path: DRIVE_TREE.pdf, mode: 'link' });
    expect(response.statusCode, response.body).toBe(201);
    const { attachment } = response.json();
    expect(attachment).toMatchObject({
      name: 'plan.pdf',
      mime: 'application/pdf',
      size: DRIVE_PDF.length,
      link_url: `${dav.url}Documents/plan.pdf`,
      has_thumbnail: false,
      inline: false,
    });
    const file = await call(me, 'GET', `/api/attachments/${attachment.id}/file`);
    expect(file.statusCode).toBe(409);
    expect(file.json()).toEqual({ message: 'This file is a link to a file on a drive.' });
    const arabic = (await fromDrive(me, taskId, { path: DRIVE_TREE.arabic, mode: 'link' })).json().attachment;
    expect(arabic.link_url).toBe(`${dav.url}Documents/${encodeURIComponent('تقرير الربع.pdf')}`);
    // A link to a file larger than an upload may be is fine: nothing is copied.
    expect((await fromDrive(me, taskId, { path: DRIVE_TREE.huge, mode: 'link' })).statusCode).toBe(201);
    expect(gets().length).toBe(getsBefore);
    expect((await call(me, 'GET', '/api/user/storage')).json().used_bytes).toBe(0);
    const row = await t.database.db.selectFrom('attachments').selectAll().where('id', '=', attachment.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ storage_key: null, thumbnail_key: null });
    expect(row.link_url).not.toContain(dav.password);
  });

  test('a file over 25 MB, or over the quota left, is refused on the drive’s word, without downloading it', async () => {
    const me = await t.signUp();
    await connect(me);
    const taskId = await addTask(me);
    const getsBefore = gets().length;
    const huge = await fromDrive(me, taskId, { path: DRIVE_TREE.huge, mode: 'copy' });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'The file is larger than 25 MB.' });
    // The quota here is 2 MB.
    fs.writeFileSync(path.join(dav.directory, 'three-mb.bin'), '');
    fs.truncateSync(path.join(dav.directory, 'three-mb.bin'), 3 * 1024 * 1024);
    const over = await fromDrive(me, taskId, { path: '/three-mb.bin', mode: 'copy' });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: 'This file does not fit in the storage left for your files.' });
    fs.rmSync(path.join(dav.directory, 'three-mb.bin'));
    expect(gets().length).toBe(getsBefore);
    expect((await call(me, 'GET', `/api/tasks/${taskId}/attachments`)).json().attachments).toEqual([]);
  });

  test('bad input is a 422 with field errors (400 for a body that is not JSON), never a 500', async () => {
    const me = await t.signUp();
    await connect(me);
    const taskId = await addTask(me);
    const expect422 = (response: Awaited<ReturnType<typeof call>>, field: string, label: string) => {
      expect(response.statusCode, `${label}: ${response.body}`).toBe(422);
      const body = response.json();
      expect(body.message, label).toEqual(expect.any(String));
      expect(Object.keys(body.errors), label).toContain(field);
    };
    for (const [query, field] of [
      ['path=/Documents/../..', 'path'],
      ['path=/..', 'path'],
      ['path=Documents', 'path'],
      ['path=/a%00b', 'path'],
      [`path=/${'a'.repeat(1000)}`, 'path'],
      ['path=', 'path'],
      ['filter=music', 'filter'],
      [`search=${'x'.repeat(201)}`, 'search'],
      ['path=/a&path=/b', 'path'],
    ] as const) {
      expect422(await call(me, 'GET', `/api/drive/files?${query}`), field, query);
    }
    const dots = await call(me, 'GET', '/api/drive/files?path=/Documents/../..');
    expect(dots.json()).toEqual({
      message: 'The path must not contain .. segments.',
      errors: { path: ['The path must not contain .. segments.'] },
    });
    const fileAsFolder = await call(me, 'GET', `/api/drive/files?path=${DRIVE_TREE.notes}`);
    expect(fileAsFolder.statusCode).toBe(422);
    expect(fileAsFolder.json()).toEqual({
      message: 'This path is a file, not a folder.',
      errors: { path: ['This path is a file, not a folder.'] },
    });

    for (const [payload, field] of [
      [{ mode: 'copy' }, 'path'],
      [{ path: '/notes.txt' }, 'mode'],
      [{ path: '/../notes.txt', mode: 'copy' }, 'path'],
      [{ path: 'notes.txt', mode: 'copy' }, 'path'],
      [{ path: '/notes.txt', mode: 'move' }, 'mode'],
      [{ path: 42, mode: 'copy' }, 'path'],
      [{ path: ['/notes.txt'], mode: 'link' }, 'path'],
      [{ path: '/a\u0000b', mode: 'copy' }, 'path'],
      [{ path: '/\uD800.png', mode: 'link' }, 'path'],
      [{ path: '/Photos', mode: 'copy' }, 'path'],
      [{ path: '/Photos', mode: 'link' }, 'path'],
      [[], 'body'],
    ] as const) {
      expect422(await fromDrive(me, taskId, payload), field, JSON.stringify(payload));
    }
    expect((await fromDrive(me, taskId, { path: '/Photos', mode: 'copy' })).json().message).toBe(
      'Only a file can be attached, not a folder.',
    );
    const missing = await fromDrive(me, taskId, { path: '/missing.pdf', mode: 'copy' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'The drive has no file or folder at this path.' });
    for (const id of ['0', 'abc', '99999999999', '2147483647']) {
      const unknown = await fromDrive(me, id as unknown as number, { path: DRIVE_TREE.notes, mode: 'copy' });
      expect(unknown.statusCode, id).toBe(404);
      expect(unknown.json(), id).toEqual({ message: 'Task not found' });
    }

    for (const [payload, field] of [
      [{}, 'url'],
      [{ url: 'ftp://example.com/', username: 'a', password: 'b' }, 'url'],
      [{ url: 'not an address', username: 'a', password: 'b' }, 'url'],
      [{ url: 'https://me:secret@example.com/dav/', username: 'a', password: 'b' }, 'url'],
      [{ url: `https://example.com/${'a'.repeat(2000)}`, username: 'a', password: 'b' }, 'url'],
      [{ url: 5, username: 'a', password: 'b' }, 'url'],
      [{ url: dav.url, username: '', password: 'b' }, 'username'],
      [{ url: dav.url, username: 'u'.repeat(201), password: 'b' }, 'username'],
      [{ url: dav.url, username: ['a'], password: 'b' }, 'username'],
      [{ url: dav.url, username: 'a', password: '' }, 'password'],
      [{ url: dav.url, username: 'a', password: 'p'.repeat(501) }, 'password'],
      [{ url: dav.url, username: 'a', password: null }, 'password'],
      [{ url: dav.url, username: 'a\u0000', password: 'b' }, 'username'],
      [{ url: dav.url, username: 'a', password: 'b\uD800' }, 'password'],
    ] as const) {
      expect422(await call(me, 'PUT', '/api/drive', payload), field, JSON.stringify(payload));
    }
    const notJson = await t.app.inject({
      method: 'PUT',
      url: '/api/drive',
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: '{"url":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ message: 'The request body is not valid JSON.' });
    // Still connected as before: nothing invalid replaced it.
    expect((await call(me, 'GET', '/api/drive')).json()).toMatchObject({ status: 'connected', url: dav.url });
  });

  test('hostile values in every field and parameter are answered 4xx with a message, never a 500', async () => {
    const me = await t.signUp();
    await connect(me);
    const taskId = await addTask(me);
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }).map((text) => `/${text}`),
      fc.constantFrom('/', '/..', '/a/../b', '\u0000', '/\uD800', '//', '/./.', 'مهمة', `/${'x'.repeat(1200)}`, '%2e%2e', '/%00'),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
    );
    const text = (input: unknown) => (typeof input === 'string' ? input : (JSON.stringify(input) ?? ''));
    const answered = (response: Awaited<ReturnType<typeof call>>, label: string) => {
      expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
      if (response.statusCode >= 400) expect(response.json().message, label).toEqual(expect.any(String));
    };
    await fc.assert(
      fc.asyncProperty(value, value, value, async (pathValue, filter, search) => {
        const query = new URLSearchParams({ path: text(pathValue), filter: text(filter), search: text(search) });
        answered(await call(me, 'GET', `/api/drive/files?${query}`), query.toString());
        answered(await fromDrive(me, taskId, { path: pathValue, mode: filter }), JSON.stringify({ pathValue, filter }));
        answered(await fromDrive(me, taskId, { path: pathValue, mode: 'link' }), JSON.stringify({ pathValue }));
        answered(await call(me, 'PUT', '/api/drive', { url: pathValue, username: filter, password: search }), 'PUT');
      }),
      { numRuns: 40 },
    );
    // The hostile calls never replaced the drive.
    expect((await call(me, 'GET', '/api/drive')).json()).toMatchObject({ status: 'connected', url: dav.url });
  });

  test('the API document lists the drive routes', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/drive', '/api/drive/files', '/api/tasks/{id}/attachments/from-drive']),
    );
    const parameters = document.paths['/api/drive/files'].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(parameters.sort()).toEqual(['filter', 'path', 'search']);
  });

  test('each person sees only their own drive: not connected is 409; disconnecting and deleting the account forget it', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    await connect(owner);
    expect((await call(other, 'GET', '/api/drive')).json()).toMatchObject({ status: 'disconnected', url: null, username: null });
    for (const query of ['path=/', 'path=/Documents&search=plan']) {
      const answer = await call(other, 'GET', `/api/drive/files?${query}`);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ message: NOT_CONNECTED });
    }
    const attached = await fromDrive(other, await addTask(other), { path: DRIVE_TREE.pdf, mode: 'link' });
    expect(attached.statusCode).toBe(409);
    expect(attached.json()).toEqual({ message: NOT_CONNECTED });

    // Each their own: the other connects with their own credentials, the owner's stay.
    await connect(other, { url: `${dav.url}Documents/` });
    expect(names(await files(other, ''))).toEqual([
      'Archive',
      ...['plan.pdf', 'report.docx', 'تقرير الربع.pdf'].sort((a, b) => a.localeCompare(b)),
    ]);
    expect((await call(owner, 'GET', '/api/drive')).json().url).toBe(dav.url);

    expect((await call(owner, 'DELETE', '/api/drive')).json()).toEqual({
      provider: 'webdav',
      status: 'disconnected',
      url: null,
      username: null,
      connected_at: null,
      checked_at: null,
    });
    expect((await call(owner, 'GET', '/api/drive/files')).statusCode).toBe(409);
    expect((await call(owner, 'DELETE', '/api/drive')).statusCode).toBe(200);
    expect((await call(other, 'GET', '/api/drive')).json().status).toBe('connected');

    expect((await call(other, 'DELETE', '/api/user', { password: other.password })).statusCode).toBeLessThan(300);
    expect(
      await t.database.db
        .selectFrom('drive_connections')
        .select('user_id')
        .where('user_id', 'in', [owner.user.id, other.user.id])
        .execute(),
    ).toEqual([]);

    for (const [method, url] of [
      ['GET', '/api/drive'],
      ['PUT', '/api/drive'],
      ['DELETE', '/api/drive'],
      ['GET', '/api/drive/files'],
      ['POST', '/api/tasks/1/attachments/from-drive'],
    ] as const) {
      expect((await call(null, method, url, method === 'PUT' || method === 'POST' ? {} : undefined)).statusCode, url).toBe(401);
    }
  });

  test('attaching to someone else’s task follows the task: a pending recipient or a stranger gets 404 before the drive is asked', async () => {
    const owner = await t.signUp();
    const friend = await t.signUp();
    const invited = await t.signUp();
    const stranger = await t.signUp();
    const taskId = await addTask(owner);
    for (const [person, accept] of [
      [friend, true],
      [invited, false],
    ] as const) {
      expect((await call(owner, 'POST', `/api/tasks/${taskId}/share`, { email_ids: [person.user.email] })).statusCode).toBe(200);
      if (accept) expect((await call(person, 'POST', `/api/tasks/${taskId}/accept-share`)).statusCode).toBe(200);
    }
    await connect(stranger);
    await connect(invited);
    const before = dav.requests.length;
    for (const outsider of [invited, stranger]) {
      for (const mode of ['copy', 'link']) {
        const answer = await fromDrive(outsider, taskId, { path: DRIVE_TREE.notes, mode });
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual({ message: 'Task not found' });
      }
    }
    expect(dav.requests.length).toBe(before);
    // The accepted recipient attaches from their own drive.
    await connect(friend);
    const added = await fromDrive(friend, taskId, { path: DRIVE_TREE.notes, mode: 'copy' });
    expect(added.statusCode, added.body).toBe(201);
    expect((await call(owner, 'GET', `/api/tasks/${taskId}/attachments`)).json().attachments).toEqual([
      expect.objectContaining({ name: 'notes.txt', user_id: friend.user.id, mime: 'text/plain' }),
    ]);
  });

  test('a drive that stops accepting the password, breaks mid-copy, or goes away: 502 with the message to show', async () => {
    const own = await startWebdavServer({ username: 'bob', password: 'first-password' });
    const breaking = await startBreakingDrive();
    try {
      const me = await t.signUp();
      const taskId = await addTask(me);
      await connect(me, own);
      expect(names(await files(me, 'path=/'))).toContain('Documents');

      own.setPassword('revoked');
      for (const response of [
        await call(me, 'GET', '/api/drive/files?path=/'),
        await call(me, 'GET', '/api/drive/files?path=/&search=plan'),
        await fromDrive(me, taskId, { path: DRIVE_TREE.pdf, mode: 'copy' }),
      ]) {
        expect(response.statusCode).toBe(502);
        expect(response.json()).toEqual({ message: REJECTED });
      }
      own.setPassword('first-password');
      expect(names(await files(me, 'path=/Photos'))).toEqual(['whiteboard.png']);

      await own.stop();
      for (const response of [
        await call(me, 'GET', '/api/drive/files?path=/'),
        await call(me, 'GET', '/api/drive/files?path=/&search=x'),
        await fromDrive(me, taskId, { path: DRIVE_TREE.pdf, mode: 'copy' }),
        await fromDrive(me, taskId, { path: DRIVE_TREE.pdf, mode: 'link' }),
      ]) {
        expect(response.statusCode).toBe(502);
        expect(response.json()).toEqual({ message: FAILED });
      }
      // Still connected: the person may try again, or disconnect.
      expect((await call(me, 'GET', '/api/drive')).json().status).toBe('connected');

      await connect(me, { url: breaking.url, username: 'a', password: 'b' });
      const broken = await fromDrive(me, taskId, { path: '/broken.bin', mode: 'copy' });
      expect(broken.statusCode).toBe(502);
      expect(broken.json()).toEqual({ message: FAILED });
      expect((await call(me, 'GET', `/api/tasks/${taskId}/attachments`)).json().attachments).toEqual([]);
      expect((await call(me, 'GET', '/api/user/storage')).json().used_bytes).toBe(0);
    } finally {
      await own.stop();
      await breaking.stop();
    }
  });
});
