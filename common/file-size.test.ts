import { describe, expect, test } from 'vitest';
import { fileSizeText } from './file-size.ts';

describe('fileSizeText', () => {
  test('steps of 1024 with one decimal below ten, in the reader’s language', () => {
    expect(fileSizeText(1, 'en')).toBe('1 byte');
    expect(fileSizeText(820 * 1024, 'en')).toBe('820 kB');
    expect(fileSizeText(3.44 * 1024 * 1024, 'en')).toBe('3.4 MB');
    expect(fileSizeText(25 * 1024 * 1024, 'en')).toBe('25 MB');
    expect(fileSizeText(1024 ** 3, 'en')).toBe('1 GB');
    expect(fileSizeText(3.44 * 1024 * 1024, 'de')).toBe('3,4 MB');
    expect(fileSizeText(3.44 * 1024 * 1024, 'ar')).toMatch(/م.ب/);
    expect(fileSizeText(3.44 * 1024 * 1024, 'hi')).toMatch(/3\.4/);
  });
});
