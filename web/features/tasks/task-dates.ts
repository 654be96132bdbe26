import { addDays } from '../../../common/task-rules.ts';

/** Spec §2: Today, Tomorrow or a short localized month-day (with the year when not this year). */
export function dueDateText(dueDate: string, today: string, language: string, words: { today: string; tomorrow: string }): string {
  if (dueDate === today) return words.today;
  if (dueDate === addDays(today, 1)) return words.tomorrow;
  const [y, m, d] = dueDate.split('-').map(Number) as [number, number, number];
  const sameYear = String(y) === today.slice(0, 4);
  return new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) }).format(
    new Date(y, m - 1, d),
  );
}

export function dateTimeText(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
