import fs from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import { LIMITS } from '../../common/limits.ts';

/**
 * What a stored file is, from its bytes (issue 24): the client's Content-Type and the file's
 * extension are never believed. Binary formats are known by their signatures (the file-type
 * package); text is looked at for markup that a browser would run (HTML, SVG, XML).
 */
export interface FileKind {
  mime: string;
  /** May be shown in the page (an image or a PDF in the viewer); everything else is only downloaded. */
  inline: boolean;
  /** sharp can make a small picture of it. */
  thumbnail: boolean;
}

/** Shown in place: raster images and PDF. Never SVG, HTML or XML, which can carry scripts. */
const INLINE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'application/pdf']);
/** What sharp reads for a thumbnail (not SVG: a picture is made of pixels only). */
const THUMBNAILED = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/tiff']);
/** Text is judged by its first bytes. */
const TEXT_HEAD_BYTES = 64 * 1024;
/** Markup a browser acts on, anywhere in the head of a text file. */
const HTML_MARKERS = /<(!doctype\s+html|html|head|body|script|iframe|object|embed|meta|link|style|form|svg|img)[\s>/]/i;

async function textKind(path: string): Promise<string> {
  const handle = await fs.promises.open(path, 'r');
  try {
    const buffer = Buffer.alloc(TEXT_HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, TEXT_HEAD_BYTES, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.includes(0)) return 'application/octet-stream';
    let text: string;
    try {
      // A cut at the end of the head may split a character: only the bytes before it must decode.
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytesRead === TEXT_HEAD_BYTES ? head.subarray(0, bytesRead - 4) : head);
    } catch {
      return 'application/octet-stream';
    }
    if (/<svg[\s>]/i.test(text)) return 'image/svg+xml';
    if (HTML_MARKERS.test(text)) return 'text/html';
    if (/^\uFEFF?\s*<\?xml/.test(text)) return 'application/xml';
    return 'text/plain';
  } finally {
    await handle.close();
  }
}

export async function fileKindOf(path: string): Promise<FileKind> {
  const detected = await fileTypeFromFile(path);
  // file-type names some text-based formats (XML and what is built on it) too; those are judged as text.
  // Office files (…openxmlformats…) are zip packages, not text: only a type that *is* XML goes to the text check.
  const mime = detected && !/[/+]xml$/.test(detected.mime) ? detected.mime : await textKind(path);
  return { mime, inline: INLINE.has(mime), thumbnail: THUMBNAILED.has(mime) };
}

/** Whether a stored type may be shown in place (the same rule as at upload). */
export const isInlineType = (mime: string) => INLINE.has(mime);

/** Characters that change how text around them is read (bidi controls) or are not text at all. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const HIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g;

/**
 * The name a file is shown and downloaded by: the last part of what the client sent (no folders,
 * so `../../etc/passwd` is `passwd`), without control or bidi characters (so `evil\u202Efdp.exe`
 * cannot pose as `evilexe.pdf`), at most LIMITS.attachmentNameMax characters with its extension
 * kept. Names only ever reach a download header, never a path: keys are the server's own.
 */
export function cleanFileName(raw: string): string {
  const last = raw.normalize('NFC').split(/[\\/]/).pop() ?? '';
  let name = last.replace(HIDDEN_CHARACTERS, '').trim();
  if (/^\.*$/.test(name)) name = '';
  const characters = [...name];
  if (characters.length > LIMITS.attachmentNameMax) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 16 ? [...name.slice(dot)] : [];
    name = characters.slice(0, LIMITS.attachmentNameMax - extension.length).join('') + extension.join('');
  }
  return name || 'file';
}
