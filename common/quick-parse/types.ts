/**
 * The contract between the quick-add parser's core (`parse.ts`) and its language grammars
 * (`lang/<code>.ts`). A grammar only finds dates, times and repeat rules in its own words; the core
 * does everything that is the same in every language: native digits, labels, priorities, choosing
 * between overlapping matches, the remaining title and the ignore list of removed chips.
 */
import type { LanguageCode } from '../locales.ts';

/** RFC 5545 weekday codes, Monday first. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * A repeat rule as the parser understands it; `toRRule` (repeat.ts) writes it as an RFC 5545 RRULE.
 * Only the fields a phrase names are set: "every monday" is `{ freq: 'weekly', interval: 1, byWeekday: ['MO'] }`.
 */
export interface RepeatRule {
  freq: 'daily' | 'weekly' | 'monthly' | 'yearly';
  /** Every N units; 1 unless the phrase says otherwise ("every 2 weeks" → 2). 1–365. */
  interval: number;
  /** Weekly on these days ("every monday", "weekdays" → MO–FR). */
  byWeekday?: Weekday[];
  /** Monthly on this day of the month, 1–31, or -1 for the last day ("every month on the 15th"). */
  byMonthDay?: number;
  /** Monthly on the n-th weekday: pos 1–4, or -1 for the last ("every last friday"). */
  byNthWeekday?: { weekday: Weekday; pos: 1 | 2 | 3 | 4 | -1 };
  /** Yearly on this month (1–12) and day ("every 5 March"). */
  byMonth?: number;
}

/** What a language grammar reports: a span of the (digit-normalised) text and what it means. */
export type GrammarMatch =
  | { kind: 'date'; start: number; end: number; date: string }
  | { kind: 'time'; start: number; end: number; time: string }
  | { kind: 'datetime'; start: number; end: number; date: string; time: string }
  | { kind: 'repeat'; start: number; end: number; repeat: RepeatRule; time?: string };

/** Where the parse happens in time, in the user's time zone. */
export interface ParseContext {
  /** Today, YYYY-MM-DD. */
  today: string;
  /** The time now, HH:MM (24 h); decides whether a bare time means today or tomorrow. */
  now: string;
}

/**
 * A language grammar. `text` has its native digits already turned into ASCII digits, one
 * character for one, so spans index the user's text as typed. Matches may overlap; the core keeps
 * the longest. Each match must start and end on a word boundary (the core drops any that do not),
 * with its words and not the spaces around them: the match is the chip the user sees.
 */
export type Grammar = (text: string, context: ParseContext) => GrammarMatch[];

/** Grammars by language; English is always tried after the user's own language. */
export type Grammars = Partial<Record<LanguageCode, Grammar>>;
