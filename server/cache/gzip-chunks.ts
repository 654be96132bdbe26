import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ByteLru } from './byte-lru.ts';
import { ownedBytes } from './owned-bytes.ts';
import type { TaskListKey } from '../db/repositories/task.repository.ts';
import type { ListSource } from './list-source.ts';

/** A chunk boundary falls after one item in this many on average (chosen by the item's id). */
const AVERAGE_CHUNK_ITEMS = 16;
/** …and after this many at most, so one unlucky run of ids cannot make a chunk expensive to redo. */
const MAX_CHUNK_ITEMS = 64;
/**
 * Chunks are made once per change, so a thorough level costs little (~0.2 ms a chunk), and a list of
 * a few thousand tasks read for the first time takes ~10 ms spread over libuv's pool. A longer list
 * read for the first time (100,000 tasks: thousands of chunks) takes the fastest level, at half the
 * time and ~20 % more bytes; its chunks move to the thorough level as changes replace them.
 */
const CHUNK_LEVEL = 6;
const LONG_FIRST_READ_LEVEL = 1;
/** More missing chunks than this (about 4,000 tasks) is a long first read. */
const LONG_FIRST_READ_CHUNKS = 256;
/** Chunks handed to libuv's pool at once: a 100,000-task list must not queue 6,000 buffers together. */
const COMPRESS_BATCH = 64;
/**
 * What an entry costs beyond the bytes counted for it: its three ArrayBuffers (deflated bytes,
 * pairs, the pairs before) with their views and backing stores, the objects and the map's slot.
 * Measured with V8's heap and arrayBuffers counts: ~830 bytes.
 */
const ENTRY_OVERHEAD_BYTES = 900;
const COMMA = Buffer.from(',');
const deflateRaw = promisify(zlib.deflateRaw);
/** A gzip member header: deflate, no name, no time, Unix. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

// CRC-32 of a concatenation from the CRCs of its parts (zlib's crc32_combine, done in JS
// because Node exposes crc32 but not the combine): arithmetic modulo the CRC polynomial.
const POLYNOMIAL = 0xedb88320;
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}
/** x^(2^k) modulo P for k = 0…31. */
const POWERS = (() => {
  const powers: number[] = [];
  let p = 0x40000000; // x^1
  for (let k = 0; k < 32; k++) {
    powers.push(p);
    p = multiplyModP(p, p);
  }
  return powers;
})();
/** The operator that shifts a CRC past `length` bytes: x^(8·length) modulo P. */
function shiftOperator(length: number): number {
  let p = 0x80000000; // x^0
  for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multiplyModP(POWERS[k % 32]!, p);
  return p;
}
/** CRC-32 of A‖B from CRC(A), CRC(B) and B's shift operator. */
export const combineCrc = (crcA: number, crcB: number, shiftB: number) => (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
export { shiftOperator };

/** Stored (uncompressed) deflate blocks: head and tail are a few bytes and change with the query. */
function storedBlocks(bytes: Buffer, final: boolean): Buffer[] {
  const blocks: Buffer[] = [];
  for (let start = 0; start === 0 || start < bytes.length; start += 0xffff) {
    const piece = bytes.subarray(start, start + 0xffff);
    const block = Buffer.alloc(5 + piece.length);
    block[0] = final && start + 0xffff >= bytes.length ? 1 : 0;
    block.writeUInt16LE(piece.length, 1);
    block.writeUInt16LE(~piece.length & 0xffff, 3);
    piece.copy(block, 5);
    blocks.push(block);
  }
  return blocks;
}

interface Chunk {
  /** Raw deflate of the chunk's bytes, ended by a sync flush: byte-aligned and not final. */
  deflated: Buffer;
  crc: number;
  length: number;
  shift: number;
}

/** Items split where their ids say, so inserting or changing a task moves no other boundary. */
function chunkItems(items: readonly TaskListKey[]): TaskListKey[][] {
  const chunks: TaskListKey[][] = [];
  let current: TaskListKey[] = [];
  for (const item of items) {
    current.push(item);
    if (current.length >= MAX_CHUNK_ITEMS || (Math.imul(item.id, 0x9e3779b1) >>> 0) % AVERAGE_CHUNK_ITEMS === 0) {
      chunks.push(current);
      current = [];
    }
  }
  if (current.length) chunks.push(current);
  return chunks;
}

/** (id, revision) of each task of a chunk, laid flat: what a cached chunk is checked against. */
function pairsOf(chunk: TaskListKey[]): Float64Array {
  const pairs = new Float64Array(chunk.length * 2);
  chunk.forEach((item, index) => {
    pairs[index * 2] = item.id;
    pairs[index * 2 + 1] = item.revision;
  });
  return pairs;
}

function samePairs(pairs: Float64Array, chunk: TaskListKey[]): boolean {
  if (pairs.length !== chunk.length * 2) return false;
  for (let index = 0; index < chunk.length; index++) {
    if (pairs[index * 2] !== chunk[index]!.id || pairs[index * 2 + 1] !== chunk[index]!.revision) return false;
  }
  return true;
}

/** A chunk's tasks hashed in two independent 32-bit lanes (FNV-1a over the numbers' words). */
export type ChunkHash = (chunk: TaskListKey[]) => readonly [number, number];
const hashChunk: ChunkHash = (chunk) => {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  const mix = (value: number) => {
    // Ids and revisions are non-negative integers below 2^53: two 32-bit words each.
    const low = value >>> 0;
    const high = (value / 0x100000000) >>> 0;
    a = Math.imul(Math.imul(a ^ low, 0x01000193) ^ high, 0x01000193);
    b = Math.imul(b ^ low, 0x5bd1e995);
    b = Math.imul(b ^ (b >>> 15) ^ high, 0x5bd1e995);
  };
  for (const item of chunk) {
    mix(item.id);
    mix(item.revision);
  }
  return [a >>> 0, b >>> 0];
};
const hashText = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
};

/**
 * What a cached chunk was made from: its tasks and what precedes it, which is its deflate
 * dictionary (the list's head for the first chunk, the chunk before otherwise; the chunk before
 * the second has no leading comma). A cache hit is checked against all of it, so a hash collision
 * costs a recompression, never another task's bytes.
 */
interface ChunkEntry {
  chunk: Chunk;
  pairs: Float64Array;
  before: Float64Array | string;
  afterFirst: boolean;
}

/**
 * Gzip answers for long lists without compressing the whole list on every change. A list is cut
 * into chunks of about 16 tasks at boundaries chosen by task id; each chunk is compressed once
 * with the chunk before it as its dictionary (so it compresses as well as one stream: ~110 kB
 * for 1,000 tasks where gzip 1 of the whole gives ~130 kB and brotli 1 ~125 kB) and ended with a
 * sync flush, which leaves it byte-aligned so chunks can simply be laid end to end. The gzip
 * member around them needs the CRC-32 of the whole, combined from the chunks' own. After a change
 * to one task, the chunk holding it and the one after it are compressed again; every other chunk
 * is copied. A chunk is cached under its tasks' (id, revision) and the tasks of the chunk before
 * it, so any order or filter of a list builds correct bytes (docs/performance.md).
 */
export function createGzipChunkCache(maxBytes: number, options: { hash?: ChunkHash } = {}) {
  const hash = options.hash ?? hashChunk;
  // Keyed by a 53-bit number made of the two hashes: no text per chunk to build or hash per read.
  const cache = new ByteLru<number, ChunkEntry>(
    maxBytes,
    (entry) =>
      entry.chunk.deflated.length +
      entry.pairs.byteLength +
      (typeof entry.before === 'string' ? entry.before.length * 2 : entry.before.byteLength) +
      ENTRY_OVERHEAD_BYTES,
  );

  /** In libuv's pool, like any compression here: a list seen for the first time must not hold up other requests. */
  async function compress(bytes: Buffer, dictionary: Buffer, level: number): Promise<Chunk> {
    const deflated = ownedBytes(await deflateRaw(bytes, { level, dictionary, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
    return { deflated, crc: zlib.crc32(bytes), length: bytes.length, shift: shiftOperator(bytes.length) };
  }

  /** Gzip bytes of the list and the length of the JSON they hold. */
  async function gzipList(source: ListSource): Promise<{ body: Buffer; plainLength: number }> {
    let items = source.items;
    attempts: for (;;) {
      const chunks = chunkItems(items);
      const head = source.head.toString('latin1');
      const hashes = chunks.map(hash);
      // A chunk's bytes depend on what precedes it (its dictionary): the head for the first, the
      // chunk before otherwise, which has no leading comma when it is the first.
      const keys = hashes.map(([a, b], index) => {
        const before = index === 0 ? hashText(head) : hashes[index - 1]![0] ^ (index === 1 ? 0x5bd1e995 : 0);
        const mixed = Math.imul(a ^ Math.imul(before, 0x9e3779b1), 0x85ebca6b) >>> 0;
        return mixed * 0x200000 + (b & 0x1fffff);
      });
      const found = keys.map((key, index) => {
        const entry = cache.get(key);
        if (!entry || entry.afterFirst !== (index === 1) || !samePairs(entry.pairs, chunks[index]!)) return undefined;
        const before =
          index === 0 ? entry.before === head : typeof entry.before !== 'string' && samePairs(entry.before, chunks[index - 1]!);
        return before ? entry.chunk : undefined;
      });
      const missing = found.flatMap((chunk, index) => (chunk ? [] : [index]));
      const level = missing.length > LONG_FIRST_READ_CHUNKS ? LONG_FIRST_READ_LEVEL : CHUNK_LEVEL;
      // A batch at a time, rendered, compressed and let go: a long list read for the first time
      // holds one batch of task JSON, not all of it (100,000 tasks: ~50 MB twice over).
      for (let start = 0; start < missing.length; start += COMPRESS_BATCH) {
        const batch = missing.slice(start, start + COMPRESS_BATCH);
        // A missing chunk needs its own tasks and, as its dictionary, the chunk before it.
        const needed = [...new Set(batch.flatMap((index) => (index > 0 ? [index - 1, index] : [index])))];
        const neededItems = needed.flatMap((index) => chunks[index]!);
        const rendered = await source.render(neededItems);
        if (rendered.some((json) => json === undefined)) {
          // A task was deleted meanwhile: leave it out, as if the list had been read a moment
          // later. The chunks compressed so far are cached, so starting again costs little.
          const gone = new Set(neededItems.filter((_, index) => rendered[index] === undefined).map((item) => item.id));
          items = items.filter((item) => !gone.has(item.id));
          continue attempts;
        }
        const bytesOf = new Map<number, Buffer>();
        let offset = 0;
        for (const index of needed) {
          const chunk = chunks[index]!;
          const parts: Buffer[] = [];
          chunk.forEach((_, position) => {
            if (index > 0 || position > 0) parts.push(COMMA);
            parts.push(rendered[offset + position]!);
          });
          bytesOf.set(index, Buffer.concat(parts));
          offset += chunk.length;
        }
        const made = await Promise.all(
          batch.map((index) => compress(bytesOf.get(index)!, index === 0 ? source.head : bytesOf.get(index - 1)!, level)),
        );
        batch.forEach((index, position) => {
          found[index] = made[position]!;
          cache.set(keys[index]!, {
            chunk: made[position]!,
            pairs: pairsOf(chunks[index]!),
            before: index === 0 ? head : pairsOf(chunks[index - 1]!),
            afterFirst: index === 1,
          });
        });
      }
      let crc = zlib.crc32(source.head);
      let length = source.head.length;
      const parts = [GZIP_HEADER, ...storedBlocks(source.head, false)];
      for (const chunk of found as Chunk[]) {
        parts.push(chunk.deflated);
        crc = combineCrc(crc, chunk.crc, chunk.shift);
        length += chunk.length;
      }
      crc = zlib.crc32(source.tail, crc);
      length += source.tail.length;
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc, 0);
      trailer.writeUInt32LE(length % 2 ** 32, 4);
      parts.push(...storedBlocks(source.tail, true), trailer);
      return { body: Buffer.concat(parts), plainLength: length };
    }
  }

  return { gzipList, stats: () => ({ entries: cache.size, bytes: cache.bytes }) };
}
export type GzipChunkCache = ReturnType<typeof createGzipChunkCache>;
