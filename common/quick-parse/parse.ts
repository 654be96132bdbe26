/**
 * Quick-add parsing (issue 21): one parser for the header's quick add and the add dialog's title.
 * The language grammars (`lang/`) find dates, times and repeat rules in their own words; this core
 * does what is the same everywhere: native digits, `#labels`, `!priorities`, picking between
 * overlapping matches, the ignore list of chips the user removed, and the title that remains.
 *
 * The promise to the user: nothing typed is lost. Every recognised part is a token with its span in
 * the text as typed, and the title is the text without those spans. When nothing is left for a
 * title, nothing is recognised: "tomorrow" alone is a task called "tomorrow" (spec defaults).
 */
import { LIMITS } from '../limits.ts';
import type { LanguageCode } from '../locales.ts';
import { addDays, dateForTime } from './calendar.ts';
import { GRAMMARS } from './grammars.ts';
import { firstOccurrence } from './repeat.ts';
import type { GrammarMatch, Grammars, ParseContext, RepeatRule } from './types.ts';

export type Priority = 'low' | 'medium' | 'high';
export type TokenKind = 'date' | 'time' | 'datetime' | 'repeat' | 'priority' | 'label';

export interface ParsedToken {
  kind: TokenKind;
  /** Span in the text as typed (UTF-16 indices). */
  start: number;
  end: number;
  text: string;
}

export interface QuickParse {
  title: string;
  tokens: ParsedToken[];
  due_date?: string;
  due_time?: string;
  priority?: Priority;
  labels: string[];
  repeat?: RepeatRule;
}

export interface ParseOptions {
  locale: LanguageCode;
  context: ParseContext;
  /** Token texts whose chip the user removed: they stay literal text (compared by `ignoreKey`). */
  ignored?: readonly string[];
}

/** Native digits to ASCII, one UTF-16 unit for one, so grammar spans index the text as typed. */
const DIGIT_ZEROS = [0x0660 /* Arabic-Indic */, 0x06f0 /* Extended Arabic-Indic */, 0x0966 /* Devanagari */];

export function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = DIGIT_ZEROS.find((base) => code >= base && code <= base + 9)!;
    return String(code - zero);
  });
}

/** The key a removed chip is remembered by: its text, case- and digit-insensitive. */
export function ignoreKey(text: string): string {
  return asciiDigits(text).toLocaleLowerCase().replace(/\s+/g, ' ').trim();
}

const WORD_CHARACTER = /[\p{L}\p{M}\p{N}]/u;

function onWordBoundaries(text: string, start: number, end: number): boolean {
  return start < end && !WORD_CHARACTER.test(text[start - 1] ?? '') && !WORD_CHARACTER.test(text[end] ?? '');
}

/**
 * Priority words after "!", in every language (the names the app shows), plus Todoist's p1–p4 and
 * !1–!3. p4 is Todoist's "no priority"; Taskaty has no such level, so it is the lowest.
 */
const PRIORITY_WORDS: Record<string, Priority> = {
  high: 'high',
  medium: 'medium',
  low: 'low',
  उच्च: 'high',
  मध्यम: 'medium',
  कम: 'low',
  निम्न: 'low',
  عالية: 'high',
  عالي: 'high',
  متوسطة: 'medium',
  متوسط: 'medium',
  منخفضة: 'low',
  منخفض: 'low',
  alta: 'high',
  media: 'medium',
  baja: 'low',
  haute: 'high',
  moyenne: 'medium',
  basse: 'low',
  hoch: 'high',
  mittel: 'medium',
  niedrig: 'low',
  '1': 'high',
  '2': 'medium',
  '3': 'low',
};
const TODOIST_PRIORITIES: Record<string, Priority> = { p1: 'high', p2: 'medium', p3: 'low', p4: 'low' };

interface Candidate {
  token: ParsedToken;
  apply: (result: QuickParse) => void;
}

function labelCandidates(text: string): Candidate[] {
  // "#" then a letter: "pull request #42" and "C#" stay text.
  const pattern = /(?<![\p{L}\p{M}\p{N}_#])#(\p{L}[\p{L}\p{M}\p{N}_-]*)/gu;
  return [...text.matchAll(pattern)]
    .filter((match) => match[1]!.length <= LIMITS.labelNameMax)
    .map((match) => ({
      token: { kind: 'label', start: match.index, end: match.index + match[0].length, text: match[0] },
      apply: (result) => {
        const name = match[1]!;
        const known = result.labels.some((label) => label.toLocaleLowerCase() === name.toLocaleLowerCase());
        if (!known && result.labels.length < LIMITS.labelsPerTaskMax) result.labels.push(name);
      },
    }));
}

function priorityCandidates(text: string): Candidate[] {
  const candidates: Candidate[] = [];
  for (const match of text.matchAll(/(?<![\p{L}\p{M}\p{N}!])!([\p{L}\p{M}\p{N}]+)/gu)) {
    const priority = PRIORITY_WORDS[match[1]!.toLocaleLowerCase()];
    if (!priority || !onWordBoundaries(text, match.index + 1, match.index + match[0].length)) continue;
    candidates.push(priorityCandidate(match.index, match[0], priority));
  }
  for (const match of text.matchAll(/[pP][1-4]/g)) {
    if (!onWordBoundaries(text, match.index, match.index + 2)) continue;
    candidates.push(priorityCandidate(match.index, match[0], TODOIST_PRIORITIES[match[0].toLowerCase()]!));
  }
  return candidates;
}

function priorityCandidate(start: number, text: string, priority: Priority): Candidate {
  return { token: { kind: 'priority', start, end: start + text.length, text }, apply: (result) => (result.priority = priority) };
}

function grammarCandidate(match: GrammarMatch, typed: string): Candidate {
  const token: ParsedToken = { kind: match.kind, start: match.start, end: match.end, text: typed.slice(match.start, match.end) };
  switch (match.kind) {
    case 'date':
      return { token, apply: (result) => (result.due_date = match.date) };
    case 'time':
      return { token, apply: (result) => (result.due_time = match.time) };
    case 'datetime':
      return {
        token,
        apply: (result) => {
          result.due_date = match.date;
          result.due_time = match.time;
        },
      };
    case 'repeat':
      return {
        token,
        apply: (result) => {
          result.repeat = match.repeat;
          if (match.time) result.due_time = match.time;
        },
      };
  }
}

/** Longest first, then earliest: "every monday" wins over the "monday" inside it. */
function withoutOverlaps(candidates: Candidate[]): Candidate[] {
  const ordered = [...candidates].sort(
    (a, b) => b.token.end - b.token.start - (a.token.end - a.token.start) || a.token.start - b.token.start,
  );
  const kept: Candidate[] = [];
  for (const candidate of ordered) {
    const { start, end } = candidate.token;
    if (kept.every((other) => end <= other.token.start || start >= other.token.end)) kept.push(candidate);
  }
  return kept.sort((a, b) => a.token.start - b.token.start);
}

/** One date, one time, one repeat and one priority: the last one typed counts, the earlier ones stay text. */
function lastOfEachKind(candidates: Candidate[]): Candidate[] {
  const slot = (kind: TokenKind) => (kind === 'datetime' ? ['date', 'time'] : kind === 'label' ? [] : [kind]);
  const taken = new Set<string>();
  const kept: Candidate[] = [];
  for (const candidate of [...candidates].reverse()) {
    const slots = slot(candidate.token.kind);
    if (slots.some((name) => taken.has(name))) continue;
    slots.forEach((name) => taken.add(name));
    kept.unshift(candidate);
  }
  return kept;
}

function titleWithout(text: string, tokens: readonly ParsedToken[]): string {
  let title = '';
  let from = 0;
  for (const token of tokens) {
    title += `${text.slice(from, token.start)} `;
    from = token.end;
  }
  title += text.slice(from);
  return title.replace(/\s+/g, ' ').trim();
}

/** `grammars` is for tests of a grammar on its own; the app always uses all of them. */
export function parseQuickAdd(text: string, options: ParseOptions, grammars: Grammars = GRAMMARS): QuickParse {
  const literal: QuickParse = { title: text.trim(), tokens: [], labels: [] };
  const normalised = asciiDigits(text);
  const ignored = new Set((options.ignored ?? []).map(ignoreKey));
  const languages = options.locale === 'en' ? ['en' as const] : [options.locale, 'en' as const];

  const candidates: Candidate[] = [...labelCandidates(text), ...priorityCandidates(normalised)];
  for (const language of languages) {
    const grammar = grammars[language];
    if (!grammar) continue;
    const fallback = language !== options.locale;
    for (const match of grammar(normalised, options.context)) {
      if (!onWordBoundaries(normalised, match.start, match.end)) continue;
      // English words in another language's title count ("tomorrow" in a Hindi one), English
      // figures do not: the language's own grammar has read "1/2 किलो" or "24/7" and left them.
      if (fallback && !/\p{L}/u.test(normalised.slice(match.start, match.end))) continue;
      candidates.push(grammarCandidate(match, text));
    }
  }

  // A removed chip's words stay text as a whole: nothing inside them is read instead ("Montag" in a
  // removed "jeden Montag um 9" is not a date either).
  const removed = candidates.filter((c) => ignored.has(ignoreKey(c.token.text))).map((c) => c.token);
  const kept = candidates.filter(({ token }) => removed.every((gone) => token.end <= gone.start || token.start >= gone.end));
  const chosen = lastOfEachKind(withoutOverlaps(kept));
  const tokens = chosen.map((candidate) => candidate.token);
  const title = titleWithout(text, tokens);
  if (!title || tokens.length === 0) return literal;

  const result: QuickParse = { title, tokens, labels: [] };
  for (const candidate of chosen) candidate.apply(result);
  if (result.repeat && !result.due_date) {
    // "every day at 8am" typed at 10:00: today's occurrence has passed, the first one is tomorrow's.
    const { today, now } = options.context;
    const from = result.due_time && result.due_time <= now ? addDays(today, 1) : today;
    result.due_date = firstOccurrence(result.repeat, from);
  }
  if (result.due_time && !result.due_date) result.due_date = dateForTime(options.context, result.due_time);
  return result;
}
