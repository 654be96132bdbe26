// fontkit and linebreak ship no type declarations; only the parts the export uses are described.

declare module 'fontkit' {
  export interface Glyph {
    id: number;
    advanceWidth: number;
    codePoints: number[];
  }

  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }

  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    readonly advanceWidth: number;
  }

  export interface Font {
    postscriptName: string;
    familyName: string;
    unitsPerEm: number;
    ascent: number;
    descent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string, features?: string[] | Record<string, boolean>): GlyphRun;
  }

  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}

declare module 'linebreak' {
  interface Break {
    position: number;
    required: boolean;
  }
  class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
  export default LineBreaker;
}
