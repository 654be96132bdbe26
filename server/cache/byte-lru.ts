/**
 * A map that drops its least recently used entries once their summed size passes maxBytes,
 * so a cache of response bodies cannot grow the process past its memory budget whatever
 * users ask for. Recency is kept the "second chance" way (CLOCK): a hit only marks its entry,
 * and eviction, walking from the oldest insertion, moves a marked entry to the newest end
 * instead of dropping it. A list of 1,000 tasks is 1,000 hits per read, and re-inserting each
 * one into the Map (the exact LRU) cost ~0.2 µs a hit; a mark costs next to nothing.
 */
export class ByteLru<K, V> {
  readonly #entries = new Map<K, { value: V; bytes: number; used: boolean }>();
  readonly #sizeOf: (value: V) => number;
  #bytes = 0;
  readonly maxBytes: number;

  constructor(maxBytes: number, sizeOf: (value: V) => number) {
    this.maxBytes = maxBytes;
    this.#sizeOf = sizeOf;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    entry.used = true;
    return entry.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const bytes = this.#sizeOf(value);
    // One value larger than the whole budget would only evict everything else for nothing.
    if (bytes > this.maxBytes) return;
    this.#entries.set(key, { value, bytes, used: false });
    this.#bytes += bytes;
    // A marked entry met is unmarked and moved to the newest end, and so is the new entry (it is
    // there to stay); within one turn of the map an unmarked older entry is dropped. The loop ends
    // before the new entry is reached a second time: it fits the cap alone.
    while (this.#bytes > this.maxBytes) {
      const [oldest, entry] = this.#entries.entries().next().value!;
      this.#entries.delete(oldest);
      if (entry.used || oldest === key) {
        entry.used = false;
        this.#entries.set(oldest, entry);
      } else {
        this.#bytes -= entry.bytes;
      }
    }
  }

  delete(key: K): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}
