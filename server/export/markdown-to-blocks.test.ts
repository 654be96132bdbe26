import { describe, expect, test } from 'vitest';
import { MAX_NESTING, inlineText, limitNesting, markdownToBlocks, safeLinkTarget, type Block } from './markdown-to-blocks.ts';

function only<K extends Block['kind']>(blocks: Block[], kind: K): Extract<Block, { kind: K }> {
  const found = blocks.filter((b) => b.kind === kind);
  expect(found).toHaveLength(1);
  return found[0] as Extract<Block, { kind: K }>;
}

describe('markdown to export blocks', () => {
  test('headings 1 to 4 keep their level; 5 and 6 read as 4', () => {
    const blocks = markdownToBlocks('# One\n## Two\n### Three\n#### Four\n##### Five\n###### Six');
    expect(blocks.map((b) => (b.kind === 'heading' ? [b.level, inlineText(b.content)] : null))).toEqual([
      [1, 'One'],
      [2, 'Two'],
      [3, 'Three'],
      [4, 'Four'],
      [4, 'Five'],
      [4, 'Six'],
    ]);
  });

  test('inline styles nest: bold, italic, strikethrough, code and links', () => {
    const [paragraph] = markdownToBlocks('**bold *both*** ~~gone~~ `code` [site](https://example.com) <https://auto.example>');
    expect(paragraph?.kind).toBe('paragraph');
    const content = paragraph?.kind === 'paragraph' ? paragraph.content : [];
    expect(content).toEqual(
      expect.arrayContaining([
        { text: 'bold ', style: { bold: true } },
        { text: 'both', style: { bold: true, italic: true } },
        { text: 'gone', style: { strike: true } },
        { text: 'code', style: { code: true } },
        { text: 'site', style: { link: 'https://example.com' } },
        { text: 'https://auto.example', style: { link: 'https://auto.example' } },
      ]),
    );
  });

  test('soft line breaks read as spaces and hard breaks stay', () => {
    const [paragraph] = markdownToBlocks('one\ntwo  \nthree');
    expect(paragraph?.kind === 'paragraph' && inlineText(paragraph.content)).toBe('one two\nthree');
  });

  test('bullet, numbered and task lists keep nesting, start numbers and check marks', () => {
    const blocks = markdownToBlocks('3. third\n4. fourth\n   - nested\n     - [x] done\n     - [ ] open\n');
    const list = only(blocks, 'list');
    expect(list).toMatchObject({ ordered: true, start: 3 });
    expect(list.items.map((item) => item.checked)).toEqual([null, null]);
    const nested = list.items[1]!.blocks.find((b) => b.kind === 'list');
    expect(nested).toMatchObject({ kind: 'list', ordered: false });
    const tasks = nested?.kind === 'list' ? nested.items[0]!.blocks.find((b) => b.kind === 'list') : undefined;
    expect(
      tasks?.kind === 'list' &&
        tasks.items.map((i) => [i.checked, inlineText((i.blocks[0] as Extract<Block, { kind: 'paragraph' }>).content)]),
    ).toEqual([
      [true, 'done'],
      [false, 'open'],
    ]);
  });

  test('quotes, code blocks, tables and rules become their own blocks', () => {
    const blocks = markdownToBlocks('> quoted\n\n```ts\nconst a = 1;\n```\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n\n---\n');
    expect(blocks.map((b) => b.kind)).toEqual(['quote', 'code', 'table', 'rule']);
    expect(only(blocks, 'code')).toEqual({ kind: 'code', text: 'const a = 1;', language: 'ts' });
    const table = only(blocks, 'table');
    expect(table.align).toEqual(['left', 'right']);
    expect(table.header.map(inlineText)).toEqual(['a', 'b']);
    expect(table.rows.map((row) => row.map(inlineText))).toEqual([['1', '2']]);
  });

  test('raw HTML is kept as literal text, never as markup', () => {
    const blocks = markdownToBlocks('<div onclick="x()">block</div>\n\ninline <script>alert(1)</script> text');
    expect(blocks[0]).toEqual({ kind: 'paragraph', content: [{ text: '<div onclick="x()">block</div>', style: {} }] });
    expect(blocks[1]?.kind === 'paragraph' && inlineText(blocks[1].content)).toBe('inline <script>alert(1)</script> text');
  });

  test('only http(s) and mailto targets become links; script and data URLs stay text', () => {
    expect(safeLinkTarget('https://example.com/a')).toBe('https://example.com/a');
    expect(safeLinkTarget('mailto:a@example.com')).toBe('mailto:a@example.com');
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '/relative',
      'file:///etc/passwd',
    ]) {
      expect(safeLinkTarget(bad)).toBeUndefined();
    }
    const [paragraph] = markdownToBlocks('[click](javascript:alert(1)) and [ref][r]\n\n[r]: https://example.com/ref');
    const content = paragraph?.kind === 'paragraph' ? paragraph.content : [];
    expect(content[0]).toEqual({ text: 'click', style: {} });
    expect(content.find((c) => c.text === 'ref')?.style.link).toBe('https://example.com/ref');
  });

  test('images are not fetched: their alt text stands in', () => {
    const [paragraph] = markdownToBlocks('![diagram](https://example.com/d.png) ![](javascript:x)');
    const content = paragraph?.kind === 'paragraph' ? paragraph.content : [];
    expect(content[0]).toEqual({ text: '[diagram]', style: { link: 'https://example.com/d.png' } });
    expect(content.at(-1)).toEqual({ text: '[javascript:x]', style: {} });
  });

  test('hostile nesting is cut before parsing, so it cannot hold a worker', () => {
    // Each within the 20,000-character description limit; uncut, the first takes micromark minutes.
    const deepQuote = `${'>'.repeat(19_990)} deep`;
    const deepInlineList = `${'- '.repeat(9_990)}x`;
    const deepIndentedList = Array.from({ length: 135 }, (_, i) => `${' '.repeat(i * 2)}- item ${i}`).join('\n');
    for (const source of [deepQuote, deepInlineList, deepIndentedList]) {
      const started = performance.now();
      markdownToBlocks(source);
      expect(performance.now() - started).toBeLessThan(5_000);
    }

    const depth = (blocks: Block[]): number =>
      Math.max(
        0,
        ...blocks.map((b) =>
          b.kind === 'quote' ? 1 + depth(b.blocks) : b.kind === 'list' ? 1 + Math.max(0, ...b.items.map((i) => depth(i.blocks))) : 0,
        ),
      );
    expect(depth(markdownToBlocks(deepQuote))).toBeLessThanOrEqual(MAX_NESTING + 1);
    expect(limitNesting('> > > > > > > > > > > > x')).toBe('> > > > > > > > x');
    // Ordinary content is untouched.
    expect(limitNesting('- a\n  - b\n\n> quote')).toBe('- a\n  - b\n\n> quote');
  });
});

describe("the task's own images in its description (issue 24)", () => {
  const images = new Set([5, 8]);
  /** Blocks as kinds and texts: `image:<id>:<alt>` for images. */
  const shape = (blocks: Block[]): string[] =>
    blocks.map((b) =>
      b.kind === 'image'
        ? `image:${b.attachmentId}:${b.alt}`
        : b.kind === 'paragraph'
          ? `p:${inlineText(b.content)}`
          : b.kind === 'list'
            ? `list[${b.items.map((item) => shape(item.blocks).join('|')).join(';')}]`
            : b.kind,
    );

  test('an image of one of its files becomes an image block where it stands, splitting its paragraph', () => {
    expect(shape(markdownToBlocks('Before ![the shot](/api/attachments/5/file) after.\n\nNext', { images }))).toEqual([
      'p:Before',
      'image:5:the shot',
      'p:after.',
      'p:Next',
    ]);
    // Alone in its paragraph, and by reference.
    expect(shape(markdownToBlocks('![](/api/attachments/8/file)', { images }))).toEqual(['image:8:']);
    expect(shape(markdownToBlocks('![plan][p]\n\n[p]: /api/attachments/8/file', { images }))).toEqual(['image:8:plan']);
    // In a list item, between its texts.
    expect(shape(markdownToBlocks('- see\n  ![a](/api/attachments/5/file)\n  below', { images }))).toEqual([
      'list[p:see|image:5:a|p:below]',
    ]);
  });

  test("other tasks' files, other addresses and a second use keep their alt text and are never images", () => {
    const blocks = markdownToBlocks(
      [
        '![first](/api/attachments/5/file) ![again](/api/attachments/5/file)',
        '![other task](/api/attachments/6/file)',
        '![absolute](https://elsewhere.example/api/attachments/8/file)',
        '![query](/api/attachments/8/file?download=1) ![thumb](/api/attachments/8/thumbnail) ![dots](/api/attachments/../8/file)',
      ].join('\n\n'),
      { images },
    );
    expect(shape(blocks)).toEqual(['image:5:first', 'p:[again]', 'p:[other task]', 'p:[absolute]', 'p:[query] [thumb] [dots]']);
    // Nothing is an image without the export's own set, nor in a heading, a table cell or a link.
    expect(shape(markdownToBlocks('![x](/api/attachments/5/file)'))).toEqual(['p:[x]']);
    const elsewhere = markdownToBlocks(
      '# ![h](/api/attachments/5/file)\n\n| ![c](/api/attachments/5/file) |\n|--|\n| x |\n\n[![l](/api/attachments/5/file)](https://example.com)',
      { images },
    );
    expect(elsewhere.map((b) => b.kind)).toEqual(['heading', 'table', 'paragraph']);
  });
});
