import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testClock } from '../../tests/support/test-clock.ts';
import { testDialects } from '../../tests/support/test-database.ts';
import { startS3Server } from '../../tests/support/s3-server.ts';

/**
 * Issue 24: files on tasks through the HTTP API, on both databases and both stores (the disk under
 * DATA_DIR, and a real S3-compatible server on loopback).
 */
const png = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const combinations = testDialects().flatMap((dialect) => (['disk', 's3'] as const).map((store) => [dialect, store] as const));

describe.each(combinations)('attachments on %s with the %s store', (dialect, storeKind) => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  const clock = testClock(new Date().toISOString());
  beforeAll(async () => {
    s3 = storeKind === 's3' ? await startS3Server() : undefined;
    t = await createTestApp(dialect, { clock, env: { ATTACHMENT_QUOTA_MB: '2', ...(s3 ? { STORAGE_URL: s3.url } : {}) } });
  });
  afterAll(async () => {
    await t.close();
    await s3?.stop();
  });

  type Caller = SignedInUser | null;
  const call = (
    user: Caller,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { payload?: unknown; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(user ? user.headers : {}), ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
  const addTask = async (user: SignedInUser, title = 'With files') => {
    const response = await call(user, 'POST', '/api/tasks/add', { payload: { title } });
    expect(response.statusCode).toBe(201);
    return response.json().task.id as number;
  };
  const upload = (user: Caller, taskId: number, name: string, bytes: Buffer | string, contentType = 'application/octet-stream') =>
    call(user, 'POST', `/api/tasks/${taskId}/attachments?name=${encodeURIComponent(name)}`, {
      payload: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
      headers: { 'content-type': contentType },
    });
  const attach = async (user: SignedInUser, taskId: number, name: string, bytes: Buffer | string, contentType?: string) => {
    const response = await upload(user, taskId, name, bytes, contentType);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().attachment as { id: number; name: string; mime: string; size: number; has_thumbnail: boolean; inline: boolean };
  };
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const { key } of t.app.taskaty.files.list()) keys.push(key);
    return keys.sort();
  };
  const share = async (owner: SignedInUser, taskId: number, friend: SignedInUser, accept: boolean) => {
    expect((await call(owner, 'POST', `/api/tasks/${taskId}/share`, { payload: { email_ids: [friend.user.email] } })).statusCode).toBe(200);
    if (accept) expect((await call(friend, 'POST', `/api/tasks/${taskId}/accept-share`)).statusCode).toBe(200);
  };

  test('an image is stored with its sniffed type and a thumbnail, listed, downloaded whole and in ranges, logged', async () => {
    const me = await t.signUp({ name: 'Photo Taker' });
    const taskId = await addTask(me);
    const image = await png();
    // The client's type is not believed: it says text, the bytes say PNG.
    const added = await attach(me, taskId, 'whiteboard.png', image, 'text/plain');
    expect(added).toMatchObject({ name: 'whiteboard.png', mime: 'image/png', size: image.length, has_thumbnail: true, inline: true });

    const listed = (await call(me, 'GET', `/api/tasks/${taskId}/attachments`)).json().attachments;
    expect(listed).toEqual([expect.objectContaining({ id: added.id, user_name: 'Photo Taker', can_delete: true, task_id: taskId })]);

    const whole = await call(me, 'GET', `/api/attachments/${added.id}/file`);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(image)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(image.length),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(whole.headers['content-disposition']).toBe('inline; filename="whiteboard.png"');
    expect(whole.headers['content-encoding']).toBeUndefined();

    const download = await call(me, 'GET', `/api/attachments/${added.id}/file?download=1`);
    expect(download.headers['content-disposition']).toBe('attachment; filename="whiteboard.png"');

    for (const [range, start, end] of [
      ['bytes=0-0', 0, 0],
      ['bytes=10-99', 10, 99],
      [`bytes=-16`, image.length - 16, image.length - 1],
      [`bytes=${image.length - 1}-`, image.length - 1, image.length - 1],
    ] as const) {
      const part = await call(me, 'GET', `/api/attachments/${added.id}/file`, { headers: { range } });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range'], range).toBe(`bytes ${start}-${end}/${image.length}`);
      expect(part.rawPayload.equals(image.subarray(start, end + 1)), range).toBe(true);
    }
    const outside = await call(me, 'GET', `/api/attachments/${added.id}/file`, { headers: { range: `bytes=${image.length + 5}-` } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${image.length}`);
    // Unchanged since it was read: 304, after the access check.
    const again = await call(me, 'GET', `/api/attachments/${added.id}/file`, {
      headers: { 'if-none-match': whole.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    const thumbnail = await call(me, 'GET', `/api/attachments/${added.id}/thumbnail`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumbnail.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 240]);

    const logs = (await call(me, 'GET', `/api/task/${taskId}`)).json().activity_logs;
    expect(logs[0]).toMatchObject({
      description: 'Attached the file “whiteboard.png”',
      event: { code: 'attachment_added', name: 'whiteboard.png' },
    });

    expect((await call(me, 'DELETE', `/api/attachments/${added.id}`)).statusCode).toBe(200);
    expect((await call(me, 'GET', `/api/attachments/${added.id}/file`)).statusCode).toBe(404);
    expect((await call(me, 'GET', `/api/tasks/${taskId}/attachments`)).json().attachments).toEqual([]);
    const after = (await call(me, 'GET', `/api/task/${taskId}`)).json().activity_logs;
    expect(after[0].description).toBe('Deleted the file “whiteboard.png”');
    expect(await storedKeys()).not.toContain(expect.stringContaining('.thumb'));
  });

  test('who may list, add, open and delete files follows the task: owner, accepted and pending recipient, stranger, nobody', async () => {
    const owner = await t.signUp();
    const friend = await t.signUp();
    const invited = await t.signUp();
    const stranger = await t.signUp();
    const taskId = await addTask(owner);
    await share(owner, taskId, friend, true);
    await share(owner, taskId, invited, false);
    const ownersFile = await attach(owner, taskId, 'plan.pdf', pdf);
    const friendsFile = await attach(friend, taskId, 'notes.txt', 'Notes from the friend');
    expect(ownersFile).toMatchObject({ mime: 'application/pdf', inline: true, has_thumbnail: false });
    expect(friendsFile).toMatchObject({ mime: 'text/plain', inline: false });

    // The accepted recipient sees both, may delete only their own.
    const friendSees = (await call(friend, 'GET', `/api/tasks/${taskId}/attachments`)).json().attachments;
    expect(friendSees.map((file: { name: string; can_delete: boolean }) => [file.name, file.can_delete])).toEqual([
      ['plan.pdf', false],
      ['notes.txt', true],
    ]);
    expect((await call(friend, 'GET', `/api/attachments/${ownersFile.id}/file`)).statusCode).toBe(200);
    const refused = await call(friend, 'DELETE', `/api/attachments/${ownersFile.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only the person who added this file or the task owner can delete it.' });

    // A pending recipient and a stranger cannot tell the files exist; nobody signed in is 401.
    for (const outsider of [invited, stranger]) {
      expect((await call(outsider, 'GET', `/api/tasks/${taskId}/attachments`)).json()).toEqual({ message: 'Task not found' });
      expect((await upload(outsider, taskId, 'x.txt', 'x')).statusCode).toBe(404);
      for (const url of [`/api/attachments/${ownersFile.id}/file`, `/api/attachments/${ownersFile.id}/thumbnail`]) {
        const answer = await call(outsider, 'GET', url);
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json()).toEqual({ message: 'File not found' });
      }
      expect((await call(outsider, 'DELETE', `/api/attachments/${friendsFile.id}`)).statusCode).toBe(404);
    }
    expect((await call(null, 'GET', `/api/tasks/${taskId}/attachments`)).statusCode).toBe(401);
    expect((await upload(null, taskId, 'x.txt', 'x')).statusCode).toBe(401);
    expect((await call(null, 'GET', `/api/attachments/${ownersFile.id}/file`)).statusCode).toBe(401);

    // The owner deletes a recipient's file; the recipient their own.
    expect((await call(owner, 'DELETE', `/api/attachments/${friendsFile.id}`)).statusCode).toBe(200);
    const third = await attach(friend, taskId, 'third.txt', 'three');
    expect((await call(friend, 'DELETE', `/api/attachments/${third.id}`)).statusCode).toBe(200);
    // A recipient who leaves loses access at once.
    expect((await call(friend, 'POST', `/api/tasks/${taskId}/leave-share`)).statusCode).toBeLessThan(300);
    expect((await call(friend, 'GET', `/api/attachments/${ownersFile.id}/file`)).statusCode).toBe(404);
  });

  test('limits: 25 MB a file, announced or not; the quota counts per person and shows in the usage', async () => {
    const me = await t.signUp();
    const taskId = await addTask(me);
    const tooBig = await upload(me, taskId, 'huge.bin', Buffer.alloc(25 * 1024 * 1024 + 1, 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: 'The file is larger than 25 MB.' });
    // The quota here is 2 MB: a second 1.2 MB file does not fit, announced or found while counting.
    const big = Buffer.alloc(1.2 * 1024 * 1024, 7);
    await attach(me, taskId, 'one.bin', big);
    const over = await upload(me, taskId, 'two.bin', big);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: 'This file does not fit in the storage left for your files.' });
    expect((await call(me, 'GET', '/api/user/storage')).json()).toEqual({
      used_bytes: big.length,
      quota_bytes: 2 * 1024 * 1024,
      max_file_bytes: 25 * 1024 * 1024,
    });
    // Another person's quota is their own.
    const other = await t.signUp();
    await attach(other, await addTask(other), 'one.bin', big);
    // Files a recipient adds count on the task owner's quota, not theirs, and stay there when they leave.
    const owner = await t.signUp();
    const ownersTask = await addTask(owner);
    await share(owner, ownersTask, me, true);
    const small = Buffer.alloc(300 * 1024, 3);
    await attach(me, ownersTask, 'for-the-owner.bin', small);
    const usage = async (user: SignedInUser) => (await call(user, 'GET', '/api/user/storage')).json().used_bytes as number;
    expect(await usage(owner)).toBe(small.length);
    expect(await usage(me)).toBe(big.length);
    await attach(owner, ownersTask, 'owners.bin', big);
    const ownerFull = await upload(me, ownersTask, 'too-much.bin', big);
    expect(ownerFull.statusCode).toBe(413);
    expect(ownerFull.json()).toEqual({ message: 'This file does not fit in the storage the task’s owner has left.' });
    expect((await call(me, 'POST', `/api/tasks/${ownersTask}/leave-share`)).statusCode).toBe(200);
    expect(await usage(me)).toBe(big.length);
    expect(await usage(owner)).toBe(small.length + big.length);
    // Nothing refused was kept.
    const rows = await t.database.db.selectFrom('attachments').select('storage_key').execute();
    const keys = await storedKeys();
    expect(keys.filter((key) => !key.endsWith('.thumb')).sort()).toEqual(expect.arrayContaining(rows.map((row) => row.storage_key)));
    expect(keys.filter((key) => !key.endsWith('.thumb'))).toHaveLength(rows.length);
  });

  test('a drive link may name a file past 2 GB (a video): listed with its size, nothing on the quota', async () => {
    const me = await t.signUp();
    const taskId = await addTask(me);
    await t.database.db
      .insertInto('attachments')
      .values({
        task_id: taskId,
        user_id: me.user.id,
        name: 'holiday.mp4',
        mime: 'video/mp4',
        size: 3_000_000_000,
        storage_key: null,
        link_url: 'https://cloud.example.com/remote.php/dav/files/me/holiday.mp4',
        thumbnail_key: null,
        created_at: clock.nowIso(),
      })
      .execute();
    expect((await call(me, 'GET', `/api/tasks/${taskId}/attachments`)).json().attachments).toEqual([
      expect.objectContaining({ name: 'holiday.mp4', size: 3_000_000_000 }),
    ]);
    expect((await call(me, 'GET', '/api/user/storage')).json().used_bytes).toBe(0);
  });

  test('bad input gets a clear error: no name, an empty file, unknown and malformed ids', async () => {
    const me = await t.signUp();
    const taskId = await addTask(me);
    const unnamed = await call(me, 'POST', `/api/tasks/${taskId}/attachments`, {
      payload: Buffer.from('x'),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().message).toBe('The file name is required.');
    const empty = await upload(me, taskId, 'empty.txt', Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ message: 'The file is empty.', errors: { file: ['The file is empty.'] } });
    for (const id of ['999999', 'abc', '-1', '0', '99999999999999999999']) {
      expect((await call(me, 'GET', `/api/attachments/${id}/file`)).json(), id).toEqual({ message: 'File not found' });
      expect((await call(me, 'DELETE', `/api/attachments/${id}`)).statusCode, id).toBe(404);
      expect((await upload(me, id as unknown as number, 'a.txt', 'a')).statusCode, id).toBe(404);
    }
  });

  test('hostile files are kept as bytes to download: HTML, SVG with a script, a GIF that is also HTML, names with ../ and bidi characters', async () => {
    const me = await t.signUp();
    const taskId = await addTask(me);
    const html = await attach(me, taskId, 'photo.png', '<!doctype html><script>alert(document.cookie)</script>', 'image/png');
    expect(html).toMatchObject({ mime: 'text/html', inline: false, has_thumbnail: false });
    const svg = await attach(
      me,
      taskId,
      'logo.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'image/svg+xml',
    );
    expect(svg).toMatchObject({ mime: 'image/svg+xml', inline: false });
    for (const file of [html, svg]) {
      const answer = await call(me, 'GET', `/api/attachments/${file.id}/file`);
      expect(answer.headers['content-type']).toBe('application/octet-stream');
      expect(answer.headers['content-disposition']).toMatch(/^attachment; /);
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    }
    // A polyglot: a valid GIF header followed by HTML. It is a GIF, shown as one, in a sandbox, never as a page.
    const polyglot = await attach(
      me,
      taskId,
      'both.html',
      Buffer.concat([Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'), Buffer.from('<html><script>alert(1)</script>')]),
    );
    expect(polyglot.mime).toBe('image/gif');
    const shown = await call(me, 'GET', `/api/attachments/${polyglot.id}/file`);
    expect(shown.headers['content-type']).toBe('image/gif');
    expect(shown.headers['content-security-policy']).toBe("default-src 'none'; sandbox");

    const traversal = await attach(me, taskId, '../../etc/passwd', 'root:x:0:0');
    expect(traversal.name).toBe('passwd');
    const windows = await attach(me, taskId, '..\\..\\boot.ini', 'x');
    expect(windows.name).toBe('boot.ini');
    const dots = await attach(me, taskId, '..', 'x');
    expect(dots.name).toBe('file');
    // Right-to-left override: "invoice‮fdp.exe" would show as "invoiceexe.pdf".
    const bidi = await attach(me, taskId, 'invoice\u202Efdp.exe', 'MZ');
    expect(bidi.name).toBe('invoicefdp.exe');
    const arabic = await attach(me, taskId, 'تقرير الربع.pdf', pdf);
    const answer = await call(me, 'GET', `/api/attachments/${arabic.id}/file?download=1`);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="${'تقرير الربع.pdf'.replace(/[^\x20-\x7e]/g, '?')}"; filename*=UTF-8''${encodeURIComponent('تقرير الربع.pdf')}`,
    );
    // A Word file is a zip package whose type names XML ("…openxmlformats…"): it keeps its type, as bytes to download.
    const word = await call(me, 'GET', `/api/tasks/${taskId}/word`);
    expect(word.statusCode).toBe(200);
    const docx = await attach(me, taskId, 'notes.docx', word.rawPayload);
    expect(docx).toMatchObject({ mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', inline: false });
    const quoted = await attach(me, taskId, 'a"b;\r\nX-Evil: 1.txt', 'x');
    const quotedAnswer = await call(me, 'GET', `/api/attachments/${quoted.id}/file`);
    expect(quotedAnswer.headers['x-evil']).toBeUndefined();
    expect(quoted.name).toBe('a"b;X-Evil: 1.txt');
  });

  test('a deleted task keeps its files for its undo and loses them after; an account takes its files; the sweep removes orphans', async () => {
    const owner = await t.signUp();
    const friend = await t.signUp();
    const taskId = await addTask(owner);
    await share(owner, taskId, friend, true);
    const image = await attach(owner, taskId, 'a.png', await png());
    const keysWithTask = await storedKeys();
    const imageKeys = await t.database.db
      .selectFrom('attachments')
      .select(['storage_key', 'thumbnail_key'])
      .where('id', '=', image.id)
      .executeTakeFirstOrThrow();
    expect(keysWithTask).toEqual(expect.arrayContaining([imageKeys.storage_key, imageKeys.thumbnail_key]));

    // Deleted and put back within the window: the file is there.
    expect((await call(owner, 'DELETE', `/api/tasks/delete/${taskId}`)).statusCode).toBe(200);
    await t.app.taskaty.deletedTaskPurge.run();
    expect((await call(owner, 'POST', `/api/tasks/${taskId}/restore`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/attachments/${image.id}/file`)).statusCode).toBe(200);

    // Deleted for good (the window passed): its bytes and thumbnail are gone from the store.
    expect((await call(owner, 'DELETE', `/api/tasks/delete/${taskId}`)).statusCode).toBe(200);
    clock.set(new Date(clock.now().getTime() + 60_000).toISOString());
    await t.app.taskaty.deletedTaskPurge.run();
    expect(await storedKeys()).toEqual(keysWithTask.filter((key) => key !== imageKeys.storage_key && key !== imageKeys.thumbnail_key));

    // An account's deletion takes the files on its tasks and those it added to others' tasks.
    const mine = await addTask(owner, 'mine');
    const theirs = await addTask(friend, 'theirs');
    await share(friend, theirs, owner, true);
    await attach(owner, mine, 'mine.txt', 'mine');
    await attach(owner, theirs, 'added.txt', 'added');
    const friendsOwn = await attach(friend, theirs, 'kept.txt', 'kept');
    const before = await storedKeys();
    expect((await call(owner, 'DELETE', '/api/user', { payload: { password: owner.password } })).statusCode).toBeLessThan(300);
    const left = await storedKeys();
    expect(left.length).toBe(before.length - 2);
    expect((await call(friend, 'GET', `/api/attachments/${friendsOwn.id}/file`)).statusCode).toBe(200);

    // The sweep: a stored file no row names is deleted once it is an hour old, never sooner.
    const orphanSource = `${t.config.dataDir}/orphan-source`;
    await import('node:fs').then((fs) => fs.promises.writeFile(orphanSource, 'orphan'));
    const orphanKey = `ab/${'0'.repeat(32)}`;
    await t.app.taskaty.files.put(orphanKey, orphanSource, 'text/plain');
    // An upload a crash cut short left its temporary file.
    const fs = await import('node:fs');
    await fs.promises.mkdir(`${t.config.dataDir}/uploads`, { recursive: true });
    await fs.promises.writeFile(`${t.config.dataDir}/uploads/upload-cut-short`, 'half a file');
    await t.app.taskaty.purge.run();
    expect(await storedKeys()).toContain(orphanKey);
    expect(fs.existsSync(`${t.config.dataDir}/uploads/upload-cut-short`)).toBe(true);
    clock.set(new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString());
    await t.app.taskaty.purge.run();
    const swept = await storedKeys();
    expect(swept).not.toContain(orphanKey);
    expect(fs.existsSync(`${t.config.dataDir}/uploads/upload-cut-short`)).toBe(false);
    expect(swept).toEqual(left);
    expect((await call(friend, 'GET', `/api/attachments/${friendsOwn.id}/file`)).statusCode).toBe(200);
  });

  test('an image pasted before its description is saved is staged, its uploader’s alone, and the task that saves a link to it adopts it', async () => {
    const me = await t.signUp({ name: 'Paste Person' });
    const stranger = await t.signUp();
    const stage = (user: Caller, name: string, bytes: Buffer | string) =>
      call(user, 'POST', `/api/attachments?name=${encodeURIComponent(name)}`, {
        payload: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
        headers: { 'content-type': 'application/octet-stream' },
      });
    const image = await png();
    const staged = await stage(me, 'pasted.png', image);
    expect(staged.statusCode, staged.body).toBe(201);
    const pasted = staged.json().attachment;
    expect(pasted).toMatchObject({ task_id: null, name: 'pasted.png', mime: 'image/png', has_thumbnail: true, can_delete: true });
    // Only its uploader may open it; it counts on their storage.
    expect((await call(me, 'GET', `/api/attachments/${pasted.id}/file`)).statusCode).toBe(200);
    expect((await call(me, 'GET', `/api/attachments/${pasted.id}/thumbnail`)).statusCode).toBe(200);
    expect((await call(stranger, 'GET', `/api/attachments/${pasted.id}/file`)).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `/api/attachments/${pasted.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/attachments/${pasted.id}/file`)).statusCode).toBe(401);
    expect((await call(me, 'GET', '/api/user/storage')).json().used_bytes).toBe(image.length);
    // Only pictures a description can show are staged; anything else is refused and not kept.
    const keysBefore = await storedKeys();
    for (const [name, bytes] of [
      ['notes.txt', 'just text'],
      ['drawing.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['report.pdf', pdf],
    ] as const) {
      const refused = await stage(me, name, bytes);
      expect(refused.statusCode, name).toBe(415);
      expect(refused.json()).toEqual({
        message: 'Only PNG, JPEG, GIF, WebP and AVIF images can be put in a description.',
        errors: { file: ['Only PNG, JPEG, GIF, WebP and AVIF images can be put in a description.'] },
      });
    }
    expect(await storedKeys()).toEqual(keysBefore);

    // Created with a description linking it (and a stranger's staged image, which stays theirs).
    const theirs = (await stage(stranger, 'theirs.png', image)).json().attachment;
    const description = `Before:\n\n![pasted](/api/attachments/${pasted.id}/file)\n\n![x](/api/attachments/${theirs.id}/file)`;
    const created = await call(me, 'POST', '/api/tasks/add', { payload: { title: 'Fix the shelf', description } });
    expect(created.statusCode).toBe(201);
    const taskId = created.json().task.id as number;
    expect(created.json().task.description).toBe(description);
    expect((await call(me, 'GET', `/api/tasks/${taskId}/attachments`)).json().attachments).toEqual([
      expect.objectContaining({ id: pasted.id, task_id: taskId, name: 'pasted.png', user_name: 'Paste Person' }),
    ]);
    const logs = (await call(me, 'GET', `/api/task/${taskId}`)).json().activity_logs;
    expect(logs.map((log: { event: { code: string } }) => log.event.code).sort()).toEqual(['attachment_added', 'created']);
    expect((await call(stranger, 'GET', `/api/attachments/${theirs.id}/file`)).statusCode).toBe(200);
    expect((await call(me, 'GET', `/api/attachments/${theirs.id}/file`)).statusCode).toBe(404);
    // An id no row can have is no error (PostgreSQL's integers end at 2^31 − 1).
    const huge = await call(me, 'POST', '/api/tasks/add', {
      payload: { title: 'Huge', description: '![x](/api/attachments/3000000000/file)' },
    });
    expect(huge.statusCode, huge.body).toBe(201);
    // Linked again from another task, an adopted file stays where it is.
    const other = await call(me, 'POST', '/api/tasks/add', {
      payload: { title: 'Other', description: `![again](/api/attachments/${pasted.id}/file)` },
    });
    expect((await call(me, 'GET', `/api/tasks/${other.json().task.id}/attachments`)).json().attachments).toEqual([]);

    // A recipient's image pasted in an edit joins the owner's task and the owner's storage.
    const owner = await t.signUp();
    const shared = await addTask(owner, 'Shared');
    await share(owner, shared, me, true);
    const usage = async (user: SignedInUser) => (await call(user, 'GET', '/api/user/storage')).json().used_bytes as number;
    const mineBefore = await usage(me);
    const edit = (await stage(me, 'edit.png', image)).json().attachment;
    expect(await usage(me)).toBe(mineBefore + image.length);
    const updated = await call(me, 'PUT', `/api/tasks/update/${shared}`, {
      payload: { title: 'Shared', description: `![edit](/api/attachments/${edit.id}/file)` },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await call(owner, 'GET', `/api/tasks/${shared}/attachments`)).json().attachments).toEqual([
      expect.objectContaining({ id: edit.id, task_id: shared, can_delete: true }),
    ]);
    expect(await usage(me)).toBe(mineBefore);
    expect(await usage(owner)).toBe(image.length);

    // Adopting past the owner's quota refuses the whole save: the description is not changed.
    const big = Buffer.alloc(1.2 * 1024 * 1024, 5);
    await attach(owner, shared, 'owners.bin', big);
    const heavy = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    const tooMuch = (await stage(me, 'heavy.png', heavy)).json().attachment;
    expect(image.length + big.length + heavy.length).toBeGreaterThan(2 * 1024 * 1024);
    const refused = await call(me, 'PUT', `/api/tasks/update/${shared}`, {
      payload: { title: 'Shared', description: `![heavy](/api/attachments/${tooMuch.id}/file)` },
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ message: 'This file does not fit in the storage the task’s owner has left.' });
    expect((await call(owner, 'GET', `/api/task/${shared}`)).json().task.description).toBe(`![edit](/api/attachments/${edit.id}/file)`);

    // One no description adopted (a dialog closed without saving) is swept after a day, bytes and all.
    const keysWithStaged = await storedKeys();
    clock.set(new Date(clock.now().getTime() + 2 * 60 * 60 * 1000).toISOString());
    await t.app.taskaty.purge.run();
    expect((await call(me, 'GET', `/api/attachments/${tooMuch.id}/file`)).statusCode).toBe(200);
    clock.set(new Date(clock.now().getTime() + 24 * 60 * 60 * 1000).toISOString());
    await t.app.taskaty.purge.run();
    expect((await call(me, 'GET', `/api/attachments/${tooMuch.id}/file`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/attachments/${theirs.id}/file`)).statusCode).toBe(404);
    expect((await call(me, 'GET', `/api/attachments/${pasted.id}/file`)).statusCode).toBe(200);
    expect((await storedKeys()).length).toBe(keysWithStaged.length - 4);
  });
});
