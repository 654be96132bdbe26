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

  test('a link uses the selection as its text and selects the URL to type over', () => {
    const result = applyFormat('see docs', 4, 8, 'link');
    expect(result.value).toBe('see [docs](https://)');
    expect(result.value.slice(result.selectionStart, result.selectionEnd)).toBe('https://');
  });
});
