import { createHash } from 'node:crypto';
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { subsetFont } from './font-subset.ts';
import { WORD_FONT_NAMES, type FontKey } from './fonts.ts';

/**
 * The .docx zip is finished here rather than by `docx`: its `fonts` option would embed whole faces (~800 kB for
 * Arabic and Devanagari) and re-compress them on every export. `docx` writes the document with tiny placeholder
 * fonts; subsets of the faces the document draws with, obfuscated with fixed keys, are spliced in.
 */

interface ZipEntry {
  name: string;
  method: 0 | 8;
  crc: number;
  size: number;
  /** The stored bytes (compressed when method is 8). */
  data: Buffer;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const UTF8_NAMES = 0x0800;

export function readZip(zip: Buffer): ZipEntry[] {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('Not a zip file');
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== CENTRAL_HEADER) throw new Error('Corrupt zip central directory');
    const method = zip.readUInt16LE(offset + 10);
    const crc = zip.readUInt32LE(offset + 16);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localOffset = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    if (zip.readUInt32LE(localOffset) !== LOCAL_HEADER) throw new Error('Corrupt zip entry');
    const dataStart = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    if (method !== 0 && method !== 8) throw new Error(`Unsupported zip method ${method}`);
    entries.push({ name, method, crc, size, data: zip.subarray(dataStart, dataStart + compressedSize) });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export function writeZip(entries: readonly ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  // 1980-01-01 00:00, the zip epoch: the same document bytes for the same content.
  const dosTime = 0;
  const dosDate = (0 << 9) | (1 << 5) | 1;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    parts.push(local, name, entry.data);

    const header = Buffer.alloc(46);
    header.writeUInt32LE(CENTRAL_HEADER, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(UTF8_NAMES, 8);
    header.writeUInt16LE(entry.method, 10);
    header.writeUInt16LE(dosTime, 12);
    header.writeUInt16LE(dosDate, 14);
    header.writeUInt32LE(entry.crc >>> 0, 16);
    header.writeUInt32LE(entry.data.length, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += 30 + name.length + entry.data.length;
  }
  const centralSize = central.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, end]);
}

export function deflatedEntry(name: string, content: Buffer | string): ZipEntry {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return { name, method: 8, crc: crc32(bytes), size: bytes.length, data: deflateRawSync(bytes) };
}

export function entryContent(entry: ZipEntry): Buffer {
  return entry.method === 8 ? inflateRawSync(entry.data) : entry.data;
}

type Face = 'Regular' | 'Bold';

/**
 * The families a .docx embeds: the scripts a reader's machine is least likely to have a font for. Latin (Noto Sans) and
 * code (Courier New) are named with substitution hints instead. Each face has a fixed obfuscation key, so the same
 * task gives the same bytes.
 */
const EMBEDDED_FAMILIES: Record<string, Record<Face, { key: FontKey; fontKey: string }>> = {
  [WORD_FONT_NAMES.arabic]: {
    Regular: { key: 'arabic-regular', fontKey: '6B1F6C2E-3A9D-4F51-9C2B-1E7A4D8F0A11' },
    Bold: { key: 'arabic-bold', fontKey: '6B1F6C2E-3A9D-4F51-9C2B-1E7A4D8F0A12' },
  },
  [WORD_FONT_NAMES.devanagari]: {
    Regular: { key: 'devanagari-regular', fontKey: '6B1F6C2E-3A9D-4F51-9C2B-1E7A4D8F0A13' },
    Bold: { key: 'devanagari-bold', fontKey: '6B1F6C2E-3A9D-4F51-9C2B-1E7A4D8F0A14' },
  },
};

const ARABIC_INDIC_DIGIT_ZERO = 0x0660;

/** The words each embedded face has to draw in one document, collected while its runs are written. */
export class EmbeddedFontUsage {
  private readonly faces = new Map<string, Set<string>>();

  /** Notes `text` as drawn in `family` (bold or regular); families that are not embedded are ignored. */
  record(family: string, bold: boolean, text: string, rightToLeft: boolean) {
    if (!EMBEDDED_FAMILIES[family]) return;
    const name = `${family}|${bold ? 'Bold' : 'Regular'}`;
    let words = this.faces.get(name);
    if (!words) this.faces.set(name, (words = new Set()));
    // Words are closed over GSUB one by one (font-subset.ts); the white space between them is drawn too.
    for (const part of text.split(/(\s)/u)) if (part) words.add(part);
    if (!rightToLeft) return;
    for (const char of text) {
      // Word's "Context" and "Hindi" numeral settings draw European digits in Arabic text as Arabic-Indic ones.
      const codePoint = char.codePointAt(0)!;
      if (codePoint >= 0x30 && codePoint <= 0x39) words.add(String.fromCodePoint(ARABIC_INDIC_DIGIT_ZERO + codePoint - 0x30));
    }
  }

  /** The words of one face, or undefined when the document never draws with it. */
  words(family: string, face: Face): ReadonlySet<string> | undefined {
    return this.faces.get(`${family}|${face}`);
  }

  /** The embedded families the document draws with. */
  families(): string[] {
    return Object.keys(EMBEDDED_FAMILIES).filter((family) => this.faces.has(`${family}|Regular`) || this.faces.has(`${family}|Bold`));
  }
}

/**
 * What `docx`'s `fonts` option is given: the used families with both faces as 32-byte stand-ins; embedFonts() fills in
 * the faces the document draws with and removes the others.
 */
export function placeholderFonts(usage: EmbeddedFontUsage): { name: string; data: Buffer; bold: Buffer }[] {
  return usage.families().map((name) => ({ name, data: Buffer.alloc(32), bold: Buffer.alloc(32) }));
}

/** ECMA-376 Part 2 §16.2.5: the first 32 bytes are XORed with the key's bytes in reverse order. */
function obfuscateFont(font: Buffer, fontKey: string): Buffer {
  const key = Buffer.from(fontKey.replace(/-/g, ''), 'hex').reverse();
  const out = Buffer.from(font);
  for (let i = 0; i < 32; i++) out[i]! ^= key[i % key.length]!;
  return out;
}

interface PreparedFace {
  compressed: Buffer;
  crc: number;
  size: number;
}

/** Subset, obfuscated and compressed faces by face and words: exporting the same task again costs nothing here. */
const preparedFaces = new Map<string, PreparedFace>();
const PREPARED_FACES_LIMIT = 64;

function preparedFace(key: FontKey, fontKey: string, words: ReadonlySet<string>): PreparedFace {
  const id = createHash('sha1')
    .update(`${key}\u0000${[...words].sort().join('\u0000')}`)
    .digest('base64');
  let prepared = preparedFaces.get(id);
  if (prepared) {
    // Most recently used last, so the oldest goes first when the cache is full.
    preparedFaces.delete(id);
  } else {
    const bytes = obfuscateFont(subsetFont(key, words), fontKey);
    prepared = { compressed: deflateRawSync(bytes), crc: crc32(bytes), size: bytes.length };
    if (preparedFaces.size >= PREPARED_FACES_LIMIT) preparedFaces.delete(preparedFaces.keys().next().value!);
  }
  preparedFaces.set(id, prepared);
  return prepared;
}

// Fonts the document names but does not embed: the family and pitch let Word and LibreOffice pick a similar
// installed font (a sans, a monospace) where Noto is missing.
const SUBSTITUTION_HINTS = [
  `<w:font w:name="${WORD_FONT_NAMES.latin}"><w:charset w:val="00"/><w:family w:val="swiss"/><w:pitch w:val="variable"/></w:font>`,
  `<w:font w:name="${WORD_FONT_NAMES.mono}"><w:charset w:val="00"/><w:family w:val="modern"/><w:pitch w:val="fixed"/></w:font>`,
].join('');

/**
 * The stand-in `docx` is given for an image's bytes (issue 24): unique per image, so `docx` stores one media part per
 * image however often it is drawn, and small, so `docx` neither hashes nor deflates megabytes of pixels that do not
 * compress. embedFonts() puts the real bytes in their place, stored as they are.
 */
export const mediaPlaceholder = (id: number) => Buffer.from(`taskaty-export-image-${id}`, 'latin1');

/** Whether a part's content may be a media stand-in: only those are inflated and looked up. */
const MEDIA_PLACEHOLDER_MAX = 64;

/**
 * Swaps the placeholder font parts of a `docx` package for subsets of the faces the document draws with (marked
 * `w:subsetted`), drops the placeholder faces it never uses, puts each image's bytes in place of its stand-in
 * (`media`: stand-in text → bytes; stored, not deflated: PNG and JPEG are compressed already), and returns the
 * finished file.
 */
export function embedFonts(docx: Buffer, usage: EmbeddedFontUsage, media: ReadonlyMap<string, Uint8Array> = new Map()): Buffer {
  const entries = readZip(docx);
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const fontTableEntry = byName.get('word/fontTable.xml');
  if (!fontTableEntry) throw new Error('The document has no font table');
  const relsEntry = byName.get('word/_rels/fontTable.xml.rels');
  const rels = relsEntry ? entryContent(relsEntry).toString('utf8') : '';

  const targets = new Map<string, string>();
  for (const match of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = /\bId="([^"]+)"/.exec(match[0])?.[1];
    const target = /\bTarget="([^"]+)"/.exec(match[0])?.[1];
    if (id && target) targets.set(id, `word/${target.replace(/^\//, '')}`);
  }

  const replacements = new Map<string, ZipEntry>();
  const removedParts = new Set<string>();
  const removedIds = new Set<string>();
  let embedded = 0;
  const fontTable = entryContent(fontTableEntry)
    .toString('utf8')
    .replace(/<w:font w:name="([^"]+)">([\s\S]*?)<\/w:font>/g, (whole, family: string, body: string) => {
      const faces = EMBEDDED_FAMILIES[family];
      const patched = body.replace(/<w:embed(Regular|Bold|Italic|BoldItalic)\b([^>]*)\/>/g, (element, face: string, attributes: string) => {
        const id = /\br:id="([^"]+)"/.exec(attributes)?.[1];
        const path = id ? targets.get(id) : undefined;
        if (!id || !path) return element;
        const wanted = faces?.[face as Face];
        const words = wanted ? usage.words(family, face as Face) : undefined;
        if (!wanted || !words) {
          removedParts.add(path);
          removedIds.add(id);
          return '';
        }
        const prepared = preparedFace(wanted.key, wanted.fontKey, words);
        replacements.set(path, { name: path, method: 8, crc: prepared.crc, size: prepared.size, data: prepared.compressed });
        embedded++;
        return `<w:embed${face} r:id="${id}" w:fontKey="{${wanted.fontKey}}" w:subsetted="1"/>`;
      });
      return whole.replace(body, patched);
    })
    .replace('</w:fonts>', `${SUBSTITUTION_HINTS}</w:fonts>`);
  if (
    embedded !==
    usage.families().reduce((sum, family) => sum + (['Regular', 'Bold'] as const).filter((face) => usage.words(family, face)).length, 0)
  ) {
    throw new Error('The document does not reference every face it draws with');
  }
  replacements.set('word/fontTable.xml', deflatedEntry('word/fontTable.xml', fontTable));
  if (relsEntry && removedIds.size > 0) {
    const kept = rels.replace(/<Relationship\b[^>]*\/>/g, (relationship) => {
      const id = /\bId="([^"]+)"/.exec(relationship)?.[1];
      return id && removedIds.has(id) ? '' : relationship;
    });
    replacements.set(relsEntry.name, deflatedEntry(relsEntry.name, kept));
  }

  if (media.size > 0) {
    for (const entry of entries) {
      if (!entry.name.startsWith('word/media/') || entry.size > MEDIA_PLACEHOLDER_MAX) continue;
      const bytes = media.get(entryContent(entry).toString('latin1'));
      if (!bytes) continue;
      const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      replacements.set(entry.name, { name: entry.name, method: 0, crc: crc32(data), size: data.length, data });
    }
  }

  return writeZip(entries.filter((entry) => !removedParts.has(entry.name)).map((entry) => replacements.get(entry.name) ?? entry));
}
