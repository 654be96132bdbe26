import { LIMITS } from '../../../common/limits.ts';

/** Lines pasted as subtasks: each line one, list markers and boxes ("- ", "1. ", "- [ ] ") left out, blank lines skipped. */
export function pastedTitles(text: string): string[] {
  return text
    .split(/\r\n?|\n/)
    .map((line) =>
      line
        .replace(/^\s*(?:[-*+•]|\d{1,9}[.)])\s+/, '')
        .replace(/^\[[ xX]\]\s+/, '')
        .trim()
        .slice(0, LIMITS.taskTitleMax),
    )
    .filter(Boolean);
}

/** Whether pasted text is several lines (one line pasted is typed text, whatever its ends). */
export const isMultiline = (text: string) => /[\r\n]/.test(text.trim());
