let drawn: boolean | undefined;

/**
 * Whether this system draws flag emoji. Windows, and Linux without a colour emoji font, draw the
 * two "regional indicator" letters of a flag apart (as letters or empty boxes), so "🇸🇦 العربية"
 * would read "□□ العربية". A flag drawn as one glyph is about half as wide as its two letters
 * drawn alone; measured once, on a canvas, in the page's own fonts.
 */
export function drawsFlagEmoji(): boolean {
  if (drawn !== undefined) return drawn;
  drawn = false;
  try {
    // jsdom (the component tests) has no canvas; its getContext only reports "not implemented".
    if (typeof navigator === 'undefined' || navigator.userAgent.includes('jsdom')) return drawn;
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return drawn;
    context.font = '32px sans-serif';
    const flag = context.measureText('\u{1F1F8}\u{1F1E6}').width;
    const apart = context.measureText('\u{1F1F8}').width + context.measureText('\u{1F1E6}').width;
    drawn = flag > 0 && flag < apart * 0.75;
  } catch {
    drawn = false;
  }
  return drawn;
}
