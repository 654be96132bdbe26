import { PRODUCT_NAME } from '../../common/constants.ts';
import { localDate } from '../../common/time-zone.ts';

/** Long enough to recognise a task, short enough for every file system's 255-byte limit even in Devanagari (3 bytes a unit). */
const TITLE_MAX_CHARS = 60;
const FALLBACK_TITLE = 'task';

export interface ExportFileName {
  /** Readable in any script: letters, marks and digits of the title, joined by dashes. */
  unicode: string;
  /** Plain ASCII for clients that ignore `filename*`. */
  ascii: string;
}

function truncateByGrapheme(text: string, max: number): string {
  let out = '';
  let count = 0;
  for (const { segment } of new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(text)) {
    if (count + segment.length > max) break;
    out += segment;
    count += segment.length;
  }
  return out;
}

function slug(text: string, keep: RegExp): string {
  const joined = Array.from(text)
    .map((char) => (keep.test(char) ? char : '-'))
    .join('')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return truncateByGrapheme(joined, TITLE_MAX_CHARS).replace(/-$/, '');
}

/**
 * `taskaty-<lowercase sanitized title>-YYYY-MM-DD.<ext>`: no separators, reserved characters or control codes on any OS.
 * The date is the day of `date` in `timeZone`, the exporting person's (issue 21; null or absent: UTC).
 */
export function exportFileName(
  title: string,
  date: Date,
  extension: 'pdf' | 'docx',
  timeZone: string | null | undefined = null,
): ExportFileName {
  const prefix = PRODUCT_NAME.toLowerCase();
  const normalized = title.normalize('NFC').toLocaleLowerCase('und');
  // Letters, combining marks (Devanagari vowel signs, Arabic harakat) and digits survive, so the name stays readable.
  const unicodeTitle = slug(normalized, /[\p{L}\p{M}\p{N}]/u) || FALLBACK_TITLE;
  const asciiTitle =
    slug(
      normalized
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .replace(/ß/g, 'ss')
        .replace(/[æ]/g, 'ae')
        .replace(/[œ]/g, 'oe')
        .replace(/ø/g, 'o'),
      /[a-z0-9]/,
    ) || FALLBACK_TITLE;
  const stamp = localDate(date, timeZone);
  return {
    unicode: `${prefix}-${unicodeTitle}-${stamp}.${extension}`,
    ascii: `${prefix}-${asciiTitle}-${stamp}.${extension}`,
  };
}

/** RFC 5987 `ext-value` encoding: encodeURIComponent leaves a few characters that attr-char does not allow. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** An attachment header with the ASCII name for old clients and the UTF-8 name (RFC 6266 / 5987) for the rest. */
export function contentDisposition(name: ExportFileName): string {
  return `attachment; filename="${name.ascii}"; filename*=UTF-8''${encodeRfc5987(name.unicode)}`;
}
