import bidiModule from 'bidi-js';
import LineBreaker from 'linebreak';
import { fontKeyFor, fontKeyForChar, loadFont, type FontFamily, type FontKey } from './fonts.ts';
import { cleanText, firstStrongDirection, splitByScript } from './script-runs.ts';

type BidiFactory = typeof bidiModule.default;
// bidi-js is CommonJS typed as an ES module: Node hands over the factory itself, other loaders wrap it in `default`.
const bidiFactory = ((bidiModule as unknown as { default?: BidiFactory }).default ?? bidiModule) as unknown as BidiFactory;
const bidi = bidiFactory();
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

export type Direction = 'ltr' | 'rtl';

export interface RunStyle {
  fontSize: number;
  color: string;
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  underline?: boolean;
  /** Draws in the monospaced face (Latin and neutrals; other scripts keep their own font). */
  code?: boolean;
  /** A tinted box behind the run, for inline code. */
  background?: string;
  link?: string;
}

export interface StyledSpan {
  text: string;
  style: RunStyle;
}

export interface ParagraphSpec {
  spans: readonly StyledSpan[];
  /** 'auto' takes the direction of the first strong letter, as `dir="auto"` does, else `fallbackDirection`. */
  direction: 'auto' | Direction;
  fallbackDirection: Direction;
  /** Line height as a multiple of the font size. */
  lineHeight: number;
  align?: 'start' | 'center' | 'end';
}

/** A piece of a line, ready to draw left to right. */
export interface PlacedRun {
  x: number;
  width: number;
  /** The string pdfkit shapes: mirrored and pre-reversed where fontkit's own direction would be wrong. */
  text: string;
  /** The logical text, for text extraction (ActualText) where shaping reorders glyphs within a left-to-right run. */
  actualText?: string;
  fontKey: FontKey;
  style: RunStyle;
}

export interface LaidLine {
  /** Offset from the left of the box, from the alignment. */
  x: number;
  width: number;
  height: number;
  /** Distance from the top of the line to the baseline. */
  baseline: number;
  runs: PlacedRun[];
}

export interface LaidParagraph {
  lines: LaidLine[];
  height: number;
  direction: Direction;
}

interface Segment {
  start: number;
  end: number;
  fontKey: FontKey;
  span: number;
  level: number;
  width: number;
}

interface Word {
  start: number;
  end: number;
  segments: Segment[];
  width: number;
  /** Width of the whitespace the word ends with, which may hang past the end of a line. */
  trailing: number;
  required: boolean;
}

const RTL_SCRIPT = /\p{Script=Arabic}|\p{Script=Hebrew}|\p{Script=Syriac}|\p{Script=Thaana}|\p{Script=Nko}/u;
const NEUTRAL_SCRIPT = /\p{Script=Common}|\p{Script=Inherited}|\p{Script=Unknown}/u;

/** fontkit picks the direction from the first character with a real script and reverses right-to-left runs itself. */
function fontkitReverses(text: string): boolean {
  for (const char of text) {
    if (NEUTRAL_SCRIPT.test(char)) continue;
    return RTL_SCRIPT.test(char);
  }
  return false;
}

function reverseGraphemes(text: string): string {
  const parts: string[] = [];
  for (const { segment } of graphemes.segment(text)) parts.push(segment);
  return parts.reverse().join('');
}

function mirror(text: string): string {
  let out = '';
  for (const char of text) out += bidi.getMirroredCharacter(char) ?? char;
  return out;
}

const isSpace = (text: string) => /^\s*$/.test(text);

/**
 * Lays out one paragraph of mixed-script, mixed-direction text into lines no wider than `maxWidth`: fonts by script
 * with fallback, bidi levels (UAX #9), break opportunities (UAX #14) on the logical text, then each line reordered
 * (rule L2) into runs that are drawn left to right.
 */
export function layoutParagraph(spec: ParagraphSpec, maxWidth: number): LaidParagraph {
  const width = Math.max(maxWidth, 1);
  const spans = spec.spans.map((span) => ({ text: cleanText(span.text).replace(/\t/g, '    '), style: span.style })).filter((s) => s.text);
  const text = spans.map((span) => span.text).join('');
  const direction: Direction = spec.direction === 'auto' ? (firstStrongDirection(text) ?? spec.fallbackDirection) : spec.direction;
  if (!text.trim()) return { lines: [], height: 0, direction };

  const spanAt = new Uint32Array(text.length);
  const fontAt: FontKey[] = new Array<FontKey>(text.length);
  let offset = 0;
  spans.forEach((span, index) => {
    const { bold = false, italic = false, code = false } = span.style;
    for (const run of splitByScript(span.text)) {
      const family: FontFamily = run.script === 'latin' && code ? 'mono' : run.script;
      const wanted = fontKeyFor(family, bold, italic);
      let i = run.start;
      while (i < run.end) {
        const cp = span.text.codePointAt(i)!;
        const size = cp > 0xffff ? 2 : 1;
        const key = cp <= 0x20 ? wanted : fontKeyForChar(cp, wanted, family, bold, italic);
        for (let k = 0; k < size; k++) {
          fontAt[offset + i + k] = key;
          spanAt[offset + i + k] = index;
        }
        i += size;
      }
    }
    offset += span.text.length;
  });

  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const sizeOf = (span: number) => spans[span]!.style.fontSize;
  const measure = (fontKey: FontKey, span: number, piece: string) => loadFont(fontKey).advance(piece.replace(/\n/g, '')) * sizeOf(span);

  const segmentsOf = (start: number, end: number): Segment[] => {
    const out: Segment[] = [];
    let from = start;
    for (let i = start + 1; i <= end; i++) {
      if (i === end || fontAt[i] !== fontAt[from] || spanAt[i] !== spanAt[from] || levels[i] !== levels[from]) {
        // A surrogate pair never straddles a boundary: both halves were given the same font, span and level.
        const fontKey = fontAt[from]!;
        const span = spanAt[from]!;
        out.push({ start: from, end: i, fontKey, span, level: levels[from]!, width: measure(fontKey, span, text.slice(from, i)) });
        from = i;
      }
    }
    return out;
  };

  const wordOf = (start: number, end: number, required: boolean): Word => {
    const segments = segmentsOf(start, end);
    const last = segments.at(-1)!;
    const lastText = text.slice(last.start, last.end);
    const trimmed = lastText.trimEnd();
    const trailing = trimmed.length === lastText.length ? 0 : last.width - measure(last.fontKey, last.span, trimmed);
    return { start, end, segments, width: segments.reduce((sum, s) => sum + s.width, 0), trailing, required };
  };

  /** A word wider than the line is cut between grapheme clusters, so a conjunct or a base with its marks stays whole. */
  const splitWord = (word: Word): Word[] => {
    const pieces: Word[] = [];
    let pieceStart = word.start;
    let used = 0;
    let index = word.start;
    for (const { segment } of graphemes.segment(text.slice(word.start, word.end))) {
      const w = measure(fontAt[index]!, spanAt[index]!, segment);
      if (used + w > width && index > pieceStart) {
        pieces.push(wordOf(pieceStart, index, false));
        pieceStart = index;
        used = 0;
      }
      used += w;
      index += segment.length;
    }
    pieces.push(wordOf(pieceStart, word.end, word.required));
    return pieces;
  };

  const words: Word[] = [];
  const breaker = new LineBreaker(text);
  let last = 0;
  for (let brk = breaker.nextBreak(); brk; brk = breaker.nextBreak()) {
    if (brk.position > last) words.push(wordOf(last, brk.position, brk.required));
    last = brk.position;
  }

  const lineSegments: Segment[][] = [];
  let current: Segment[] = [];
  let currentWidth = 0;
  const flush = () => {
    lineSegments.push(current);
    current = [];
    currentWidth = 0;
  };
  for (const word of words) {
    const pieces = word.width - word.trailing > width ? splitWord(word) : [word];
    for (const piece of pieces) {
      if (current.length > 0 && currentWidth + piece.width - piece.trailing > width) flush();
      current.push(...piece.segments);
      currentWidth += piece.width;
      if (piece !== pieces.at(-1)) flush();
    }
    if (word.required && word.end < text.length) flush();
  }
  if (current.length > 0) flush();

  const lines = lineSegments.map((segments) => buildLine(segments, text, spans, direction, spec, width, measure));
  return { lines, height: lines.reduce((sum, line) => sum + line.height, 0), direction };
}

function buildLine(
  logical: Segment[],
  text: string,
  spans: readonly StyledSpan[],
  direction: Direction,
  spec: ParagraphSpec,
  maxWidth: number,
  measure: (fontKey: FontKey, span: number, piece: string) => number,
): LaidLine {
  // Whitespace at the end of a line hangs: it is neither measured nor drawn (UAX #9 rule L1 puts it at the line's end).
  const segments = logical.map((s) => ({ ...s }));
  while (segments.length > 0) {
    const tail = segments.at(-1)!;
    const tailText = text.slice(tail.start, tail.end);
    if (isSpace(tailText)) {
      segments.pop();
      continue;
    }
    const trimmed = tailText.trimEnd();
    if (trimmed.length !== tailText.length) {
      tail.end = tail.start + trimmed.length;
      tail.width = measure(tail.fontKey, tail.span, trimmed);
    }
    break;
  }

  // Rule L2: from the highest level down to the lowest odd one, reverse every run of segments at that level or above.
  const order = segments.map((_, i) => i);
  const segLevels = segments.map((s) => s.level);
  const highest = Math.max(0, ...segLevels);
  const lowestOdd = Math.min(...segLevels.map((l) => (l % 2 === 1 ? l : l + 1)), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    let i = 0;
    while (i < order.length) {
      if (segLevels[order[i]!]! >= level) {
        let j = i;
        while (j < order.length && segLevels[order[j]!]! >= level) j++;
        const reversed = order.slice(i, j).reverse();
        order.splice(i, j - i, ...reversed);
        i = j;
      } else i++;
    }
  }

  let x = 0;
  let above = 0;
  let below = 0;
  const runs: PlacedRun[] = [];
  for (const index of order) {
    const segment = segments[index]!;
    const logicalText = text.slice(segment.start, segment.end).replace(/\n/g, '');
    if (!logicalText) continue;
    const rtl = segment.level % 2 === 1;
    let draw = rtl ? mirror(logicalText) : logicalText;
    if (rtl !== fontkitReverses(draw)) draw = reverseGraphemes(draw);
    const style = spans[segment.span]!.style;
    const runWidth = draw === logicalText ? segment.width : measure(segment.fontKey, segment.span, draw);
    // Indic shaping reorders glyphs (a vowel sign drawn before its consonant), so extraction needs the logical text.
    // Right-to-left runs must not get it: extractors read ActualText as visual order and would reverse it again.
    const reordered = segment.fontKey.startsWith('devanagari') && !rtl;
    runs.push({
      x,
      width: runWidth,
      text: draw,
      ...(reordered ? { actualText: logicalText } : {}),
      fontKey: segment.fontKey,
      style,
    });
    x += runWidth;
    const font = loadFont(segment.fontKey);
    const size = style.fontSize;
    // CSS's half-leading model: a run whose font is taller than the line height (Arabic) grows the line box.
    const halfLeading = (spec.lineHeight * size - (font.ascent + font.descent) * size) / 2;
    above = Math.max(above, font.ascent * size + halfLeading);
    below = Math.max(below, font.descent * size + halfLeading);
  }

  if (runs.length === 0) {
    const size = spans[logical[0]?.span ?? 0]?.style.fontSize ?? 10;
    const font = loadFont('latin-regular');
    const halfLeading = (spec.lineHeight * size - (font.ascent + font.descent) * size) / 2;
    above = font.ascent * size + halfLeading;
    below = font.descent * size + halfLeading;
  }

  const lineWidth = x;
  const align = spec.align ?? 'start';
  const free = Math.max(0, maxWidth - lineWidth);
  const startsRight = direction === 'rtl';
  const offsetX = align === 'center' ? free / 2 : (align === 'start') === startsRight ? free : 0;
  return { x: offsetX, width: lineWidth, height: above + below, baseline: above, runs };
}
