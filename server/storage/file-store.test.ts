import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startS3Server } from '../../tests/support/s3-server.ts';
import { createDiskStore } from './disk-store.ts';
import type { FileStore } from './file-store.ts';
import { createS3Store, parseStorageUrl } from './s3-store.ts';

let directory: string;
let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-file-store-'));
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(directory, { recursive: true, force: true });
});

/** A key as `newStorageKey` makes them. */
const newKey = () => {
  const hex = crypto.randomBytes(16).toString('hex');
  return `${hex.slice(0, 2)}/${hex}`;
};

let sources = 0;
/** A finished temporary file, as the upload route hands to put(). */
function source(bytes: Buffer): string {
  const file = path.join(directory, `source-${++sources}`);
  fs.writeFileSync(file, bytes);
  return file;
}

async function bytesOf(stream: Readable | undefined): Promise<Buffer | undefined> {
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The S3 URL with a bucket of its own, so each test starts from an empty store. */
const freshBucketUrl = () => s3.url.replace(/[^/]+$/, `taskaty-test-${crypto.randomBytes(6).toString('hex')}`);

// Each test gets an empty store: list() must see exactly what the test stored.
describe.each([
  { kind: 'disk', fresh: () => createDiskStore(fs.mkdtempSync(path.join(directory, 'disk-'))) },
  { kind: 's3', fresh: () => createS3Store(freshBucketUrl()) },
])('$kind store', ({ kind, fresh }) => {
  async function openStore(): Promise<FileStore> {
    const store = fresh();
    await store.open();
    return store;
  }

  test('has its kind and opens twice', async () => {
    const store = await openStore();
    expect(store.kind).toBe(kind);
    // A restart opens an existing folder or bucket.
    await store.open();
  });

  test('gives back all the bytes or an inclusive range', async () => {
    const store = await openStore();
    const key = newKey();
    const bytes = crypto.randomBytes(1000);
    await store.put(key, source(bytes), 'application/octet-stream');

    expect(await bytesOf(await store.get(key))).toEqual(bytes);
    expect(await bytesOf(await store.get(key, { start: 0, end: 0 }))).toEqual(bytes.subarray(0, 1));
    expect(await bytesOf(await store.get(key, { start: 100, end: 599 }))).toEqual(bytes.subarray(100, 600));
    expect(await bytesOf(await store.get(key, { start: 999, end: 999 }))).toEqual(bytes.subarray(999));
    expect(await bytesOf(await store.get(key, { start: 0, end: 999 }))).toEqual(bytes);
  });

  test('a key not stored is undefined', async () => {
    const store = await openStore();
    expect(await store.get(newKey())).toBeUndefined();
    expect(await store.get(newKey(), { start: 0, end: 9 })).toBeUndefined();
  });

  test('put replaces what the key held', async () => {
    const store = await openStore();
    const key = newKey();
    await store.put(key, source(Buffer.from('the first version, the longer one')), 'text/plain');
    await store.put(key, source(Buffer.from('second')), 'text/plain');
    expect((await bytesOf(await store.get(key)))?.toString()).toBe('second');
    const listed = [];
    for await (const item of store.list()) listed.push(item.key);
    expect(listed).toEqual([key]);
  });

  test('deletes stored keys; keys not stored are no error', async () => {
    const store = await openStore();
    const [kept, gone, missing] = [newKey(), newKey(), newKey()];
    await store.put(kept, source(Buffer.from('kept')), 'text/plain');
    await store.put(gone, source(Buffer.from('gone')), 'text/plain');

    await store.delete([gone, missing]);
    expect(await store.get(gone)).toBeUndefined();
    expect((await bytesOf(await store.get(kept)))?.toString()).toBe('kept');
    await store.delete([gone]);
    await store.delete([]);
  });

  test('deletes more keys than one S3 request takes', async () => {
    const store = await openStore();
    const last = newKey();
    await store.put(last, source(Buffer.from('last')), 'text/plain');
    // 1500 keys are two DeleteObjects requests; the stored one is in the second.
    const keys = [...Array.from({ length: 1499 }, newKey), last];
    await store.delete(keys);
    expect(await store.get(last)).toBeUndefined();
  });

  test('lists exactly the stored keys, with when each was stored', async () => {
    const store = await openStore();
    const before = Date.now();
    const keys = [newKey(), newKey(), newKey(), `${newKey()}.thumb`];
    for (const key of keys) await store.put(key, source(Buffer.from(key)), 'text/plain');
    const after = Date.now();

    const listed: { key: string; storedAt: Date }[] = [];
    for await (const item of store.list()) listed.push(item);
    expect(listed.map((item) => item.key).sort()).toEqual([...keys].sort());
    for (const { storedAt } of listed) {
      expect(storedAt).toBeInstanceOf(Date);
      // S3 keeps whole seconds (and the disk's clock may be coarse): a second's slack each side.
      expect(storedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(storedAt.getTime()).toBeLessThanOrEqual(after + 1000);
    }
  });

  test('an empty store lists nothing', async () => {
    const store = await openStore();
    const listed = [];
    for await (const item of store.list()) listed.push(item);
    expect(listed).toEqual([]);
  });

  test('a 3 MB file comes back byte for byte', async () => {
    const store = await openStore();
    const key = newKey();
    const bytes = crypto.randomBytes(3 * 1024 * 1024);
    await store.put(key, source(bytes), 'application/pdf');
    const back = await bytesOf(await store.get(key));
    // Compared by hash: a failed toEqual on 3 MB would print megabytes.
    expect(back?.length).toBe(bytes.length);
    expect(crypto.createHash('sha256').update(back!).digest('hex')).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
    const middle = await bytesOf(await store.get(key, { start: 1_000_000, end: 2_000_000 }));
    expect(middle?.equals(bytes.subarray(1_000_000, 2_000_001))).toBe(true);
  });

  test('refuses what is not a storage key', async () => {
    const store = await openStore();
    const file = source(Buffer.from('x'));
    for (const key of ['../escape', 'ab/../../etc/passwd', 'report.pdf', 'AB/' + 'A'.repeat(32), 'ab/' + 'a'.repeat(31)]) {
      await expect(store.put(key, file, 'text/plain')).rejects.toThrow('Not a storage key');
      await expect(store.get(key)).rejects.toThrow('Not a storage key');
      await expect(store.delete([key])).rejects.toThrow('Not a storage key');
    }
  });
});

describe('S3 store', () => {
  test('keeps the content type and the exact bytes (no aws-chunked framing)', async () => {
    const url = freshBucketUrl();
    const store = createS3Store(url);
    await store.open();
    const key = newKey();
    await store.put(key, source(Buffer.from('%PDF-1.7')), 'application/pdf');
    const { endpoint, bucket, region, accessKeyId, secretAccessKey } = parseStorageUrl(url);
    const client = new S3Client({ endpoint, region, forcePathStyle: true, credentials: { accessKeyId, secretAccessKey } });
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      expect(head.ContentType).toBe('application/pdf');
      expect(head.ContentLength).toBe(8);
    } finally {
      client.destroy();
    }
  });

  test('processes opening the same new bucket at once all succeed', async () => {
    const url = freshBucketUrl();
    await Promise.all(Array.from({ length: 4 }, () => createS3Store(url).open()));
  });

  test('an unknown access key fails open() with a clear message', async () => {
    const store = createS3Store(s3.url.replace('S3RVER:S3RVER@', 'WRONG:S3RVER@'));
    await expect(store.open()).rejects.toThrow(/access denied/);
  });
});

describe('parseStorageUrl', () => {
  test('reads HTTPS and plain HTTP URLs, percent-decoding the credentials', () => {
    expect(parseStorageUrl('s3://AKIA:se%2Fcr%40et@s3.example.com/files?region=eu-west-3')).toEqual({
      endpoint: 'https://s3.example.com',
      bucket: 'files',
      region: 'eu-west-3',
      accessKeyId: 'AKIA',
      secretAccessKey: 'se/cr@et',
    });
    expect(parseStorageUrl('s3+http://key:secret@10.0.0.5:9000/taskaty/')).toEqual({
      endpoint: 'http://10.0.0.5:9000',
      bucket: 'taskaty',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
  });

  test.each([
    ['not a url', /not a URL/],
    ['https://key:secret@host/bucket', /must start with s3:\/\/ .* or s3\+http:\/\//],
    ['s3://host/bucket', /no access key and secret/],
    ['s3://key@host/bucket', /no access key and secret/],
    ['s3://key:secret@host', /no bucket/],
    ['s3://key:secret@host/', /no bucket/],
    ['s3://key:secret@host/a/b', /not a bucket name/],
    ['s3://key:secret@host/bucket?regoin=eu-west-3', /unknown option \?regoin/],
    ['s3://key:se%ZZcret@host/bucket', /percent-encoded/],
  ])('refuses %s', (url, message) => {
    expect(() => parseStorageUrl(url)).toThrow(message);
  });

  test('never repeats the secret in its messages', () => {
    for (const url of ['s3://key:hunter2@host', 'ftp://key:hunter2@host/bucket', 's3://key:hunter2@host/bucket?x=1']) {
      expect(() => parseStorageUrl(url)).toThrow();
      try {
        parseStorageUrl(url);
      } catch (error) {
        expect((error as Error).message).not.toContain('hunter2');
        expect((error as Error).message).not.toContain('\n');
      }
    }
  });
});

describe('the disk store', () => {
  test('at start, clears copies a crash left on their way in, and keeps one a process may still be writing', async () => {
    const root = fs.mkdtempSync(path.join(directory, 'incoming-'));
    const incoming = path.join(root, '.incoming');
    fs.mkdirSync(incoming);
    const stale = path.join(incoming, 'ab-0123-left-by-a-crash');
    const fresh = path.join(incoming, 'cd-4567-being-copied');
    fs.writeFileSync(stale, 'half');
    fs.writeFileSync(fresh, 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);
    const store = createDiskStore(root);
    await store.open();
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    // Nor are copies on their way in ever listed as stored files.
    const keys: string[] = [];
    for await (const { key } of store.list()) keys.push(key);
    expect(keys).toEqual([]);
  });
});
