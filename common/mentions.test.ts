import { describe, expect, test } from 'vitest';
import { isMentioned, mentionRanges } from './mentions.ts';

describe('@mentions', () => {
  test.each([
    ['Thanks @Amira Haddad!', 'Amira Haddad', true],
    ['thanks @amira haddad', 'Amira Haddad', true],
    ['@Amira Haddad, can you check?', 'Amira Haddad', true],
    ['@Anna please', 'Ann', false],
    ['mail amira@haddad.example', 'haddad', false],
    ['x@Amira Haddad', 'Amira Haddad', false],
    ['@Amira Haddad2 is someone else', 'Amira Haddad', false],
    ['@अमीरा हद्दाद देखिए', 'अमीरा हद्दाद', true],
    ['@أميرة حداد، هل رأيت؟', 'أميرة حداد', true],
    ['@أميرة حدادي', 'أميرة حداد', false],
    ['Amira Haddad without the sign', 'Amira Haddad', false],
    ['@ alone', '', false],
  ])('%s mentions %s: %s', (text, name, expected) => {
    expect(isMentioned(text, name)).toBe(expected);
  });

  test('every mention is found, with its place', () => {
    expect(mentionRanges('@Li and @li again', 'Li')).toEqual([
      [0, 3],
      [8, 11],
    ]);
  });
});
