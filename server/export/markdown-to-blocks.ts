import type { Nodes, PhrasingContent, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { attachmentIdOfUrl } from '../../common/attachment-links.ts';

/** Inline formatting the export can show; both renderers read the same model. */
export interface InlineStyle {
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  code?: boolean;
  /** Only http(s) and mailto targets; anything else stays plain text. */
  link?: string;
}

export interface Inline {
  text: string;
  style: InlineStyle;
}

export type TableAlign = 'left' | 'right' | 'center' | null;

export interface ListItem {
  /** true/false for task-list items, null for ordinary ones. */
  checked: boolean | null;
  blocks: Block[];
}

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4; content: Inline[] }
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'list'; ordered: boolean; start: number; items: ListItem[] }
  | { kind: 'code'; text: string; language: string | null }
  | { kind: 'quote'; blocks: Block[] }
  | { kind: 'table'; align: TableAlign[]; header: Inline[][]; rows: Inline[][][] }
  | { kind: 'rule' }
  /** One of the task's own images, drawn where the description links it (issue 24); its pixels are the document's. */
  | { kind: 'image'; attachmentId: number; alt: string };

/** Lists and quotes deeper than this are flattened into their parent: beyond it indentation only eats the page. */
export const MAX_NESTING = 8;
const MAX_INDENT_COLUMNS = 24;
const CONTAINER_MARKER = String.raw`(?:>[ \t]?|(?:[-+*]|\d{1,9}[.)])(?:[ \t]+|$))`;
const EXCESS_MARKERS = new RegExp(String.raw`^([ \t]*(?:${CONTAINER_MARKER}[ \t]*){${MAX_NESTING}})(?:${CONTAINER_MARKER}[ \t]*)+`);

/**
 * micromark's container parsing grows faster than linearly with nesting (a 400-deep list takes seconds), so a hostile
 * description could hold a render worker. Nesting beyond what a page can show is cut before parsing.
 */
export function limitNesting(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => {
      let out = line;
      const indent = /^[ \t]*/.exec(out)![0];
      const columns = indent.replace(/\t/g, '    ').length;
      if (columns > MAX_INDENT_COLUMNS) out = ' '.repeat(MAX_INDENT_COLUMNS) + out.slice(indent.length);
      return out.replace(EXCESS_MARKERS, '$1');
    })
    .join('\n');
}

const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;

/** Only links a reader can follow safely become links; `javascript:`, `data:` and relative targets stay text. */
export function safeLinkTarget(url: string | null | undefined): string | undefined {
  const trimmed = (url ?? '').trim();
  return SAFE_LINK.test(trimmed) ? trimmed : undefined;
}

export interface MarkdownOptions {
  /**
   * Attachments whose pixels the export holds (issue 24): an image linking one of them becomes an
   * image block where it stands, once per description. Any other image (another task's file, any
   * other address, a second use) keeps its `[alt]` text and is never fetched.
   */
  images?: ReadonlySet<number>;
}

interface Context {
  definitions: Map<string, string>;
  images: ReadonlySet<number>;
  /** Images already drawn once in this description. */
  placed: Set<number>;
}

function inlinesOf(nodes: readonly PhrasingContent[], style: InlineStyle, context: Context, out: Inline[] = []): Inline[] {
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        // A soft line break inside a paragraph reads as a space, as in the web app.
        out.push({ text: node.value.replace(/[ \t]*\r?\n[ \t]*/g, ' '), style });
        break;
      case 'strong':
        inlinesOf(node.children, { ...style, bold: true }, context, out);
        break;
      case 'emphasis':
        inlinesOf(node.children, { ...style, italic: true }, context, out);
        break;
      case 'delete':
        inlinesOf(node.children, { ...style, strike: true }, context, out);
        break;
      case 'inlineCode':
        out.push({ text: node.value, style: { ...style, code: true } });
        break;
      case 'break':
        out.push({ text: '\n', style });
        break;
      case 'html':
        // Raw HTML is never interpreted: the reader sees exactly what was typed.
        out.push({ text: node.value, style });
        break;
      case 'link':
      case 'linkReference': {
        const url = node.type === 'link' ? node.url : context.definitions.get(node.identifier.toLowerCase());
        const target = safeLinkTarget(url);
        const linkStyle = target ? { ...style, link: target } : style;
        const before = out.length;
        inlinesOf(node.children, linkStyle, context, out);
        if (out.length === before && url) out.push({ text: url, style: linkStyle });
        break;
      }
      case 'image':
      case 'imageReference': {
        // Never fetched (no outbound requests from an export): the task's own images become image blocks in
        // paragraphBlocks; any other image, or one in a link, a heading or a table cell, is its text.
        const url = node.type === 'image' ? node.url : context.definitions.get(node.identifier.toLowerCase());
        const target = safeLinkTarget(url);
        const text = node.alt?.trim() || url || '';
        if (text) out.push({ text: `[${text}]`, style: target ? { ...style, link: target } : style });
        break;
      }
      case 'footnoteReference':
        out.push({ text: `[${node.label ?? node.identifier}]`, style });
        break;
      default:
        break;
    }
  }
  return out;
}

/** The image block a paragraph's own image becomes, when it links one of the task's images not yet placed. */
function imageBlock(node: PhrasingContent, context: Context): Block | undefined {
  if (node.type !== 'image' && node.type !== 'imageReference') return undefined;
  const url = node.type === 'image' ? node.url : context.definitions.get(node.identifier.toLowerCase());
  const id = attachmentIdOfUrl(url);
  if (id === null || !context.images.has(id) || context.placed.has(id)) return undefined;
  context.placed.add(id);
  return { kind: 'image', attachmentId: id, alt: node.alt?.trim() ?? '' };
}

const isBlank = (content: readonly Inline[]) => content.every((inline) => !inline.text.trim());

/** Cuts the spaces and line breaks that stood between the text and an image out of it. */
function trimInlines(content: Inline[], side: 'start' | 'end'): Inline[] {
  const out = content.map((inline) => ({ ...inline }));
  if (side === 'start') {
    while (out.length > 0 && !out[0]!.text.trim()) out.shift();
    if (out[0]) out[0].text = out[0].text.replace(/^\s+/, '');
  } else {
    while (out.length > 0 && !out.at(-1)!.text.trim()) out.pop();
    const last = out.at(-1);
    if (last) last.text = last.text.replace(/\s+$/, '');
  }
  return out;
}

/**
 * A paragraph, split around the task's images it holds directly (issue 24): the text before an
 * image, the image, the text after, each a block of its own. Images inside links, emphasis, headings
 * and table cells stay `[alt]`: a picture cannot stand inside a line.
 */
function paragraphBlocks(children: readonly PhrasingContent[], context: Context): Block[] {
  const out: Block[] = [];
  let pending: PhrasingContent[] = [];
  let afterImage = false;
  const flush = (beforeImage: boolean) => {
    let content = inlinesOf(pending, {}, context);
    if (afterImage) content = trimInlines(content, 'start');
    if (beforeImage) content = trimInlines(content, 'end');
    if (!isBlank(content)) out.push({ kind: 'paragraph', content });
    pending = [];
  };
  for (const child of children) {
    const image = imageBlock(child, context);
    if (!image) {
      pending.push(child);
      continue;
    }
    flush(true);
    out.push(image);
    afterImage = true;
  }
  if (!afterImage) return [{ kind: 'paragraph', content: inlinesOf(children, {}, context) }];
  flush(false);
  return out;
}

function blocksOf(nodes: readonly RootContent[], context: Context, depth: number): Block[] {
  const out: Block[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'paragraph':
        out.push(...paragraphBlocks(node.children, context));
        break;
      case 'heading':
        out.push({ kind: 'heading', level: Math.min(node.depth, 4) as 1 | 2 | 3 | 4, content: inlinesOf(node.children, {}, context) });
        break;
      case 'thematicBreak':
        out.push({ kind: 'rule' });
        break;
      case 'code':
        out.push({ kind: 'code', text: node.value, language: node.lang ?? null });
        break;
      case 'html':
        out.push({ kind: 'paragraph', content: [{ text: node.value, style: {} }] });
        break;
      case 'blockquote': {
        const inner = blocksOf(node.children, context, depth + 1);
        if (depth >= MAX_NESTING) out.push(...inner);
        else out.push({ kind: 'quote', blocks: inner });
        break;
      }
      case 'list': {
        const items = node.children.map((item) => ({ checked: item.checked ?? null, blocks: blocksOf(item.children, context, depth + 1) }));
        if (depth >= MAX_NESTING) for (const item of items) out.push(...item.blocks);
        else out.push({ kind: 'list', ordered: Boolean(node.ordered), start: node.start ?? 1, items });
        break;
      }
      case 'table': {
        const [head, ...body] = node.children.map((row) => row.children.map((cell) => inlinesOf(cell.children, {}, context)));
        out.push({ kind: 'table', align: node.align ?? [], header: head ?? [], rows: body });
        break;
      }
      case 'footnoteDefinition': {
        const inner = blocksOf(node.children, context, depth + 1);
        const marker: Inline = { text: `[${node.label ?? node.identifier}] `, style: {} };
        const first = inner[0];
        if (first?.kind === 'paragraph') first.content.unshift(marker);
        else inner.unshift({ kind: 'paragraph', content: [marker] });
        out.push(...inner);
        break;
      }
      default:
        break;
    }
  }
  return out;
}

function collectDefinitions(node: Nodes, definitions: Map<string, string>) {
  if (node.type === 'definition') definitions.set(node.identifier.toLowerCase(), node.url);
  if ('children' in node) for (const child of node.children) collectDefinitions(child, definitions);
}

/** Parses a task description (GitHub-flavoured markdown) into the blocks both renderers draw. */
export function markdownToBlocks(markdown: string, options: MarkdownOptions = {}): Block[] {
  const source = limitNesting(markdown.replace(/\r\n?/g, '\n'));
  const tree: Root = fromMarkdown(source, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const definitions = new Map<string, string>();
  collectDefinitions(tree, definitions);
  return blocksOf(tree.children, { definitions, images: options.images ?? new Set(), placed: new Set() }, 0);
}

/** The plain text of inline content, for measuring direction and for tests. */
export function inlineText(content: readonly Inline[]): string {
  return content.map((inline) => inline.text).join('');
}
