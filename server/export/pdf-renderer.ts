import PDFDocument from 'pdfkit';
import { fillTemplate } from './export-texts.ts';
import {
  EXPORT_COLORS,
  shade,
  tint,
  type AttachmentView,
  type Chip,
  type CommentView,
  type ExportDocument,
  type MetaRow,
} from './export-document.ts';
import type { ExportImage } from './export.types.ts';
import { FONT_KEYS, loadFont, type FontKey } from './fonts.ts';
import { inlineText, type Block, type Inline, type ListItem, type TableAlign } from './markdown-to-blocks.ts';
import { layoutParagraph, type Direction, type LaidLine, type LaidParagraph, type RunStyle, type StyledSpan } from './pdf-text-layout.ts';
import { firstStrongDirection } from './script-runs.ts';

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 56;
const CONTENT_TOP = 78;
const CONTENT_BOTTOM = PAGE_HEIGHT - 62;
const HEADER_BASELINE = 40;
const FOOTER_TOP = PAGE_HEIGHT - 40;

const BODY_SIZE = 10;
const BODY_LINE_HEIGHT = 1.5;
const HEADING_SIZES = { 1: 17, 2: 14.5, 3: 12.5, 4: 11 } as const;
const LIST_INDENT = 18;
const QUOTE_INDENT = 14;
const REPLY_INDENT = 20;
const CELL_PAD_X = 5;
const CELL_PAD_Y = 3.5;
const MIN_COLUMN_WIDTH = 34;
const BULLETS = ['•', '◦', '▪'] as const;
/** Images (issue 24) are drawn at 96 pixels to the inch, smaller to fit the width and at most this high (about half the page). */
const IMAGE_MAX_HEIGHT = 360;
const POINTS_PER_PIXEL = 0.75;

interface Box {
  left: number;
  right: number;
}

interface FlowContext {
  box: Box;
  color: string;
  /** Direction for paragraphs without strong letters, and for structural elements. */
  dir: Direction;
  /** Space after a paragraph; tighter inside lists. */
  paragraphGap: number;
  listDepth: number;
}

type MarkerDraw = (baselineY: number) => void;

/** Something placed whole in a flow of chips and short texts (metadata values, comment headers). */
interface FlowItem {
  width: number;
  height: number;
  draw(x: number, top: number): void;
}

const width = (box: Box) => box.right - box.left;

/** The size an image is drawn at: its own at 96 px to the inch, scaled down (never up) to `maxWidth` and IMAGE_MAX_HEIGHT. */
export function imageDrawSize(image: Pick<ExportImage, 'width' | 'height'>, maxWidth: number, maxHeight = IMAGE_MAX_HEIGHT) {
  const scale = Math.min(POINTS_PER_PIXEL, maxWidth / image.width, maxHeight / image.height);
  return { width: image.width * scale, height: image.height * scale };
}

/** The parts of pdfkit's internals the glyph writer uses (stable across pdfkit 0.x; pdfkit's own text() uses them). */
interface PdfKitInternals {
  _font: {
    id: string;
    /** The ToUnicode entry pdfkit writes per subset glyph: the code points of the first use of that glyph. */
    unicode: (number[] | undefined)[];
    encode(text: string, features?: string[]): [string[], { xAdvance: number; xOffset: number; yOffset: number; advanceWidth: number }[]];
    ref(): unknown;
  };
  page: { fonts: Record<string, unknown>; height: number };
  addContent(data: string): unknown;
}

const num = (n: number) => String(Math.round(n * 1000) / 1000);

/** A PDF text string in UTF-16BE with a byte-order mark, the form every reader accepts for any script. */
function pdfTextString(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${hex}>`;
}

const sameCodePoints = (a: readonly number[] | undefined, b: readonly number[]) =>
  !!a && a.length === b.length && a.every((cp, i) => cp === b[i]);

/**
 * Writes one shaped run with the operators of pdfkit's own text(), plus marked content for text extraction:
 *  - `runText` (Devanagari): the whole run's logical text, because shaping reorders glyphs (vowel signs before consonants);
 *  - otherwise each glyph whose ToUnicode entry would be wrong gets its own code points. Noto Sans Arabic draws ج, ح and
 *    خ with one dotless base glyph plus dots, and ToUnicode keeps only the first letter a glyph was used for.
 * pdfkit's text() cannot be used here: its save/restore would sit inside the marked content, and poppler then places
 * the replacement text with the page's flipped matrix (upside down, elsewhere on the page).
 */
function writeGlyphRun(
  doc: PDFKit.PDFDocument,
  fontKey: FontKey,
  text: string,
  x: number,
  baseline: number,
  size: number,
  runText?: string,
) {
  const internal = doc as unknown as PdfKitInternals;
  const font = internal._font;
  internal.page.fonts[font.id] ??= font.ref();
  const [encoded, positions] = font.encode(text, []);
  const glyphCodePoints = runText === undefined ? loadFont(fontKey).glyphCodePoints(text) : [];
  const scale = size / 1000;
  const y = internal.page.height - baseline;
  const out: string[] = [`q 1 0 0 -1 0 ${num(internal.page.height)} cm`];
  if (runText !== undefined) out.push(`/Span << /ActualText ${pdfTextString(runText)} >> BDC`);
  out.push('BT', `1 0 0 1 ${num(x)} ${num(y)} Tm`, `/${font.id} ${num(size)} Tf`);
  const commands: string[] = [];
  let last = 0;
  let cursor = x;
  let hadOffset = false;
  const addSegment = (end: number) => {
    if (last < end) {
      const position = positions[end - 1]!;
      commands.push(`<${encoded.slice(last, end).join('')}> ${num(-(position.xAdvance - position.advanceWidth))}`);
    }
    last = end;
  };
  const flush = (end: number) => {
    addSegment(end);
    if (commands.length > 0) {
      out.push(`[${commands.join(' ')}] TJ`);
      commands.length = 0;
    }
  };
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i]!;
    const codePoints = glyphCodePoints[i];
    const fix = codePoints !== undefined && !sameCodePoints(font.unicode[parseInt(encoded[i]!, 16)] ?? [], codePoints);
    const offset = position.xOffset !== 0 || position.yOffset !== 0;
    if (offset || fix) {
      flush(i);
      if (offset) {
        // Marks (harakat, Devanagari vowel signs) are placed with their own text matrix.
        out.push(`1 0 0 1 ${num(cursor + position.xOffset * scale)} ${num(y + position.yOffset * scale)} Tm`);
        hadOffset = true;
      } else if (hadOffset) {
        out.push(`1 0 0 1 ${num(cursor)} ${num(y)} Tm`);
        hadOffset = false;
      }
      if (fix) out.push(`/Span << /ActualText ${pdfTextString(String.fromCodePoint(...codePoints))} >> BDC`);
      flush(i + 1);
      if (fix) out.push('EMC');
    } else {
      if (hadOffset) {
        out.push(`1 0 0 1 ${num(cursor)} ${num(y)} Tm`);
        hadOffset = false;
      }
      if (position.xAdvance - position.advanceWidth !== 0) addSegment(i + 1);
    }
    cursor += position.xAdvance * scale;
  }
  flush(positions.length);
  out.push('ET');
  if (runText !== undefined) out.push('EMC');
  out.push('Q');
  internal.addContent(out.join('\n'));
}

class PdfComposer {
  readonly doc: PDFKit.PDFDocument;
  private y = CONTENT_TOP;
  private pendingMarker: MarkerDraw | null = null;
  private readonly dir: Direction;
  /** pdfkit's image objects by attachment id: each image is one XObject however often it is drawn. */
  private readonly openedImages = new Map<number, unknown>();

  constructor(private readonly model: ExportDocument) {
    this.dir = model.rtl ? 'rtl' : 'ltr';
    this.doc = new PDFDocument({
      size: 'A4',
      margin: 0,
      // pdfkit otherwise parses Helvetica's metrics for every document; a preloaded face costs nothing until used.
      font: loadFont('latin-regular').font as unknown as string,
      autoFirstPage: false,
      bufferPages: true,
      lang: model.language,
      displayTitle: true,
      info: {
        Title: model.title,
        Author: model.author,
        Subject: `${model.productName} task`,
        Creator: model.productName,
        Producer: model.productName,
        CreationDate: model.generatedAt,
        ModDate: model.generatedAt,
      },
    });
    // Registering parsed fontkit objects (not paths) keeps pdfkit from re-reading and re-parsing fonts per document.
    for (const key of FONT_KEYS) this.doc.registerFont(key, loadFont(key).font as unknown as Buffer);
    this.newPage();
  }

  // ---------------------------------------------------------------- pages

  private get pageIndex(): number {
    const range = this.doc.bufferedPageRange();
    return range.start + range.count - 1;
  }

  private newPage() {
    this.doc.addPage({ size: 'A4', margin: 0 });
    this.y = CONTENT_TOP;
    // A list item's marker still waiting for its first line belongs on this page's content, not its header.
    const marker = this.pendingMarker;
    this.pendingMarker = null;
    this.drawHeader();
    this.pendingMarker = marker;
  }

  private ensure(height: number) {
    if (this.y + height > CONTENT_BOTTOM && this.y > CONTENT_TOP + 0.5) this.newPage();
  }

  private drawHeader() {
    const box = { left: MARGIN_X, right: PAGE_WIDTH - MARGIN_X };
    const brand = this.layout(
      [{ text: this.model.productName, style: { fontSize: 11, color: EXPORT_COLORS.brand, bold: true } }],
      400,
      this.dir,
    );
    const stamp = this.layout([{ text: this.model.exportedOn, style: { fontSize: 7.5, color: EXPORT_COLORS.muted } }], 300, this.dir);
    const brandLine = brand.lines[0];
    const stampLine = stamp.lines[0];
    if (brandLine)
      this.drawLine(
        { ...brandLine, x: 0 },
        this.dir === 'rtl' ? box.right - brandLine.width : box.left,
        HEADER_BASELINE - brandLine.baseline,
      );
    if (stampLine)
      this.drawLine(
        { ...stampLine, x: 0 },
        this.dir === 'rtl' ? box.left : box.right - stampLine.width,
        HEADER_BASELINE - stampLine.baseline,
      );
    this.doc
      .moveTo(box.left, HEADER_BASELINE + 9)
      .lineTo(box.right, HEADER_BASELINE + 9)
      .lineWidth(0.8)
      .strokeColor(tint(EXPORT_COLORS.brand, 0.55))
      .stroke();
  }

  private drawFooters() {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = 0; i < count; i++) {
      this.doc.switchToPage(start + i);
      const label = fillTemplate(this.model.texts.pageOf, { page: i + 1, pages: count });
      const laid = this.layout([{ text: label, style: { fontSize: 8, color: EXPORT_COLORS.muted } }], 300, this.dir);
      const line = laid.lines[0];
      if (line) this.drawLine({ ...line, x: 0 }, (PAGE_WIDTH - line.width) / 2, FOOTER_TOP);
    }
  }

  // ---------------------------------------------------------------- text

  private layout(
    spans: StyledSpan[],
    maxWidth: number,
    fallback: Direction,
    options: { lineHeight?: number; align?: 'start' | 'center' | 'end'; direction?: 'auto' | Direction } = {},
  ): LaidParagraph {
    return layoutParagraph(
      {
        spans,
        direction: options.direction ?? 'auto',
        fallbackDirection: fallback,
        lineHeight: options.lineHeight ?? BODY_LINE_HEIGHT,
        align: options.align ?? 'start',
      },
      maxWidth,
    );
  }

  /** Draws a laid-out line whose top is at `top`; runs are already in visual order. */
  private drawLine(line: LaidLine, left: number, top: number) {
    const doc = this.doc;
    const baseline = top + line.baseline;
    // A list item's marker sits on the baseline of the item's first line, whatever block that line belongs to.
    const marker = this.pendingMarker;
    if (marker) {
      this.pendingMarker = null;
      marker(baseline);
    }
    for (const run of line.runs) {
      const x = left + line.x + run.x;
      const { style } = run;
      if (style.background) {
        doc
          .roundedRect(x - 1.5, baseline - style.fontSize * 0.95, run.width + 3, style.fontSize * 1.3, 2)
          .fillColor(style.background)
          .fill();
      }
      doc.font(run.fontKey).fillColor(style.color);
      writeGlyphRun(doc, run.fontKey, run.text, x, baseline, style.fontSize, run.actualText);
      const thickness = Math.max(0.5, style.fontSize * 0.06);
      if (style.underline || style.link) {
        doc
          .moveTo(x, baseline + style.fontSize * 0.14)
          .lineTo(x + run.width, baseline + style.fontSize * 0.14)
          .lineWidth(thickness)
          .strokeColor(style.color)
          .stroke();
      }
      if (style.strike) {
        doc
          .moveTo(x, baseline - style.fontSize * 0.3)
          .lineTo(x + run.width, baseline - style.fontSize * 0.3)
          .lineWidth(thickness)
          .strokeColor(style.color)
          .stroke();
      }
      if (style.link) doc.link(x, top, run.width, line.height, style.link);
    }
  }

  /** Flows a paragraph into the page, breaking pages between lines and never leaving a lone first line behind. */
  private flowParagraph(laid: LaidParagraph, box: Box) {
    laid.lines.forEach((line, index) => {
      if (index === 0 && laid.lines.length > 1) this.ensure(line.height + laid.lines[1]!.height);
      else this.ensure(line.height);
      this.drawLine(line, box.left, this.y);
      this.y += line.height;
    });
  }

  private inlineSpans(content: readonly Inline[], base: RunStyle): StyledSpan[] {
    return content.map((inline) => {
      const style: RunStyle = { ...base };
      if (inline.style.bold) style.bold = true;
      if (inline.style.italic) style.italic = true;
      if (inline.style.strike) style.strike = true;
      if (inline.style.code) {
        style.code = true;
        style.background = EXPORT_COLORS.codeBackground;
        style.fontSize = base.fontSize * 0.9;
      }
      if (inline.style.link) {
        style.link = inline.style.link;
        style.color = EXPORT_COLORS.link;
      }
      return { text: inline.text, style };
    });
  }

  // ---------------------------------------------------------------- bars that follow content across pages

  private withStartBar(ctx: FlowContext, color: string, barWidth: number, render: () => void) {
    const startPage = this.pageIndex;
    const startY = this.y;
    render();
    const endPage = this.pageIndex;
    const endY = this.y;
    const x = ctx.dir === 'rtl' ? ctx.box.right - barWidth : ctx.box.left;
    for (let page = startPage; page <= endPage; page++) {
      const top = page === startPage ? startY : CONTENT_TOP;
      const bottom = page === endPage ? endY : CONTENT_BOTTOM;
      if (bottom - top < 1) continue;
      this.doc.switchToPage(page);
      this.doc
        .rect(x, top, barWidth, bottom - top)
        .fillColor(color)
        .fill();
    }
    this.doc.switchToPage(endPage);
  }

  // ---------------------------------------------------------------- blocks

  private blocks(blocks: readonly Block[], ctx: FlowContext) {
    for (const block of blocks) this.block(block, ctx);
  }

  private block(block: Block, ctx: FlowContext) {
    switch (block.kind) {
      case 'heading': {
        const size = HEADING_SIZES[block.level];
        this.y += block.level <= 2 ? 10 : 7;
        const laid = this.layout(
          this.inlineSpans(block.content, { fontSize: size, color: ctx.color, bold: true }),
          width(ctx.box),
          ctx.dir,
          {
            lineHeight: 1.35,
          },
        );
        // Keep a heading with the start of what follows it.
        this.ensure(laid.height + 3 * BODY_SIZE * BODY_LINE_HEIGHT);
        this.flowParagraph(laid, ctx.box);
        if (block.level <= 2) {
          this.doc
            .moveTo(ctx.box.left, this.y + 1)
            .lineTo(ctx.box.right, this.y + 1)
            .lineWidth(0.5)
            .strokeColor(EXPORT_COLORS.border)
            .stroke();
          this.y += 4;
        }
        this.y += 4;
        break;
      }
      case 'paragraph': {
        const laid = this.layout(this.inlineSpans(block.content, { fontSize: BODY_SIZE, color: ctx.color }), width(ctx.box), ctx.dir);
        this.flowParagraph(laid, ctx.box);
        this.y += ctx.paragraphGap;
        break;
      }
      case 'list':
        this.list(block.ordered, block.start, block.items, ctx);
        this.y += ctx.listDepth === 0 ? 4 : 0;
        break;
      case 'code':
        this.codeBlock(block.text, ctx);
        break;
      case 'quote': {
        const dir = firstStrongDirection(blocksText(block.blocks)) ?? ctx.dir;
        const inner: FlowContext = {
          ...ctx,
          dir,
          color: EXPORT_COLORS.muted,
          box:
            dir === 'rtl'
              ? { left: ctx.box.left, right: ctx.box.right - QUOTE_INDENT }
              : { left: ctx.box.left + QUOTE_INDENT, right: ctx.box.right },
        };
        this.withStartBar({ ...ctx, dir }, EXPORT_COLORS.quoteBar, 2.5, () => {
          this.y += 2;
          this.blocks(block.blocks, inner);
        });
        this.y += 6;
        break;
      }
      case 'table':
        this.table(block.align, block.header, block.rows, ctx);
        break;
      case 'image': {
        const image = this.model.images.get(block.attachmentId);
        if (!image) break;
        this.y += 2;
        this.picture(image, ctx.box, ctx.dir === 'rtl' ? 'end' : 'start');
        this.y += ctx.paragraphGap + 2;
        break;
      }
      case 'rule':
        this.ensure(14);
        this.doc
          .moveTo(ctx.box.left, this.y + 7)
          .lineTo(ctx.box.right, this.y + 7)
          .lineWidth(0.8)
          .strokeColor(EXPORT_COLORS.border)
          .stroke();
        this.y += 14;
        break;
    }
  }

  private list(ordered: boolean, start: number, items: readonly ListItem[], ctx: FlowContext) {
    const depth = ctx.listDepth;
    const lastNumber = start + items.length - 1;
    const markerSpace = ordered ? Math.max(LIST_INDENT, loadFont('latin-regular').advance(`${lastNumber}.`) * BODY_SIZE + 8) : LIST_INDENT;
    // The list indents on its own start side; an item in the other direction (an Arabic item in an English list)
    // also makes room for its marker on its start side, so markers always lead their text.
    const inset = (box: Box, dir: Direction): Box =>
      dir === 'rtl' ? { left: box.left, right: box.right - markerSpace } : { left: box.left + markerSpace, right: box.right };
    const listBox = inset(ctx.box, ctx.dir);
    items.forEach((item, index) => {
      const dir = firstStrongDirection(blocksText(item.blocks)) ?? ctx.dir;
      const box = dir === ctx.dir ? listBox : inset(listBox, dir);
      const gutterEdge = dir === 'rtl' ? box.right + 5 : box.left - 5;
      if (item.checked !== null) {
        const checked = item.checked;
        this.pendingMarker = (baseline) => this.checkbox(dir === 'rtl' ? gutterEdge : gutterEdge - 9, baseline, checked);
      } else {
        const marker = ordered ? `${start + index}.` : BULLETS[depth % BULLETS.length]!;
        const laid = this.layout([{ text: marker, style: { fontSize: BODY_SIZE, color: ctx.color } }], markerSpace, dir, {
          direction: dir,
        });
        const markerLine = laid.lines[0];
        this.pendingMarker = (baseline) => {
          if (!markerLine) return;
          const x = dir === 'rtl' ? gutterEdge : gutterEdge - markerLine.width;
          this.drawLine({ ...markerLine, x: 0 }, x, baseline - markerLine.baseline);
        };
      }
      const inner: FlowContext = { ...ctx, box, dir, paragraphGap: 2, listDepth: depth + 1 };
      if (item.blocks.length === 0) {
        // An empty item still shows its marker on a line of its own.
        const height = BODY_SIZE * BODY_LINE_HEIGHT;
        this.ensure(height);
        const marker = this.pendingMarker;
        this.pendingMarker = null;
        marker?.(this.y + BODY_SIZE * 1.14);
        this.y += height;
      }
      this.blocks(item.blocks, inner);
      this.pendingMarker = null;
    });
  }

  private checkbox(x: number, baseline: number, checked: boolean) {
    const size = 8.5;
    const top = baseline - size + 0.5;
    const doc = this.doc;
    if (checked) {
      doc.roundedRect(x, top, size, size, 1.8).fillColor(EXPORT_COLORS.brand).fill();
      doc
        .moveTo(x + 1.9, top + 4.4)
        .lineTo(x + 3.6, top + 6.1)
        .lineTo(x + 6.7, top + 2.4)
        .lineWidth(1.2)
        .strokeColor('#ffffff')
        .stroke();
    } else {
      doc.roundedRect(x, top, size, size, 1.8).lineWidth(0.8).strokeColor(EXPORT_COLORS.muted).stroke();
    }
  }

  private codeBlock(text: string, ctx: FlowContext) {
    const pad = 7;
    const inner = { left: ctx.box.left + pad, right: ctx.box.right - pad };
    const style: RunStyle = { fontSize: 8.5, color: EXPORT_COLORS.text, code: true };
    const lines: LaidLine[] = [];
    for (const source of text.replace(/\n$/, '').split('\n')) {
      const laid = this.layout([{ text: source || ' ', style }], width(inner), 'ltr', { direction: 'ltr', lineHeight: 1.45 });
      if (laid.lines.length === 0) {
        // A blank line in code still takes its height.
        const blank = this.layout([{ text: '.', style }], width(inner), 'ltr', { direction: 'ltr', lineHeight: 1.45 }).lines[0]!;
        lines.push({ ...blank, runs: [] });
      } else lines.push(...laid.lines);
    }
    this.y += 2;
    let index = 0;
    while (index < lines.length) {
      this.ensure(lines[index]!.height + 2 * pad);
      let take = 0;
      let height = 0;
      while (index + take < lines.length && this.y + 2 * pad + height + lines[index + take]!.height <= CONTENT_BOTTOM) {
        height += lines[index + take]!.height;
        take++;
      }
      if (take === 0) {
        take = 1;
        height = lines[index]!.height;
      }
      this.doc
        .roundedRect(ctx.box.left, this.y, width(ctx.box), height + 2 * pad, 3)
        .fillColor(EXPORT_COLORS.codeBackground)
        .fill();
      let y = this.y + pad;
      for (const line of lines.slice(index, index + take)) {
        this.drawLine(line, inner.left, y);
        y += line.height;
      }
      this.y = y + pad;
      index += take;
      if (index < lines.length) this.newPage();
    }
    this.y += 8;
  }

  // ---------------------------------------------------------------- tables

  private table(align: readonly TableAlign[], header: Inline[][], rows: Inline[][][], ctx: FlowContext) {
    const columns = Math.max(header.length, ...rows.map((row) => row.length));
    if (columns === 0) return;
    const available = width(ctx.box);
    if (columns * MIN_COLUMN_WIDTH > available) {
      // More columns than a page can hold: each row becomes a line of cells separated by bars.
      for (const row of [header, ...rows]) {
        const content = row.flatMap((cell, i) => (i === 0 ? cell : [{ text: ' | ', style: {} }, ...cell]));
        this.block({ kind: 'paragraph', content }, ctx);
      }
      return;
    }
    const dir = firstStrongDirection(header.map((cell) => inlineText(cell)).join(' ')) ?? ctx.dir;
    const cellSpans = (cell: Inline[] | undefined, isHeader: boolean) =>
      this.inlineSpans(cell ?? [], { fontSize: BODY_SIZE * 0.95, color: EXPORT_COLORS.text, ...(isHeader ? { bold: true } : {}) });

    // Column widths as a browser's automatic table layout would choose: natural widths when they fit, otherwise
    // every column gets its longest word and the rest is shared by how much more each would like.
    const natural = new Array<number>(columns).fill(0);
    const minimum = new Array<number>(columns).fill(0);
    for (const [rowIndex, row] of [header, ...rows].entries()) {
      for (let c = 0; c < columns; c++) {
        const spans = cellSpans(row[c], rowIndex === 0);
        const wide = this.layout(spans, 10_000, dir);
        natural[c] = Math.max(natural[c]!, ...wide.lines.map((l) => l.width));
        const narrow = this.layout(spans, 1, dir);
        minimum[c] = Math.max(minimum[c]!, ...narrow.lines.map((l) => l.width));
      }
    }
    const pad = 2 * CELL_PAD_X;
    const naturalW = natural.map((w) => Math.max(MIN_COLUMN_WIDTH, w + pad));
    const minW = minimum.map((w) => Math.min(Math.max(MIN_COLUMN_WIDTH, w + pad), available / columns));
    let widths: number[];
    const naturalTotal = naturalW.reduce((a, b) => a + b, 0);
    if (naturalTotal <= available) widths = naturalW;
    else {
      const minTotal = minW.reduce((a, b) => a + b, 0);
      if (minTotal >= available) widths = minW.map((w) => (w / minTotal) * available);
      else {
        const want = naturalW.map((w, i) => w - minW[i]!);
        const wantTotal = want.reduce((a, b) => a + b, 0) || 1;
        widths = minW.map((w, i) => w + (want[i]! / wantTotal) * (available - minTotal));
      }
    }
    // Column 0 sits on the start side of the table's direction.
    const columnLeft: number[] = [];
    let x = dir === 'rtl' ? ctx.box.right : ctx.box.left;
    for (let c = 0; c < columns; c++) {
      if (dir === 'rtl') {
        x -= widths[c]!;
        columnLeft.push(x);
      } else {
        columnLeft.push(x);
        x += widths[c]!;
      }
    }

    const layoutRow = (row: Inline[][], isHeader: boolean) =>
      Array.from({ length: columns }, (_, c) => {
        const cellDir = firstStrongDirection(inlineText(row[c] ?? [])) ?? dir;
        return this.layout(cellSpans(row[c], isHeader), widths[c]! - pad, dir, { align: cellAlign(align[c] ?? null, cellDir) });
      });

    const headerCells = layoutRow(header, true);
    const rowHeight = (cells: LaidParagraph[]) =>
      Math.max(...cells.map((cell) => cell.height), BODY_SIZE * BODY_LINE_HEIGHT) + 2 * CELL_PAD_Y;
    const drawHeader = () =>
      this.tableRowSlice(
        headerCells.map((c) => c.lines),
        columnLeft,
        widths,
        true,
      );

    this.y += 2;
    this.ensure(rowHeight(headerCells) + (rows[0] ? rowHeight(layoutRow(rows[0], false)) : 0));
    drawHeader();
    for (const row of rows) {
      const cells = layoutRow(row, false);
      const height = rowHeight(cells);
      if (this.y + height > CONTENT_BOTTOM && height <= CONTENT_BOTTOM - CONTENT_TOP - rowHeight(headerCells)) {
        this.newPage();
        drawHeader();
      }
      // A row taller than a page is drawn in slices, its remaining lines continuing under a repeated header.
      let remaining = cells.map((cell) => cell.lines);
      while (remaining.some((lines) => lines.length > 0)) {
        const room = CONTENT_BOTTOM - this.y - 2 * CELL_PAD_Y;
        const slice = remaining.map((lines) => {
          let used = 0;
          let take = 0;
          while (take < lines.length && used + lines[take]!.height <= room) used += lines[take++]!.height;
          return take;
        });
        if (slice.every((take, c) => take === 0 && remaining[c]!.length > 0) || slice.every((take) => take === 0)) {
          this.newPage();
          drawHeader();
          continue;
        }
        this.tableRowSlice(
          remaining.map((lines, c) => lines.slice(0, slice[c])),
          columnLeft,
          widths,
          false,
        );
        remaining = remaining.map((lines, c) => lines.slice(slice[c]));
        if (remaining.some((lines) => lines.length > 0)) {
          this.newPage();
          drawHeader();
        }
      }
    }
    this.y += 8;
  }

  private tableRowSlice(cells: LaidLine[][], columnLeft: number[], widths: number[], isHeader: boolean) {
    const contentHeight = Math.max(BODY_SIZE * BODY_LINE_HEIGHT, ...cells.map((lines) => lines.reduce((sum, l) => sum + l.height, 0)));
    const height = contentHeight + 2 * CELL_PAD_Y;
    const doc = this.doc;
    cells.forEach((lines, c) => {
      const left = columnLeft[c]!;
      if (isHeader) doc.rect(left, this.y, widths[c]!, height).fillColor(EXPORT_COLORS.tableHeader).fill();
      doc.rect(left, this.y, widths[c]!, height).lineWidth(0.6).strokeColor(EXPORT_COLORS.border).stroke();
      let y = this.y + CELL_PAD_Y;
      for (const line of lines) {
        this.drawLine(line, left + CELL_PAD_X, y);
        y += line.height;
      }
    });
    this.y += height;
  }

  // ---------------------------------------------------------------- task parts

  private title() {
    const box = { left: MARGIN_X, right: PAGE_WIDTH - MARGIN_X };
    const laid = this.layout(
      [{ text: this.model.title, style: { fontSize: 20, color: EXPORT_COLORS.text, bold: true } }],
      width(box),
      this.dir,
      {
        lineHeight: 1.3,
      },
    );
    this.flowParagraph(laid, box);
    this.y += 12;
  }

  private sectionHeading(text: string) {
    const box = { left: MARGIN_X, right: PAGE_WIDTH - MARGIN_X };
    this.y += 14;
    const laid = this.layout([{ text, style: { fontSize: 12.5, color: EXPORT_COLORS.brand, bold: true } }], width(box), this.dir, {
      direction: this.dir,
      lineHeight: 1.4,
    });
    this.ensure(laid.height + 5 * BODY_SIZE * BODY_LINE_HEIGHT);
    this.flowParagraph(laid, box);
    this.doc
      .moveTo(box.left, this.y + 1)
      .lineTo(box.right, this.y + 1)
      .lineWidth(0.8)
      .strokeColor(tint(EXPORT_COLORS.brand, 0.7))
      .stroke();
    this.y += 9;
  }

  private chipItem(chip: Chip): FlowItem {
    const laid = this.layout([{ text: chip.text, style: { fontSize: 8.5, color: shade(chip.color, 0.35), bold: true } }], 400, this.dir, {
      lineHeight: 1.3,
    });
    const line = laid.lines[0];
    const dotSpace = chip.dot ? 9 : 0;
    const w = (line?.width ?? 0) + 14 + dotSpace;
    const h = Math.max(16, laid.height + 4);
    return {
      width: w,
      height: h,
      draw: (x, top) => {
        const doc = this.doc;
        doc
          .roundedRect(x, top, w, h, h / 2)
          .fillColor(tint(chip.color, 0.86))
          .fill();
        doc
          .roundedRect(x, top, w, h, h / 2)
          .lineWidth(0.6)
          .strokeColor(tint(chip.color, 0.5))
          .stroke();
        const rtl = this.dir === 'rtl';
        if (chip.dot)
          doc
            .circle(rtl ? x + w - 9.5 : x + 9.5, top + h / 2, 2.6)
            .fillColor(chip.color)
            .fill();
        if (line) this.drawLine({ ...line, x: 0 }, rtl ? x + 7 : x + 7 + dotSpace, top + (h - line.height) / 2);
      },
    };
  }

  /** A piece of text laid out on its own, so its direction cannot run into its neighbours' (like <bdi>). */
  private textItem(text: string, style: RunStyle, maxWidth: number): FlowItem {
    const laid = this.layout([{ text, style }], maxWidth, this.dir);
    const w = Math.max(0, ...laid.lines.map((l) => l.width));
    const rtl = this.dir === 'rtl';
    return {
      width: w,
      height: laid.height,
      draw: (x, top) => {
        let y = top;
        for (const line of laid.lines) {
          this.drawLine({ ...line, x: rtl ? w - line.width : 0 }, x, y);
          y += line.height;
        }
      },
    };
  }

  /** Places items from the start side of the document, wrapping to a new row when one does not fit. */
  private arrangeFlow(items: readonly (FlowItem | 'break')[], maxWidth: number, gap: number) {
    const rows: FlowItem[][] = [[]];
    let used = 0;
    for (const item of items) {
      if (item === 'break') {
        rows.push([]);
        used = 0;
        continue;
      }
      const current = rows.at(-1)!;
      if (current.length > 0 && used + gap + item.width > maxWidth) {
        rows.push([]);
        used = 0;
      }
      used += (rows.at(-1)!.length > 0 ? gap : 0) + item.width;
      rows.at(-1)!.push(item);
    }
    const filled = rows.filter((r) => r.length > 0);
    const heights = filled.map((r) => Math.max(...r.map((item) => item.height)));
    const rowGap = 3;
    return { rows: filled, heights, rowGap, height: heights.reduce((a, b) => a + b, 0) + rowGap * Math.max(0, heights.length - 1), gap };
  }

  private drawFlow(flow: ReturnType<PdfComposer['arrangeFlow']>, box: Box, top: number) {
    const rtl = this.dir === 'rtl';
    let y = top;
    flow.rows.forEach((items, index) => {
      const h = flow.heights[index]!;
      let x = rtl ? box.right : box.left;
      for (const item of items) {
        if (rtl) x -= item.width;
        item.draw(x, y + (h - item.height) / 2);
        x += rtl ? -flow.gap : item.width + flow.gap;
      }
      y += h + flow.rowGap;
    });
  }

  private metaRow(row: MetaRow, labelWidth: number) {
    const box = { left: MARGIN_X, right: PAGE_WIDTH - MARGIN_X };
    const gap = 14;
    const rtl = this.dir === 'rtl';
    const valueBox = rtl
      ? { left: box.left, right: box.right - labelWidth - gap }
      : { left: box.left + labelWidth + gap, right: box.right };
    const labelLaid = this.layout(
      [{ text: row.label, style: { fontSize: 8.5, color: EXPORT_COLORS.muted, bold: true } }],
      labelWidth,
      this.dir,
      {
        direction: this.dir,
      },
    );
    const valueWidth = width(valueBox);
    const items = row.items.map((item) => {
      if (item.kind === 'break') return 'break' as const;
      if (item.kind === 'chip') return this.chipItem(item.chip);
      const color = item.tone === 'muted' ? EXPORT_COLORS.muted : EXPORT_COLORS.text;
      return this.textItem(item.text, { fontSize: 9.5, color, bold: item.tone === 'strong' }, valueWidth);
    });
    const flow = this.arrangeFlow(items, valueWidth, 6);
    const contentHeight = Math.max(labelLaid.height, flow.height);
    this.ensure(contentHeight + 10);
    const top = this.y + 5;
    const firstRowHeight = flow.heights[0] ?? labelLaid.height;
    let labelY = top + Math.max(0, (firstRowHeight - (labelLaid.lines[0]?.height ?? 0)) / 2);
    for (const line of labelLaid.lines) {
      this.drawLine(line, rtl ? box.right - labelWidth : box.left, labelY);
      labelY += line.height;
    }
    this.drawFlow(flow, valueBox, top);
    this.y = top + contentHeight + 5;
    this.doc.moveTo(box.left, this.y).lineTo(box.right, this.y).lineWidth(0.5).strokeColor(EXPORT_COLORS.border).stroke();
  }

  private metadata() {
    const box = { left: MARGIN_X, right: PAGE_WIDTH - MARGIN_X };
    const labelWidth = Math.min(
      width(box) * 0.32,
      Math.max(
        80,
        ...this.model.meta.map((row) => {
          const laid = this.layout(
            [{ text: row.label, style: { fontSize: 8.5, color: EXPORT_COLORS.muted, bold: true } }],
            10_000,
            this.dir,
          );
          return Math.max(0, ...laid.lines.map((l) => l.width));
        }),
      ),
    );
    this.doc.moveTo(box.left, this.y).lineTo(box.right, this.y).lineWidth(0.5).strokeColor(EXPORT_COLORS.border).stroke();
    for (const row of this.model.meta) this.metaRow(row, labelWidth);
  }

  private comment(comment: CommentView, ctx: FlowContext) {
    const boxWidth = width(ctx.box);
    const flow = this.arrangeFlow(
      [
        this.textItem(comment.author, { fontSize: 9.5, color: EXPORT_COLORS.text, bold: true }, boxWidth),
        this.textItem('·', { fontSize: 8.5, color: EXPORT_COLORS.muted }, boxWidth),
        this.textItem(comment.date, { fontSize: 8.5, color: EXPORT_COLORS.muted }, boxWidth),
      ],
      boxWidth,
      5,
    );
    this.ensure(flow.height + 2 * BODY_SIZE * BODY_LINE_HEIGHT);
    this.drawFlow(flow, ctx.box, this.y);
    this.y += flow.height;
    this.y += 1;
    for (const paragraph of comment.paragraphs) {
      const body = this.layout([{ text: paragraph, style: { fontSize: BODY_SIZE, color: EXPORT_COLORS.text } }], width(ctx.box), this.dir);
      this.flowParagraph(body, ctx.box);
      this.y += 4;
    }
    if (comment.replies.length > 0) {
      const inner: FlowContext = {
        ...ctx,
        box:
          this.dir === 'rtl'
            ? { left: ctx.box.left, right: ctx.box.right - REPLY_INDENT }
            : { left: ctx.box.left + REPLY_INDENT, right: ctx.box.right },
      };
      this.y += 2;
      this.withStartBar({ ...ctx, box: { left: ctx.box.left + 4, right: ctx.box.right - 4 } }, tint(EXPORT_COLORS.brand, 0.75), 2, () => {
        comment.replies.forEach((reply, index) => {
          if (index > 0) this.y += 4;
          this.comment(reply, inner);
        });
      });
    }
  }

  // ---------------------------------------------------------------- attachments (issue 24)

  private pdfImage(image: ExportImage): Buffer {
    let opened = this.openedImages.get(image.attachment_id);
    if (!opened) {
      // Bytes from the pool arrive as a Uint8Array: viewed as a Buffer (no copy), never a string (pdfkit reads a string as a path).
      const bytes = Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength);
      opened = (this.doc as unknown as { openImage(src: Buffer): unknown }).openImage(bytes);
      this.openedImages.set(image.attachment_id, opened);
    }
    // pdfkit's image() takes an opened image as it takes bytes.
    return opened as Buffer;
  }

  /** Draws an image at the current position, on the next page when it (and `keepWith` after it) does not fit this one. */
  private picture(image: ExportImage, box: Box, align: 'start' | 'center' | 'end', keepWith = 0) {
    const size = imageDrawSize(image, width(box));
    this.ensure(size.height + keepWith);
    // A marker of a list item that starts with an image sits by the image's first line of text height.
    const marker = this.pendingMarker;
    this.pendingMarker = null;
    marker?.(this.y + BODY_SIZE * 1.14);
    const x = align === 'start' ? box.left : align === 'end' ? box.right - size.width : box.left + (width(box) - size.width) / 2;
    this.doc.image(this.pdfImage(image), x, this.y, { width: size.width, height: size.height });
    this.y += size.height;
  }

  private attachmentItem(file: AttachmentView, box: Box) {
    const boxWidth = width(box);
    const name = this.arrangeFlow(
      [this.textItem(file.name, { fontSize: BODY_SIZE, color: EXPORT_COLORS.text, bold: true }, boxWidth)],
      boxWidth,
      0,
    );
    const details = this.arrangeFlow(
      file.details.map((piece) => this.textItem(piece, { fontSize: 8.5, color: EXPORT_COLORS.muted }, boxWidth)),
      boxWidth,
      4,
    );
    // An address reads left to right, on the document's start side.
    const link = file.link
      ? this.layout(
          [
            {
              text: file.link.text,
              style: { fontSize: 8.5, color: EXPORT_COLORS.link, ...(file.link.target ? { link: file.link.target } : {}) },
            },
          ],
          boxWidth,
          'ltr',
          { direction: 'ltr', align: this.dir === 'rtl' ? 'end' : 'start' },
        )
      : null;
    this.ensure(name.height + 1 + details.height + (link?.lines[0]?.height ?? 0));
    this.drawFlow(name, box, this.y);
    this.y += name.height + 1;
    this.drawFlow(details, box, this.y);
    this.y += details.height;
    if (link) this.flowParagraph(link, box);
  }

  /** The task's files, then its images each with its file's name under it. */
  private attachments(box: Box) {
    const model = this.model;
    this.sectionHeading(model.attachmentsHeading);
    model.attachments.forEach((file, index) => {
      if (index > 0) this.y += 6;
      this.attachmentItem(file, box);
    });
    for (const { image, caption } of model.gallery) {
      const laid = this.layout([{ text: caption, style: { fontSize: 8.5, color: EXPORT_COLORS.muted } }], width(box), this.dir, {
        align: 'center',
      });
      this.y += 14;
      this.picture(image, box, 'center', 4 + laid.height);
      this.y += 4;
      this.flowParagraph(laid, box);
    }
  }

  render(): PDFKit.PDFDocument {
    const model = this.model;
    const box = { left: MARGIN_X, right: PAGE_WIDTH - MARGIN_X };
    const ctx: FlowContext = { box, color: EXPORT_COLORS.text, dir: this.dir, paragraphGap: 6, listDepth: 0 };

    this.title();
    this.metadata();

    this.sectionHeading(model.texts.description);
    if (model.description.length > 0) this.blocks(model.description, ctx);
    else
      this.flowParagraph(
        this.layout(
          [{ text: model.texts.noDescription, style: { fontSize: BODY_SIZE, color: EXPORT_COLORS.muted, italic: true } }],
          width(box),
          this.dir,
        ),
        box,
      );

    if (model.subtasks.length > 0) {
      this.sectionHeading(model.subtasksHeading);
      this.blocks(model.subtasks, ctx);
    }

    if (model.attachments.length > 0) this.attachments(box);

    this.sectionHeading(model.commentCount > 0 ? `${model.texts.comments} (${model.commentCount})` : model.texts.comments);
    if (model.comments.length === 0) {
      this.flowParagraph(
        this.layout(
          [{ text: model.texts.noComments, style: { fontSize: BODY_SIZE, color: EXPORT_COLORS.muted, italic: true } }],
          width(box),
          this.dir,
        ),
        box,
      );
    }
    model.comments.forEach((comment, index) => {
      if (index > 0) {
        this.y += 4;
        this.ensure(20);
        this.doc.moveTo(box.left, this.y).lineTo(box.right, this.y).lineWidth(0.5).strokeColor(EXPORT_COLORS.border).stroke();
        this.y += 8;
      }
      this.comment(comment, ctx);
    });

    this.drawFooters();
    return this.doc;
  }
}

function cellAlign(align: TableAlign, dir: Direction): 'start' | 'center' | 'end' {
  if (align === 'center') return 'center';
  if (align === null) return 'start';
  return (align === 'left') === (dir === 'ltr') ? 'start' : 'end';
}

function blocksText(blocks: readonly Block[]): string {
  const parts: string[] = [];
  for (const block of blocks) {
    switch (block.kind) {
      case 'heading':
      case 'paragraph':
        parts.push(inlineText(block.content));
        break;
      case 'list':
        for (const item of block.items) parts.push(blocksText(item.blocks));
        break;
      case 'quote':
        parts.push(blocksText(block.blocks));
        break;
      case 'table':
        parts.push(block.header.map(inlineText).join(' '));
        break;
      case 'code':
      case 'rule':
      case 'image':
        break;
    }
    if (parts.some((p) => firstStrongDirection(p))) break;
  }
  return parts.join(' ');
}

/** Renders the export as a PDF; resolves when pdfkit has written the last byte. */
export function renderPdf(model: ExportDocument): Promise<Buffer> {
  const doc = new PdfComposer(model).render();
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
