/**
 * English quick-add grammar: dates and times through chrono-node (British day/month order, as in
 * "25/12"; a month/day that cannot be a day/month, "12/25", is still read), repeat rules and the
 * phrases the product reads its own way from tables here.
 */
import { en as chronoEn } from 'chrono-node';
import {
  addDays,
  addMonths,
  comingDayOfMonth,
  comingMonthDay,
  comingWeekday,
  hhmm,
  isValidDate,
  nextWeekWeekday,
  ymd,
} from '../calendar.ts';
import { WEEKDAYS, type Grammar, type GrammarMatch, type RepeatRule, type Weekday } from '../types.ts';
import { chronoMatches, dateWithYear, relativeMatch, spanOf, WORD_START } from './chrono-dates.ts';

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
/** Amounts in "3 days from today", "two weeks from monday", "a fortnight from now". */
const AMOUNT_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
/** How far a unit of a relative date goes: a fortnight is two weeks. */
const SPANS: Record<string, { days: number } | { months: number }> = {
  day: { days: 1 },
  week: { days: 7 },
  fortnight: { days: 14 },
  month: { months: 1 },
  year: { months: 12 },
};
/**
 * "daily", "weekly"… are also adjectives: "Send the weekly report" is one report, not a repeat.
 * Read as a repeat only where no other word follows, or one that goes with a schedule ("daily at 9").
 */
const NOT_BEFORE_A_NOUN = String.raw`(?!\s+(?!(?:at|on|from|starting|until|till|by|in|and|for|to|today|tonight|tomorrow|next|this|every|each)\b)[a-z])`;
const UNITS: Record<string, RepeatRule['freq']> = { day: 'daily', week: 'weekly', month: 'monthly', year: 'yearly' };
/** "every morning": the time a task gets for a part of the day, here and after a date ("tomorrow morning"). */
const PARTS_OF_DAY: Record<string, string> = { morning: '09:00', afternoon: '14:00', evening: '18:00', night: '20:00' };

/** Alone, these are more often words than days: "sat exam", "sun cream", "wed plans", "mon ami". */
const WORDS_FIRST = ['sat', 'sun', 'mon', 'wed'];

const alternatives = (words: Iterable<string>) => [...words].sort((a, b) => b.length - a.length).join('|');
const WEEKDAY = `(?:${alternatives(Object.keys(WEEKDAY_WORDS))})s?`;
const MONTH = `(?:${alternatives(Object.keys(MONTH_WORDS))})\\.?`;
const DAY_NUMBER = '(\\d{1,2})(?:st|nd|rd|th)?';
const EVERY = '(?:every|each)';
/** One weekday, singular: the anchor of a relative date ("a week from friday", "monday after next"). */
const DAY = `(?:${alternatives(Object.keys(WEEKDAY_WORDS))})`;
/**
 * Weekdays in a list, with commas, "and", "&" or only spaces ("gym every mon wed fri"); after a
 * space alone "sat" and "sun" are words of their own ("every saturday SAT prep").
 */
const WEEKDAY_LIST = `${WEEKDAY}(?:(?:, ?| and | ?& ?| (?!(?:sat|sun)\\b))${WEEKDAY}\\b)*`;
/** The words that take days out of a rule: "every weekday except friday". */
const EXCEPT = '(?:except|but not|apart from|other than|excluding)';
const AMOUNT = `(\\d{1,3}|${alternatives(Object.keys(AMOUNT_WORDS))})`;
const amountOf = (word: string) => AMOUNT_WORDS[word.toLowerCase()] ?? Number(word);

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
    // "every weekday except friday", "daily but not on sundays": the days that are left. A rule is
    // never read without its exception (see changedAround), nor with one that is not among its days.
    new RegExp(
      `\\b(?:${EVERY} ?(day|week ?day|workday|business day)s?|(daily)|(?:on )?weekdays) ${EXCEPT} (?:on )?(${WEEKDAY_LIST}|weekends?|the weekend)\\b`,
      'gi',
    ),
    (m) => {
      const all = /^day$/i.test(m[1] ?? '') || m[2] !== undefined;
      const from = all ? WEEKDAYS : WEEKDAYS.slice(0, 5);
      const except: Weekday[] = /weekend/i.test(m[3]!) ? ['SA', 'SU'] : weekdaysIn(m[3]!);
      const left = from.filter((day) => !except.includes(day));
      return except.every((day) => from.includes(day)) && left.length > 0 ? { freq: 'weekly', interval: 1, byWeekday: left } : undefined;
    },
  ],
  [
    new RegExp(`\\b${EVERY} (other |\\d{1,3} )?(${WEEKDAY_LIST})\\b`, 'gi'),
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

/** The day a relative date counts from: "today", "tomorrow", "friday", "this friday", "next friday" (as chrono reads them). */
const ANCHOR = `(today|now|tomorrow|(?:(?:this|next) )?${DAY})`;
function anchorDay(words: string, today: string): string {
  const [first, second] = words.toLowerCase().split(' ') as [string, string?];
  if (first === 'today' || first === 'now') return today;
  if (first === 'tomorrow') return addDays(today, 1);
  if (first === 'next') return nextWeekWeekday(today, WEEKDAY_WORDS[second!]!);
  return comingWeekday(today, WEEKDAY_WORDS[second ?? first]!);
}

/** `count` units after `day`, or before it (`sign` -1). */
function shifted(day: string, count: number, unit: string, sign: 1 | -1): string | undefined {
  if (!Number.isInteger(count) || count < 1 || count > 365) return undefined;
  const span = SPANS[unit.toLowerCase()]!;
  return 'days' in span ? addDays(day, sign * count * span.days) : addMonths(day, sign * count * span.months);
}

/** That weekday in this week or the next (weeks start on Monday). */
function inWeek(today: string, weekday: string, week: string): string {
  const next = nextWeekWeekday(today, WEEKDAY_WORDS[weekday.toLowerCase()]!);
  return week.toLowerCase() === 'next' ? next : addDays(next, -7);
}

/**
 * Relative dates of more than one word, read whole. chrono reads only their anchor ("tomorrow" in
 * "day after tomorrow", "friday" in "a week from friday", "next week" in "friday next week"), so the
 * task got the anchor's day and the rest of the phrase stayed in its title. Each gives its day, or
 * none when the phrase names no coming day ("3 days before today", "monday this week" typed on a
 * Wednesday): then it is not read at all, and no word inside it is read alone either.
 */
const RELATIVE_DAYS: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray, today: string) => string | undefined]> = [
  // chrono reads "the day after tomorrow", not "day after tomorrow".
  [/\b(?:the )?day after tomorrow\b/gi, (_, today) => addDays(today, 2)],
  [
    // "3 days from today", "a week from friday", "2 weeks from next monday", "a month before friday".
    new RegExp(`\\b${AMOUNT} (day|week|fortnight|month|year)s? (from|after|before) ${ANCHOR}\\b`, 'gi'),
    (m, today) => shifted(anchorDay(m[4]!, today), amountOf(m[1]!), m[2]!, m[3]!.toLowerCase() === 'before' ? -1 : 1),
  ],
  // chrono reads "in 2 weeks", not "in a fortnight".
  [new RegExp(`\\bin ${AMOUNT} fortnights?\\b`, 'gi'), (m, today) => shifted(today, amountOf(m[1]!), 'fortnight', 1)],
  // British: "a week today", "a week on friday", "tomorrow week", "friday fortnight" (a week or two
  // after that day). "sun week" stays words, as "sun" alone does, and so does the old "today week"
  // ("review today week 3 goals").
  [
    new RegExp(`\\ba (week|fortnight) (?:on )?(today|tomorrow|${DAY})\\b`, 'gi'),
    (m, today) => shifted(anchorDay(m[2]!, today), 1, m[1]!, 1),
  ],
  [
    new RegExp(
      `\\b(tomorrow|${alternatives(Object.keys(WEEKDAY_WORDS).filter((word) => !WORDS_FIRST.includes(word)))}) (week|fortnight)\\b`,
      'gi',
    ),
    (m, today) => shifted(anchorDay(m[1]!, today), 1, m[2]!, 1),
  ],
  [
    // "monday after next": a week after "next monday"; "the week after next": a week after "next week" (its Monday).
    new RegExp(`\\b(?:the )?(${DAY}|week) after next\\b`, 'gi'),
    (m, today) => addDays(nextWeekWeekday(today, WEEKDAY_WORDS[m[1]!.toLowerCase()] ?? 'MO'), 7),
  ],
  [
    // "friday next week", "friday of this week", "next week on friday", "next week fri".
    new RegExp(`\\b(?:on )?(${DAY}) (?:of )?(this|next) week\\b|\\b(this|next) week,? (?:on )?(${DAY})\\b`, 'gi'),
    (m, today) => inWeek(today, (m[1] ?? m[4])!, (m[2] ?? m[3])!),
  ],
  [
    // "on the 15th of next month": "next month" alone is its 1st, and "on the 15th" the coming 15th.
    /\b(?:on )?the (\d{1,2})(?:st|nd|rd|th) (?:of )?next month\b/gi,
    (m, today) => {
      const [year, month] = addMonths(`${today.slice(0, 8)}01`, 1)
        .split('-')
        .map(Number) as [number, number];
      return isValidDate(year, month, Number(m[1])) ? ymd(year, month, Number(m[1])) : undefined;
    },
  ],
];

const CHRONO_OPTIONS = {
  // Alone, these are more often words than days (WORDS_FIRST); "now" is not a due date, and "24/7"
  // is round the clock, not 24 July. "the week" and "the day" ("finish the week report", "call it a
  // day") are not a week or a day from now, nor is "the day after" (the party) tomorrow.
  ambiguous: new Set([
    ...WORDS_FIRST,
    ...['now', 'right now', '24/7', 'the day', 'the week', 'the month', 'the year'],
    ...['the day after', 'the day before', 'the week after', 'the week before', 'the month after', 'the month before'],
    ...['the year after', 'the year before'],
  ]),
  partsOfDay: Object.entries(PARTS_OF_DAY).map(([word, time]) => [new RegExp(`\\b${word}\\b`, 'i'), time] as const),
};

/**
 * "Call mom at 5": a bare hour from 1 to 6, without am/pm or minutes, is in the afternoon (chrono
 * reads 05:00); nobody plans 5 in the morning without saying so. The hour may end the phrase or
 * come before its day ("at 5 on friday", "at 5 tomorrow"), but not before words that say which
 * half of the day it is ("at 5 in the morning", "at 5 pm").
 */
const BARE_HOUR = /(?:^|\s)(?:at|@)\s*([1-6])(?=$|\s+(?!(?:am|a\.m\.|pm|p\.m\.|in the|this|o['’]clock in the)\b))/i;
function inTheAfternoon(match: GrammarMatch, text: string): GrammarMatch {
  if (match.kind !== 'time' && match.kind !== 'datetime') return match;
  const bare = BARE_HOUR.exec(text.slice(match.start, match.end));
  // Only the reading chrono made of that very hour (05:00), never another time of the phrase.
  if (!bare || match.time !== hhmm(Number(bare[1]), 0)) return match;
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

/**
 * "Run 30 minutes", "2h de sport", "take a week off", "meditate for 10 minutes": an amount of time
 * is how long, not when (chrono reads it as from now; "in 30 minutes" and "in a week" stay).
 */
const AMOUNT_OF_TIME = new RegExp(
  `^(?:for )?(?:\\d+(?:[.,]\\d+)?|${alternatives(Object.keys(AMOUNT_WORDS))}|a few|a couple(?: of)?)\\s*` +
    '(?:h|hrs?|hours?|m|mins?|minutes?|s|secs?|seconds?|days?|weeks?|fortnights?|months?|years?)$',
  'i',
);
const isAmount = (words: string) => AMOUNT_OF_TIME.test(words.trim());

/** The text with what the tables read blanked out, so chrono reads only the rest. */
function blanked(text: string, spans: ReadonlyArray<{ start: number; end: number }>): string {
  let result = text;
  for (const { start, end } of spans) result = result.slice(0, start) + ' '.repeat(end - start) + result.slice(end);
  return result;
}

/**
 * Words before a reading that make it another day, so that the reading alone would be a wrong one:
 * "a week from" friday, "day after" tomorrow, "the morning after" tomorrow, "except" friday, "not"
 * friday, "previous" friday, "the end of" next month, "the first monday of" next month. Where a
 * table reads the whole phrase, that reading stands; otherwise nothing is read.
 */
const CHANGED_BY_WORDS_BEFORE = new RegExp(
  `(?:\\b(?:days?|weeks?|fortnights?|months?|years?|hours?|minutes?|weekends?|morning|afternoon|evening|night) (?:from|after|before)` +
    `|\\b${EXCEPT}|\\b(?:not|besides|last|past|previous|of))(?: on)?\\s+$`,
  'i',
);
/** "late next week", "mid-next month": not the week's or the month's first day. */
const PART_OF = /\b(?:late|mid|middle|later)[-\s]+$/i;
/** And after it: "monday after next", "monday before last", "sun week" (no British "friday week"), "friday's meeting". */
const CHANGED_BY_WORDS_AFTER = /^(?:\s+(?:after|before) (?:next|last)\b|\s+(?:week|fortnight)\b|['’]s\b)/i;
/**
 * Before a day without a time, these make it not the due day: "before friday" is due by Thursday
 * (reading Friday would be a day late, Thursday a guess), "after friday" and "since monday" are
 * another day, and "until friday" is when something ends. "before 5pm" is due at 17:00.
 */
const NOT_THE_DAY = /\b(?:before|after|until|till|since)\s+$/i;
/**
 * chrono's own readings of that kind: "last friday" is past (chrono moves it to the coming one),
 * and "the morning after tomorrow" is not tomorrow morning.
 */
const CHANGED_WITHIN = /^(?:(?:last|past|previous)\s|(?:morning|afternoon|evening|night|weekend) (?:after|before)\b)/i;
/** A repeat rule followed by its exception or its end, which it would lose: "every weekday except holidays". */
const UNFINISHED_RULE = new RegExp(`^\\s+(?:${EXCEPT}|until|till|through)\\b`, 'i');
/** A reading that starts with a clock time, which "at" goes with ("at noon"; "look at tomorrow's list" keeps its verb). */
const CLOCK_FIRST = /^(?:\d|noon|midnight|midday|half|quarter)/i;
const joining = (words: string) => new RegExp(`${WORD_START}(?:${words})\\s+$`, 'iu');
const AT = joining('at');
const BY = joining('(?<!(?:stop|drop|come|swing|pop) )by|before');
const DUE = joining('due');

/**
 * A reading in its words: none when the words around it make it another day (see above), and with
 * the words that belong to it. chrono takes "on friday" and "at 5pm" with their first word, but not
 * "at noon", "by friday", "due friday" or "before 5pm": "at", "by" and "due" stayed in the title
 * ("Call mom at"). "by" after a verb it goes with is the verb's ("stop by friday" is a visit).
 */
function inItsWords(match: GrammarMatch, text: string): GrammarMatch | undefined {
  const before = text.slice(0, match.start);
  const words = text.slice(match.start, match.end);
  const after = text.slice(match.end);
  // "daily until friday": the rule without its end would be a wrong one (a rule here has no end).
  if (match.kind === 'repeat') return UNFINISHED_RULE.test(after) ? undefined : match;
  if (CHANGED_BY_WORDS_BEFORE.test(before) || CHANGED_BY_WORDS_AFTER.test(after)) return undefined;
  if (CHANGED_WITHIN.test(words)) return undefined;
  if (/^(?:next|this) (?:week|month)\b/i.test(words) && PART_OF.test(before)) return undefined;
  if (match.kind === 'date' && NOT_THE_DAY.test(before)) return undefined;
  // "due by 5pm", "due at noon": each word joins the reading after it.
  let start = match.start;
  for (const joins of CLOCK_FIRST.test(words) ? [AT, BY, DUE] : [BY, DUE]) start = joins.exec(text.slice(0, start))?.index ?? start;
  return start === match.start ? match : { ...match, start };
}

/**
 * Two days side by side that no table reads as one ("tomorrow friday", "friday at 9 next week"), or
 * two readings that share words without one holding the other ("a week from friday after next"):
 * the last typed would win with the other's words left beside it, a day nobody typed. Neither is
 * read. A reading inside a longer one is left to the core, which keeps the longer.
 */
function withoutClashes(matches: readonly GrammarMatch[], text: string): GrammarMatch[] {
  const isDay = (match: GrammarMatch) => match.kind === 'date' || match.kind === 'datetime';
  const clashing = new Set<GrammarMatch>();
  for (const first of matches) {
    for (const second of matches) {
      if (first.start >= second.start || second.end <= first.end || !(isDay(first) || isDay(second))) continue;
      const overlap = second.start < first.end && first.kind !== 'time' && second.kind !== 'time';
      const beside = isDay(first) && isDay(second) && /^[\s,]*$/.test(text.slice(first.end, second.start));
      if (overlap || beside) {
        clashing.add(first);
        clashing.add(second);
      }
    }
  }
  return matches.filter((match) => !clashing.has(match));
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
  // A relative date that names no coming day is not read, and neither is any word inside it.
  const unread: Array<{ start: number; end: number }> = [];
  for (const [pattern, dayOf] of RELATIVE_DAYS) {
    for (const match of text.matchAll(pattern)) {
      const date = dayOf(match as RegExpExecArray, context.today);
      if (date && date >= context.today) matches.push({ kind: 'date', ...spanOf(match as RegExpExecArray), date });
      else unread.push(spanOf(match as RegExpExecArray));
    }
  }
  // Chrono reads the text without the repeat phrases and the days read here, or it would take
  // "weekday at 9:30" in "every weekday at 9:30" for a date and leave "every" behind.
  const own = [...matches.filter((match) => match.kind === 'repeat' || match.kind === 'date'), ...unread];
  const dates = chronoMatches(chronoEn.GB, blanked(text, own), context, CHRONO_OPTIONS)
    .filter((match) => !isAmount(text.slice(match.start, match.end)) && !isFraction(text, match))
    .map((match) => inTheAfternoon(match, text));
  const read = [...matches, ...dates]
    .filter((match) => unread.every((span) => match.end <= span.start || match.start >= span.end))
    .flatMap((match) => inItsWords(match, text) ?? []);
  return withoutClashes(read, text);
};
