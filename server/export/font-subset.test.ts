import * as fontkit from 'fontkit';
import { describe, expect, test } from 'vitest';
import { subsetFont } from './font-subset.ts';
import { expectSameShaping, glyphCount, outline } from '../../tests/support/same-shaping.ts';
import { fontBytes, type FontKey } from './fonts.ts';

/** Splits text as the Word export records it: words and the white space between them. */
const wordsOf = (text: string) => text.split(/(\s)/u).filter(Boolean);

const SAMPLES: { key: FontKey; text: string }[] = [
  // Joining forms, lam-alef, harakat, tanween, digits and brackets inside the run.
  { key: 'arabic-regular', text: 'إطلاق تاسكاتي لا إله عُمان نهائياً (المرحلة 2) سأراجع النص العربي غداً' },
  { key: 'arabic-bold', text: 'الميزانية — خطة الإطلاق للمستخدمين الجدد' },
  // Conjuncts, reph, rakar, the i-matra whose width follows the cluster after it, nukta, candrabindu.
  { key: 'devanagari-regular', text: 'क्षत्रिय द्वार श्री शर्मा प्रस्तुति फ़ाइनल चरण हूँ विश्लेषण' },
  { key: 'devanagari-bold', text: 'लॉन्च योजना अनुवाद गुणवत्ता जाँच पूरी करें' },
];

describe('font subsets for Word', () => {
  test.each(SAMPLES)('$key: the text shapes in the subset exactly as in the whole face', ({ key, text }) => {
    const whole = fontkit.create(fontBytes(key));
    const subset = fontkit.create(subsetFont(key, wordsOf(text)));
    // Each word alone, and the whole run with the context that crosses its spaces.
    for (const word of [...wordsOf(text).filter((w) => w.trim()), text]) expectSameShaping(whole, subset, word);
  });

  test.each(SAMPLES)('$key: only what the words reach keeps an outline, only their characters are mapped', ({ key, text }) => {
    const whole = fontkit.create(fontBytes(key));
    const subset = fontkit.create(subsetFont(key, wordsOf(text)));
    const count = glyphCount(whole);
    // Glyph ids stay (GSUB and GPOS name them): the subset has as many glyphs, most of them empty.
    expect(glyphCount(subset)).toBe(count);
    let drawn = 0;
    for (let id = 0; id < count; id++) if (outline(subset, id) !== '') drawn++;
    expect(drawn).toBeLessThan(count * 0.25);
    for (const char of text) expect(subset.hasGlyphForCodePoint(char.codePointAt(0)!), char).toBe(true);
    const unused = key.startsWith('arabic') ? 'ڤ' : 'ॐ';
    expect(whole.hasGlyphForCodePoint(unused.codePointAt(0)!)).toBe(true);
    expect(subset.hasGlyphForCodePoint(unused.codePointAt(0)!)).toBe(false);
  });

  test('a conjunct forms from the letters of one word, not from letters that only meet in different words', () => {
    const whole = fontkit.create(fontBytes('devanagari-regular'));
    const [conjunct] = whole.layout('क्ष').glyphs;
    expect(whole.layout('क्ष').glyphs).toHaveLength(1);
    const together = fontkit.create(subsetFont('devanagari-regular', ['क्ष']));
    const apart = fontkit.create(subsetFont('devanagari-regular', ['क्', ' ', 'ष']));
    expect(outline(together, conjunct!.id)).toBe(outline(whole, conjunct!.id));
    expect(outline(apart, conjunct!.id)).toBe('');
    expectSameShaping(whole, apart, 'क् ष');
  });

  test('a list that the font shares between glyphs keeps what each of them needs', () => {
    // Noto Sans Devanagari Bold files half-sa and another half form under one kerning pair set: pruned for one of
    // them alone, half-sa before क्र lost its -49 and fell through to the class kerning (-39).
    const text = 'यह स्क्रीन जल्द ही उपलब्ध होगी। प्रदाता को भेजा जाता है, और सिर्फ़ आपको नतीजा लौटाने के लिए।';
    const whole = fontkit.create(fontBytes('devanagari-bold'));
    const subset = fontkit.create(subsetFont('devanagari-bold', wordsOf(text)));
    for (const word of [...wordsOf(text).filter((w) => w.trim()), text]) expectSameShaping(whole, subset, word);
  });

  test('is a well-formed TrueType file: every table checksum and the whole-file adjustment add up', () => {
    const font = subsetFont('arabic-regular', ['مرحبا']);
    const sum = (data: Buffer) => {
      let total = 0;
      const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
      for (let i = 0; i < padded.length; i += 4) total = (total + padded.readUInt32BE(i)) >>> 0;
      return total;
    };
    const tables = font.readUInt16BE(4);
    const tags: string[] = [];
    for (let i = 0; i < tables; i++) {
      const record = 12 + 16 * i;
      const tag = font.toString('latin1', record, record + 4);
      tags.push(tag);
      const data = Buffer.from(
        font.subarray(font.readUInt32BE(record + 8), font.readUInt32BE(record + 8) + font.readUInt32BE(record + 12)),
      );
      if (tag === 'head') data.writeUInt32BE(0, 8);
      expect(sum(data), tag).toBe(font.readUInt32BE(record + 4));
    }
    expect(tags).toEqual([...tags].sort());
    expect(tags).toEqual(expect.arrayContaining(['cmap', 'glyf', 'GPOS', 'GSUB', 'head', 'hmtx', 'loca', 'maxp', 'name', 'OS/2', 'post']));
    expect(sum(font)).toBe(0xb1b0afba);
  });
});
