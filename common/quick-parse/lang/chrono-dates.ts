/**
 * Dates and times through chrono-node for the languages it knows (en, es, fr, de). Chrono reads far
 * more than a task title needs, so its answers are narrowed to what a person means when adding a
 * task: a day (known day or weekday) and/or a clock time it is certain of. A month or a year alone
 * ("meeting in March", "read 1984") is not a due date, and neither is "now".
 */
import type { Chrono, ParsedResult } from 'chrono-node';
import { addDays, hhmm, ymd } from '../calendar.ts';
import type { GrammarMatch, ParseContext } from '../types.ts';

export interface ChronoOptions {
  /** Words chrono would take as a date that in a title are usually something else ("sat exam", "sun cream"). */
  ambiguous: ReadonlySet<string>;
  /** A part of the day chrono reads without a certain hour, and the time a task gets for it. */
  partsOfDay: ReadonlyArray<readonly [RegExp, string]>;
}

/** Chrono works in the runtime's local time: the reference is the user's today and now, as local components. */
function referenceOf(context: ParseContext): Date {
  const [y, m, d] = context.today.split('-').map(Number) as [number, number, number];
  const [hour, minute] = context.now.split(':').map(Number) as [number, number];
  return new Date(y, m - 1, d, hour, minute);
}

function dayOf(result: ParsedResult): string {
  const start = result.start;
  return ymd(start.get('year')!, start.get('month')!, start.get('day')!);
}

export function chronoMatches(parser: Chrono, text: string, context: ParseContext, options: ChronoOptions): GrammarMatch[] {
  const matches: GrammarMatch[] = [];
  for (const result of parser.parse(text, referenceOf(context), { forwardDate: true })) {
    const start = result.index;
    const end = start + result.text.length;
    const words = result.text.toLocaleLowerCase().trim();
    if (options.ambiguous.has(words)) continue;
    const known = result.start;
    const hasDay = known.isCertain('day') || known.isCertain('weekday');
    const partOfDay = options.partsOfDay.find(([pattern]) => pattern.test(result.text))?.[1];
    const time = known.isCertain('hour')
      ? hhmm(known.get('hour')!, known.get('minute') ?? 0)
      : // "tomorrow morning": chrono guesses an hour; the task gets the product's time for that part of the day.
        partOfDay;
    // "yesterday", "last d(ay)": a new task is not due in the past.
    if (hasDay && dayOf(result) < context.today) continue;
    if (hasDay && time) matches.push({ kind: 'datetime', start, end, date: dayOf(result), time });
    else if (hasDay) matches.push({ kind: 'date', start, end, date: dayOf(result) });
    else if (time) matches.push({ kind: 'time', start, end, time });
  }
  return matches;
}

/** Shared by the chrono languages for the phrases chrono reads differently from the product's rules:
 * "next week" is its Monday (chrono: a week from today), "next month" its first day (chrono: a month from today). */
export function relativeMatch(kind: 'next-week' | 'next-month', start: number, end: number, today: string): GrammarMatch {
  if (kind === 'next-week') {
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
    return { kind: 'date', start, end, date: addDays(today, 7 - weekday) };
  }
  const [y, m] = today.split('-').map(Number) as [number, number];
  return { kind: 'date', start, end, date: m === 12 ? ymd(y + 1, 1, 1) : ymd(y, m + 1, 1) };
}
