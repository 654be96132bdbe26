import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { fontBytes, WORD_FONT_NAMES, type FontKey } from './fonts.ts';

/**
 * The .docx zip is finished here rather than by `docx`: its `fonts` option obfuscates and re-compresses ~800 kB of
 * fonts on every export (60–400 ms). `docx` writes the document with tiny placeholder fonts; the real font parts,
 * obfuscated with fixed keys and compressed once per process, are spliced in.
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

/** The faces embedded in every .docx: the scripts a reader's machine is least likely to have a font for. */
const EMBEDDED_FACES: { family: string; face: 'Regular' | 'Bold'; key: FontKey; fontKey: string }[] = [
  { family: WORD_FONT_NAMES.arabic, face: 'Regular', key: 'arabic-regular', fontKey: '6B1F6C2E-3A9D-4F51-9C2B-1E7A4D8F0A11' },
  { family: WORD_FONT_NAMES.arabic, face: 'Bold', key: 'arabic-bold', fontKey: '6B1F6C2E-3A9D-4F51-9C2B-1E7A4D8F0A12' },
  { family: WORD_FONT_NAMES.devanagari, face: 'Regular', key: 'devanagari-regular', fontKey: '6B1F6C2E-3A9D-4F51-9C2B-1E7A4D8F0A13' },
  { family: WORD_FONT_NAMES.devanagari, face: 'Bold', key: 'devanagari-bold', fontKey: '6B1F6C2E-3A9D-4F51-9C2B-1E7A4D8F0A14' },
];

/** What `docx`'s `fonts` option is given: the right names and faces, with 32-byte stand-ins for the data. */
export function placeholderFonts(): { name: string; data: Buffer; bold: Buffer }[] {
  return [WORD_FONT_NAMES.arabic, WORD_FONT_NAMES.devanagari].map((name) => ({ name, data: Buffer.alloc(32), bold: Buffer.alloc(32) }));
}

/** ECMA-376 Part 2 §16.2.5: the first 32 bytes are XORed with the key's bytes in reverse order. */
function obfuscateFont(font: Buffer, fontKey: string): Buffer {
  const key = Buffer.from(fontKey.replace(/-/g, ''), 'hex').reverse();
  const out = Buffer.from(font);
  for (let i = 0; i < 32; i++) out[i]! ^= key[i % key.length]!;
  return out;
}

let preparedFonts: Map<string, { fontKey: string; compressed: Buffer; crc: number; size: number }> | undefined;

/** Obfuscates and compresses the embedded fonts once; later exports copy the bytes. */
export function prepareEmbeddedFonts() {
  if (!preparedFonts) {
    preparedFonts = new Map();
    for (const face of EMBEDDED_FACES) {
      const bytes = obfuscateFont(fontBytes(face.key), face.fontKey);
      preparedFonts.set(`${face.family}|${face.face}`, {
        fontKey: face.fontKey,
        compressed: deflateRawSync(bytes),
        crc: crc32(bytes),
        size: bytes.length,
      });
    }
  }
  return preparedFonts;
}

// Fonts the document names but does not embed: the family and pitch let Word and LibreOffice pick a similar
// installed font (a sans, a monospace) where Noto is missing.
const SUBSTITUTION_HINTS = [
  `<w:font w:name="${WORD_FONT_NAMES.latin}"><w:charset w:val="00"/><w:family w:val="swiss"/><w:pitch w:val="variable"/></w:font>`,
  `<w:font w:name="${WORD_FONT_NAMES.mono}"><w:charset w:val="00"/><w:family w:val="modern"/><w:pitch w:val="fixed"/></w:font>`,
].join('');

/** Swaps the placeholder font parts of a `docx` package for the real ones and returns the finished file. */
export function embedFonts(docx: Buffer): Buffer {
  const fonts = prepareEmbeddedFonts();
  const entries = readZip(docx);
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const fontTableEntry = byName.get('word/fontTable.xml');
  const relsEntry = byName.get('word/_rels/fontTable.xml.rels');
  if (!fontTableEntry || !relsEntry) throw new Error('The document has no font table to embed fonts in');

  const targets = new Map<string, string>();
  for (const match of entryContent(relsEntry)
    .toString('utf8')
    .matchAll(/<Relationship\b[^>]*>/g)) {
    const id = /\bId="([^"]+)"/.exec(match[0])?.[1];
    const target = /\bTarget="([^"]+)"/.exec(match[0])?.[1];
    if (id && target) targets.set(id, `word/${target.replace(/^\//, '')}`);
  }

  const replacements = new Map<string, ZipEntry>();
  const fontTable = entryContent(fontTableEntry)
    .toString('utf8')
    .replace(/<w:font w:name="([^"]+)">([\s\S]*?)<\/w:font>/g, (whole, family: string, body: string) => {
      const patched = body.replace(/<w:embed(Regular|Bold|Italic|BoldItalic)\b([^>]*)\/>/g, (element, face: string, attributes: string) => {
        const prepared = fonts.get(`${family}|${face}`);
        const id = /\br:id="([^"]+)"/.exec(attributes)?.[1];
        const path = id ? targets.get(id) : undefined;
        if (!prepared || !path) return element;
        replacements.set(path, { name: path, method: 8, crc: prepared.crc, size: prepared.size, data: prepared.compressed });
        return element.replace(/w:fontKey="\{[^}]*\}"/, `w:fontKey="{${prepared.fontKey}}"`);
      });
      return whole.replace(body, patched);
    })
    .replace('</w:fonts>', `${SUBSTITUTION_HINTS}</w:fonts>`);
  if (replacements.size !== fonts.size) throw new Error('The document does not reference every embedded font face');
  replacements.set('word/fontTable.xml', deflatedEntry('word/fontTable.xml', fontTable));

  return writeZip(entries.map((entry) => replacements.get(entry.name) ?? entry));
}
