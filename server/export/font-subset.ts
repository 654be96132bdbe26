import { GsubClosure, pruneLayoutTable } from './font-subset-layout.ts';
import { fontBytes, loadFont, type FontKey } from './fonts.ts';

/**
 * Subsets a TrueType face for embedding in a .docx. Glyph ids are kept (as `hb-subset --retain-gids` does), so the
 * layout tables need no renumbering and Word shapes Arabic joining and Devanagari conjuncts from the embedded face as
 * from the whole one. Kept: every glyph a word of the document can become through GSUB (each word closed on its own,
 * font-subset-layout.ts), and what those glyphs are built from. The outlines of every other glyph are emptied and
 * their metrics zeroed, the cmap maps only the document's characters, glyph names go, and GSUB and GPOS are pruned in
 * place. Zeroed bytes deflate to nothing: a 190–220 kB face takes 10–25 kB in a one-page .docx.
 */

interface TableRecord {
  tag: string;
  offset: number;
  length: number;
}

/** Tables a subset drops: style and device metrics indexed by glyph or size that Word does not need. */
const DROPPED_TABLES = new Set(['DSIG', 'hdmx', 'LTSH', 'VDMX', 'STAT', 'PCLT', 'kern', 'MERG', 'meta']);

function readTables(font: Buffer): Map<string, TableRecord> {
  const tables = new Map<string, TableRecord>();
  const version = font.readUInt32BE(0);
  if (version !== 0x00010000 && version !== 0x74727565) throw new Error('Only TrueType-outline fonts can be subset');
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const record = 12 + 16 * i;
    const tag = font.toString('latin1', record, record + 4);
    tables.set(tag, { tag, offset: font.readUInt32BE(record + 8), length: font.readUInt32BE(record + 12) });
  }
  return tables;
}

function table(font: Buffer, tables: Map<string, TableRecord>, tag: string): Buffer {
  const record = tables.get(tag);
  if (!record) throw new Error(`The font has no ${tag} table`);
  return font.subarray(record.offset, record.offset + record.length);
}

// ─── Writing the subset ────────────────────────────────────────────────────────────────────────────────────────────

function glyphOffsets(loca: Buffer, longFormat: boolean, numGlyphs: number): number[] {
  const offsets: number[] = [];
  for (let i = 0; i <= numGlyphs; i++) offsets.push(longFormat ? loca.readUInt32BE(4 * i) : 2 * loca.readUInt16BE(2 * i));
  return offsets;
}

const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

/** Adds the components of composite glyphs (and theirs) to the set. */
function addComponents(glyf: Buffer, offsets: number[], set: Set<number>) {
  const pending = [...set];
  while (pending.length > 0) {
    const glyph = pending.pop()!;
    const start = offsets[glyph]!;
    if (offsets[glyph + 1]! - start < 10 || glyf.readInt16BE(start) >= 0) continue;
    let position = start + 10;
    for (let flags = MORE_COMPONENTS; flags & MORE_COMPONENTS;) {
      flags = glyf.readUInt16BE(position);
      const component = glyf.readUInt16BE(position + 2);
      if (!set.has(component)) {
        set.add(component);
        pending.push(component);
      }
      position += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
      if (flags & WE_HAVE_A_SCALE) position += 2;
      else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) position += 4;
      else if (flags & WE_HAVE_A_TWO_BY_TWO) position += 8;
    }
  }
}

/** A cmap with a format 4 subtable (and format 12 beyond the BMP) mapping exactly the given characters. */
function buildCmap(mapping: ReadonlyMap<number, number>): Buffer {
  const entries = [...mapping].sort((a, b) => a[0] - b[0]);
  const bmp = entries.filter(([cp]) => cp <= 0xfffe);
  // Runs of consecutive characters with consecutive glyphs share a segment (one idDelta).
  const segments: { start: number; end: number; delta: number }[] = [];
  for (const [cp, glyph] of bmp) {
    const last = segments.at(-1);
    if (last && last.end === cp - 1 && last.delta === glyph - cp) last.end = cp;
    else segments.push({ start: cp, end: cp, delta: glyph - cp });
  }
  segments.push({ start: 0xffff, end: 0xffff, delta: 1 });
  const segCount = segments.length;
  const format4 = Buffer.alloc(16 + 8 * segCount);
  const searchRange = 2 * 2 ** Math.floor(Math.log2(segCount));
  format4.writeUInt16BE(4, 0);
  format4.writeUInt16BE(format4.length, 2);
  format4.writeUInt16BE(2 * segCount, 6);
  format4.writeUInt16BE(searchRange, 8);
  format4.writeUInt16BE(Math.log2(searchRange / 2), 10);
  format4.writeUInt16BE(2 * segCount - searchRange, 12);
  segments.forEach((segment, i) => {
    format4.writeUInt16BE(segment.end, 14 + 2 * i);
    format4.writeUInt16BE(segment.start, 16 + 2 * segCount + 2 * i);
    format4.writeUInt16BE(segment.delta & 0xffff, 16 + 4 * segCount + 2 * i);
    // idRangeOffset stays 0: every segment maps by delta.
  });

  const beyond = entries.filter(([cp]) => cp > 0xfffe);
  const subtables: { platform: number; encoding: number; data: Buffer }[] = [{ platform: 3, encoding: 1, data: format4 }];
  if (beyond.length > 0) {
    const groups: { start: number; end: number; glyph: number }[] = [];
    for (const [cp, glyph] of entries) {
      const last = groups.at(-1);
      if (last && last.end === cp - 1 && last.glyph + (cp - last.start) === glyph) last.end = cp;
      else groups.push({ start: cp, end: cp, glyph });
    }
    const format12 = Buffer.alloc(16 + 12 * groups.length);
    format12.writeUInt16BE(12, 0);
    format12.writeUInt32BE(format12.length, 4);
    format12.writeUInt32BE(groups.length, 12);
    groups.forEach((group, i) => {
      format12.writeUInt32BE(group.start, 16 + 12 * i);
      format12.writeUInt32BE(group.end, 20 + 12 * i);
      format12.writeUInt32BE(group.glyph, 24 + 12 * i);
    });
    subtables.push({ platform: 3, encoding: 10, data: format12 });
  }
  const header = Buffer.alloc(4 + 8 * subtables.length);
  header.writeUInt16BE(subtables.length, 2);
  let offset = header.length;
  subtables.forEach((subtable, i) => {
    header.writeUInt16BE(subtable.platform, 4 + 8 * i);
    header.writeUInt16BE(subtable.encoding, 6 + 8 * i);
    header.writeUInt32BE(offset, 8 + 8 * i);
    offset += subtable.data.length;
  });
  return Buffer.concat([header, ...subtables.map((subtable) => subtable.data)]);
}

function checksum(data: Buffer): number {
  let sum = 0;
  const padded = data.length % 4 === 0 ? data : Buffer.concat([data, Buffer.alloc(4 - (data.length % 4))]);
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

/** An sfnt file of the given tables, sorted by tag, 4-byte aligned, with table checksums and head's adjustment. */
function writeFont(tables: Map<string, Buffer>): Buffer {
  const tags = [...tables.keys()].sort();
  const count = tags.length;
  const entrySelector = Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(16 * 2 ** entrySelector, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(16 * count - 16 * 2 ** entrySelector, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  let headOffset = -1;
  tags.forEach((tag, i) => {
    const data = tables.get(tag)!;
    if (tag === 'head') {
      data.writeUInt32BE(0, 8);
      headOffset = offset;
    }
    const record = 12 + 16 * i;
    header.write(tag, record, 'latin1');
    header.writeUInt32BE(checksum(data), record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(data.length, record + 12);
    const padding = (4 - (data.length % 4)) % 4;
    parts.push(data, Buffer.alloc(padding));
    offset += data.length + padding;
  });
  const font = Buffer.concat(parts);
  if (headOffset >= 0) font.writeUInt32BE((0xb1b0afba - checksum(font)) >>> 0, headOffset + 8);
  return font;
}

interface FaceData {
  closure: GsubClosure | null;
  /** The glyphs of white space, where a rule's context may reach from one word into the next. */
  spaces: Set<number>;
  cmap: { lookup(codePoint: number): number };
  /** Word → the glyphs it can be drawn with; words repeat across exports, so most are found here. */
  words: Map<string, readonly number[]>;
}

const faces = new Map<FontKey, FaceData>();
/** Every character `\s` matches: the separators words are split at. */
const WHITE_SPACE = [
  ...'\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff',
];
/** Past this many words a face's cache starts over, bounding a worker's memory. */
const WORD_CACHE_LIMIT = 20_000;

function faceData(key: FontKey): FaceData {
  let data = faces.get(key);
  if (!data) {
    const source = fontBytes(key);
    const records = readTables(source);
    const font = loadFont(key).font as unknown as { _cmapProcessor: { lookup(codePoint: number): number } };
    const spaces = new Set<number>();
    for (const char of WHITE_SPACE) {
      const glyph = font._cmapProcessor.lookup(char.codePointAt(0)!);
      if (glyph) spaces.add(glyph);
    }
    data = {
      closure: records.has('GSUB') ? new GsubClosure(table(source, records, 'GSUB'), spaces) : null,
      spaces,
      cmap: font._cmapProcessor,
      words: new Map(),
    };
    faces.set(key, data);
  }
  return data;
}

/** Shaping characters Word may insert or need besides the typed ones: the dotted circle of a broken cluster. */
const ALWAYS = ['\u25cc'];

/** Brackets a shaper draws as their mirror image in right-to-left text (Bidi_Mirroring_Glyph): both are kept. */
const MIRRORED: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
  '«': '»',
  '»': '«',
  '‹': '›',
  '›': '‹',
};

/**
 * A copy of the face holding only what the text needs (see the top of this file). `words` are the document's text in
 * this face split at white space: each word's glyphs are closed over GSUB on their own.
 */
export function subsetFont(key: FontKey, words: Iterable<string>): Buffer {
  const face = faceData(key);
  const mapping = new Map<number, number>();
  const keep = new Set<number>([0]);
  const wordGlyphs: Set<number>[] = [];
  const all = new Set([...words, ...ALWAYS]);
  for (const word of [...all]) for (const char of word) if (MIRRORED[char]) all.add(MIRRORED[char]);
  for (const word of all) {
    let glyphs = face.words.get(word);
    if (!glyphs) {
      // White space belongs to every word: a rule, ligature or kerning pair with a space at its edge still applies.
      const seed: number[] = [...face.spaces];
      for (const char of word) {
        const glyph = face.cmap.lookup(char.codePointAt(0)!);
        if (glyph) seed.push(glyph);
      }
      glyphs = face.closure ? [...face.closure.close(seed)] : seed;
      if (face.words.size >= WORD_CACHE_LIMIT) face.words.clear();
      face.words.set(word, glyphs);
    }
    for (const glyph of glyphs) keep.add(glyph);
    wordGlyphs.push(new Set(glyphs));
    for (const char of word) {
      const codePoint = char.codePointAt(0)!;
      const glyph = face.cmap.lookup(codePoint);
      if (glyph) mapping.set(codePoint, glyph);
    }
  }
  return writeSubset(key, mapping, keep, wordGlyphs, face.spaces);
}

function writeSubset(
  key: FontKey,
  mapping: ReadonlyMap<number, number>,
  keep: Set<number>,
  words: readonly ReadonlySet<number>[],
  spaces: ReadonlySet<number>,
): Buffer {
  const source = fontBytes(key);
  const records = readTables(source);
  if (!records.has('glyf')) throw new Error('Only TrueType-outline fonts can be subset');
  const head = Buffer.from(table(source, records, 'head'));
  const longLoca = head.readInt16BE(50) === 1;
  const numGlyphs = table(source, records, 'maxp').readUInt16BE(4);
  const glyf = table(source, records, 'glyf');
  const offsets = glyphOffsets(table(source, records, 'loca'), longLoca, numGlyphs);
  addComponents(glyf, offsets, keep);

  const glyphs: Buffer[] = [];
  const loca = Buffer.alloc((numGlyphs + 1) * (longLoca ? 4 : 2));
  let position = 0;
  for (let glyph = 0; glyph <= numGlyphs; glyph++) {
    if (longLoca) loca.writeUInt32BE(position, 4 * glyph);
    else loca.writeUInt16BE(position / 2, 2 * glyph);
    if (glyph === numGlyphs || !keep.has(glyph)) continue;
    const outline = glyf.subarray(offsets[glyph], offsets[glyph + 1]);
    glyphs.push(outline);
    position += outline.length;
  }

  const numberOfHMetrics = table(source, records, 'hhea').readUInt16BE(34);
  const hmtx = Buffer.from(table(source, records, 'hmtx'));
  for (let glyph = 0; glyph < numGlyphs; glyph++) {
    if (keep.has(glyph)) continue;
    if (glyph < numberOfHMetrics) hmtx.writeUInt32BE(0, 4 * glyph);
    else hmtx.writeInt16BE(0, 4 * numberOfHMetrics + 2 * (glyph - numberOfHMetrics));
  }

  // post format 3: the same metrics, no glyph names.
  const post = Buffer.from(table(source, records, 'post').subarray(0, 32));
  post.writeUInt32BE(0x00030000, 0);

  const out = new Map<string, Buffer>();
  for (const [tag] of records) {
    if (!DROPPED_TABLES.has(tag)) out.set(tag, Buffer.from(table(source, records, tag)));
  }
  out.set('head', head);
  out.set('glyf', Buffer.concat(glyphs));
  out.set('loca', loca);
  out.set('hmtx', hmtx);
  out.set('post', post);
  out.set('cmap', buildCmap(mapping));
  for (const tag of ['GSUB', 'GPOS'] as const) {
    if (records.has(tag)) out.set(tag, pruneLayoutTable(table(source, records, tag), tag, keep, words, spaces));
  }
  return writeFont(out);
}
