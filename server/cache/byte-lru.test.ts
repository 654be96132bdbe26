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

  test('when every older entry was read since it was stored, the new entry stays and the oldest goes', () => {
    const lru = sized(12);
    lru.set('a', 'aaaa');
    lru.set('b', 'bbbb');
    lru.set('c', 'cccc');
    lru.get('a');
    lru.get('b');
    lru.get('c');
    lru.set('d', 'dddd');
    expect(lru.get('d')).toBe('dddd');
    expect(lru.get('a')).toBeUndefined();
    expect([lru.get('b'), lru.get('c')]).toEqual(['bbbb', 'cccc']);
    expect(lru.bytes).toBe(12);
  });

  test('an entry read since the last eviction outlives older ones that were not', () => {
    const lru = sized(12);
    for (const key of ['a', 'b', 'c']) lru.set(key, key.repeat(4));
    lru.get('a');
    lru.set('d', 'dddd'); // b goes: a was read
    lru.set('e', 'eeee'); // c goes
    expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.get('d'), lru.get('e')]).toEqual(['aaaa', undefined, undefined, 'dddd', 'eeee']);
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
