/**
 * English quick-add grammar: dates and times through chrono-node (British day/month order, as in
 * "25/12"; a month/day that cannot be a day/month, "12/25", is still read), repeat rules and the
 * phrases the product reads its own way from tables here.
 */
import { en as chronoEn } from 'chrono-node';
import { comingDayOfMonth, comingMonthDay, hhmm } from '../calendar.ts';
import type { Grammar, GrammarMatch, RepeatRule, Weekday } from '../types.ts';
import { chronoMatches, dateWithYear, relativeMatch } from './chrono-dates.ts';

const WEEKDAY_WORDS: Record<string, Weekday> = {
  monday: 'MO',
  mon: 'MO',
  tuesday: 'TU',
  tue: 'TU',
  tues: 'TU',
  wednesday: 'WE',
  wed: 'WE',
  thursday: 'TH',
  thu: 'TH',
  thur: 'TH',
  thurs: 'TH',
  friday: 'FR',
  fri: 'FR',
  saturday: 'SA',
  sat: 'SA',
  sunday: 'SU',
  sun: 'SU',
};
const MONTH_WORDS: Record<string, number> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sep: 9,
  sept: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
};
const ORDINALS: Record<string, 1 | 2 | 3 | 4 | -1> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  last: -1,
};
/**
 * "daily", "weekly"… are also adjectives: "Send the weekly report" is one report, not a repeat.
 * Read as a repeat only where no other word follows, or one that goes with a schedule ("daily at 9").
 */
const NOT_BEFORE_A_NOUN = String.raw`(?!\s+(?!(?:at|on|from|starting|until|till|by|in|and|for|to|today|tonight|tomorrow|next|this|every|each)\b)[a-z])`;
const UNITS: Record<string, RepeatRule['freq']> = { day: 'daily', week: 'weekly', month: 'monthly', year: 'yearly' };
/** "every morning": the time a task gets for a part of the day, here and after a date ("tomorrow morning"). */
const PARTS_OF_DAY: Record<string, string> = { morning: '09:00', afternoon: '14:00', evening: '18:00', night: '20:00' };

const alternatives = (words: Iterable<string>) => [...words].sort((a, b) => b.length - a.length).join('|');
const WEEKDAY = `(?:${alternatives(Object.keys(WEEKDAY_WORDS))})s?`;
const MONTH = `(?:${alternatives(Object.keys(MONTH_WORDS))})\\.?`;
const DAY_NUMBER = '(\\d{1,2})(?:st|nd|rd|th)?';
const EVERY = '(?:every|each)';

const weekdaysIn = (phrase: string): Weekday[] => {
  const found = [...phrase.toLowerCase().matchAll(new RegExp(`\\b(${alternatives(Object.keys(WEEKDAY_WORDS))})s?\\b`, 'g'))];
  return [...new Set(found.map((match) => WEEKDAY_WORDS[match[1]!]!))];
};
const intervalOf = (word: string | undefined) => (word === undefined ? 1 : word.toLowerCase() === 'other' ? 2 : Number(word));

/** Repeat phrases, most specific first; each builds its rule from the regular expression's groups. */
const REPEATS: ReadonlyArray<
  readonly [RegExp, (match: RegExpExecArray) => RepeatRule | undefined, ((m: RegExpExecArray) => string | undefined)?]
> = [
  [
    new RegExp(`\\b${EVERY} (first|second|third|fourth|last|1st|2nd|3rd|4th) (${WEEKDAY})(?: of (?:the|each|every) month)?\\b`, 'gi'),
    (m) => ({ freq: 'monthly', interval: 1, byNthWeekday: { weekday: weekdaysIn(m[2]!)[0]!, pos: ORDINALS[m[1]!.toLowerCase()]! } }),
  ],
  [new RegExp(`\\b${EVERY} last day of (?:the|each|every) month\\b`, 'gi'), () => ({ freq: 'monthly', interval: 1, byMonthDay: -1 })],
  [
    new RegExp(
      `\\b(?:${EVERY} month|monthly) on the ${DAY_NUMBER}\\b|\\b${EVERY} ${DAY_NUMBER}(?= |$)(?! ?(?:day|week|month|year|${MONTH}))`,
      'gi',
    ),
    (m) => {
      const day = Number(m[1] ?? m[2]);
      return day >= 1 && day <= 31 ? { freq: 'monthly', interval: 1, byMonthDay: day } : undefined;
    },
  ],
  [
    new RegExp(`\\b${EVERY} (?:(${MONTH}) ${DAY_NUMBER}|${DAY_NUMBER} (?:of )?(${MONTH}))\\b`, 'gi'),
    (m) => {
      const month = MONTH_WORDS[(m[1] ?? m[4])!.toLowerCase().replace('.', '')]!;
      const day = Number(m[2] ?? m[3]);
      return comingMonthDay('2028-01-01', month, day) ? { freq: 'yearly', interval: 1, byMonth: month, byMonthDay: day } : undefined;
    },
  ],
  [
    // The days may be listed with commas, "and", "&" or only spaces ("gym every mon wed fri"); after
    // a space alone "sat" and "sun" are words of their own ("every saturday SAT prep").
    new RegExp(`\\b${EVERY} (other |\\d{1,3} )?(${WEEKDAY}(?:(?:, ?| and | ?& ?| (?!(?:sat|sun)\\b))${WEEKDAY}\\b)*)\\b`, 'gi'),
    (m) => ({ freq: 'weekly', interval: intervalOf(m[1]?.trim()), byWeekday: weekdaysIn(m[2]!) }),
  ],
  [
    /\b(?:every (?:week ?day|workday|business day)s?|on weekdays|weekdays)\b/gi,
    () => ({ freq: 'weekly', interval: 1, byWeekday: ['MO', 'TU', 'WE', 'TH', 'FR'] }),
  ],
  [/\bevery weekend\b/gi, () => ({ freq: 'weekly', interval: 1, byWeekday: ['SA', 'SU'] })],
  [
    new RegExp(`\\b${EVERY} (other|\\d{1,3}) (day|week|month|year)s?\\b`, 'gi'),
    (m) => {
      const interval = intervalOf(m[1]);
      return interval >= 1 && interval <= 365 ? { freq: UNITS[m[2]!.toLowerCase()]!, interval } : undefined;
    },
  ],
  [
    new RegExp(`\\b${EVERY} (morning|afternoon|evening|night)\\b`, 'gi'),
    () => ({ freq: 'daily', interval: 1 }),
    (m) => PARTS_OF_DAY[m[1]!.toLowerCase()],
  ],
  [new RegExp(`\\b(?:every ?day|each day|daily${NOT_BEFORE_A_NOUN})\\b`, 'gi'), () => ({ freq: 'daily', interval: 1 })],
  [new RegExp(`\\b(?:every week|each week|weekly${NOT_BEFORE_A_NOUN})\\b`, 'gi'), () => ({ freq: 'weekly', interval: 1 })],
  [new RegExp(`\\b(?:every month|each month|monthly${NOT_BEFORE_A_NOUN})\\b`, 'gi'), () => ({ freq: 'monthly', interval: 1 })],
  [new RegExp(`\\b(?:every year|each year|(?:yearly|annually)${NOT_BEFORE_A_NOUN})\\b`, 'gi'), () => ({ freq: 'yearly', interval: 1 })],
];

/** Read the product's way, not chrono's (see relativeMatch), or not read by chrono at all. */
const OWN_DATES: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray, today: string, now: string) => GrammarMatch | undefined]> = [
  [/\bnext week\b/gi, (m, today) => relativeMatch('next-week', m.index, m.index + m[0].length, today)],
  [/\bnext month\b/gi, (m, today) => relativeMatch('next-month', m.index, m.index + m[0].length, today)],
  [/\btonight\b/gi, (m, today) => ({ kind: 'datetime', start: m.index, end: m.index + m[0].length, date: today, time: '20:00' })],
  [
    /\bthis evening\b/gi,
    (m, today) => ({ kind: 'datetime', start: m.index, end: m.index + m[0].length, date: today, time: PARTS_OF_DAY.evening! }),
  ],
  [
    /\bon the (\d{1,2})(?:st|nd|rd|th)\b/gi,
    (m, today) => {
      const date = comingDayOfMonth(today, Number(m[1]));
      return date ? { kind: 'date', start: m.index, end: m.index + m[0].length, date } : undefined;
    },
  ],
  [
    // "May 15", "on Dec 24th", "March 12, 2027": chrono (British order) reads "Dec 24" as December 2024.
    // Not a time: "May 15:30" is left alone.
    new RegExp(`\\b(?:on )?(${MONTH}) (\\d{1,2})(?:st|nd|rd|th)?(?:,? (\\d{4}))?\\b(?![:.]\\d)`, 'gi'),
    (m, today) => {
      const month = MONTH_WORDS[m[1]!.toLowerCase().replace('.', '')]!;
      const date = dateWithYear(today, month, Number(m[2]), m[3]);
      return date && date >= today ? { kind: 'date', start: m.index, end: m.index + m[0].length, date } : undefined;
    },
  ],
  [
    /\bhalf past (\d{1,2})\b/gi,
    (m) => {
      const time = hhmm(Number(m[1]), 30);
      return time ? { kind: 'time', start: m.index, end: m.index + m[0].length, time } : undefined;
    },
  ],
];

const CHRONO_OPTIONS = {
  // Alone, these are more often words than days: "sat exam", "sun cream", "wed plans", "mon ami";
  // "now" is not a due date, and "24/7" is round the clock, not 24 July.
  // "the week" and "the day" ("finish the week report", "call it a day") are not a week or a day from now.
  ambiguous: new Set(['sat', 'sun', 'mon', 'wed', 'now', 'right now', '24/7', 'the day', 'the week', 'the month', 'the year']),
  partsOfDay: Object.entries(PARTS_OF_DAY).map(([word, time]) => [new RegExp(`\\b${word}\\b`, 'i'), time] as const),
};

/**
 * "Call mom at 5": a bare hour from 1 to 6, without am/pm or minutes, is in the afternoon (chrono
 * reads 05:00); nobody plans 5 in the morning without saying so.
 */
function inTheAfternoon(match: GrammarMatch, text: string): GrammarMatch {
  if (match.kind !== 'time' && match.kind !== 'datetime') return match;
  const bare = /(?:^|\s)(?:at|@)\s*([1-6])$/i.exec(text.slice(match.start, match.end));
  if (!bare) return match;
  return { ...match, time: hhmm(Number(bare[1]) + 12, 0)! };
}

// "1/2 kg flour", "chapter 3/10", "rate it 4/5 stars": a fraction or a part of a whole, not a day.
const PART_BEFORE =
  /\b(?:chapter|ch\.?|page|p\.?|pp\.?|part|step|episode|ep\.?|season|vol\.?|volume|lesson|unit|module|rated?|scored?|grade|#)\s*$/i;
const UNIT_AFTER =
  /^\s*(?:kg|g|mg|lbs?|oz|cups?|tsp|tbsp|tablespoons?|teaspoons?|l|ml|litres?|liters?|pints?|inch(?:es)?|in|ft|feet|miles?|km|m|cm|mm|stars?|points?|pts|of)\b/i;
function isFraction(text: string, match: GrammarMatch): boolean {
  if (!/^\d{1,2}\/\d{1,2}$/.test(text.slice(match.start, match.end).trim())) return false;
  return PART_BEFORE.test(text.slice(0, match.start)) || UNIT_AFTER.test(text.slice(match.end));
}

/** "Run 30 minutes", "2h de sport": an amount of time is how long, not when (chrono reads it as from now; "in 30 minutes" stays). */
const isAmount = (words: string) =>
  /^\d+(?:[.,]\d+)?\s*(?:h|hrs?|hours?|m|mins?|minutes?|s|secs?|seconds?|days?|weeks?|months?|years?)$/i.test(words.trim());

/** The text with what the tables read blanked out, so chrono reads only the rest. */
function withoutOwnMatches(text: string, matches: readonly GrammarMatch[]): string {
  let blanked = text;
  for (const match of matches) {
    if (match.kind === 'repeat' || match.kind === 'date')
      blanked = blanked.slice(0, match.start) + ' '.repeat(match.end - match.start) + blanked.slice(match.end);
  }
  return blanked;
}

export const grammar: Grammar = (text, context) => {
  const matches: GrammarMatch[] = [];
  for (const [pattern, build, timeOf] of REPEATS) {
    for (const match of text.matchAll(pattern)) {
      const repeat = build(match as RegExpExecArray);
      const time = timeOf?.(match as RegExpExecArray);
      if (repeat) matches.push({ kind: 'repeat', start: match.index, end: match.index + match[0].length, repeat, ...(time && { time }) });
    }
  }
  for (const [pattern, build] of OWN_DATES) {
    for (const match of text.matchAll(pattern)) {
      const found = build(match as RegExpExecArray, context.today, context.now);
      if (found) matches.push(found);
    }
  }
  // Chrono reads the text without the repeat phrases, or it would take "weekday at 9:30" in
  // "every weekday at 9:30" for a date and leave "every" behind.
  const dates = chronoMatches(chronoEn.GB, withoutOwnMatches(text, matches), context, CHRONO_OPTIONS);
  return [
    ...matches,
    ...dates
      .filter((match) => !isAmount(text.slice(match.start, match.end)) && !isFraction(text, match))
      .map((match) => inTheAfternoon(match, text)),
  ];
};
