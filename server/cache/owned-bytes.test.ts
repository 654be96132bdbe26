import { describe, expect, test } from 'vitest';
import { ownedBytes } from './owned-bytes.ts';
import { createRenderedTaskCache } from './rendered-task.cache.ts';

/** True when the Buffer is the whole of its memory, so keeping it keeps nothing else alive. */
const ownsItsMemory = (bytes: Buffer) => bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length;

describe('ownedBytes', () => {
  test('a small Buffer from the shared pool is copied into memory of its own, bytes unchanged', () => {
    const pooled = Buffer.from('{"id":1,"title":"Write the report"}');
    // The premise: Node serves a short string from its 8 kB pool.
    expect(ownsItsMemory(pooled)).toBe(false);
    const owned = ownedBytes(pooled);
    expect(ownsItsMemory(owned)).toBe(true);
    expect(owned.equals(pooled)).toBe(true);
  });

  test('a view into a larger Buffer is copied too', () => {
    const whole = Buffer.alloc(64 * 1024, 'x');
    const owned = ownedBytes(whole.subarray(10, 20));
    expect(ownsItsMemory(owned)).toBe(true);
    expect(owned.toString()).toBe('xxxxxxxxxx');
  });

  test('a Buffer that already owns its memory is kept as it is, without a copy', () => {
    const large = Buffer.alloc(16 * 1024, 'y');
    expect(ownedBytes(large)).toBe(large);
  });
});

describe('the caches keep only memory of their own', () => {
  test('the rendered-task cache stores task JSON that keeps no pool slab alive', () => {
    const cache = createRenderedTaskCache(1024 * 1024);
    const json = Buffer.from('{"id":7,"title":"Call the bank"}');
    cache.set(7, 1, json);
    const stored = cache.get(7, 1)!;
    expect(ownsItsMemory(stored)).toBe(true);
    expect(stored.equals(json)).toBe(true);
  });
});
