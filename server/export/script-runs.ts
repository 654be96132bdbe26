/** The scripts the export has fonts for; everything else (Latin, Greek, Cyrillic, symbols) starts from Noto Sans. */
export type Script = 'latin' | 'arabic' | 'devanagari';

export interface ScriptRun {
  script: Script;
  start: number;
  end: number;
}

type CharClass = Script | 'neutral' | 'mark';

function isArabic(cp: number): boolean {
  return (
    (cp >= 0x0600 && cp <= 0x06ff) ||
    (cp >= 0x0750 && cp <= 0x077f) ||
    (cp >= 0x0870 && cp <= 0x08ff) ||
    (cp >= 0xfb50 && cp <= 0xfdff) ||
    (cp >= 0xfe70 && cp <= 0xfeff)
  );
}

function isDevanagari(cp: number): boolean {
  return (cp >= 0x0900 && cp <= 0x097f) || (cp >= 0xa8e0 && cp <= 0xa8ff) || (cp >= 0x1cd0 && cp <= 0x1cff);
}

const LETTER = /\p{L}/u;
const COMBINING_MARK = /\p{M}/u;

/** Combining marks, and joiners and variation selectors, which belong to the character before them like marks do. */
function isMark(char: string, cp: number): boolean {
  return cp === 0x200c || cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f) || COMBINING_MARK.test(char);
}

function classOf(char: string, cp: number): CharClass {
  if (isArabic(cp)) return 'arabic';
  if (isDevanagari(cp)) return 'devanagari';
  if (isMark(char, cp)) return 'mark';
  if (LETTER.test(char)) return 'latin';
  return 'neutral';
}

/** True for letters of right-to-left scripts, which fontkit lays out (and reverses) by itself. */
export function hasRightToLeftLetters(text: string): boolean {
  return /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/.test(text);
}

/** The paragraph direction a browser's `dir="auto"` would pick: from the first strong letter. */
export function firstStrongDirection(text: string): 'ltr' | 'rtl' | null {
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if ((cp >= 0x0590 && cp <= 0x08ff) || (cp >= 0xfb1d && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfeff)) {
      if (LETTER.test(char)) return 'rtl';
      continue;
    }
    if (LETTER.test(char)) return 'ltr';
  }
  return null;
}

/**
 * Splits text into runs by script. Spaces, digits and punctuation between two letters of the same script join that
 * script's run, so an Arabic phrase stays one run (one right-to-left span in Word, one shaping unit in the PDF);
 * elsewhere they stay with Latin, as a browser's first font would draw them.
 */
export function splitByScript(text: string): ScriptRun[] {
  const classes: { cls: CharClass; start: number; end: number }[] = [];
  let index = 0;
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    let cls = classOf(char, cp);
    if (cls === 'mark') cls = classes.at(-1)?.cls ?? 'neutral';
    classes.push({ cls, start: index, end: index + char.length });
    index += char.length;
  }

  const resolved: Script[] = new Array<Script>(classes.length);
  let i = 0;
  while (i < classes.length) {
    const cls = classes[i]!.cls;
    if (cls !== 'neutral' && cls !== 'mark') {
      resolved[i] = cls;
      i += 1;
      continue;
    }
    let j = i;
    while (j < classes.length && (classes[j]!.cls === 'neutral' || classes[j]!.cls === 'mark')) j += 1;
    const before = i > 0 ? resolved[i - 1] : undefined;
    const after = j < classes.length ? (classes[j]!.cls as Script) : undefined;
    const script: Script = before && before === after ? before : 'latin';
    for (let k = i; k < j; k++) resolved[k] = script;
    i = j;
  }

  const runs: ScriptRun[] = [];
  for (let k = 0; k < classes.length; k++) {
    const script = resolved[k]!;
    const last = runs.at(-1);
    if (last && last.script === script) last.end = classes[k]!.end;
    else runs.push({ script, start: classes[k]!.start, end: classes[k]!.end });
  }
  return runs;
}

// C0/C1 controls (except newline and tab) draw as boxes; explicit bidi controls are dropped because the layout resolves
// direction itself and a hostile RLO could otherwise reverse the rest of the document.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNWANTED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

export function cleanText(text: string): string {
  return text.replace(UNWANTED, '');
}
