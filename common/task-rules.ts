/** Task rules both the web app and the server (exports, mails) apply the same way. */

/** YYYY-MM-DD of a moment in the viewer's local calendar. */
export function localDateString(moment: Date): string {
  const y = moment.getFullYear();
  const m = String(moment.getMonth() + 1).padStart(2, '0');
  const d = String(moment.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/**
 * A calendar day (YYYY-MM-DD) moved by whole days. Counted in UTC, where every day has 24 hours:
 * the device's zone may have skipped the day (Apia had no 30 December 2011), and `new Date(y, m, d)`
 * reads years 0–99 as 19xx.
 */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const moved = new Date(0);
  moved.setUTCFullYear(y, m - 1, d + days);
  return moved.toISOString().slice(0, 10);
}

/** Spec §4: overdue when the due date is before today and the task is not complete. */
export function isOverdue(task: { due_date: string | null; is_completed: number }, today: string): boolean {
  return task.is_completed !== 1 && task.due_date !== null && task.due_date < today;
}

export function isDueToday(task: { due_date: string | null }, today: string): boolean {
  return task.due_date === today;
}

/** Markdown reduced to plain text for previews (spec §2: 100 characters, markdown stripped). */
export function stripMarkdown(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/^\s*[-*+]\s+\[[ xX]\]\s+/gm, '')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
    .replace(/^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/gm, ' ')
    .replace(/\|/g, ' ')
    .replace(/(\*\*|__|~~|\*|_)(.*?)\1/g, '$2')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function preview(markdown: string, length: number): string {
  const plain = stripMarkdown(markdown);
  if (plain.length <= length) return plain;
  // Cut on a grapheme boundary so Devanagari conjuncts and emoji stay whole.
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(plain)].map((s) => s.segment);
  return `${graphemes.slice(0, length).join('').trimEnd()}…`;
}

/** Completed tasks always after pending ones, keeping the server's order within each group. */
export function completedLast<T extends { is_completed: number }>(tasks: readonly T[]): T[] {
  return [...tasks.filter((t) => t.is_completed !== 1), ...tasks.filter((t) => t.is_completed === 1)];
}
