import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  LineRuleType,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Tab,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  WidthType,
  type IRunOptions,
  type ParagraphChild,
} from 'docx';
import { EmbeddedFontUsage, embedFonts, mediaPlaceholder, placeholderFonts } from './docx-package.ts';
import {
  EXPORT_COLORS,
  shade,
  tint,
  type AttachmentView,
  type Chip,
  type CommentView,
  type ExportDocument,
  type MetaItem,
} from './export-document.ts';
import type { ExportImage } from './export.types.ts';
import { WORD_FONT_NAMES } from './fonts.ts';
import { inlineText, type Block, type Inline, type ListItem, type TableAlign } from './markdown-to-blocks.ts';
import { cleanText, firstStrongDirection, splitByScript } from './script-runs.ts';

type Direction = 'ltr' | 'rtl';

/** Twips: A4 with 2 cm side margins. */
const PAGE = { width: 11906, height: 16838, marginX: 1134, marginTop: 1247, marginBottom: 1134 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.marginX;
/** Half-points. */
const BODY_SIZE = 20;
const HEADING_SIZES = { 1: 34, 2: 29, 3: 25, 4: 22 } as const;
const LIST_INDENT = 360;
/** Images (issue 24), as in the PDF: at 96 pixels to the inch, smaller to fit the width, at most 360 pt (480 px) high. */
const IMAGE_MAX_HEIGHT_PX = 480;
const TWIPS_PER_PIXEL = 15;
const BULLETS = ['•', '◦', '▪'] as const;

const hex = (color: string) => color.replace('#', '').toUpperCase();

interface RunStyle {
  size?: number;
  color?: string;
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  code?: boolean;
  shading?: string;
}

/**
 * The characters each embedded face draws in the document being built, so only those glyphs are embedded. Building a
 * document is synchronous and a worker builds one at a time; renderDocx sets and clears it around the build.
 */
let fontUsage: EmbeddedFontUsage | null = null;

/**
 * Runs split by script, each with its script's font in all four font slots (Word picks a slot per character and would
 * otherwise mix fonts), complex-script bold/italic/size, and right-to-left only on the Arabic span itself.
 */
function textRuns(text: string, style: RunStyle = {}, extra: Partial<IRunOptions> = {}): TextRun[] {
  const clean = cleanText(text).replace(/\t/g, '    ');
  const size = style.size ?? BODY_SIZE;
  // Properties equal to the document defaults (Noto Sans in every slot, body size, text colour) are left out: the
  // XML, and the time docx spends writing it, shrink by half.
  const sizing = size === BODY_SIZE ? {} : { size, sizeComplexScript: size };
  const color = style.color && style.color !== EXPORT_COLORS.text ? { color: hex(style.color) } : {};
  return splitByScript(clean).flatMap((run) => {
    const family = run.script === 'latin' ? (style.code ? WORD_FONT_NAMES.mono : WORD_FONT_NAMES.latin) : WORD_FONT_NAMES[run.script];
    const font = family === WORD_FONT_NAMES.latin ? {} : { font: { ascii: family, hAnsi: family, cs: family, eastAsia: family } };
    const lines = clean.slice(run.start, run.end).split('\n');
    fontUsage?.record(family, style.bold === true, clean.slice(run.start, run.end), run.script === 'arabic');
    return lines.map(
      (line, index) =>
        new TextRun({
          text: line,
          ...(index > 0 ? { break: 1 } : {}),
          ...font,
          ...sizing,
          ...(style.bold ? { bold: true, boldComplexScript: true } : {}),
          ...(style.italic ? { italics: true, italicsComplexScript: true } : {}),
          ...(style.strike ? { strike: true } : {}),
          ...color,
          ...(style.shading ? { shading: { type: ShadingType.CLEAR, fill: hex(style.shading), color: 'auto' } } : {}),
          ...(run.script === 'arabic' ? { rightToLeft: true } : {}),
          ...extra,
        }),
    );
  });
}

function inlineChildren(content: readonly Inline[], base: RunStyle): ParagraphChild[] {
  const children: ParagraphChild[] = [];
  for (const inline of content) {
    const style: RunStyle = { ...base };
    if (inline.style.bold) style.bold = true;
    if (inline.style.italic) style.italic = true;
    if (inline.style.strike) style.strike = true;
    if (inline.style.code) {
      style.code = true;
      style.shading = EXPORT_COLORS.codeBackground;
      style.size = Math.round((base.size ?? BODY_SIZE) * 0.9);
    }
    if (inline.style.link) {
      children.push(
        new ExternalHyperlink({
          link: inline.style.link,
          children: textRuns(inline.text, { ...style, color: EXPORT_COLORS.link }, { underline: { color: hex(EXPORT_COLORS.link) } }),
        }),
      );
    } else children.push(...textRuns(inline.text, style));
  }
  return children;
}

function directionOf(text: string, fallback: Direction): Direction {
  return firstStrongDirection(text) ?? fallback;
}

function blocksText(blocks: readonly Block[]): string {
  for (const block of blocks) {
    const text =
      block.kind === 'heading' || block.kind === 'paragraph'
        ? inlineText(block.content)
        : block.kind === 'list'
          ? block.items.map((item) => blocksText(item.blocks)).join(' ')
          : block.kind === 'quote'
            ? blocksText(block.blocks)
            : block.kind === 'table'
              ? block.header.map(inlineText).join(' ')
              : '';
    if (firstStrongDirection(text)) return text;
  }
  return '';
}

interface Context {
  dir: Direction;
  /** Physical indentation from the page margins, in twips, as lists, quotes and replies add it (like the PDF's boxes). */
  left: number;
  right: number;
  color: string;
  /** The side of the quote bar, when inside a quote. */
  quote: 'left' | 'right' | null;
  listDepth: number;
}

const inset = (ctx: Context, side: Direction, amount: number): Context =>
  side === 'ltr' ? { ...ctx, left: ctx.left + amount } : { ...ctx, right: ctx.right + amount };

class DocxComposer {
  private readonly dir: Direction;

  /** The images drawn, by the stand-in `docx` is given for each (docx-package.ts puts the bytes in after packing). */
  readonly media = new Map<string, Uint8Array>();

  constructor(
    private readonly model: ExportDocument,
    private readonly usage: EmbeddedFontUsage,
  ) {
    this.dir = model.rtl ? 'rtl' : 'ltr';
  }

  private paragraph(children: ParagraphChild[], dir: Direction, options: ConstructorParameters<typeof Paragraph>[0] & object = {}) {
    return new Paragraph({ children, ...(dir === 'rtl' ? { bidirectional: true } : {}), ...options });
  }

  /**
   * Word reads `w:ind/@w:left` and `@w:right` as the start and end of the paragraph's own direction, so the physical
   * indentation of the context is mapped per paragraph; `own` is extra room on the start side (list markers).
   */
  private indent(dir: Direction, ctx: Context, own = 0, hanging?: number) {
    const start = dir === 'ltr' ? ctx.left : ctx.right;
    const end = dir === 'ltr' ? ctx.right : ctx.left;
    return { indent: { left: start + own, right: end, ...(hanging === undefined ? {} : { hanging }) } };
  }

  private quoteBorder(ctx: Context) {
    return ctx.quote
      ? { border: { [ctx.quote]: { style: BorderStyle.SINGLE, size: 18, color: hex(EXPORT_COLORS.quoteBar), space: 8 } } }
      : {};
  }

  private blocks(blocks: readonly Block[], ctx: Context): (Paragraph | Table)[] {
    return blocks.flatMap((block) => this.block(block, ctx));
  }

  private block(block: Block, ctx: Context): (Paragraph | Table)[] {
    switch (block.kind) {
      case 'heading': {
        const level = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4][block.level - 1]!;
        const dir = directionOf(inlineText(block.content), ctx.dir);
        return [
          this.paragraph(inlineChildren(block.content, { size: HEADING_SIZES[block.level], bold: true, color: ctx.color }), dir, {
            heading: level,
            ...this.indent(dir, ctx),
            ...this.quoteBorder(ctx),
          }),
        ];
      }
      case 'paragraph': {
        const dir = directionOf(inlineText(block.content), ctx.dir);
        return [
          this.paragraph(inlineChildren(block.content, { color: ctx.color }), dir, {
            ...this.indent(dir, ctx),
            spacing: { after: ctx.listDepth > 0 ? 40 : 120 },
            ...this.quoteBorder(ctx),
          }),
        ];
      }
      case 'list':
        return this.list(block.ordered, block.start, block.items, ctx);
      case 'code': {
        const lines = block.text.replace(/\n$/, '').split('\n');
        return [
          this.paragraph(
            lines.flatMap((line, index) => [
              ...(index > 0 ? [new TextRun({ text: '', break: 1 })] : []),
              ...textRuns(line || ' ', { size: 17, code: true, color: EXPORT_COLORS.text }),
            ]),
            'ltr',
            {
              ...this.indent('ltr', ctx),
              shading: { type: ShadingType.CLEAR, fill: hex(EXPORT_COLORS.codeBackground), color: 'auto' },
              border: {
                top: { style: BorderStyle.SINGLE, size: 4, color: hex(EXPORT_COLORS.codeBackground), space: 4 },
                bottom: { style: BorderStyle.SINGLE, size: 4, color: hex(EXPORT_COLORS.codeBackground), space: 4 },
                left: { style: BorderStyle.SINGLE, size: 4, color: hex(EXPORT_COLORS.codeBackground), space: 4 },
                right: { style: BorderStyle.SINGLE, size: 4, color: hex(EXPORT_COLORS.codeBackground), space: 4 },
              },
              spacing: { before: 80, after: 160, line: 264 },
            },
          ),
        ];
      }
      case 'quote': {
        const dir = directionOf(blocksText(block.blocks), ctx.dir);
        const quoted = ctx.quote ? inset(ctx, dir, 240) : ctx;
        return this.blocks(block.blocks, {
          ...quoted,
          dir,
          color: EXPORT_COLORS.muted,
          quote: ctx.quote ?? (dir === 'rtl' ? 'right' : 'left'),
        });
      }
      case 'table':
        return [this.table(block.align, block.header, block.rows, ctx), new Paragraph({ children: [], spacing: { after: 80 } })];
      case 'image': {
        const image = this.model.images.get(block.attachmentId);
        if (!image) return [];
        const available = CONTENT_WIDTH - ctx.left - ctx.right;
        return [
          this.paragraph([this.imageRun(image, available, block.alt)], ctx.dir, {
            ...this.indent(ctx.dir, ctx),
            spacing: { before: 60, after: ctx.listDepth > 0 ? 60 : 120 },
            ...this.quoteBorder(ctx),
          }),
        ];
      }
      case 'rule':
        return [
          new Paragraph({
            children: [],
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: hex(EXPORT_COLORS.border), space: 1 } },
            spacing: { after: 160 },
          }),
        ];
    }
  }

  /** List markers are written as text with a hanging indent, so numbering starts and task boxes match the PDF exactly. */
  private list(ordered: boolean, start: number, items: readonly ListItem[], ctx: Context): (Paragraph | Table)[] {
    // As in the PDF: the list indents on its context's start side and its markers hang there; an item running the
    // other way gets room for its marker on its own start side.
    const listed = inset(ctx, ctx.dir, LIST_INDENT);
    return items.flatMap((item, index) => {
      const dir = directionOf(blocksText(item.blocks), ctx.dir);
      const marker =
        item.checked === null ? (ordered ? `${start + index}.` : BULLETS[ctx.listDepth % BULLETS.length]!) : item.checked ? '☑' : '☐';
      const markerRuns: ParagraphChild[] =
        item.checked === null
          ? [...textRuns(marker, { color: ctx.color }), new TextRun({ children: [new Tab()] })]
          : [
              new TextRun({
                text: marker,
                font: { ascii: 'Segoe UI Symbol', hAnsi: 'Segoe UI Symbol', cs: 'Segoe UI Symbol', eastAsia: 'Segoe UI Symbol' },
                size: BODY_SIZE,
                color: hex(item.checked ? EXPORT_COLORS.brand : EXPORT_COLORS.muted),
              }),
              new TextRun({ children: [new Tab()] }),
            ];
      const own = dir === ctx.dir ? 0 : LIST_INDENT;
      const inner: Context = { ...inset(listed, dir, own), dir, listDepth: ctx.listDepth + 1 };
      const [first, ...rest] = item.blocks;
      const head =
        first && (first.kind === 'paragraph' || first.kind === 'heading')
          ? this.paragraph([...markerRuns, ...inlineChildren(first.content, { color: ctx.color })], dir, {
              ...this.indent(dir, listed, own, LIST_INDENT),
              spacing: { after: 40 },
              ...this.quoteBorder(ctx),
            })
          : this.paragraph(markerRuns, dir, { ...this.indent(dir, listed, own, LIST_INDENT), spacing: { after: 40 } });
      const remaining = first && (first.kind === 'paragraph' || first.kind === 'heading') ? rest : item.blocks;
      return [head, ...this.blocks(remaining, inner)];
    });
  }

  private table(align: readonly TableAlign[], header: Inline[][], rows: Inline[][][], ctx: Context): Table {
    const columns = Math.max(1, header.length, ...rows.map((row) => row.length));
    const dir = directionOf(header.map(inlineText).join(' '), ctx.dir);
    // Columns share the width by how much text they hold, within limits, like an automatic layout.
    const weights = Array.from({ length: columns }, (_, c) =>
      Math.min(40, Math.max(6, ...[header, ...rows].map((row) => inlineText(row[c] ?? []).length))),
    );
    const total = weights.reduce((a, b) => a + b, 0);
    const available = CONTENT_WIDTH - ctx.left - ctx.right;
    const widths = weights.map((w) => Math.floor((w / total) * available));
    const border = { style: BorderStyle.SINGLE, size: 4, color: hex(EXPORT_COLORS.border) };
    const cell = (content: Inline[] | undefined, c: number, isHeader: boolean) => {
      const text = inlineText(content ?? []);
      const cellDir = directionOf(text, dir);
      const a = align[c] ?? null;
      return new TableCell({
        width: { size: widths[c]!, type: WidthType.DXA },
        margins: { top: 60, bottom: 60, left: 100, right: 100 },
        ...(isHeader ? { shading: { type: ShadingType.CLEAR, fill: hex(EXPORT_COLORS.tableHeader), color: 'auto' } } : {}),
        children: [
          this.paragraph(inlineChildren(content ?? [], { size: 19, bold: isHeader, color: EXPORT_COLORS.text }), cellDir, {
            ...(a === 'center'
              ? { alignment: AlignmentType.CENTER }
              : a === 'right'
                ? { alignment: AlignmentType.RIGHT }
                : a === 'left'
                  ? { alignment: AlignmentType.LEFT }
                  : {}),
          }),
        ],
      });
    };
    return new Table({
      width: { size: widths.reduce((a, b) => a + b, 0), type: WidthType.DXA },
      columnWidths: widths,
      layout: TableLayoutType.FIXED,
      // A right-to-left table is indented from the right margin.
      indent: { size: dir === 'rtl' ? ctx.right : ctx.left, type: WidthType.DXA },
      ...(dir === 'rtl' ? { visuallyRightToLeft: true } : {}),
      borders: { top: border, bottom: border, left: border, right: border, insideHorizontal: border, insideVertical: border },
      rows: [
        new TableRow({ tableHeader: true, cantSplit: true, children: Array.from({ length: columns }, (_, c) => cell(header[c], c, true)) }),
        ...rows.map(
          (row) => new TableRow({ cantSplit: true, children: Array.from({ length: columns }, (_, c) => cell(row[c], c, false)) }),
        ),
      ],
    });
  }

  /** An image at 96 px to the inch, scaled down (never up) to `availableTwips` wide and IMAGE_MAX_HEIGHT_PX high. */
  private imageRun(image: ExportImage, availableTwips: number, alt: string): ImageRun {
    const scale = Math.min(1, availableTwips / TWIPS_PER_PIXEL / image.width, IMAGE_MAX_HEIGHT_PX / image.height);
    const placeholder = mediaPlaceholder(image.attachment_id);
    this.media.set(placeholder.toString('latin1'), image.bytes);
    return new ImageRun({
      type: image.format === 'png' ? 'png' : 'jpg',
      // docx names media by a hash of their data: an image drawn twice is one part.
      data: placeholder,
      // Whole pixels, never wider than the room.
      transformation: { width: Math.max(1, Math.floor(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) },
      altText: { name: alt || `image-${image.attachment_id}`, description: alt },
    });
  }

  /** Runs of pieces that each keep their own direction: a direction mark of the document's on each side of the space between. */
  private isolatedRuns(pieces: readonly string[], style: RunStyle): ParagraphChild[] {
    return pieces.flatMap((piece, index) => [
      ...(index > 0 ? [this.directionMark(), ...textRuns(' ', style), this.directionMark()] : []),
      ...textRuns(piece, style),
    ]);
  }

  private attachmentItem(file: AttachmentView): Paragraph[] {
    const name = this.paragraph(textRuns(file.name, { size: BODY_SIZE, bold: true, color: EXPORT_COLORS.text }), this.dir, {
      spacing: { before: 120, after: 0 },
      keepNext: true,
      keepLines: true,
    });
    const details = this.paragraph(this.isolatedRuns(file.details, { size: 17, color: EXPORT_COLORS.muted }), this.dir, {
      spacing: { after: file.link ? 0 : 40 },
      ...(file.link ? { keepNext: true } : {}),
    });
    if (!file.link) return [name, details];
    const style = { size: 17, color: EXPORT_COLORS.link };
    const address = file.link.target
      ? new ExternalHyperlink({
          link: file.link.target,
          children: textRuns(file.link.text, style, { underline: { color: hex(EXPORT_COLORS.link) } }),
        })
      : textRuns(file.link.text, style);
    return [
      name,
      details,
      // An address reads left to right, on the document's start side.
      this.paragraph(Array.isArray(address) ? address : [address], 'ltr', {
        alignment: this.dir === 'rtl' ? AlignmentType.RIGHT : AlignmentType.LEFT,
        spacing: { after: 40 },
      }),
    ];
  }

  /** The task's files, then its images each with its file's name under it. */
  private attachments(): Paragraph[] {
    const model = this.model;
    return [
      this.sectionHeading(model.attachmentsHeading),
      ...model.attachments.flatMap((file) => this.attachmentItem(file)),
      ...model.gallery.flatMap(({ image, caption }) => [
        this.paragraph([this.imageRun(image, CONTENT_WIDTH, caption)], this.dir, {
          alignment: AlignmentType.CENTER,
          spacing: { before: 240, after: 60 },
          keepNext: true,
        }),
        this.paragraph(textRuns(caption, { size: 17, color: EXPORT_COLORS.muted }), directionOf(caption, this.dir), {
          alignment: AlignmentType.CENTER,
          spacing: { after: 120 },
        }),
      ]),
    ];
  }

  private chipRuns(chip: Chip): ParagraphChild[] {
    const fill = tint(chip.color, 0.86);
    const color = shade(chip.color, 0.35);
    // Non-breaking spaces pad the shaded run so it reads as a chip; the dot keeps similar tints apart.
    return [
      ...(chip.dot ? textRuns('\u00a0●', { size: 16, color: chip.color, shading: fill }) : []),
      ...textRuns(`\u00a0${chip.text}\u00a0`, { size: 17, bold: true, color, shading: fill }),
    ];
  }

  private metaValue(items: readonly MetaItem[]): Paragraph[] {
    const paragraphs: ParagraphChild[][] = [[]];
    for (const item of items) {
      const current = paragraphs.at(-1)!;
      if (item.kind === 'break') {
        paragraphs.push([]);
        continue;
      }
      if (current.length > 0) current.push(...textRuns('  ', { size: 19 }));
      if (item.kind === 'chip') current.push(...this.chipRuns(item.chip));
      else
        current.push(
          ...textRuns(item.text, {
            size: 19,
            bold: item.tone === 'strong',
            color: item.tone === 'muted' ? EXPORT_COLORS.muted : EXPORT_COLORS.text,
          }),
        );
    }
    return paragraphs.map((children) => this.paragraph(children, this.dir, { spacing: { before: 20, after: 20 } }));
  }

  private metadata(): Table {
    const labelWidth = Math.round(CONTENT_WIDTH * 0.27);
    const hairline = { style: BorderStyle.SINGLE, size: 4, color: hex(EXPORT_COLORS.border) };
    const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
    return new Table({
      width: { size: CONTENT_WIDTH, type: WidthType.DXA },
      columnWidths: [labelWidth, CONTENT_WIDTH - labelWidth],
      layout: TableLayoutType.FIXED,
      ...(this.dir === 'rtl' ? { visuallyRightToLeft: true } : {}),
      borders: { top: hairline, bottom: hairline, left: none, right: none, insideHorizontal: hairline, insideVertical: none },
      rows: this.model.meta.map(
        (row) =>
          new TableRow({
            cantSplit: true,
            children: [
              new TableCell({
                width: { size: labelWidth, type: WidthType.DXA },
                margins: { top: 70, bottom: 70, left: 60, right: 60 },
                children: [this.paragraph(textRuns(row.label, { size: 17, bold: true, color: EXPORT_COLORS.muted }), this.dir)],
              }),
              new TableCell({
                width: { size: CONTENT_WIDTH - labelWidth, type: WidthType.DXA },
                margins: { top: 50, bottom: 50, left: 60, right: 60 },
                children: this.metaValue(row.items),
              }),
            ],
          }),
      ),
    });
  }

  private sectionHeading(text: string): Paragraph {
    return this.paragraph(textRuns(text, { size: 25, bold: true, color: EXPORT_COLORS.brand }), this.dir, {
      spacing: { before: 360, after: 160 },
      keepNext: true,
      border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: hex(tint(EXPORT_COLORS.brand, 0.7)), space: 4 } },
    });
  }

  private directionMark(): TextRun {
    return new TextRun({ text: this.dir === 'rtl' ? '\u200f' : '\u200e' });
  }

  private comment(comment: CommentView, ctx: Context, reply = false): Paragraph[] {
    const side = this.dir === 'rtl' ? 'right' : 'left';
    const bar = reply
      ? { border: { [side]: { style: BorderStyle.SINGLE, size: 12, color: hex(tint(EXPORT_COLORS.brand, 0.75)), space: 8 } } }
      : {};
    const header = this.paragraph(
      [
        ...textRuns(comment.author, { size: 19, bold: true, color: EXPORT_COLORS.text }),
        // A direction mark on each side of the separator keeps the name and the date from merging into one bidi run
        // (a Latin name followed by a date's digits would otherwise swallow them).
        this.directionMark(),
        ...textRuns('  ·  ', { size: 17, color: EXPORT_COLORS.muted }),
        this.directionMark(),
        ...textRuns(comment.date, { size: 17, color: EXPORT_COLORS.muted }),
      ],
      this.dir,
      { ...this.indent(this.dir, ctx), spacing: { before: reply ? 80 : 200, after: 40 }, keepNext: true, ...bar },
    );
    const body = comment.paragraphs.map((text) => {
      const dir = directionOf(text, this.dir);
      return this.paragraph(textRuns(text, { color: EXPORT_COLORS.text }), dir, {
        ...this.indent(dir, ctx),
        spacing: { after: 60 },
        ...bar,
      });
    });
    const replies = inset(ctx, this.dir, 400);
    return [header, ...body, ...comment.replies.flatMap((r) => this.comment(r, replies, true))];
  }

  private pageFooter(): Footer {
    const [before, between, after] = splitTemplate(this.model.texts.pageOf);
    const style = { size: 16, color: EXPORT_COLORS.muted };
    const field = (value: (typeof PageNumber)[keyof typeof PageNumber]) =>
      new TextRun({ children: [value], size: 16, color: hex(EXPORT_COLORS.muted), font: WORD_FONT_NAMES.latin });
    return new Footer({
      children: [
        this.paragraph(
          [
            ...textRuns(before, style),
            field(PageNumber.CURRENT),
            ...textRuns(between, style),
            field(PageNumber.TOTAL_PAGES),
            ...textRuns(after, style),
          ],
          this.dir,
          { alignment: AlignmentType.CENTER },
        ),
      ],
    });
  }

  build(): Document {
    const model = this.model;
    const ctx: Context = { dir: this.dir, left: 0, right: 0, color: EXPORT_COLORS.text, quote: null, listDepth: 0 };
    const children: (Paragraph | Table)[] = [
      this.paragraph(textRuns(model.title, { size: 40, bold: true, color: EXPORT_COLORS.text }), directionOf(model.title, this.dir), {
        heading: HeadingLevel.TITLE,
        // Devanagari vowel signs rise above the Latin ascent: wrapped title lines get at least 1.4 lines each.
        spacing: { after: 240, line: 560, lineRule: LineRuleType.AT_LEAST },
      }),
      this.metadata(),
      this.sectionHeading(model.texts.description),
      ...(model.description.length > 0
        ? this.blocks(model.description, ctx)
        : [this.paragraph(textRuns(model.texts.noDescription, { italic: true, color: EXPORT_COLORS.muted }), this.dir)]),
      ...(model.subtasks.length > 0 ? [this.sectionHeading(model.subtasksHeading), ...this.blocks(model.subtasks, ctx)] : []),
      ...(model.attachments.length > 0 ? this.attachments() : []),
      this.sectionHeading(model.commentCount > 0 ? `${model.texts.comments} (${model.commentCount})` : model.texts.comments),
      ...(model.comments.length > 0
        ? model.comments.flatMap((c) => this.comment(c, ctx))
        : [this.paragraph(textRuns(model.texts.noComments, { italic: true, color: EXPORT_COLORS.muted }), this.dir)]),
    ];

    const headingStyle = (id: string, name: string, size: number, before: number, after: number) => ({
      id,
      name,
      basedOn: 'Normal',
      next: 'Normal',
      quickFormat: true,
      run: { size, sizeComplexScript: size, bold: true, boldComplexScript: true, color: hex(EXPORT_COLORS.text) },
      paragraph: { spacing: { before, after }, keepNext: true, keepLines: true },
    });

    const header = new Header({
      children: [
        this.paragraph(
          [
            ...textRuns(model.productName, { size: 21, bold: true, color: EXPORT_COLORS.brand }),
            ...textRuns('   ', { size: 16 }),
            ...textRuns(model.exportedOn, { size: 15, color: EXPORT_COLORS.muted }),
          ],
          this.dir,
          { border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: hex(tint(EXPORT_COLORS.brand, 0.55)), space: 4 } } },
        ),
      ],
    });
    const footer = this.pageFooter();

    // Every run is written by now, so the usage is complete when the fonts are listed.
    return new Document({
      creator: model.productName,
      lastModifiedBy: model.productName,
      title: model.title,
      subject: `${model.productName} task`,
      description: model.exportedOn,
      // Placeholders only: embedFonts() swaps in subsets of the faces the runs above drew with.
      fonts: placeholderFonts(this.usage),
      styles: {
        default: {
          document: {
            run: {
              font: WORD_FONT_NAMES.latin,
              size: BODY_SIZE,
              sizeComplexScript: BODY_SIZE,
              color: hex(EXPORT_COLORS.text),
              language: { value: model.language, bidirectional: 'ar-SA' },
            },
            paragraph: { spacing: { after: 80, line: 276 } },
          },
        },
        paragraphStyles: [
          headingStyle('Title', 'Title', 40, 0, 240),
          headingStyle('Heading1', 'Heading 1', HEADING_SIZES[1], 280, 120),
          headingStyle('Heading2', 'Heading 2', HEADING_SIZES[2], 240, 100),
          headingStyle('Heading3', 'Heading 3', HEADING_SIZES[3], 200, 80),
          headingStyle('Heading4', 'Heading 4', HEADING_SIZES[4], 160, 60),
        ],
      },
      sections: [
        {
          properties: {
            page: {
              size: { width: PAGE.width, height: PAGE.height },
              margin: { top: PAGE.marginTop, bottom: PAGE.marginBottom, left: PAGE.marginX, right: PAGE.marginX, header: 567, footer: 567 },
            },
          },
          headers: { default: header },
          footers: { default: footer },
          children,
        },
      ],
    });
  }
}

function splitTemplate(template: string): [string, string, string] {
  const page = template.indexOf('{page}');
  const pages = template.indexOf('{pages}');
  if (page < 0 || pages < 0 || pages < page) return [template, ' / ', ''];
  return [template.slice(0, page), template.slice(page + '{page}'.length, pages), template.slice(pages + '{pages}'.length)];
}

export async function renderDocx(model: ExportDocument): Promise<Buffer> {
  const usage = new EmbeddedFontUsage();
  let document: Document;
  let media: ReadonlyMap<string, Uint8Array>;
  fontUsage = usage;
  try {
    const composer = new DocxComposer(model, usage);
    document = composer.build();
    media = composer.media;
  } finally {
    fontUsage = null;
  }
  const packed = await Packer.toBuffer(document);
  return embedFonts(packed, usage, media);
}
