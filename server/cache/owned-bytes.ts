/**
 * `bytes`, or a copy of them in memory of their own, for a cache that keeps them for long.
 * Node hands out small Buffers (Buffer.from of a short string, zlib's output, Buffer.concat of
 * under 4 kB) as views into a shared 8 kB slab, and one view kept alive keeps its whole slab:
 * a cache of 500-byte task JSON counted at 500 bytes an entry held up to 16 times that in slabs,
 * which grew the process's memory with every task rendered (docs/performance.md, Memory).
 */
export function ownedBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}
