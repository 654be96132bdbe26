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
import { ignoreKey, parseQuickAdd, type ParsedToken, type QuickParse } from '../parse.ts';
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
 * The title and the chips, put back where they were typed, are the text: each chip is the text at
 * its offsets (in order, none overlapping, none empty, no space at either end: a chip is its
 * words), and the title is the gaps between the chips, joined by a space, with each run of spaces
 * made one and the ends trimmed, as the quick add builds it. With no chip, the title is the text
 * trimmed and nothing else: a literal title keeps its spaces as typed.
 */
export function expectTitleAndChipsMakeText(text: string, result: QuickParse): void {
  const gaps: string[] = [];
  let previousEnd = 0;
  for (const token of result.tokens) {
    expect(token.start).toBeGreaterThanOrEqual(previousEnd);
    expect(token.end).toBeGreaterThan(token.start);
    expect(token.text).toBe(text.slice(token.start, token.end));
    expect(token.text).toBe(token.text.trim());
    gaps.push(text.slice(previousEnd, token.start));
    previousEnd = token.end;
  }
  gaps.push(text.slice(previousEnd));
  expect(gaps.map((gap, i) => gap + (result.tokens[i]?.text ?? '')).join('')).toBe(text);
  if (result.tokens.length === 0) expect(result.title).toBe(text.trim());
  else expect(result.title).toBe(gaps.join(' ').replace(/\s+/g, ' ').trim());
}

/**
 * What must hold for any text in any language: the title and the chips make the text, nothing
 * typed is lost, a due date is a real day not before today, a due time is HH:MM, and removing
 * chips until none is left gives the typed text back exactly. Returns the parse, for the checks a
 * caller adds.
 */
export function expectSoundParse(
  text: string,
  locale: LanguageCode,
  context: ParseContext = CONTEXT,
  grammars: Grammars = GRAMMARS,
): QuickParse {
  const parse = (ignored: readonly string[]) => parseQuickAdd(text, { locale, context, ignored }, grammars);
  const result = parse([]);
  expectTitleAndChipsMakeText(text, result);
  expectNothingLost(text, result);
  if (result.due_date) {
    const [y, m, d] = result.due_date.split('-').map(Number) as [number, number, number];
    expect(isValidDate(y, m, d)).toBe(true);
    expect(result.due_date >= context.today).toBe(true);
  }
  if (result.due_time) expect(result.due_time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
  // The exact round trip. Removing a chip keeps its text literal, but may show a reading it hid:
  // the last date, time, repeat or priority typed counts, so "tomorrow" in "Call tomorrow, no,
  // friday" is a chip once "friday" is removed, and is removed in turn. Such a reading comes
  // before a chip just removed and takes none of the removed chips' words, so each round reads
  // only words no chip held before, and the rounds end. When no chip is left, the task is the
  // typed text as the quick add saves a literal one: trimmed, and nothing else read from it.
  const removed: ParsedToken[] = [];
  let shown = result.tokens;
  let rest = result;
  while (shown.length > 0) {
    removed.push(...shown);
    rest = parse(removed.map((token) => token.text));
    expectTitleAndChipsMakeText(text, rest);
    for (const token of rest.tokens) {
      expect(removed.map((gone) => ignoreKey(gone.text))).not.toContain(ignoreKey(token.text));
      expect(removed.filter((gone) => token.start < gone.end && token.end > gone.start)).toEqual([]);
      expect(shown.some((gone) => token.end <= gone.start)).toBe(true);
    }
    shown = rest.tokens;
  }
  expect(rest).toEqual({ title: text.trim(), tokens: [], labels: [] });
  // Removing one chip leaves its words whole: nothing read again from inside them.
  for (const chip of result.tokens) {
    const after = parse([chip.text]);
    expect(after.tokens.filter((token) => token.start < chip.end && token.end > chip.start)).toEqual([]);
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
