import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';
import type { Script } from './script-runs.ts';

export type FontFamily = Script | 'mono' | 'symbols';
export type FontKey =
  | 'latin-regular'
  | 'latin-bold'
  | 'latin-italic'
  | 'latin-bold-italic'
  | 'arabic-regular'
  | 'arabic-bold'
  | 'devanagari-regular'
  | 'devanagari-bold'
  | 'mono-regular'
  | 'mono-bold'
  | 'symbols-regular';

const FONT_FILES: Record<FontKey, { pkg: string; file: string }> = {
  'latin-regular': { pkg: '@expo-google-fonts/noto-sans', file: '400Regular/NotoSans_400Regular.ttf' },
  'latin-bold': { pkg: '@expo-google-fonts/noto-sans', file: '700Bold/NotoSans_700Bold.ttf' },
  'latin-italic': { pkg: '@expo-google-fonts/noto-sans', file: '400Regular_Italic/NotoSans_400Regular_Italic.ttf' },
  'latin-bold-italic': { pkg: '@expo-google-fonts/noto-sans', file: '700Bold_Italic/NotoSans_700Bold_Italic.ttf' },
  'arabic-regular': { pkg: '@expo-google-fonts/noto-sans-arabic', file: '400Regular/NotoSansArabic_400Regular.ttf' },
  'arabic-bold': { pkg: '@expo-google-fonts/noto-sans-arabic', file: '700Bold/NotoSansArabic_700Bold.ttf' },
  'devanagari-regular': { pkg: '@expo-google-fonts/noto-sans-devanagari', file: '400Regular/NotoSansDevanagari_400Regular.ttf' },
  'devanagari-bold': { pkg: '@expo-google-fonts/noto-sans-devanagari', file: '700Bold/NotoSansDevanagari_700Bold.ttf' },
  'mono-regular': { pkg: '@expo-google-fonts/noto-sans-mono', file: '400Regular/NotoSansMono_400Regular.ttf' },
  'mono-bold': { pkg: '@expo-google-fonts/noto-sans-mono', file: '700Bold/NotoSansMono_700Bold.ttf' },
  'symbols-regular': { pkg: '@expo-google-fonts/noto-sans-symbols-2', file: '400Regular/NotoSansSymbols2_400Regular.ttf' },
};

export const FONT_KEYS = Object.keys(FONT_FILES) as FontKey[];

/**
 * Family names as Word and LibreOffice know them. Code uses Courier New rather than the unembedded Noto Sans Mono:
 * every Word install has it and fontconfig maps it to a metric-compatible mono, where a missing Noto Sans Mono
 * falls back to a proportional font and misaligns code.
 */
export const WORD_FONT_NAMES: Record<Exclude<FontFamily, 'symbols'>, string> = {
  latin: 'Noto Sans',
  arabic: 'Noto Sans Arabic',
  devanagari: 'Noto Sans Devanagari',
  mono: 'Courier New',
};

const require = createRequire(import.meta.url);

/** The font files ship inside npm packages; the package.json is resolved (never the package's JS) to find them. */
export function fontFilePath(key: FontKey): string {
  const { pkg, file } = FONT_FILES[key];
  return join(dirname(require.resolve(`${pkg}/package.json`)), file);
}

const bytesCache = new Map<FontKey, Buffer>();

export function fontBytes(key: FontKey): Buffer {
  let bytes = bytesCache.get(key);
  if (!bytes) {
    bytes = readFileSync(fontFilePath(key));
    bytesCache.set(key, bytes);
  }
  return bytes;
}

/** Shaping results are kept per font and text; past this many entries a cache starts over, bounding a worker's memory. */
const SHAPE_CACHE_LIMIT = 20_000;

export interface LoadedFont {
  key: FontKey;
  font: fontkit.Font;
  /** Ascent and descent as fractions of the font size (descent positive). */
  ascent: number;
  descent: number;
  covers(codePoint: number): boolean;
  /** Advance width of `text` shaped as one run, in ems. */
  advance(text: string): number;
  /** The code points each glyph of the shaped `text` stands for, in drawing order (empty for a glyph that adds none). */
  glyphCodePoints(text: string): readonly (readonly number[])[];
}

interface Shaped {
  run: fontkit.GlyphRun;
  codePoints: number[][];
}

/** fontkit's OpenType engine, whose per-run glyph infos still know which characters each glyph came from. */
interface OpenTypeEngine {
  glyphInfos: { codePoints: number[] }[] | null;
  position(run: { direction: string }): unknown;
}

const loaded = new Map<FontKey, LoadedFont>();

function copyRun(run: fontkit.GlyphRun): fontkit.GlyphRun {
  const positions = run.positions.map((p) => ({ xAdvance: p.xAdvance, yAdvance: p.yAdvance, xOffset: p.xOffset, yOffset: p.yOffset }));
  return {
    glyphs: run.glyphs,
    positions,
    get advanceWidth() {
      let width = 0;
      for (const p of positions) width += p.xAdvance;
      return width;
    },
  };
}

export function loadFont(key: FontKey): LoadedFont {
  const existing = loaded.get(key);
  if (existing) return existing;
  const font = fontkit.create(fontBytes(key));
  const shape = font.layout.bind(font);

  // fontkit caches one Glyph object per glyph id with the characters of its first use, so `glyph.codePoints` is wrong
  // for a glyph shared by several letters (Noto Sans Arabic draws ج ح خ with one dotless base plus dots). The engine's
  // glyph infos are per run and right; they are copied out before fontkit discards them.
  let captured: number[][] | null = null;
  const engine = (font as unknown as { _layoutEngine: { engine?: OpenTypeEngine } })._layoutEngine.engine;
  if (engine) {
    const position = engine.position.bind(engine);
    engine.position = (run) => {
      captured = engine.glyphInfos?.map((info) => [...info.codePoints]) ?? null;
      if (captured && run.direction === 'rtl') captured.reverse();
      return position(run);
    };
  }

  const runs = new Map<string, Shaped>();
  const shaped = (text: string): Shaped => {
    let entry = runs.get(text);
    if (!entry) {
      if (runs.size >= SHAPE_CACHE_LIMIT) runs.clear();
      captured = null;
      const run = shape(text, []);
      const codePoints: number[][] =
        captured !== null && (captured as number[][]).length === run.glyphs.length ? captured : run.glyphs.map((g) => g.codePoints);
      entry = { run, codePoints };
      runs.set(text, entry);
    }
    return entry;
  };
  // pdfkit shapes every drawn string again and scales the positions it is given in place, so it gets copies of
  // cached runs: shaping is most of the cost of a PDF, and a task repeats the same words.
  font.layout = (text: string) => copyRun(shaped(text).run);

  const coverage = new Map<number, boolean>();
  const widths = new Map<string, number>();
  const unitsPerEm = font.unitsPerEm;
  const entry: LoadedFont = {
    key,
    font,
    ascent: font.ascent / unitsPerEm,
    descent: Math.abs(font.descent) / unitsPerEm,
    covers(codePoint) {
      let known = coverage.get(codePoint);
      if (known === undefined) {
        known = font.hasGlyphForCodePoint(codePoint);
        coverage.set(codePoint, known);
      }
      return known;
    },
    advance(text) {
      let width = widths.get(text);
      if (width === undefined) {
        if (widths.size >= SHAPE_CACHE_LIMIT) widths.clear();
        width = shaped(text).run.advanceWidth / unitsPerEm;
        widths.set(text, width);
      }
      return width;
    },
    glyphCodePoints(text) {
      return shaped(text).codePoints;
    },
  };
  loaded.set(key, entry);
  return entry;
}

/** The face of a family closest to the wanted weight and slant (Arabic, Devanagari and Mono have no italics). */
export function fontKeyFor(family: FontFamily, bold: boolean, italic: boolean): FontKey {
  switch (family) {
    case 'latin':
      return bold ? (italic ? 'latin-bold-italic' : 'latin-bold') : italic ? 'latin-italic' : 'latin-regular';
    case 'arabic':
      return bold ? 'arabic-bold' : 'arabic-regular';
    case 'devanagari':
      return bold ? 'devanagari-bold' : 'devanagari-regular';
    case 'mono':
      return bold ? 'mono-bold' : 'mono-regular';
    case 'symbols':
      return 'symbols-regular';
  }
}

const FALLBACK_ORDER: FontFamily[] = ['latin', 'symbols', 'mono', 'arabic', 'devanagari'];

/** The first face that has a glyph for the character, starting from the wanted one; the wanted one if none has. */
export function fontKeyForChar(codePoint: number, wanted: FontKey, family: FontFamily, bold: boolean, italic: boolean): FontKey {
  if (loadFont(wanted).covers(codePoint)) return wanted;
  for (const other of FALLBACK_ORDER) {
    if (other === family) continue;
    const key = fontKeyFor(other, bold, italic);
    if (loadFont(key).covers(codePoint)) return key;
  }
  return wanted;
}

/** Loads and parses every face once, so the first export does not pay for it. */
export function loadAllFonts(): void {
  for (const key of FONT_KEYS) loadFont(key);
}
