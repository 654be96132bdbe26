import { describe, expect, test } from 'vitest';
import { stripBidiControls, stripInvisible } from './invisible-characters.ts';

const ENGLAND = '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';

describe('invisible characters', () => {
  // [what, input, single-line result, multi-line result]
  const table: [string, string, string, string][] = [
    ['right-to-left override', 'invoice\u202Efdp.exe', 'invoicefdp.exe', 'invoicefdp.exe'],
    ['left-to-right / right-to-left embeddings and pop', '\u202Aa\u202Bb\u202C', 'ab', 'ab'],
    ['left-to-right override', '\u202Dabc', 'abc', 'abc'],
    ['isolates', '\u2066a\u2067b\u2068c\u2069', 'abc', 'abc'],
    ['left-to-right and right-to-left marks', 'a\u200Eb\u200Fc', 'abc', 'a\u200Eb\u200Fc'],
    ['Arabic letter mark', 'ا\u061Cب', 'اب', 'ا\u061Cب'],
    ['zero-width space', 'pay\u200Bpal', 'paypal', 'pay\u200Bpal'],
    ['word joiner', 'a\u2060b', 'ab', 'a\u2060b'],
    ['byte order mark / zero-width no-break space', '\uFEFFtitle', 'title', '\uFEFFtitle'],
    ['soft hyphen', 'in\u00ADvisible', 'invisible', 'in\u00ADvisible'],
    ['invisible times and separators', 'x\u2062y\u2063z\u2064', 'xyz', 'x\u2062y\u2063z\u2064'],
    ['Mongolian vowel separator', 'a\u180Eb', 'ab', 'a\u180Eb'],
    ['interlinear annotation', '\uFFF9a\uFFFAb\uFFFB', 'ab', '\uFFF9a\uFFFAb\uFFFB'],
    ['a lone tag character (ASCII smuggling)', 'hi\u{E0041}\u{E0042}', 'hi', 'hi\u{E0041}\u{E0042}'],
    ['Hangul fillers', '\u3164\uFFA0\u115F\u1160', '', '\u3164\uFFA0\u115F\u1160'],
    ['only invisible characters', '\u200B\u200E\u202E\uFEFF\u2060\u00AD', '', '\u200B\u200E\uFEFF\u2060\u00AD'],
    ['zero-width non-joiner in Persian', 'می\u200Cخواهم', 'می\u200Cخواهم', 'می\u200Cخواهم'],
    ['zero-width joiner in Hindi', 'क्\u200Dष', 'क्\u200Dष', 'क्\u200Dष'],
    ['zero-width joiner in an emoji sequence', '👩\u200D💻', '👩\u200D💻', '👩\u200D💻'],
    ['a subdivision flag', `Go ${ENGLAND}!`, `Go ${ENGLAND}!`, `Go ${ENGLAND}!`],
    ['a flag whose tags are cut off', '🏴\u{E0067}\u{E0062}', '🏴', '🏴\u{E0067}\u{E0062}'],
    ['variation selector of an emoji', '❤\uFE0F', '❤\uFE0F', '❤\uFE0F'],
    ['Arabic number sign (drawn)', '\u0600١٢', '\u0600١٢', '\u0600١٢'],
    ['Arabic, Hindi, accents and newlines', 'مهمة कार्य été\nnext', 'مهمة कार्य été\nnext', 'مهمة कार्य été\nnext'],
    ['plain text', 'Buy milk', 'Buy milk', 'Buy milk'],
  ];

  test.each(table)('%s', (_what, input, singleLine, multiLine) => {
    expect(stripInvisible(input)).toBe(singleLine);
    expect(stripBidiControls(input)).toBe(multiLine);
  });

  test('stripping is idempotent', () => {
    for (const [, input] of table) {
      expect(stripInvisible(stripInvisible(input))).toBe(stripInvisible(input));
      expect(stripBidiControls(stripBidiControls(input))).toBe(stripBidiControls(input));
    }
  });
});
