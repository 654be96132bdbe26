import { addDays } from '../../../common/task-rules.ts';

const localDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/**
 * Spec §2: Today, Tomorrow or a short localized month-day, as task cards show it. Where there
 * is room (the detail dialog), `yearWhenOther` adds the year of a date in another year.
 */
export function dueDateText(
  dueDate: string,
  today: string,
  language: string,
  words: { today: string; tomorrow: string },
  { yearWhenOther = false }: { yearWhenOther?: boolean } = {},
): string {
  if (dueDate === today) return words.today;
  if (dueDate === addDays(today, 1)) return words.tomorrow;
  const withYear = yearWhenOther && dueDate.slice(0, 4) !== today.slice(0, 4);
  return new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}) }).format(
    localDate(dueDate),
  );
}

/** The whole date, year included: the tooltip of a card's short due date. */
export function fullDateText(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(localDate(day));
}

export function dateTimeText(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
