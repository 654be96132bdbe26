/**
 * Characters that change how text reads without being seen (issue 18, finding h). A right-to-left
 * override makes `invoice\u202Efdp.exe` show as `invoiceexe.pdf`; zero-width and other format
 * characters make two names look alike or a "blank" name look filled in.
 *
 * Single-line fields (names, titles, labels, e-mail addresses) lose every bidi control and
 * invisible format character, so text made only of them is blank. Multi-line markdown
 * (descriptions, comments) keeps its text, including zero-width characters some writing needs,
 * and loses only the embedding, override and isolate controls, which reorder what follows them.
 */

/** Embeddings, overrides and isolates: U+202A–U+202E and U+2066–U+2069. */
const BIDI_REORDERING = /[\u202A-\u202E\u2066-\u2069]/g;

/**
 * A subdivision flag (🏴 + tag letters + cancel tag, e.g. England) is kept whole; otherwise every
 * format character (category Cf: bidi marks and controls, zero-width space, word joiner, BOM,
 * soft hyphen, invisible operators, tag characters…) and the Hangul fillers, which draw nothing.
 */
const FLAG_OR_INVISIBLE = /(\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F})|[\p{Cf}\u115F\u1160\u3164\uFFA0]/gu;

/**
 * Format characters that stay: the zero-width non-joiner and joiner, which Persian, Hindi and
 * emoji sequences need inside words, and the prepended concatenation marks (Arabic number sign,
 * end of ayah…), which are drawn.
 */
const KEPT_FORMAT = /^(?:\u200C|\u200D|[\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2\u{110BD}\u{110CD}])$/u;

/** A single-line text without bidi controls or invisible characters (names, titles, labels, addresses). */
export function stripInvisible(text: string): string {
  return text.replace(FLAG_OR_INVISIBLE, (match, flag: string | undefined) => flag ?? (KEPT_FORMAT.test(match) ? match : ''));
}

/** Multi-line markdown without the bidi embedding, override and isolate controls; everything else stays. */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_REORDERING, '');
}
