/**
 * Dates and times through chrono-node for the languages it knows (en, es, fr, de). Chrono reads far
 * more than a task title needs, so its answers are narrowed to what a person means when adding a
 * task: a day (known day or weekday) and/or a clock time it is certain of. A month or a year alone
 * ("meeting in March", "read 1984") is not a due date, and neither is "now".
 */
import type { Chrono, ParsedResult } from 'chrono-node';
import { addDays, addMonths, comingDayOfMonth, comingMonthDay, hhmm, isValidDate, weekdayOf, ymd } from '../calendar.ts';
import type { Grammar, GrammarMatch, ParseContext, RepeatRule, Weekday } from '../types.ts';

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

const LETTER_OR_DIGIT = /[\p{L}\p{M}\p{N}]/u;

/**
 * Where a chrono reading is in the text, and its words. Chrono marks the start of a phrase with an
 * ASCII-only boundary, so after "é" or "ा" its span keeps what it would have left out after "e":
 * the spaces before the phrase (" morning" in "Call José morning", "morning" in "Call Jose
 * morning") and a weekday's comma or bracket (", friday" in "Call José, friday"). The core would
 * then check the word boundary before those and drop the reading. The span here starts where it
 * would after an ASCII letter, and never on a space (nor ends on one: the blanks of a phrase a
 * table read come before it). Its words, for the ambiguous ones, are without commas and brackets:
 * "(sat)" is "sat".
 */
function phraseIn(text: string, index: number, span: string): { start: number; end: number; words: string } | undefined {
  let from = span.length - span.trimStart().length;
  const to = span.trimEnd().length;
  if (LETTER_OR_DIGIT.test(text[index + from - 1] ?? '') && /^[,(（]/u.test(span.slice(from))) {
    from = to - span.slice(from + 1, to).trimStart().length;
  }
  const words = span.slice(from, to).replace(/^[\s,(（]+|[\s,)）]+$/gu, '');
  return words && from < to ? { start: index + from, end: index + to, words } : undefined;
}

/**
 * Chrono finds when summer time starts for the US zones "ET", "CT", "MT" and "PT" typed after a
 * reading by counting the Sundays of the reading's year, and never stops when that year is NaN:
 * Spanish chrono reads "u" as "un", a NaN number, so "Uh et" (NaN hours, Eastern Time) froze the
 * quick add. The zones get their winter offset instead: the parser takes the hour and day as
 * typed, not moved to the zone, so only chrono's forward dating sees the offset (an hour off in US
 * summer time at most).
 */
const US_ZONES = { ET: -300, CT: -360, MT: -420, PT: -480 };

export function chronoMatches(parser: Chrono, text: string, context: ParseContext, options: ChronoOptions): GrammarMatch[] {
  const matches: GrammarMatch[] = [];
  for (const result of parser.parse(text, referenceOf(context), { forwardDate: true, timezones: US_ZONES })) {
    const phrase = phraseIn(text, result.index, result.text);
    if (!phrase) continue;
    const { start, end } = phrase;
    const words = phrase.words.toLocaleLowerCase();
    if (options.ambiguous.has(words)) continue;
    const known = result.start;
    const hasDay = known.isCertain('day') || known.isCertain('weekday');
    // A month without its day ("in March at 9am") is no due date, and taking only the time would
    // swallow the month's name from the title: the words stay text.
    if (known.isCertain('month') && !hasDay) continue;
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

/*
 * Table grammars: es, fr and de read days, weekdays, dates, clock times and repeat rules the
 * product's way from their own tables, because chrono's readings there differ from the product's
 * ("pasado mañana" as tomorrow, "jeudi 10" as Thursday at 10:00, "morgen" in "am Morgen"). Chrono
 * then reads only what the tables left: where a table found something, its reading stands.
 */

/** Not a word character on either side: `\b` is ASCII-only and would split "miércoles" or "à". */
export const WORD_START = '(?<![\\p{L}\\p{M}\\p{N}])';
export const WORD_END = '(?![\\p{L}\\p{M}\\p{N}])';

/** A table pattern: whole words, any case, Unicode. */
export function wordPattern(source: string): RegExp {
  return new RegExp(`${WORD_START}(?:${source})${WORD_END}`, 'giu');
}

export const spanOf = (m: RegExpExecArray) => ({ start: m.index, end: m.index + m[0].length });

export const dateMatch = (m: RegExpExecArray, date: string | undefined): GrammarMatch | undefined =>
  date ? { kind: 'date', ...spanOf(m), date } : undefined;
export const timeMatch = (m: RegExpExecArray, time: string | undefined): GrammarMatch | undefined =>
  time ? { kind: 'time', ...spanOf(m), time } : undefined;

/** "el jueves 10", "jeudi 10": the next 10th that is a Thursday, or the next 10th if none is within a year. */
export function weekdayAndDay(today: string, weekday: Weekday, day: number): string | undefined {
  for (let offset = 0; offset < 400; offset++) {
    const date = addDays(today, offset);
    if (Number(date.slice(8)) === day && weekdayOf(date) === weekday) return date;
  }
  return comingDayOfMonth(today, day);
}

/** A day and month with the year as typed, or the next such day without one; two digits are this century's. */
export function dateWithYear(today: string, month: number, day: number, year: string | undefined): string | undefined {
  if (year === undefined) return comingMonthDay(today, month, day);
  const full = year.length === 2 ? 2000 + Number(year) : Number(year);
  return isValidDate(full, month, day) ? ymd(full, month, day) : undefined;
}

/** "in 3 days", "in 2 weeks", "in a month": chrono has no certain day for months and years. */
export function dateIn(today: string, count: number, freq: RepeatRule['freq']): string | undefined {
  if (count < 1 || count > 365) return undefined;
  if (freq === 'daily' || freq === 'weekly') return addDays(today, freq === 'daily' ? count : 7 * count);
  return addMonths(today, freq === 'monthly' ? count : 12 * count);
}

export type RepeatTable = ReadonlyArray<
  readonly [RegExp, (m: RegExpExecArray) => RepeatRule | undefined, ((m: RegExpExecArray) => string | undefined)?]
>;
export type DateTable = ReadonlyArray<readonly [RegExp, (m: RegExpExecArray, context: ParseContext) => GrammarMatch | undefined]>;

export interface TableGrammar {
  repeats: RepeatTable;
  dates: DateTable;
  /** Phrases chrono would read as a date that are not one ("la mañana" is the morning): hidden from chrono. */
  notDates: readonly RegExp[];
  chrono: Chrono;
  chronoOptions: ChronoOptions;
  /** Chrono readings dropped by their text: casual chrono takes an amount of time alone ("30 minutos") as "from now". */
  notFromChrono: RegExp;
}

function blanked(text: string, spans: ReadonlyArray<{ start: number; end: number }>): string {
  let result = text;
  for (const { start, end } of spans) result = result.slice(0, start) + ' '.repeat(end - start) + result.slice(end);
  return result;
}

export function tableGrammar(tables: TableGrammar): Grammar {
  return (text, context) => {
    const repeats: GrammarMatch[] = [];
    for (const [pattern, build, timeOf] of tables.repeats) {
      for (const m of text.matchAll(pattern)) {
        const repeat = build(m as RegExpExecArray);
        const time = timeOf?.(m as RegExpExecArray);
        if (repeat) repeats.push({ kind: 'repeat', ...spanOf(m as RegExpExecArray), repeat, ...(time && { time }) });
      }
    }
    const dates: GrammarMatch[] = [];
    const past: GrammarMatch[] = [];
    for (const [pattern, build] of tables.dates) {
      for (const m of text.matchAll(pattern)) {
        const found = build(m as RegExpExecArray, context);
        // A new task is not due in the past ("el 3/1/2020").
        if (found) ('date' in found && found.date < context.today ? past : dates).push(found);
      }
    }
    // Nor is a piece of a past date: "am 3." in "am 3. Januar 2020" is not the coming 3rd.
    const inPast = (m: GrammarMatch) => past.some((p) => p.start <= m.start && m.end <= p.end && p.end - p.start > m.end - m.start);
    const matches = [...repeats, ...dates.filter((m) => !inPast(m))];
    const hidden = tables.notDates.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => spanOf(m as RegExpExecArray)));
    const fromChrono = chronoMatches(tables.chrono, blanked(text, [...matches, ...past, ...hidden]), context, tables.chronoOptions);
    return [...matches, ...fromChrono.filter((m) => !tables.notFromChrono.test(text.slice(m.start, m.end)))];
  };
}
