/**
 * French quick-add grammar. Chrono-node's French parser reads too little the product's way
 * ("après-demain" as "demain", "la semaine prochaine" as a week from today, "jeudi 10" as Thursday
 * at 10:00, "lundi à 9h et demie" as 14:00, "le 5 mars" without its "le", "mer" (the sea) as
 * Wednesday), so days, weekdays, day-month dates, clock times, parts of the day and repeat rules
 * come from the tables here, with and without accents. Chrono reads what is left ("dans 20 minutes").
 */
import { fr as chronoFr } from 'chrono-node';
import { addDays, comingMonthDay, comingWeekday, hhmm, nextWeekWeekday } from '../calendar.ts';
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
  wordPattern as pattern,
  type DateTable,
  type RepeatTable,
} from './chrono-dates.ts';

/** Lower case without accents or apostrophes' variants: the key the tables are read by ("Février" → "fevrier"). */
const plain = (word: string) =>
  word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/[.\s-]+/g, ' ')
    .trim();
/** A word as a pattern that also matches it typed without its accents. */
const LOOSE: Record<string, string> = {
  à: '[aà]',
  â: '[aâ]',
  é: '[eé]',
  è: '[eè]',
  ê: '[eê]',
  î: '[iî]',
  ï: '[iï]',
  ô: '[oô]',
  û: '[uû]',
  ç: '[cç]',
};
const loose = (word: string) => word.replace(/[àâéèêîïôûç]/g, (letter) => LOOSE[letter]!);
const alternatives = (words: Iterable<string>) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map(loose)
    .join('|');
const keyed = <T>(table: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(table).map(([word, value]) => [plain(word), value]));

const WEEKDAY_WORDS: Record<string, Weekday> = {
  lundi: 'MO',
  mardi: 'TU',
  mercredi: 'WE',
  jeudi: 'TH',
  vendredi: 'FR',
  samedi: 'SA',
  dimanche: 'SU',
};
const MONTH_WORDS: Record<string, number> = {
  janvier: 1,
  janv: 1,
  février: 2,
  févr: 2,
  fév: 2,
  mars: 3,
  avril: 4,
  avr: 4,
  mai: 5,
  juin: 6,
  juillet: 7,
  juil: 7,
  août: 8,
  septembre: 9,
  sept: 9,
  octobre: 10,
  oct: 10,
  novembre: 11,
  nov: 11,
  décembre: 12,
  déc: 12,
};
/** Numbers people write as words in "toutes les deux semaines". */
const NUMBER_WORDS: Record<string, number> = {
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  onze: 11,
  douze: 12,
};
const ORDINAL_WORDS: Record<string, 1 | 2 | 3 | 4 | -1> = {
  premier: 1,
  '1er': 1,
  deuxième: 2,
  second: 2,
  '2e': 2,
  '2ème': 2,
  troisième: 3,
  '3e': 3,
  '3ème': 3,
  quatrième: 4,
  '4e': 4,
  '4ème': 4,
  dernier: -1,
};
const UNIT_WORDS: Record<string, RepeatRule['freq']> = { jour: 'daily', semaine: 'weekly', mois: 'monthly', an: 'yearly', année: 'yearly' };
/** The product's hours for a part of the day named without a clock time. */
const PART_WORDS: Record<string, string> = {
  matin: '09:00',
  matinée: '09:00',
  midi: '12:00',
  'après-midi': '14:00',
  soir: '18:00',
  soirée: '18:00',
};
const WEEKDAYS = keyed(WEEKDAY_WORDS);
const MONTHS = keyed(MONTH_WORDS);
const NUMBERS = keyed(NUMBER_WORDS);
const ORDINALS = keyed(ORDINAL_WORDS);
const UNITS = keyed(UNIT_WORDS);
const PARTS = keyed(PART_WORDS);

const WEEKDAY = `(?:${alternatives(Object.keys(WEEKDAY_WORDS))})s?`;
const WEEKDAY_LIST = `${WEEKDAY}(?:(?:, ?| et | & )(?:le |les )?${WEEKDAY})*`;
const MONTH = `(?:${alternatives(Object.keys(MONTH_WORDS))})\\.?`;
const COUNT = `(\\d{1,3}|${alternatives(Object.keys(NUMBER_WORDS))})`;
const DAY_NUMBER = '(\\d{1,2})(?:er|e)?';
const ORDINAL = `(${alternatives(Object.keys(ORDINAL_WORDS))})`;
const UNIT = `(${alternatives(Object.keys(UNIT_WORDS))})s?`;
const AFTERNOON = 'apr[eè]s[- ]?midi';
const PART = `(matin[eé]e|matin|midi|${AFTERNOON}|soir[eé]e|soir)`;
const APOSTROPHE = "['’]";
/** "pour vendredi", "d'ici demain": the day a task is due by. */
const BY = `(?:(?:pour|d${APOSTROPHE}ici) )?`;
const EACH_MONTH = '(?:du mois|de chaque mois|de tous les mois)';

const weekdayNamed = (word: string) => WEEKDAYS[plain(word)] ?? WEEKDAYS[plain(word).replace(/s$/, '')]!;
const weekdaysIn = (phrase: string): Weekday[] => [...new Set([...phrase.matchAll(pattern(WEEKDAY))].map((m) => weekdayNamed(m[0])))];
const monthOf = (word: string) => MONTHS[plain(word)]!;
const countOf = (word: string) => (/^\d+$/.test(word) ? Number(word) : NUMBERS[plain(word)]!);
const unitOf = (word: string) => UNITS[plain(word)] ?? UNITS[plain(word).replace(/s$/, '')]!;

const MO_FR: Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR'];

/** Repeat phrases, most specific first; each builds its rule from the regular expression's groups. */
const REPEATS: RepeatTable = [
  [
    // "le dernier vendredi du mois", "chaque premier lundi du mois"
    pattern(`(?:(?:le|chaque|tous les) )?${ORDINAL} (${WEEKDAY}) ${EACH_MONTH}`),
    (m) => ({ freq: 'monthly', interval: 1, byNthWeekday: { weekday: weekdayNamed(m[2]!), pos: ORDINALS[plain(m[1]!)]! } }),
  ],
  [pattern(`(?:(?:le|chaque) )?dernier jour ${EACH_MONTH}`), () => ({ freq: 'monthly', interval: 1, byMonthDay: -1 })],
  [
    // "tous les mois le 15", "le 1er de chaque mois", "le 5 du mois"
    pattern(`(?:tous les mois|chaque mois|mensuellement),? le ${DAY_NUMBER}|(?:le )?${DAY_NUMBER} ${EACH_MONTH}`),
    (m) => {
      const day = Number(m[1] ?? m[2]);
      return day >= 1 && day <= 31 ? { freq: 'monthly', interval: 1, byMonthDay: day } : undefined;
    },
  ],
  [
    // "chaque 5 mars", "tous les ans le 14 juillet"
    pattern(`(?:chaque|tous les|(?:chaque ann[eé]e|tous les ans|annuellement),? le) ${DAY_NUMBER} (${MONTH})`),
    (m) => {
      const month = monthOf(m[2]!);
      const day = Number(m[1]);
      return comingMonthDay('2028-01-01', month, day) ? { freq: 'yearly', interval: 1, byMonth: month, byMonthDay: day } : undefined;
    },
  ],
  [
    // "toutes les 2 semaines le lundi", "toutes les deux semaines, les mardis et jeudis"
    pattern(`toutes les ${COUNT} semaines,? (?:le |les )?(${WEEKDAY_LIST})`),
    (m) => {
      const interval = countOf(m[1]!);
      return interval >= 1 && interval <= 365 ? { freq: 'weekly', interval, byWeekday: weekdaysIn(m[2]!) } : undefined;
    },
  ],
  [
    // "chaque lundi", "tous les lundis et jeudis", "les dimanches"
    pattern(`(?:chaque|tous les|les) (${WEEKDAY_LIST})`),
    (m) => ({ freq: 'weekly', interval: 1, byWeekday: weekdaysIn(m[1]!) }),
  ],
  [
    pattern(`en semaine|(?:(?:tous les|les|chaque) )?jours? (?:ouvr[eé]s?|ouvrables?|de semaine)|du lundi au vendredi`),
    () => ({ freq: 'weekly', interval: 1, byWeekday: MO_FR }),
  ],
  [pattern('(?:chaque|tous les) week[- ]?ends?'), () => ({ freq: 'weekly', interval: 1, byWeekday: ['SA', 'SU'] })],
  // "tous les quinze jours" is the French fortnight: every two weeks, not every fifteen days.
  [pattern('tous les quinze jours|une semaine sur deux'), () => ({ freq: 'weekly', interval: 2 })],
  [pattern('un jour sur deux'), () => ({ freq: 'daily', interval: 2 })],
  [
    pattern(`(?:tous les|toutes les|chaque) ${COUNT} ${UNIT}`),
    (m) => {
      const interval = countOf(m[1]!);
      return interval >= 1 && interval <= 365 ? { freq: unitOf(m[2]!), interval } : undefined;
    },
  ],
  [
    // "chaque matin", "tous les soirs": daily, at the product's hour for that part of the day
    pattern(`(?:chaque|tous les) (matin|soir|${AFTERNOON})s?`),
    () => ({ freq: 'daily', interval: 1 }),
    (m) => PARTS[plain(m[1]!)],
  ],
  // "quotidien" after an article or a possessive is the noun "daily life" ("mon quotidien").
  [
    pattern('chaque jour|tous les jours|quotidiennement|(?<!(?:le|mon|ton|son|du|au|un|notre|votre|leur) )quotidien(?:ne)?'),
    () => ({ freq: 'daily', interval: 1 }),
  ],
  [pattern('chaque semaine|toutes les semaines|hebdomadaire|une fois par semaine'), () => ({ freq: 'weekly', interval: 1 })],
  [pattern('chaque mois|tous les mois|mensuel(?:le)?|mensuellement|une fois par mois'), () => ({ freq: 'monthly', interval: 1 })],
  [pattern('chaque ann[eé]e|chaque an|tous les ans|annuel(?:le)?|annuellement|une fois par an'), () => ({ freq: 'yearly', interval: 1 })],
];

/** A clock time from its parts: the hour, its minutes, "et demie", "du soir". */
function clockTime(hourText: string, minuteText: string | undefined, fraction: string | undefined, period: string | undefined) {
  let hour = Number(hourText);
  let minute = minuteText === undefined ? 0 : Number(minuteText);
  const quarter = fraction && plain(fraction);
  if (quarter?.startsWith('et demi')) minute = 30;
  else if (quarter === 'et quart') minute = 15;
  else if (quarter?.startsWith('moins')) [hour, minute] = [hour - 1, 45];
  const when = period ? plain(period) : '';
  if (/soir|apres midi|nuit/.test(when) && hour >= 1 && hour < 12) hour += 12;
  return hhmm(hour, minute);
}

/** Days, dates and times read the product's way (see the module comment). */
const OWN: DateTable = [
  [pattern(`aujourd${APOSTROPHE}?hui`), (m, { today }) => date(m, today)],
  [pattern(`${BY}demain`), (m, { today }) => date(m, addDays(today, 1))],
  [pattern(`${BY}apr[eè]s[- ]?demain`), (m, { today }) => date(m, addDays(today, 2))],
  [pattern(`${BY}(?:(?:ce|le) )?(${WEEKDAY})`), (m, { today }) => date(m, comingWeekday(today, weekdayNamed(m[1]!)))],
  [
    pattern(`${BY}(?:le )?(${WEEKDAY}) (?:prochain|de la semaine prochaine)|${BY}(?:le )?prochain (${WEEKDAY})`),
    (m, { today }) => date(m, nextWeekWeekday(today, weekdayNamed((m[1] ?? m[2])!))),
  ],
  [
    // "jeudi 10": the 10th, a Thursday (chrono reads Thursday at 10:00); not "jeudi 10h".
    pattern(`${BY}(?:le )?(${WEEKDAY}),? ${DAY_NUMBER}(?![\\d:h]| ?(?:h|heures?)(?!\\p{L}))`),
    (m, { today }) => {
      const day = Number(m[2]);
      return day >= 1 && day <= 31 ? date(m, weekdayAndDay(today, weekdayNamed(m[1]!), day)) : undefined;
    },
  ],
  [
    pattern(`${BY}(?:la )?semaine prochaine|${BY}la prochaine semaine`),
    (m, { today }) => relativeMatch('next-week', m.index, m.index + m[0].length, today),
  ],
  [
    pattern(`${BY}(?:le )?mois prochain|${BY}le prochain mois`),
    (m, { today }) => relativeMatch('next-month', m.index, m.index + m[0].length, today),
  ],
  [pattern('ce week[- ]?end'), (m, { today }) => date(m, comingWeekday(today, 'SA'))],
  [pattern('(?:le )?week[- ]?end prochain|le prochain week[- ]?end'), (m, { today }) => date(m, nextWeekWeekday(today, 'SA'))],
  [
    // "le 5 mars", "le 1er mai", "le vendredi 5 décembre 2027"; a month alone ("en mai", "mission sur Mars") is not a day
    pattern(`${BY}(?:le )?(?:${WEEKDAY},? )?${DAY_NUMBER} (${MONTH})(?:,? (\\d{4}))?`),
    (m, { today }) => date(m, dateWithYear(today, monthOf(m[2]!), Number(m[1]), m[3])),
  ],
  [
    // Day first, as in France: "25/12", "le 3/1/2027"
    pattern(`${BY}(?:le )?(?:${WEEKDAY},? )?(\\d{1,2})/(\\d{1,2})(?:/(\\d{4}|\\d{2}))?(?![/\\d])`),
    (m, { today }) => date(m, dateWithYear(today, Number(m[2]), Number(m[1]), m[3])),
  ],
  // "dans quinze jours" is the French fortnight: in two weeks.
  [pattern("(?:dans|d['’]ici) quinze jours"), (m, { today }) => date(m, addDays(today, 14))],
  [
    // "dans 3 jours", "d'ici deux semaines", "dans un mois"
    pattern(`(?:dans|d${APOSTROPHE}ici) ${COUNT} ${UNIT}`),
    (m, { today }) => date(m, dateIn(today, countOf(m[1]!), unitOf(m[2]!))),
  ],
  // "ce soir" is how French says "tonight".
  [pattern('ce soir'), (m, { today }) => ({ kind: 'datetime', ...span(m), date: today, time: '20:00' })],
  [
    pattern(`ce (matin|midi)|cet (${AFTERNOON})`),
    (m, { today }) => ({ kind: 'datetime', ...span(m), date: today, time: PARTS[plain((m[1] ?? m[2])!)]! }),
  ],
  [
    // "demain matin", "lundi soir": a part of the day right after a day; alone, "le matin" is a habit, "du matin" a kind of thing.
    pattern(`(?<=(?:demain|aujourd${APOSTROPHE}hui|${WEEKDAY}|prochain) )${PART}`),
    (m) => time(m, PARTS[plain(m[1]!)]),
  ],
  [
    pattern(`dans la (matin[eé]e|soir[eé]e)|dans l${APOSTROPHE}(${AFTERNOON})|en (matin[eé]e|soir[eé]e)`),
    (m) => time(m, PARTS[plain((m[1] ?? m[2] ?? m[3])!)]),
  ],
  [pattern('(?:à|a|vers) midi( et demi)?'), (m) => time(m, m[1] ? '12:30' : '12:00')],
  [pattern('(?:à|a|vers) minuit'), (m) => time(m, '00:00')],
  [
    // "à 18h", "18h30", "9 h 15", "à 9 heures", "à 18:30", "9h et demie", "à 3h de l'après-midi".
    // "2h de sport" and "pendant 2 heures" are lengths of time, not times; "dans 2 heures" is two
    // hours from now, which chrono reads.
    pattern(
      `(?<!(?:pendant|durant|en|dans|d${APOSTROPHE}ici) )(?:(?:à|a|vers|pour|dès|des) )?(\\d{1,2})(?: ?(?:h|heures?)(?: ?(\\d{2}))?|:(\\d{2}))` +
        `(?: (et demie?|et quart|moins le quart|moins quart))?` +
        `(?: (du matin|de l${APOSTROPHE}${AFTERNOON}|du soir|de la nuit))?(?! de(?!\\p{L})| d${APOSTROPHE})`,
    ),
    (m) => time(m, clockTime(m[1]!, m[2] ?? m[3], m[4], m[5])),
  ],
];

/** Not times, though chrono reads them as such: lengths of time ("2h de sport", "pendant 3 heures"). */
const NOT_DATES = [
  pattern(
    `\\d{1,2} ?(?:h|heures?)(?: ?\\d{2})?(?= de(?!\\p{L})| d${APOSTROPHE})|(?:pendant|durant|en) \\d{1,2} ?(?:h|heures?)(?: ?\\d{2})?`,
  ),
];

/** Casual chrono reads an amount of time alone as "from now": "30 minutes de sport" is no due time, "dans 30 minutes" is. */
const DURATION = new RegExp(`^${COUNT} (?:min|minutes?|h|heures?|jours?|semaines?|mois|ans?|ann[eé]es?)$`, 'iu');

const CHRONO_OPTIONS = {
  // The tables read the full weekday names; chrono's abbreviations are words in a title ("aller à la mer", "jeu de société").
  ambiguous: new Set(['lun', 'mar', 'mer', 'jeu', 'ven', 'sam', 'dim', 'lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.', 'dim.']),
  // The tables give the parts of the day their hours.
  partsOfDay: [],
};

export const grammar: Grammar = tableGrammar({
  repeats: REPEATS,
  dates: OWN,
  notDates: NOT_DATES,
  chrono: chronoFr.casual,
  chronoOptions: CHRONO_OPTIONS,
  notFromChrono: DURATION,
});
