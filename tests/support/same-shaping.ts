import type * as fontkit from 'fontkit';
import { expect } from 'vitest';

interface GlyphFont {
  numGlyphs: number;
  getGlyph(id: number): { path: { toSVG(): string } };
}

/** A glyph's outline as SVG path data: equal for a subset's glyph and the whole face's. */
export const outline = (font: fontkit.Font, id: number) => (font as unknown as GlyphFont).getGlyph(id).path.toSVG();

/** How many glyphs a face has. */
export const glyphCount = (font: fontkit.Font) => (font as unknown as GlyphFont).numGlyphs;

/** A subset shapes `text` as the whole face does: the same glyphs, positions and outlines. */
export function expectSameShaping(whole: fontkit.Font, subset: fontkit.Font, text: string) {
  const [a, b] = [whole.layout(text), subset.layout(text)];
  expect(
    b.glyphs.map((g) => g.id),
    text,
  ).toEqual(a.glyphs.map((g) => g.id));
  expect(b.positions, text).toEqual(a.positions);
  for (const glyph of a.glyphs) expect(outline(subset, glyph.id), `${text}: glyph ${glyph.id}`).toBe(outline(whole, glyph.id));
}
