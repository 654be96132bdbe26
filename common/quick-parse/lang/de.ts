/**
 * German quick-add grammar. Chrono-node's German parser reads too little the product's way
 * ("Morgen" in "am Morgen" as tomorrow, "nächste Woche" as a week from today, "Donnerstag 10" as
 * 10:00, "So ein Mist" as Sunday, the "fr" of "früh" as Friday; no "25.12.", no "halb 10"), so days,
 * weekdays, dates (day first, "5.3."), clock times, parts of the day and repeat rules come from the
 * tables here, with umlauts typed as "ä", "ae" or "a". Chrono reads what is left ("in 20 Minuten").
 */
import { de as chronoDe } from 'chrono-node';
import { addDays, comingDayOfMonth, comingMonthDay, comingWeekday, hhmm, nextWeekWeekday } from '../calendar.ts';
import type { Grammar, RepeatRule, Weekday } from '../types.ts';
import {
  dateIn,
  dateMatch as date,
  dateWithYear,
  relativeMatch,
  spanOf as span,
  tableGrammar,
  timeMatch as time,
  weekdayAndDay,
  wordPattern,
  type DateTable,
  type RepeatTable,
} from './chrono-dates.ts';

/** Lower case, umlauts however typed ("März", "Maerz", "Marz" → "marz"): the key the tables are read by. */
const plain = (word: string) =>
  word
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/([aou])e/g, '$1')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[.\s]+/g, ' ')
    .trim();
/** A word as a pattern that also matches it typed with "ae" or without its umlauts. */
const LOOSE: Record<string, string> = { ä: '(?:ä|ae|a)', ö: '(?:ö|oe|o)', ü: '(?:ü|ue|u)', ß: '(?:ß|ss)' };
const loose = (word: string) => word.replace(/[äöüß]/g, (letter) => LOOSE[letter]!);
const alternatives = (words: Iterable<string>) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map(loose)
    .join('|');
const keyed = <T>(table: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(table).map(([word, value]) => [plain(word), value]));

const WEEKDAY_WORDS: Record<string, Weekday> = {
  montag: 'MO',
  dienstag: 'TU',
  mittwoch: 'WE',
  donnerstag: 'TH',
  freitag: 'FR',
  samstag: 'SA',
  sonnabend: 'SA',
  sonntag: 'SU',
};
const MONTH_WORDS: Record<string, number> = {
  januar: 1,
  jänner: 1,
  jan: 1,
  februar: 2,
  feb: 2,
  märz: 3,
  mär: 3,
  mrz: 3,
  april: 4,
  apr: 4,
  mai: 5,
  juni: 6,
  jun: 6,
  juli: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sept: 9,
  sep: 9,
  oktober: 10,
  okt: 10,
  november: 11,
  nov: 11,
  dezember: 12,
  dez: 12,
};
/** Numbers people write as words in "alle zwei Wochen" or "in einer Woche". */
const NUMBER_WORDS: Record<string, number> = {
  ein: 1,
  eine: 1,
  einem: 1,
  einer: 1,
  einen: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  elf: 11,
  zwölf: 12,
};
const ORDINAL_WORDS: Record<string, 1 | 2 | 3 | 4 | -1> = { ersten: 1, zweiten: 2, dritten: 3, vierten: 4, letzten: -1 };
/** "jeden zweiten Tag", "jede dritte Woche". */
const NTH_WORDS: Record<string, number> = { zweite: 2, zweiten: 2, dritte: 3, dritten: 3, vierte: 4, vierten: 4 };
const UNIT_WORDS: Record<string, RepeatRule['freq']> = { tag: 'daily', woche: 'weekly', monat: 'monthly', jahr: 'yearly' };
/** The product's hours for a part of the day named without a clock time. */
const PART_WORDS: Record<string, string> = {
  morgen: '09:00',
  früh: '09:00',
  vormittag: '09:00',
  mittag: '12:00',
  nachmittag: '14:00',
  abend: '18:00',
  nacht: '20:00',
};
const WEEKDAYS = keyed(WEEKDAY_WORDS);
const MONTHS = keyed(MONTH_WORDS);
const NUMBERS = keyed(NUMBER_WORDS);
const ORDINALS = keyed(ORDINAL_WORDS);
const NTHS = keyed(NTH_WORDS);
const UNITS = keyed(UNIT_WORDS);
const PARTS = keyed(PART_WORDS);

const WEEKDAY = `(?:${alternatives(Object.keys(WEEKDAY_WORDS))})`;
/** "montags": on Mondays, every week. */
const WEEKDAY_ADVERB = `(?:${alternatives(Object.keys(WEEKDAY_WORDS))})s`;
const AND = '(?:, ?| und | & | u\\. )';
const WEEKDAY_LIST = `${WEEKDAY}(?:${AND}${WEEKDAY})*`;
const MONTH = `(?:${alternatives(Object.keys(MONTH_WORDS))})\\.?`;
const COUNT = `(\\d{1,3}|${alternatives(Object.keys(NUMBER_WORDS))})`;
const NEXT = 'n(?:ä|ae|a)chste[nrs]?';
const EACH_MONTH = '(?:im Monat|des Monats|jeden Monats|eines jeden Monats)';
const UNIT = `(Tag|Woche|Monat|Jahr)(?:e|en|n|es)?`;
const PART = `(Morgen|fr(?:ü|ue|u)h|Vormittag|Mittag|Nachmittag|Abend|Nacht)`;
/** Words that make a number after "um" an amount, not a time: "um 5 Euro", "um 10 Prozent". */
const AMOUNT = ' ?(?:€|\\$|%)| (?:Euro|EUR|Cent|Prozent|Grad|kg|km|Minuten|Stunden|Tage|Wochen|Monate|Jahre|Mal|Stück|Seiten)(?!\\p{L})';
const NOT_A_CLOCK = `(?!${AMOUNT})`;

/** A table pattern; a word joined by a hyphen is part of a compound ("Montag-Meeting", "Heute-Show"), not a date. */
const pattern = (source: string) => wordPattern(`(?<!-)(?:${source})(?!-\\p{L})`);

const weekdayNamed = (word: string) => WEEKDAYS[plain(word)] ?? WEEKDAYS[plain(word).replace(/s$/, '')]!;
const weekdaysIn = (phrase: string): Weekday[] => [
  ...new Set([...phrase.matchAll(pattern(`${WEEKDAY}s?`))].map((m) => weekdayNamed(m[0]))),
];
const monthOf = (word: string) => MONTHS[plain(word)]!;
const countOf = (word: string) => (/^\d+$/.test(word) ? Number(word) : NUMBERS[plain(word)]!);
const unitOf = (word: string) => UNITS[plain(word)]!;

const MO_FR: Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR'];

/** Repeat phrases, most specific first; each builds its rule from the regular expression's groups. */
const REPEATS: RepeatTable = [
  [
    // "am letzten Freitag im Monat", "jeden ersten Montag des Monats"
    pattern(`(?:(?:am|jeden) )?(ersten|zweiten|dritten|vierten|letzten) (${WEEKDAY}) ${EACH_MONTH}`),
    (m) => ({ freq: 'monthly', interval: 1, byNthWeekday: { weekday: weekdayNamed(m[2]!), pos: ORDINALS[plain(m[1]!)]! } }),
  ],
  [pattern(`(?:(?:am|jeden) )?letzten Tag ${EACH_MONTH}`), () => ({ freq: 'monthly', interval: 1, byMonthDay: -1 })],
  [
    // "jeden Monat am 15.", "monatlich am 1.", "am 15. jeden Monats", "jeden 15."
    pattern(
      `(?:jeden Monat|monatlich|einmal im Monat),? am (\\d{1,2})\\.?|(?:am )?(\\d{1,2})\\. ${EACH_MONTH}|jeden (\\d{1,2})\\.(?! ?(?:\\d|${MONTH}))`,
    ),
    (m) => {
      const day = Number(m[1] ?? m[2] ?? m[3]);
      return day >= 1 && day <= 31 ? { freq: 'monthly', interval: 1, byMonthDay: day } : undefined;
    },
  ],
  [
    // "jeden 5. März", "jedes Jahr am 5. März", "jährlich am 24. Dezember"
    pattern(`(?:jeden|(?:jedes Jahr|j(?:ä|ae|a)hrlich),? am) (\\d{1,2})\\.? ?(${MONTH})`),
    (m) => {
      const month = monthOf(m[2]!);
      const day = Number(m[1]);
      return comingMonthDay('2028-01-01', month, day) ? { freq: 'yearly', interval: 1, byMonth: month, byMonthDay: day } : undefined;
    },
  ],
  [
    // "alle 2 Wochen am Montag", "alle zwei Wochen montags"
    pattern(`alle ${COUNT} Wochen,? (?:am |immer )?(${WEEKDAY_LIST}|${WEEKDAY_ADVERB}(?:${AND}${WEEKDAY_ADVERB})*)`),
    (m) => {
      const interval = countOf(m[1]!);
      return interval >= 1 && interval <= 365 ? { freq: 'weekly', interval, byWeekday: weekdaysIn(m[2]!) } : undefined;
    },
  ],
  [
    // "jeden Montag", "jeden Montag und Donnerstag", "an jedem Freitag"
    pattern(`(?:jeden|(?:an )?jedem|immer) (${WEEKDAY_LIST})`),
    (m) => ({ freq: 'weekly', interval: 1, byWeekday: weekdaysIn(m[1]!) }),
  ],
  [
    // "montags", "montags und donnerstags", "immer dienstags"
    pattern(`(?:immer )?(${WEEKDAY_ADVERB}(?:${AND}${WEEKDAY_ADVERB})*)`),
    (m) => ({ freq: 'weekly', interval: 1, byWeekday: weekdaysIn(m[1]!) }),
  ],
  [
    pattern(
      `werktags|wochentags|(?:an|jeden) (?:Werktag|Wochentag)(?:en)?|jeden Werktag|montags bis freitags|(?:von )?Montag bis Freitag|Mo ?[-–] ?Fr`,
    ),
    () => ({ freq: 'weekly', interval: 1, byWeekday: MO_FR }),
  ],
  [pattern('jedes Wochenende|an Wochenenden|wochenends'), () => ({ freq: 'weekly', interval: 1, byWeekday: ['SA', 'SU'] })],
  [
    pattern(`alle ${COUNT} ${UNIT}`),
    (m) => {
      const interval = countOf(m[1]!);
      return interval >= 1 && interval <= 365 ? { freq: unitOf(m[2]!), interval } : undefined;
    },
  ],
  [
    // "jeden zweiten Tag", "jede dritte Woche"
    pattern(`jede[nrs]? (zweite[n]?|dritte[n]?|vierte[n]?) ${UNIT}`),
    (m) => ({ freq: unitOf(m[2]!), interval: NTHS[plain(m[1]!)]! }),
  ],
  [
    // "jeden Morgen", "jeden Abend": daily, at the product's hour for that part of the day
    pattern('jeden (Morgen|Vormittag|Mittag|Nachmittag|Abend)|jede (Nacht)'),
    () => ({ freq: 'daily', interval: 1 }),
    (m) => PARTS[plain((m[1] ?? m[2])!)],
  ],
  [pattern('t(?:ä|ae|a)glich|jeden Tag|an jedem Tag'), () => ({ freq: 'daily', interval: 1 })],
  [pattern('w(?:ö|oe|o)chentlich|jede Woche|einmal (?:pro|die|in der) Woche'), () => ({ freq: 'weekly', interval: 1 })],
  [pattern('monatlich|jeden Monat|einmal (?:im|pro) Monat'), () => ({ freq: 'monthly', interval: 1 })],
  [pattern('j(?:ä|ae|a)hrlich|jedes Jahr|einmal (?:im|pro) Jahr'), () => ({ freq: 'yearly', interval: 1 })],
];

/** A clock time from its parts: the hour, its minutes, "abends", "nachmittags". */
function clockTime(hour: number, minute: number, period: string | undefined) {
  const when = period ? plain(period) : '';
  if (/abend|nachmittag/.test(when) && hour >= 1 && hour < 12) hour += 12;
  else if (when.startsWith('nacht') && hour >= 6 && hour < 12) hour += 12;
  return hhmm(hour, minute);
}

const BY = '(?:(?:am|bis|ab|für) )?';
/** "morgen" is tomorrow unless it names the morning: "am Morgen", "heute Morgen", "guten Morgen", "Montag Morgen". */
const MORNING_BEFORE = `(?:am|heute|gestern|morgen|(?:ü|ue|u)bermorgen|jeden|jedem|den|dem|der|des|guten|diesen|einen|vom|zum|${WEEKDAY})`;

/** Days, dates and times read the product's way (see the module comment). */
const OWN: DateTable = [
  [pattern(`${BY}heute`), (m, { today }) => date(m, today)],
  [pattern(`${BY}(?<!${MORNING_BEFORE} )morgen`), (m, { today }) => date(m, addDays(today, 1))],
  [pattern(`${BY}(?:ü|ue|u)bermorgen`), (m, { today }) => date(m, addDays(today, 2))],
  [pattern(`${BY}(?:(?:diesen|kommenden) )?(${WEEKDAY})`), (m, { today }) => date(m, comingWeekday(today, weekdayNamed(m[1]!)))],
  [
    pattern(`${BY}${NEXT} (${WEEKDAY})|${BY}(${WEEKDAY}) (?:${NEXT} Woche|in der ${NEXT} Woche)|${NEXT} Woche (${WEEKDAY})`),
    (m, { today }) => date(m, nextWeekWeekday(today, weekdayNamed((m[1] ?? m[2] ?? m[3])!))),
  ],
  [
    // "Donnerstag, den 10.": the 10th, a Thursday; the dot says it is a day ("Donnerstag 10 Uhr" is a time).
    pattern(`${BY}(${WEEKDAY}),? (?:den )?(\\d{1,2})\\.(?!\\d)`),
    (m, { today }) => {
      const day = Number(m[2]);
      return day >= 1 && day <= 31 ? date(m, weekdayAndDay(today, weekdayNamed(m[1]!), day)) : undefined;
    },
  ],
  [
    pattern(`(?:in der )?${NEXT} Woche|(?:in der )?kommenden Woche|kommende Woche`),
    (m, { today }) => relativeMatch('next-week', m.index, m.index + m[0].length, today),
  ],
  [
    pattern(`(?:im )?${NEXT} Monat|(?:im )?kommenden Monat`),
    (m, { today }) => relativeMatch('next-month', m.index, m.index + m[0].length, today),
  ],
  [pattern('(?:dieses|am) Wochenende'), (m, { today }) => date(m, comingWeekday(today, 'SA'))],
  [pattern(`(?:am )?${NEXT} Wochenende`), (m, { today }) => date(m, nextWeekWeekday(today, 'SA'))],
  [
    // "am 5. März", "5 März", "Freitag, 5. März 2027"; a month alone ("im Mai") is not a day
    pattern(`${BY}(?:${WEEKDAY},? (?:den )?)?(?:den )?(\\d{1,2})\\.? ?(${MONTH})(?:,? (\\d{4}))?`),
    (m, { today }) => date(m, dateWithYear(today, monthOf(m[2]!), Number(m[1]), m[3])),
  ],
  [
    // Day first with dots: "25.12.", "am 5.3.", "3.1.2027"; without its closing dot "9.30" is a time or an amount.
    pattern(`${BY}(?:${WEEKDAY},? (?:den )?)?(?:den )?(\\d{1,2})\\.(\\d{1,2})\\.(\\d{4}|\\d{2})?(?![.\\d])`),
    (m, { today }) => date(m, dateWithYear(today, Number(m[2]), Number(m[1]), m[3])),
  ],
  [pattern('am (\\d{1,2})\\.(?!\\d)'), (m, { today }) => date(m, comingDayOfMonth(today, Number(m[1])))],
  [
    // "in 3 Tagen", "in zwei Wochen", "in einem Monat"
    pattern(`in ${COUNT} ${UNIT}`),
    (m, { today }) => date(m, dateIn(today, countOf(m[1]!), unitOf(m[2]!))),
  ],
  // "heute Abend" is how German says "tonight".
  [pattern('heute (?:Abend|Nacht)'), (m, { today }) => ({ kind: 'datetime', ...span(m), date: today, time: '20:00' })],
  [
    pattern(`heute (Morgen|fr(?:ü|ue|u)h|Vormittag|Mittag|Nachmittag)`),
    (m, { today }) => ({ kind: 'datetime', ...span(m), date: today, time: PARTS[plain(m[1]!)]! }),
  ],
  [
    // "morgen früh", "Montag Abend": a part of the day right after a day; "am Nachmittag", "mittags" on their own.
    pattern(`(?<=(?:morgen|(?:ü|ue|u)bermorgen|${WEEKDAY}) )${PART}|am (Morgen|Vormittag|Mittag|Nachmittag|Abend)|(mittag)s`),
    (m) => time(m, PARTS[plain((m[1] ?? m[2] ?? m[3])!)]),
  ],
  [pattern('(?:um )?Mitternacht'), (m) => time(m, '00:00')],
  [
    // "um 9", "um 9 Uhr", "9 Uhr", "18:30", "um 9.30 Uhr", "18 Uhr 30", "um 8 Uhr abends", "18h".
    // Without "um" a number needs "Uhr", ":" or "h" to be a time: "2 Äpfel kaufen" has none.
    pattern(
      `(?:(um|gegen|ab|bis) )?(\\d{1,2})(?:([:.])(\\d{2})|(h)(\\d{2})?)?( ?Uhr(?: (\\d{2}))?)?` +
        `(?: (morgens|früh|vormittags|mittags|nachmittags|abends|nachts))?${NOT_A_CLOCK}`,
    ),
    (m) => {
      const [, prefix, hour, separator, minutes, h, hMinutes, uhr, uhrMinutes, period] = m;
      if (!prefix && !uhr && separator !== ':' && !h) return undefined;
      return time(m, clockTime(Number(hour), Number(minutes ?? hMinutes ?? uhrMinutes ?? 0), period));
    },
  ],
  [
    // "halb 10" is 9:30; "Viertel nach 9" 9:15; "Viertel vor 10" 9:45.
    pattern(`(?:(?:um|gegen|ab) )?(halb|Viertel nach|Viertel vor) (\\d{1,2})(?: Uhr)?(?: (morgens|vormittags|nachmittags|abends|nachts))?`),
    (m) => {
      const hour = Number(m[2]);
      const how = plain(m[1]!);
      const [h, minute] = how === 'halb' ? [hour - 1, 30] : how === 'viertel nach' ? [hour, 15] : [hour - 1, 45];
      return h < 0 || hour > 12 ? undefined : time(m, clockTime(h, minute, m[3]));
    },
  ],
];

/** Not dates, though chrono reads them as such: "am Morgen" and "Guten Morgen" are the morning, "um 5 Euro" an amount, a compound a word. */
const NOT_DATES = [
  pattern(`${MORNING_BEFORE} Morgen`),
  pattern(`(?:um|gegen|ab|bis) \\d{1,2}(?:[.,]\\d+)?(?=${AMOUNT})`),
  // Compounds: "Heute-Show", "Montag-Meeting", "Guten-Morgen-Mail".
  wordPattern('\\p{L}+(?:-[\\p{L}\\p{N}]+)+|[\\p{L}\\p{N}]+(?:-[\\p{L}\\p{N}]+)*-\\p{L}[\\p{L}\\p{N}]*'),
];

/** Casual chrono reads an amount of time alone as "from now": "30 Minuten Sport" is no due time, "in 30 Minuten" is. */
const DURATION = new RegExp(`^${COUNT} (?:Min|Minuten?|Std|Stunden?|Tage?n?|Wochen?|Monate?n?|Jahre?n?)$`, 'iu');

const CHRONO_OPTIONS = {
  // The tables read the full weekday names; chrono's two-letter ones are words ("So ein Mist", the "fr" of "früh").
  ambiguous: new Set(['mo', 'di', 'mi', 'do', 'fr', 'sa', 'so', 'mo.', 'di.', 'mi.', 'do.', 'fr.', 'sa.', 'so.']),
  // The tables give the parts of the day their hours.
  partsOfDay: [],
};

export const grammar: Grammar = tableGrammar({
  repeats: REPEATS,
  dates: OWN,
  notDates: NOT_DATES,
  chrono: chronoDe.casual,
  chronoOptions: CHRONO_OPTIONS,
  notFromChrono: DURATION,
});
