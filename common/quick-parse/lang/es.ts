/**
 * Spanish quick-add grammar. Chrono-node's Spanish parser reads too little the product's way
 * ("pasado mañana" as "mañana", "el jueves 10" as Thursday at 10:00, "a las 18:30" without its
 * "a", "mañana" in "por la mañana" as tomorrow), so the days, weekdays, day-month dates, clock
 * times, parts of the day and repeat rules come from the tables here, with and without the accents
 * people drop on phones. Chrono reads what is left ("en 20 minutos", "dentro de 2 horas").
 */
import { es as chronoEs } from 'chrono-node';
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
  wordPattern as pattern,
  type DateTable,
  type RepeatTable,
} from './chrono-dates.ts';

/** Lower case without accents: the key the tables are read by ("Miércoles", "miercoles" → "miercoles"). */
const plain = (word: string) =>
  word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.\s]+/g, ' ')
    .trim();
/** A word as a pattern that also matches it typed without its accents. */
const LOOSE: Record<string, string> = { á: '[aá]', é: '[eé]', í: '[ií]', ó: '[oó]', ú: '[uú]', ñ: '[nñ]', ü: '[uü]' };
const loose = (word: string) => word.replace(/[áéíóúñü]/g, (letter) => LOOSE[letter]!);
const alternatives = (words: Iterable<string>) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map(loose)
    .join('|');

const WEEKDAY_WORDS: Record<string, Weekday> = {
  lunes: 'MO',
  martes: 'TU',
  miércoles: 'WE',
  jueves: 'TH',
  viernes: 'FR',
  sábado: 'SA',
  domingo: 'SU',
};
const WEEKDAY_KEYS: Record<string, Weekday> = Object.fromEntries(Object.entries(WEEKDAY_WORDS).map(([word, code]) => [plain(word), code]));
const MONTH_WORDS: Record<string, number> = {
  enero: 1,
  ene: 1,
  febrero: 2,
  feb: 2,
  marzo: 3,
  mar: 3,
  abril: 4,
  abr: 4,
  mayo: 5,
  may: 5,
  junio: 6,
  jun: 6,
  julio: 7,
  jul: 7,
  agosto: 8,
  ago: 8,
  septiembre: 9,
  setiembre: 9,
  sept: 9,
  sep: 9,
  octubre: 10,
  oct: 10,
  noviembre: 11,
  nov: 11,
  diciembre: 12,
  dic: 12,
};
/** Numbers people write as words in "cada dos semanas" or "a las nueve". */
const NUMBER_WORDS: Record<string, number> = {
  un: 1,
  una: 1,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
};
const ORDINALS: Record<string, 1 | 2 | 3 | 4 | -1> = { primer: 1, primero: 1, segundo: 2, tercer: 3, tercero: 3, cuarto: 4, ultimo: -1 };
const UNITS: Record<string, RepeatRule['freq']> = { dia: 'daily', semana: 'weekly', mes: 'monthly', ano: 'yearly' };
/** The product's hours for a part of the day named without a clock time (Spanish "tarde" is both afternoon and evening). */
const PARTS_OF_DAY: Record<string, string> = { manana: '09:00', tarde: '14:00', noche: '20:00' };

const WEEKDAY = `(?:${alternatives(Object.keys(WEEKDAY_WORDS))})s?`;
const WEEKDAY_LIST = `${WEEKDAY}(?:(?:, ?| y | e )(?:los |el )?${WEEKDAY})*`;
const MONTH = `(?:${alternatives(Object.keys(MONTH_WORDS))})\\.?`;
const COUNT = `(\\d{1,3}|${alternatives(Object.keys(NUMBER_WORDS))})`;
const NEXT = 'pr[oó]xim[oa]';
const MANANA = 'ma[nñ]ana';
/** "para el viernes", "para mañana": the day a task is due by. */
const BY = '(?:para )?';
const EACH_MONTH = '(?:de cada mes|de todos los meses|del mes)';

const weekdayNamed = (word: string) => WEEKDAY_KEYS[plain(word)] ?? WEEKDAY_KEYS[plain(word).replace(/s$/, '')]!;
const weekdaysIn = (phrase: string): Weekday[] => [...new Set([...phrase.matchAll(pattern(WEEKDAY))].map((m) => weekdayNamed(m[0])))];
const monthOf = (word: string) => MONTH_WORDS[plain(word)]!;
const countOf = (word: string) => (/^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[plain(word)]!);

const MO_FR: Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR'];

/** Repeat phrases, most specific first; each builds its rule from the regular expression's groups. */
const REPEATS: RepeatTable = [
  [
    // "el último viernes de cada mes", "cada primer lunes del mes"
    pattern(`(?:(?:el|cada) )?(primer|primero|segundo|tercer|tercero|cuarto|[uú]ltimo) (${WEEKDAY}) ${EACH_MONTH}`),
    (m) => ({ freq: 'monthly', interval: 1, byNthWeekday: { weekday: weekdayNamed(m[2]!), pos: ORDINALS[plain(m[1]!)]! } }),
  ],
  [pattern(`(?:(?:el|cada) )?[uú]ltimo d[ií]a ${EACH_MONTH}`), () => ({ freq: 'monthly', interval: 1, byMonthDay: -1 })],
  [
    // "cada mes el 15", "el 15 de cada mes", "el día 1 de cada mes"
    pattern(
      `(?:cada mes|todos los meses|mensualmente),? el (?:d[ií]a )?(\\d{1,2})|(?:el )?(?:d[ií]a )?(\\d{1,2}) de (?:cada mes|todos los meses)`,
    ),
    (m) => {
      const day = Number(m[1] ?? m[2]);
      return day >= 1 && day <= 31 ? { freq: 'monthly', interval: 1, byMonthDay: day } : undefined;
    },
  ],
  [
    // "cada 5 de marzo", "todos los años el 5 de marzo"
    pattern(`(?:cada|todos los|(?:cada a[nñ]o|todos los a[nñ]os|anualmente),? el) (\\d{1,2}) (?:de )?(${MONTH})`),
    (m) => {
      const month = monthOf(m[2]!);
      const day = Number(m[1]);
      return comingMonthDay('2028-01-01', month, day) ? { freq: 'yearly', interval: 1, byMonth: month, byMonthDay: day } : undefined;
    },
  ],
  [
    // "cada 2 semanas el lunes", "cada dos semanas los martes y jueves"
    pattern(`cada ${COUNT} semanas,? (?:el |los )?(${WEEKDAY_LIST})`),
    (m) => {
      const interval = countOf(m[1]!);
      return interval >= 1 && interval <= 365 ? { freq: 'weekly', interval, byWeekday: weekdaysIn(m[2]!) } : undefined;
    },
  ],
  [
    // "cada lunes", "todos los lunes y jueves", "los domingos": the plural article says it happens every week
    pattern(`(?:cada|todos los|los) (${WEEKDAY_LIST})`),
    (m) => ({ freq: 'weekly', interval: 1, byWeekday: weekdaysIn(m[1]!) }),
  ],
  [
    pattern(
      `(?:(?:cada|todos los|los|en|en los) )?d[ií]as? (?:laborables?|h[aá]biles?|de semana)|entre semana|de lunes a viernes|cada d[ií]a laborable`,
    ),
    () => ({ freq: 'weekly', interval: 1, byWeekday: MO_FR }),
  ],
  [pattern('(?:cada|todos los|los) fines? de semana'), () => ({ freq: 'weekly', interval: 1, byWeekday: ['SA', 'SU'] })],
  [
    pattern(`cada ${COUNT} (d[ií]a|semana|mes|a[nñ]o)(?:s|es)?`),
    (m) => {
      const interval = countOf(m[1]!);
      return interval >= 1 && interval <= 365 ? { freq: UNITS[plain(m[2]!)]!, interval } : undefined;
    },
  ],
  [
    // "cada mañana", "todas las noches": daily, at the product's hour for that part of the day
    pattern(`(?:cada|todas las) (${MANANA}|tarde|noche)s?`),
    () => ({ freq: 'daily', interval: 1 }),
    (m) => PARTS_OF_DAY[plain(m[1]!)],
  ],
  // "diario" after an article or a possessive is the noun "diary" ("escribir en el diario").
  [
    pattern('cada d[ií]a|todos los d[ií]as|diariamente|a diario|(?<!(?:el|mi|un|tu|su|del|al|este|ese|nuestro) )diario'),
    () => ({ freq: 'daily', interval: 1 }),
  ],
  [pattern('cada semana|todas las semanas|semanalmente|semanal'), () => ({ freq: 'weekly', interval: 1 })],
  [pattern('cada mes|todos los meses|mensualmente|mensual'), () => ({ freq: 'monthly', interval: 1 })],
  [pattern('cada a[nñ]o|todos los a[nñ]os|anualmente|anual'), () => ({ freq: 'yearly', interval: 1 })],
];

/** A clock time from its parts: the hour, its minutes, "y media", "de la tarde", "pm". */
function clockTime(
  hourText: string,
  minuteText: string | undefined,
  fraction: string | undefined,
  period: string | undefined,
  hourMark = false,
) {
  let hour = countOf(hourText);
  let minute = minuteText === undefined ? 0 : Number(minuteText);
  const quarter = fraction && plain(fraction);
  if (quarter === 'y media') minute = 30;
  else if (quarter === 'y cuarto') minute = 15;
  else if (quarter === 'menos cuarto') [hour, minute] = [hour - 1, 45];
  const when = period ? plain(period).replace(/\s/g, '') : '';
  if (hour > 12 && when) return undefined;
  // "a las 5" alone is 17:00: a bare hour from 1 to 6 is in the afternoon (decision 020).
  // "6h" is written the 24-hour way and stays 06:00.
  if (!when && !hourMark && minuteText === undefined && !quarter && hour >= 1 && hour <= 6) hour += 12;
  if (/tarde|pm/.test(when) && hour < 12) hour += 12;
  else if (when.includes('noche') && hour >= 6 && hour < 12) hour += 12;
  else if (/noche|am|manana|madrugada/.test(when) && hour === 12) hour = 0;
  return hhmm(hour, minute);
}

/** Days, dates and times read the product's way (see the module comment). */
const OWN: DateTable = [
  [pattern(`${BY}hoy`), (m, { today }) => date(m, today)],
  // "mañana" after "la", "una", "esta", "cada" is the morning ("por la mañana", "rutina de la mañana").
  [pattern(`${BY}(?<!(?:la|una|esta|cada|buena|esa|toda) )${MANANA}`), (m, { today }) => date(m, addDays(today, 1))],
  [pattern(`${BY}pasado ${MANANA}`), (m, { today }) => date(m, addDays(today, 2))],
  [pattern(`${BY}(?:(?:el|este) )?(${WEEKDAY})`), (m, { today }) => date(m, comingWeekday(today, weekdayNamed(m[1]!)))],
  [
    pattern(`${BY}(?:(?:el|este) )?${NEXT} (${WEEKDAY})|${BY}(?:el )?(${WEEKDAY}) (?:${NEXT}|que viene)`),
    (m, { today }) => date(m, nextWeekWeekday(today, weekdayNamed((m[1] ?? m[2])!))),
  ],
  [
    // "el jueves 10": the 10th, a Thursday (chrono reads Thursday at 10:00); not "el lunes 9h" nor "el lunes 9 y media".
    pattern(`${BY}(?:el )?(${WEEKDAY}),? (?:d[ií]a )?(\\d{1,2})(?![\\d:.h]| ?(?:h|hs|horas?|am|pm|y |menos |de la))`),
    (m, { today }) => {
      const day = Number(m[2]);
      return day >= 1 && day <= 31 ? date(m, weekdayAndDay(today, weekdayNamed(m[1]!), day)) : undefined;
    },
  ],
  [
    pattern(`${BY}(?:(?:la|esta) )?(?:${NEXT} semana|semana (?:que viene|${NEXT}))`),
    (m, { today }) => relativeMatch('next-week', m.index, m.index + m[0].length, today),
  ],
  [
    pattern(`${BY}(?:(?:el|este) )?(?:${NEXT} mes|mes (?:que viene|${NEXT}))`),
    (m, { today }) => relativeMatch('next-month', m.index, m.index + m[0].length, today),
  ],
  [pattern(`${BY}(?:este|el) fin de semana`), (m, { today }) => date(m, comingWeekday(today, 'SA'))],
  [
    pattern(`(?:el )?(?:${NEXT} fin de semana|fin de semana (?:que viene|${NEXT}))`),
    (m, { today }) => date(m, nextWeekWeekday(today, 'SA')),
  ],
  [
    // "el 5 de marzo", "5 marzo", "el sábado 5 de diciembre de 2027"; a month alone ("en mayo") is not a day
    pattern(`${BY}(?:el )?(?:${WEEKDAY},? )?(?:d[ií]a )?(\\d{1,2})(?:º|°|ro)?(?: de | )(${MONTH})(?:,? (?:de |del )?(\\d{4}))?`),
    (m, { today }) => date(m, dateWithYear(today, monthOf(m[2]!), Number(m[1]), m[3])),
  ],
  [
    // Day first, as in Spain and Latin America: "25/12", "el 3/1/2027"
    pattern(`${BY}(?:el )?(?:${WEEKDAY},? )?(\\d{1,2})/(\\d{1,2})(?:/(\\d{4}|\\d{2}))?(?![/\\d])`),
    (m, { today }) => date(m, dateWithYear(today, Number(m[2]), Number(m[1]), m[3])),
  ],
  [
    // "en 3 días", "dentro de dos semanas", "en un mes" (chrono has no certain day for months)
    pattern(`(?:en|dentro de) ${COUNT} (d[ií]a|semana|mes|a[nñ]o)(?:s|es)?`),
    (m, { today }) => date(m, dateIn(today, countOf(m[1]!), UNITS[plain(m[2]!)]!)),
  ],
  [pattern(`${BY}el d[ií]a (\\d{1,2})`), (m, { today }) => date(m, comingDayOfMonth(today, Number(m[1])))],
  [
    pattern(`esta (${MANANA}|tarde|noche)`),
    (m, { today }) => ({ kind: 'datetime', ...span(m), date: today, time: PARTS_OF_DAY[plain(m[1]!)]! }),
  ],
  [pattern(`(?:por|en) la (${MANANA}|tarde|noche)`), (m) => time(m, PARTS_OF_DAY[plain(m[1]!)])],
  [pattern('(?:a|al) mediod[ií]a'), (m) => time(m, '12:00')],
  // Chrono reads "medianoche" as a day without its hour, and left "a" in the title.
  [pattern('a (?:la )?medianoche'), (m) => time(m, '00:00')],
  [
    // "a las 9", "a la una", "a las 18:30", "9h", "9h30", "a las 9 y media", "a las 5 de la tarde", "8pm".
    // Without "a las" a number needs ":", "h", "y media" or am/pm to be a time: "comprar 2 kilos" has none.
    pattern(
      `(?:(a|sobre|hacia|para|antes de) las? )?(\\d{1,2}|${alternatives(Object.keys(NUMBER_WORDS))})` +
        `(?:([:.h])(\\d{2})|(h))?(?: (y media|y cuarto|menos cuarto|en punto))?(?: ?(?:hs|hrs?|horas))?` +
        `(?: (de la ${MANANA}|de la tarde|de la noche|de la madrugada|del mediod[ií]a)| ?([ap]\\.? ?m\\.?))?`,
    ),
    (m) => {
      const [, prefix, hour, separator, minutes, h, fraction, period, meridiem] = m;
      const clear =
        prefix || (/^\d+$/.test(hour!) && (separator === ':' || separator === 'h' || h || meridiem || /^[ym]/i.test(fraction ?? '')));
      if (!clear) return undefined;
      return time(m, clockTime(hour!, minutes, fraction, period ?? meridiem, Boolean(h || separator)));
    },
  ],
];

/** Not dates, though chrono reads them as such: the morning is not tomorrow. */
const NOT_DATES = [pattern(`(?:la|una|las|cada|buena|buenas|esa|toda la|todas las) ${MANANA}s?`)];

/** Casual chrono reads an amount of time alone as "from now": "30 minutos de ejercicio" is no due time, "en 30 minutos" is. */
const DURATION = new RegExp(`^${COUNT} (?:min|minutos?|h|horas?|d[ií]as?|semanas?|mes|meses|a[nñ]os?)$`, 'iu');

const CHRONO_OPTIONS = {
  // The tables read the full weekday names; chrono's abbreviations are words in a title ("ir al mar", "la vie").
  ambiguous: new Set(['lun', 'mar', 'mie', 'mié', 'jue', 'vie', 'sab', 'sáb', 'dom']),
  // The tables give the parts of the day their hours; alone, "tarde" is "late" ("llego tarde").
  partsOfDay: [],
};

export const grammar: Grammar = tableGrammar({
  repeats: REPEATS,
  dates: OWN,
  notDates: NOT_DATES,
  chrono: chronoEs.casual,
  chronoOptions: CHRONO_OPTIONS,
  notFromChrono: DURATION,
});
