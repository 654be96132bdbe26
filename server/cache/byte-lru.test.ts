import { describe, expect, test } from 'vitest';
import { ByteLru } from './byte-lru.ts';

describe('ByteLru', () => {
  const sized = (maxBytes: number) => new ByteLru<string, string>(maxBytes, (value) => value.length);

  test('keeps the total size under the cap by dropping the least recently used entries', () => {
    const lru = sized(10);
    lru.set('a', 'aaaa');
    lru.set('b', 'bbbb');
    expect(lru.get('a')).toBe('aaaa');
    lru.set('c', 'cccc');
    // b was used longest ago: a was read after it.
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('aaaa');
    expect(lru.get('c')).toBe('cccc');
    expect(lru.bytes).toBe(8);
  });

  test('replacing an entry counts only the new value', () => {
    const lru = sized(10);
    lru.set('a', 'aaaaaaaa');
    lru.set('a', 'aa');
    expect(lru.bytes).toBe(2);
    expect(lru.size).toBe(1);
  });

  test('a value larger than the cap is not kept, and a cap of 0 keeps nothing', () => {
    const lru = sized(4);
    lru.set('small', 'ab');
    lru.set('huge', 'abcdefgh');
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.get('small')).toBe('ab');
    const off = sized(0);
    off.set('a', 'a');
    expect(off.size).toBe(0);
  });
});
