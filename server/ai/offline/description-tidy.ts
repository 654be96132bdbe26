/**
 * Tidies a user's task description into clean markdown without changing what it says:
 * bullets, numbering and checkboxes get one markdown form, runs of short lines become a
 * checklist, spacing is normalised. Words are never added, dropped or reordered (a "TODO:"
 * marker becoming a checkbox is the one exception), so every name, date and amount
 * survives. Idempotent: tidying a tidy text changes nothing.
 */

const FENCE = /^\s*(```|~~~)/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const CHECKBOX = /^(\s*)(?:[-*+•·▪●◦‣]\s*)?\[( |x|X)?\]\s*(.*)$/u;
const BULLET = /^(\s*)[-*+•·▪●◦‣–—]\s+(.*)$/u;
const NUMBERED = /^(\s*)(\d{1,3})[.)]\s+(.*)$/u;
const TODO = /^(\s*)(?:todo|to do|to-do)\s*[:–-]\s*(.+)$/iu;
const SPECIAL = /^\s*(#{1,6}\s|>|\||<!--)/;
const SENTENCE_END = /[.!?…:;।؟)"'”»“„]$/u;

/** Upper-cases the first word when it is a plain lowercase word, leaving `iPhone`, URLs and code alone. */
function capitalize(text: string): string {
  const match = /^(\p{Ll})(\p{Ll}*)(?=[\s,]|$)/u.exec(text);
  if (!match) return text;
  return match[1]!.toUpperCase() + text.slice(1);
}

function collapseSpaces(line: string): string {
  const indent = /^\s*/.exec(line)![0];
  return indent + line.slice(indent.length).replace(/[ \t]{2,}/g, ' ');
}

type Line = { kind: 'list'; text: string } | { kind: 'plain'; text: string } | { kind: 'verbatim'; text: string };

function classify(raw: string): Line {
  const line = collapseSpaces(raw.trimEnd());
  if (RULE.test(line) || SPECIAL.test(line)) return { kind: 'verbatim', text: line };
  let m = TODO.exec(line);
  if (m) return { kind: 'list', text: `${m[1]}- [ ] ${capitalize(m[2]!.trim())}` };
  m = CHECKBOX.exec(line);
  if (m) return { kind: 'list', text: `${m[1]}- [${m[2] === 'x' || m[2] === 'X' ? 'x' : ' '}] ${capitalize(m[3]!.trim())}`.trimEnd() };
  m = BULLET.exec(line);
  if (m) return { kind: 'list', text: `${m[1]}- ${capitalize(m[2]!.trim())}` };
  m = NUMBERED.exec(line);
  if (m) return { kind: 'list', text: `${m[1]}${m[2]}. ${capitalize(m[3]!.trim())}` };
  return { kind: 'plain', text: line };
}

/** Short, unpunctuated lines that do not start with a number read as items (groceries), not as an address. */
function looksLikeItems(lines: string[]): boolean {
  return lines.length >= 2 && lines.every((l) => l.trim().length <= 60 && !SENTENCE_END.test(l.trim()) && !/^\s*\p{N}/u.test(l));
}

function finishParagraph(lines: string[]): string[] {
  const text = lines.map((l) => l.trim());
  text[0] = capitalize(text[0]!);
  const last = text.length - 1;
  const words = text[0]!.split(/\s+/).length;
  // Only a one-line sentence gets a full stop: a lone label such as "Notes" or the lines of
  // an address stay as the user wrote them.
  if (text.length === 1 && words >= 4 && /[\p{L}\p{M}\p{N}]$/u.test(text[last]!)) {
    text[last] += /[\u0900-\u097f]$/.test(text[last]!) ? '।' : '.';
  }
  return text;
}

function tidyBlock(rawLines: string[]): string {
  const lines = rawLines.map(classify);
  const out: string[] = [];
  let run: string[] = [];
  let previous: Line['kind'] | undefined;
  const flush = (next: Line['kind'] | undefined) => {
    if (run.length === 0) return;
    // "Shopping list:" over short lines: the label stays a paragraph, the lines become items.
    if (run.length >= 3 && run[0]!.trim().endsWith(':') && looksLikeItems(run.slice(1))) {
      const items = run.slice(1);
      run = [run[0]!];
      flush('list');
      run = items;
    }
    if (looksLikeItems(run)) {
      if (out.length > 0) out.push('');
      out.push(...run.map((l) => `- [ ] ${capitalize(l.trim())}`));
      previous = 'list';
    } else {
      if (out.length > 0) out.push('');
      const paragraph = finishParagraph(run);
      // A short "Heading:" line that introduces a list becomes a bold label.
      if (paragraph.length === 1 && next === 'list' && /^[^*_`]{1,60}:$/u.test(paragraph[0]!)) paragraph[0] = `**${paragraph[0]}**`;
      out.push(...paragraph);
      previous = 'plain';
    }
    run = [];
  };
  for (const line of lines) {
    // An indented plain line right after a list item continues that item.
    if (line.kind === 'plain' && previous === 'list' && run.length === 0 && /^\s{2,}/.test(line.text)) {
      out.push(line.text);
      continue;
    }
    if (line.kind === 'plain') {
      run.push(line.text);
      continue;
    }
    flush(line.kind);
    if (line.kind === 'list' && previous === 'plain') out.push('');
    out.push(line.text);
    previous = line.kind;
  }
  flush(undefined);
  return out.join('\n');
}

export function tidyDescription(input: string): string {
  const lines = input.replace(/\r\n?/g, '\n').split('\n');
  const blocks: string[] = [];
  let block: string[] = [];
  let fence: string[] | undefined;
  const endBlock = () => {
    // A block indented by four spaces is an indented code block: its spacing is its meaning.
    if (block.length > 0) blocks.push(/^( {4}|\t)/.test(block[0]!) ? block.map((l) => l.trimEnd()).join('\n') : tidyBlock(block));
    block = [];
  };
  for (const line of lines) {
    if (fence) {
      fence.push(line);
      if (FENCE.test(line)) {
        blocks.push(fence.join('\n'));
        fence = undefined;
      }
      continue;
    }
    if (FENCE.test(line)) {
      endBlock();
      fence = [line.trimEnd()];
      continue;
    }
    if (line.trim() === '') endBlock();
    else block.push(line);
  }
  endBlock();
  if (fence) blocks.push(fence.join('\n'));
  // Only the end is trimmed: leading spaces may make the first block an indented code block.
  return blocks
    .filter((b) => b.trim() !== '')
    .join('\n\n')
    .trimEnd();
}

export function countChecklistItems(markdown: string): number {
  return markdown.split('\n').filter((l) => /^\s*- \[[ x]\] /.test(l)).length;
}

/**
 * What a reader would not count as an improvement: a capital letter, a closing full stop, a
 * bold label, runs of spaces or blank lines, and list markers that markdown already renders the
 * same ("* a", "1) a", "[X]"). Whatever differs after this changes how the text reads or
 * renders: loose lines joined into one paragraph becoming items, "•" or "[]" becoming a real
 * list or checkbox, a "TODO:" becoming a checkbox.
 */
function cosmeticKey(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((raw) => {
      const line = raw.trimEnd();
      const indent = /^\s*/.exec(line)![0];
      return (
        indent +
        line
          .slice(indent.length)
          .replace(/[ \t]{2,}/g, ' ')
          .replace(/^\*\*([^*]+:)\*\*$/u, '$1')
          .replace(/^[*+](?=\s)/u, '-')
          .replace(/^(\d{1,3})\)(?=\s)/u, '$1.')
          .replace(/^- \[X\]/u, '- [x]')
          .replace(/^((?:- |\d{1,3}\. )?(?:\[[ x]\] )?)(\p{Lu})/u, (_, marker: string, letter: string) => marker + letter.toLowerCase())
          .replace(/[.।]$/u, '')
      );
    })
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/**
 * "Improve" for a user's description: the tidied text when tidying changes how it reads or
 * renders, otherwise the user's own text as written (only its surrounding blank space trimmed).
 * So a description that is already in good shape comes back unchanged, and the client can say
 * so, instead of offering a suggestion that differs by a full stop or a capital letter.
 */
export function improveDescription(input: string): string {
  const tidy = tidyDescription(input);
  if (cosmeticKey(tidy) !== cosmeticKey(input)) return tidy;
  // Leading blank lines and trailing space go; leading spaces stay, they may start a code block.
  return input.replace(/^\s*\n/u, '').trimEnd();
}
