/**
 * Model output is untrusted text. Before it reaches a user it loses every HTML tag (and the
 * whole content of script-like elements and of `<think>` reasoning blocks), control and
 * bidi-override characters, a wrapping ```markdown fence, surrounding whitespace, and
 * anything past the length cap. It works on a stream of deltas, holding back only what
 * could still turn out to be a tag or a fence, so the streamed and one-shot forms agree:
 * `push(a) + push(b) + end()` equals `sanitizeOutput(a + b)`.
 */

/** Elements whose content is never text for the user. */
const DROP_CONTENT = new Set(['script', 'style', 'think', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'textarea']);
const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)(?:\s[^<>]*)?\/?>/;
/** What a tag or comment can look like before its end has arrived. */
const PARTIAL_TAG = /^<(?:\/?(?:[a-zA-Z][a-zA-Z0-9-]*(?:\s[^<>]*)?)?|!-{0,2})$/;
/** `<https://…>` and `<name@host>`: markdown autolinks, which GFM also links without the brackets. */
const AUTOLINK = /^<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s<>]*|[^\s<>@]+@[^\s<>@]+)>/;
const PARTIAL_ANGLE = /^<[^\s<>]*$/;
const MAX_HELD = 2_000;
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSAFE_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;
const OPENING_FENCE = /^(```|~~~)[ \t]*(markdown|md|gfm|text)?[ \t]*$/i;

export interface OutputSanitizer {
  /** Takes a raw delta and returns the clean text that can be shown now (often ''). */
  push(raw: string): string;
  /** Returns whatever was held back. Call once, after the last push. */
  end(): string;
  /** True once the cap is reached: the caller can stop reading the provider. */
  readonly full: boolean;
}

function createTagStripper() {
  let buffer = '';
  let dropUntil: RegExp | undefined;
  return (raw: string, final: boolean): string => {
    buffer += raw;
    let out = '';
    while (buffer.length > 0) {
      if (dropUntil) {
        const close = dropUntil.exec(buffer);
        if (!close) {
          // Keep only enough to recognise a closing tag split across deltas.
          buffer = final ? '' : buffer.slice(-16);
          break;
        }
        buffer = buffer.slice(close.index + close[0].length);
        dropUntil = undefined;
        continue;
      }
      const lt = buffer.indexOf('<');
      if (lt === -1) {
        out += buffer;
        buffer = '';
        break;
      }
      out += buffer.slice(0, lt);
      buffer = buffer.slice(lt);
      if (buffer.startsWith('<!--')) {
        const end = buffer.indexOf('-->');
        if (end === -1) {
          if (final) buffer = '';
          break;
        }
        buffer = buffer.slice(end + 3);
        continue;
      }
      const tag = TAG.exec(buffer);
      if (tag) {
        const name = tag[2]!.toLowerCase();
        if (tag[1] === '' && DROP_CONTENT.has(name) && !tag[0].endsWith('/>')) dropUntil = new RegExp(`</${name}\\s*>`, 'i');
        buffer = buffer.slice(tag[0].length);
        continue;
      }
      const autolink = AUTOLINK.exec(buffer);
      if (autolink) {
        out += autolink[1];
        buffer = buffer.slice(autolink[0].length);
        continue;
      }
      if (!final && buffer.length < MAX_HELD && (PARTIAL_TAG.test(buffer) || PARTIAL_ANGLE.test(buffer))) break;
      // Any other '<' stays only when what follows cannot start a tag ("a < b", "<3", "<-").
      // Before a letter, '/', '!', '?' or '<' it goes, so removing an inner tag can never
      // glue a new one together ("<<b>script>" must not turn into "<script>").
      if (!/^<[a-zA-Z/!?<]/.test(buffer)) out += '<';
      buffer = buffer.slice(1);
    }
    return out;
  };
}

/** Drops leading whitespace and a wrapping ```markdown fence, and trailing whitespace. */
function createEdgeTrimmer() {
  let head = '';
  let started = false;
  let fenceChecked = false;
  let fenced = false;
  let tail = '';
  /** Where the text that may still turn out to be trailing junk begins: whitespace, and a closing fence line. */
  function heldFrom(text: string): number {
    const backOverSpace = (end: number) => {
      while (end > 0 && /\s/.test(text[end - 1]!)) end--;
      return end;
    };
    // A scan, not a /\s*$/ regex, which is quadratic on a long run of spaces.
    let cut = backOverSpace(text.length);
    if (fenced) {
      const lineStart = text.lastIndexOf('\n', cut - 1);
      if (lineStart !== -1 && /^[ \t]*(`{1,3}|~{1,3})[ \t]*$/.test(text.slice(lineStart + 1, cut))) cut = backOverSpace(lineStart);
    }
    return cut;
  }

  function emit(chunk: string, final: boolean): string {
    const all = tail + chunk;
    const cut = heldFrom(all);
    tail = all.slice(cut);
    if (!final) return all.slice(0, cut);
    const rest = tail;
    tail = '';
    // What was held is a closing fence or whitespace: both go. Anything else is text.
    if (fenced && /^\s*(```|~~~)\s*$/.test(rest)) return all.slice(0, cut);
    return all.slice(0, cut) + rest.trimEnd();
  }

  const push = (text: string, final: boolean): string => {
    if (started) return emit(text, final);
    const trimmed = (head + text).trimStart();
    head = '';
    if (trimmed === '') return '';
    if (!fenceChecked && (trimmed.startsWith('`') || trimmed.startsWith('~'))) {
      const newline = trimmed.indexOf('\n');
      // Wait for the whole first line before deciding whether it opens a wrapping fence.
      if (newline === -1 && !final && trimmed.length < 200) {
        head = trimmed;
        return '';
      }
      fenceChecked = true;
      if (newline !== -1 && OPENING_FENCE.test(trimmed.slice(0, newline).trim())) {
        fenced = true;
        // What follows the fence starts over: its leading whitespace goes too.
        return push(trimmed.slice(newline + 1), final);
      }
    }
    fenceChecked = true;
    started = true;
    return emit(trimmed, final);
  };
  return push;
}

export function createOutputSanitizer(maxChars: number): OutputSanitizer {
  const stripTags = createTagStripper();
  const trimEdges = createEdgeTrimmer();
  let emitted = 0;
  let full = false;

  const cap = (text: string): string => {
    if (full || text === '') return '';
    if (emitted + text.length <= maxChars) {
      emitted += text.length;
      return text;
    }
    full = true;
    let room = maxChars - emitted;
    // Never split a surrogate pair. The cut is not moved back to a word boundary: text
    // already streamed cannot be taken back, and both forms must give the same result.
    if (room > 0 && /[\uD800-\uDBFF]/.test(text[room - 1]!)) room -= 1;
    const piece = text.slice(0, room).trimEnd();
    emitted += piece.length;
    return piece;
  };

  // A delta may end between the two halves of an emoji; the first half waits for the second.
  let carry = '';
  // CR is dropped rather than translated: a CRLF split across two deltas must not become two newlines.
  const clean = (raw: string, final: boolean) => {
    let text = carry + raw;
    carry = '';
    if (!final && /[\uD800-\uDBFF]$/.test(text)) {
      carry = text.slice(-1);
      text = text.slice(0, -1);
    }
    return text.replace(/\r/g, '').replace(UNSAFE_CHARS, '');
  };

  return {
    push(raw) {
      if (full) return '';
      return cap(trimEdges(stripTags(clean(raw, false), false), false));
    },
    end() {
      if (full) return '';
      return cap(trimEdges(stripTags(clean('', true), true), true));
    },
    get full() {
      return full;
    },
  };
}

export function sanitizeOutput(raw: string, maxChars: number): string {
  const sanitizer = createOutputSanitizer(maxChars);
  return sanitizer.push(raw) + sanitizer.end();
}
