/**
 * The test harness the quick-add tests share: the language tables (lang/*.test.ts) check what a
 * typed text becomes, and the property tests check that any text keeps every character typed.
 * A test helper, not product code: only *.test.ts files import it.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { LanguageCode } from '../../locales.ts';
import { isValidDate } from '../calendar.ts';
import { GRAMMARS } from '../grammars.ts';
import { parseQuickAdd, type QuickParse } from '../parse.ts';
import type { Grammars, ParseContext, RepeatRule } from '../types.ts';

/** Wednesday 25 November 2026, 10:00: the day and time the tables are typed on, unless a row names another day. */
export const TODAY = '2026-11-25';
export const NOW = '10:00';
export const CONTEXT: ParseContext = { today: TODAY, now: NOW };

export const WEEKDAYS_MO_FR: RepeatRule = { freq: 'weekly', interval: 1, byWeekday: ['MO', 'TU', 'WE', 'TH', 'FR'] };

/** What a task becomes: its title, and only the fields the parse filled. */
export type Expected = Partial<Pick<QuickParse, 'due_date' | 'due_time' | 'priority' | 'repeat' | 'labels'>> & { title: string };

/** What the user types, what the task becomes, and the day it is typed on when not TODAY. */
export type Row = readonly [string, Expected, string?];

/** The parse of `text` in `locale`, shaped as an `Expected` for `toEqual`. */
export function parsedAs(text: string, locale: LanguageCode, today: string = TODAY, now: string = NOW): Expected {
  const result = parseQuickAdd(text, { locale, context: { today, now } });
  return {
    title: result.title,
    ...(result.due_date && { due_date: result.due_date }),
    ...(result.due_time && { due_time: result.due_time }),
    ...(result.priority && { priority: result.priority }),
    ...(result.repeat && { repeat: result.repeat }),
    ...(result.labels.length > 0 && { labels: result.labels }),
  };
}

/** One test per row, named after the text typed. Call inside a `describe`. */
export function expectRows(locale: LanguageCode, rows: ReadonlyArray<Row>): void {
  // Every row as three values, so each argument keeps its own type.
  test.each(rows.map(([text, expected, today = TODAY]) => [text, expected, today] as const))('%s', (text, expected, today) => {
    expect(parsedAs(text, locale, today)).toEqual(expected);
  });
}

function nonSpaceCharacters(text: string): string[] {
  return [...text.replace(/\s+/g, '')].sort();
}

/** Nothing typed is lost: the title and the tokens hold exactly the characters of `typed`. */
export function expectNothingLost(typed: string, result: QuickParse): void {
  expect(nonSpaceCharacters(result.title + result.tokens.map((token) => token.text).join(''))).toEqual(nonSpaceCharacters(typed));
}

/**
 * What must hold for any text in any language: tokens index the text in order, nothing typed is
 * lost, a due date is a real day not before today, a due time is HH:MM, and removing every chip
 * leaves the text literal. Returns the parse, for the checks a caller adds.
 */
export function expectSoundParse(
  text: string,
  locale: LanguageCode,
  context: ParseContext = CONTEXT,
  grammars: Grammars = GRAMMARS,
): QuickParse {
  const result = parseQuickAdd(text, { locale, context }, grammars);
  let previousEnd = 0;
  for (const token of result.tokens) {
    expect(token.start).toBeGreaterThanOrEqual(previousEnd);
    expect(token.text).toBe(text.slice(token.start, token.end));
    previousEnd = token.end;
  }
  expectNothingLost(text, result);
  if (result.due_date) {
    const [y, m, d] = result.due_date.split('-').map(Number) as [number, number, number];
    expect(isValidDate(y, m, d)).toBe(true);
    expect(result.due_date >= context.today).toBe(true);
  }
  if (result.due_time) expect(result.due_time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
  // Removing every chip leaves the text literal, as the spec's quick add saves it.
  const literal = parseQuickAdd(text, { locale, context, ignored: result.tokens.map((token) => token.text) }, grammars);
  expect(literal.tokens.filter((token) => result.tokens.some((removed) => removed.text === token.text))).toEqual([]);
  // The exact round trip: a person removing chips until none are left (a shorter reading may show
  // once a longer one is removed, and is removed in turn) saves exactly what was typed.
  const ignored = result.tokens.map((token) => token.text);
  let rest = literal;
  for (let round = 0; rest.tokens.length > 0 && round < 8; round++) {
    ignored.push(...rest.tokens.map((token) => token.text));
    rest = parseQuickAdd(text, { locale, context, ignored }, grammars);
  }
  expect(rest.tokens).toEqual([]);
  expect(rest.title).toBe(text.trim());
  // Removing one chip leaves its words whole: nothing read again from inside them.
  for (const removed of result.tokens) {
    const after = parseQuickAdd(text, { locale, context, ignored: [removed.text] }, grammars);
    expect(after.tokens.filter((token) => token.start < removed.end && token.end > removed.start)).toEqual([]);
  }
  return result;
}

/**
 * `expectSoundParse` on any phrase of a language's own words (what its grammar reads, look-alikes,
 * digits and marks), mixed with short random strings: the property each language's file runs.
 */
export function expectSoundOnAnyPhraseOf(locale: LanguageCode, words: readonly string[], numRuns = 300): void {
  const phrase = fc
    .array(fc.oneof(fc.constantFrom(...words), fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 10 })
    .map((picked) => picked.join(' '));
  fc.assert(
    fc.property(phrase, (text) => {
      expectSoundParse(text, locale);
    }),
    { numRuns },
  );
}
