import { ByteLru } from './byte-lru.ts';
import { ownedBytes } from './owned-bytes.ts';

/**
 * What an entry costs beyond its JSON, counted against the memory cap with it: the Buffer, its
 * ArrayBuffer and backing store, the entry objects and the map's slot. Measured with V8's heap
 * and arrayBuffers counts: ~200 bytes more than the 100 once assumed.
 */
const ENTRY_OVERHEAD_BYTES = 300;

/**
 * Each task's API JSON (the presenter's output, serialized, as UTF-8 bytes) under its id and
 * revision. A write to one task bumps its revision in the database, so after a change a list
 * of 1,000 tasks renders one task again instead of a thousand, and the body is put together
 * by copying bytes, without a string of the whole list (docs/performance.md).
 */
export function createRenderedTaskCache(maxBytes: number) {
  const rendered = new ByteLru<number, { revision: number; json: Buffer }>(maxBytes, (entry) => entry.json.length + ENTRY_OVERHEAD_BYTES);
  return {
    get(taskId: number, revision: number): Buffer | undefined {
      const entry = rendered.get(taskId);
      return entry?.revision === revision ? entry.json : undefined;
    },
    set(taskId: number, revision: number, json: Buffer): void {
      rendered.set(taskId, { revision, json: ownedBytes(json) });
    },
  };
}
export type RenderedTaskCache = ReturnType<typeof createRenderedTaskCache>;
