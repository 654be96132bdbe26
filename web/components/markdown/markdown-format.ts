export type MarkdownFormat = 'bold' | 'italic' | 'strike' | 'code' | 'h1' | 'h2' | 'h3' | 'bullet' | 'numbered' | 'quote' | 'link';

const WRAPS: Partial<Record<MarkdownFormat, string>> = { bold: '**', italic: '_', strike: '~~', code: '`' };
const LINE_PREFIXES: Partial<Record<MarkdownFormat, string>> = { h1: '# ', h2: '## ', h3: '### ', bullet: '- ', quote: '> ' };

export interface FormatResult {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

/** Applies a toolbar action to the selected text; pure, so it is tested without a browser. */
export function applyFormat(value: string, start: number, end: number, kind: MarkdownFormat, linkPlaceholder = 'link text'): FormatResult {
  const selected = value.slice(start, end);
  const before = value.slice(0, start);
  const after = value.slice(end);

  const wrap = WRAPS[kind];
  if (wrap) {
    // Toggling off when the selection is already wrapped.
    if (before.endsWith(wrap) && after.startsWith(wrap)) {
      return {
        value: before.slice(0, -wrap.length) + selected + after.slice(wrap.length),
        selectionStart: start - wrap.length,
        selectionEnd: end - wrap.length,
      };
    }
    return { value: before + wrap + selected + wrap + after, selectionStart: start + wrap.length, selectionEnd: end + wrap.length };
  }

  if (kind === 'link') {
    const text = selected || linkPlaceholder;
    const inserted = `[${text}](https://)`;
    const urlStart = start + text.length + 3;
    return { value: before + inserted + after, selectionStart: urlStart, selectionEnd: urlStart + 'https://'.length };
  }

  // Line formats apply to every line the selection touches.
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = value.indexOf('\n', end);
  const lineEnd = nextBreak === -1 ? value.length : nextBreak;
  const lines = value.slice(lineStart, lineEnd).split('\n');
  const formatted = lines
    .map((line, index) => {
      if (kind === 'numbered') return `${index + 1}. ${line.replace(/^\d+\.\s+/, '')}`;
      const prefix = LINE_PREFIXES[kind]!;
      const stripped = kind.startsWith('h') ? line.replace(/^#{1,6}\s+/, '') : line;
      return line.startsWith(prefix) ? line.slice(prefix.length) : prefix + stripped;
    })
    .join('\n');
  const newValue = value.slice(0, lineStart) + formatted + value.slice(lineEnd);
  // The caret lands where typing continues, never on a selected prefix (the next letter would
  // replace it): a caret keeps its place in its line's text; a selection ends after the lines.
  const blockEnd = lineStart + formatted.length;
  const caret = start === end ? Math.min(blockEnd, Math.max(lineStart, start + formatted.length - (lineEnd - lineStart))) : blockEnd;
  return { value: newValue, selectionStart: caret, selectionEnd: caret };
}
