import { describe, expect, test } from 'vitest';
import { layoutParagraph, type LaidParagraph, type ParagraphSpec, type PlacedRun } from './pdf-text-layout.ts';
import { splitByScript } from './script-runs.ts';

const style = { fontSize: 10, color: '#000000' };
const paragraph = (text: string, overrides: Partial<ParagraphSpec> = {}): ParagraphSpec => ({
  spans: [{ text, style }],
  direction: 'auto',
  fallbackDirection: 'ltr',
  lineHeight: 1.5,
  ...overrides,
});

/** Runs of every line, left to right, with their absolute x. */
const runsOf = (laid: LaidParagraph): (PlacedRun & { line: number; left: number })[] =>
  laid.lines.flatMap((line, index) => line.runs.map((run) => ({ ...run, line: index, left: line.x + run.x })));

/** The logical text of a run: pre-reversed runs are drawn from their reversed string, fontkit-reversed ones from logical order. */
const textOf = (run: PlacedRun) => run.actualText ?? run.text;

describe('script runs', () => {
  test('an Arabic phrase with its inner spaces and digits is one run; surrounding punctuation stays Latin', () => {
    const text = 'Go (مرحبا بالعالم 2024 مرة) now';
    const runs = splitByScript(text).map((r) => [r.script, text.slice(r.start, r.end)]);
    expect(runs).toEqual([
      ['latin', 'Go ('],
      ['arabic', 'مرحبا بالعالم 2024 مرة'],
      ['latin', ') now'],
    ]);
  });

  test('Devanagari keeps its vowel signs and viramas with it', () => {
    const text = 'Task क्षत्रिय done';
    expect(splitByScript(text).map((r) => [r.script, text.slice(r.start, r.end)])).toEqual([
      ['latin', 'Task '],
      ['devanagari', 'क्षत्रिय'],
      ['latin', ' done'],
    ]);
  });
});

describe('paragraph layout', () => {
  test('each script gets its own font, and code its monospaced face', () => {
    const laid = layoutParagraph(
      {
        ...paragraph(''),
        spans: [
          { text: 'Hello مرحبا नमस्ते ', style },
          { text: 'npm run build', style: { ...style, code: true } },
        ],
      },
      1000,
    );
    const fonts = runsOf(laid).map((run) => [textOf(run).trim(), run.fontKey]);
    expect(fonts).toEqual(
      expect.arrayContaining([
        ['Hello', 'latin-regular'],
        ['नमस्ते', 'devanagari-regular'],
        ['npm', 'mono-regular'],
        ['build', 'mono-regular'],
      ]),
    );
    expect(runsOf(laid).find((run) => run.fontKey === 'arabic-regular')).toBeDefined();
  });

  test('a glyph no font of the script has falls back to one that has it', () => {
    const runs = runsOf(layoutParagraph(paragraph('next → step ☑ done'), 1000));
    const arrow = runs.find((run) => run.text.includes('→'));
    const box = runs.find((run) => run.text.includes('☑'));
    expect(arrow?.fontKey).not.toBe('latin-regular');
    expect(box?.fontKey).toBe('symbols-regular');
  });

  test('Arabic words inside an English line are drawn right to left, in reverse logical order', () => {
    const laid = layoutParagraph(paragraph('Ship to مستخدمين جدد today'), 1000);
    expect(laid.direction).toBe('ltr');
    const runs = runsOf(laid);
    const first = runs.find((run) => run.fontKey === 'arabic-regular' && run.text.includes('مستخدمين'))!;
    const second = runs.find((run) => run.fontKey === 'arabic-regular' && run.text.includes('جدد'))!;
    const ship = runs.find((run) => run.text.startsWith('Ship'))!;
    const today = runs.find((run) => run.text.startsWith('today'))!;
    expect(ship.left).toBeLessThan(second.left);
    expect(second.left).toBeLessThan(first.left);
    expect(first.left).toBeLessThan(today.left);
    // fontkit reverses Arabic itself, so the run keeps logical order for it.
    expect(first.text.trim()).toBe('مستخدمين');
  });

  test('an Arabic paragraph is right-aligned and keeps Latin words and numbers left to right inside it', () => {
    const laid = layoutParagraph(paragraph('سأراجع Taskaty غداً 2024'), 500);
    expect(laid.direction).toBe('rtl');
    const line = laid.lines[0]!;
    expect(line.x + line.width).toBeCloseTo(500, 3);
    const runs = runsOf(laid);
    const review = runs.find((r) => r.text.includes('سأراجع'))!;
    const product = runs.find((r) => r.text.includes('Taskaty'))!;
    const tomorrow = runs.find((r) => r.text.includes('غداً'))!;
    const year = runs.find((r) => r.text.includes('2024'))!;
    expect(review.left).toBeGreaterThan(product.left);
    expect(product.left).toBeGreaterThan(tomorrow.left);
    expect(tomorrow.left).toBeGreaterThan(year.left);
    expect(year.text).toBe('2024');
  });

  test('brackets in right-to-left text are mirrored, so the pair still encloses its content', () => {
    const runs = runsOf(layoutParagraph(paragraph('مرحبا (10)'), 500));
    // Visually: the logical ")" sits at the left, mirrored to "(", and the logical "(" at the right, mirrored to ")".
    // The number stays left to right; fontkit reverses the Arabic word itself.
    expect(runs.map((r) => r.text).join('')).toBe('(10) مرحبا');
    expect(runs.find((r) => r.text.includes('10'))?.text).toBe('10');
    const left = runs.find((r) => r.text === '(')!;
    const right = runs.find((r) => r.text.startsWith(')'))!;
    expect(left.left).toBeLessThan(right.left);
  });

  test('lines never exceed the width and keep every word in order', () => {
    const text = 'Café résumé naïve — مستخدمين جدد في عُمان and भारत में लॉन्च योजना तैयार है. '.repeat(12);
    const laid = layoutParagraph(paragraph(text), 180);
    expect(laid.lines.length).toBeGreaterThan(10);
    for (const line of laid.lines) expect(line.width).toBeLessThanOrEqual(180 + 0.01);
    const words = runsOf(laid).map(textOf).join(' ').split(/\s+/).filter(Boolean);
    for (const word of ['Café', 'résumé', 'naïve', 'भारत', 'लॉन्च', 'तैयार']) expect(words).toContain(word);
  });

  test('a word wider than the line is split between grapheme clusters, never inside a conjunct', () => {
    const word = 'क्षत्रिय'.repeat(8);
    const laid = layoutParagraph(paragraph(word), 60);
    expect(laid.lines.length).toBeGreaterThan(2);
    const pieces = laid.lines.map((line) => line.runs.map(textOf).join(''));
    expect(pieces.join('')).toBe(word);
    const clusters = new Set(['क्ष', 'त्रि', 'य']);
    for (const piece of pieces) {
      for (const { segment } of new Intl.Segmenter('hi', { granularity: 'grapheme' }).segment(piece))
        expect(clusters.has(segment)).toBe(true);
    }
    const url = `https://example.com/${'a'.repeat(200)}`;
    for (const line of layoutParagraph(paragraph(url), 120).lines) expect(line.width).toBeLessThanOrEqual(120 + 0.01);
  });

  test('hard line breaks start new lines and trailing spaces are not drawn', () => {
    const laid = layoutParagraph(paragraph('first line   \nsecond'), 1000);
    expect(laid.lines).toHaveLength(2);
    expect(laid.lines[0]!.runs.map((r) => r.text).join('')).toBe('first line');
  });

  test('lines with Arabic are taller than Latin-only lines, so tall marks are not clipped', () => {
    const latin = layoutParagraph(paragraph('Plain text'), 1000).lines[0]!;
    const arabic = layoutParagraph(paragraph('Plain إطلاق'), 1000).lines[0]!;
    expect(latin.height).toBeCloseTo(15, 0);
    expect(arabic.height).toBeGreaterThan(latin.height);
  });

  test('control and bidi override characters are dropped, so they cannot reorder the document', () => {
    const laid = layoutParagraph(paragraph('safe \u202egnp.exe\u202c text\u0007'), 1000);
    const drawn = runsOf(laid)
      .map((r) => r.text)
      .join('');
    expect(drawn).toBe('safe gnp.exe text');
  });
});
