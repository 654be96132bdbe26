import { describe, expect, test } from 'vitest';
import { applyFormat } from './markdown-format.ts';

describe('markdown toolbar actions', () => {
  test('bold wraps the selection and toggles off when applied again', () => {
    const on = applyFormat('say hello now', 4, 9, 'bold');
    expect(on.value).toBe('say **hello** now');
    expect(on.value.slice(on.selectionStart, on.selectionEnd)).toBe('hello');
    const off = applyFormat(on.value, on.selectionStart, on.selectionEnd, 'bold');
    expect(off.value).toBe('say hello now');
  });

  test('headings replace an existing heading level on every selected line', () => {
    expect(applyFormat('# Title', 0, 0, 'h2').value).toBe('## Title');
    expect(applyFormat('one\ntwo', 0, 7, 'bullet').value).toBe('- one\n- two');
    expect(applyFormat('one\ntwo', 0, 7, 'numbered').value).toBe('1. one\n2. two');
    expect(applyFormat('> quoted', 0, 0, 'quote').value).toBe('quoted');
  });

  test('after a line format the caret is where typing continues, nothing selected', () => {
    const type = (result: { value: string; selectionStart: number; selectionEnd: number }, text: string) =>
      result.value.slice(0, result.selectionStart) + text + result.value.slice(result.selectionEnd);
    expect(type(applyFormat('', 0, 0, 'h2'), 'Agenda')).toBe('## Agenda');
    for (const kind of ['h1', 'h3', 'bullet', 'numbered', 'quote'] as const) {
      const result = applyFormat('Notes\n', 6, 6, kind);
      expect(result.selectionStart, kind).toBe(result.selectionEnd);
      expect(type(result, 'x'), kind).toMatch(/^Notes\n(#+ |- |1\. |> )x$/);
    }
    // A caret inside a line keeps its place in the text, shifted by the prefix.
    expect(type(applyFormat('Buy milk', 3, 3, 'bullet'), '!')).toBe('- Buy! milk');
    expect(type(applyFormat('# Title', 7, 7, 'h2'), 's')).toBe('## Titles');
    // Toggling off a caret inside the prefix puts it at the start of the line's text.
    expect(type(applyFormat('- one', 1, 1, 'bullet'), 'x')).toBe('xone');
    // A selection of lines ends with the caret after them.
    expect(type(applyFormat('one\ntwo', 0, 7, 'bullet'), '!')).toBe('- one\n- two!');
  });

  test('a link uses the selection as its text and selects the URL to type over', () => {
    const result = applyFormat('see docs', 4, 8, 'link');
    expect(result.value).toBe('see [docs](https://)');
    expect(result.value.slice(result.selectionStart, result.selectionEnd)).toBe('https://');
  });
});
