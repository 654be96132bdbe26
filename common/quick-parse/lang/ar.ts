/**
 * Arabic quick-add grammar: Modern Standard Arabic and the colloquial forms people type on their
 * phones (Egyptian, Levantine, Gulf), read from the tables below. No library reads Arabic dates.
 *
 * The text is matched in a folded copy (see `fold`) so that one spelling in a table covers the ways
 * people actually write it: with or without hamza on alif (أ/إ/آ/ا), with ة or ه at the end
 * ("القادمة"/"القادمه"), with ى or ي ("حتى"/"حتي"), with or without tashkeel ("غداً"/"غدا") and
 * with tatweel ("الجمعـــة"). Folding is one character for one or drops a character, and every
 * match is mapped back to the text as typed, so spans stay exact.
 *
 * Attached particles: Arabic writes و (and), ف (so), ل (for) and ب (in) as part of the next word, and
 * ل with the article becomes لل ("للجمعة" = for Friday). Only the particles that belong to the date
 * phrase are taken into a span ("وبكرة", "لبكرة", "ليوم الجمعة", "في ١٥ مارس"), so the title keeps
 * no dangling particle; a bare weekday or number word ("جمعة" is also a name, "اثنين" is "two")
 * is a date only after يوم or كل.
 */
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
import type { Grammar, GrammarMatch, ParseContext, RepeatRule, Weekday } from '../types.ts';

// ---------------------------------------------------------------------------------------------
// Folding: the spelling variants one table entry stands for.

/** Letters written interchangeably in everyday typing, folded to the one the tables use. */
const FOLDED_LETTERS: Record<string, string> = {
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ة: 'ه',
  ى: 'ي',
  // Persian keyboards, common on Arabic phones in the Gulf, give these for ي and ك.
  ی: 'ي',
  ک: 'ك',
  // Bidi marks that RTL keyboards put around digits ("الساعة ‏9"): spaces, not letters, between words.
  '\u200e': ' ',
  '\u200f': ' ',
  '\u061c': ' ',
  // The core turns native digits into ASCII before calling a grammar; folding them too keeps this
  // grammar right when it is called on its own.
  ...Object.fromEntries([...'٠١٢٣٤٥٦٧٨٩'].map((digit, value) => [digit, String(value)])),
  ...Object.fromEntries([...'۰۱۲۳۴۵۶۷۸۹'].map((digit, value) => [digit, String(value)])),
};
/** Tashkeel, Quranic marks, tatweel and zero-width joiners: optional, so dropped before matching. */
const DROPPED = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640\u200b-\u200d]/u;

interface Folded {
  text: string;
  /** For each character of `text`, its index in the text as typed. */
  origin: number[];
}

function fold(typed: string): Folded {
  let text = '';
  const origin: number[] = [];
  for (let index = 0; index < typed.length; index++) {
    const character = typed[index]!;
    if (DROPPED.test(character)) continue;
    text += FOLDED_LETTERS[character] ?? character;
    origin.push(index);
  }
  return { text, origin };
}

/** A span of the folded text as a span of the text as typed; the end takes in the marks dropped after the last letter ("غداً"). */
function typedSpan(folded: Folded, typedLength: number, start: number, end: number): { start: number; end: number } {
  return { start: folded.origin[start]!, end: end < folded.origin.length ? folded.origin[end]! : typedLength };
}

// ---------------------------------------------------------------------------------------------
// Word tables, in folded spelling (ا for أ/إ/آ, ه for ة, ي for ى).

/** Weekdays without the article; with it they are dates on their own ("الجمعة"), without it only after يوم or كل. */
const WEEKDAY_WORDS: Record<Weekday, string[]> = {
  // "الإثنين"; Egyptian and Levantine speech says and types "الاتنين".
  MO: ['اثنين', 'اتنين'],
  // The hamza at the end is often left off; "التلات" is the Egyptian Tuesday.
  TU: ['ثلاثاء', 'ثلاثا', 'ثلثاء', 'تلات', 'تلاتاء'],
  WE: ['اربعاء', 'اربعا'],
  TH: ['خميس'],
  FR: ['جمعه'],
  SA: ['سبت'],
  SU: ['احد'],
};

/**
 * Month names: the transliterated names of Egypt, the Gulf and Sudan (يناير…), the Syriac names of
 * the Levant and Iraq (كانون الثاني…), and the French-derived names of Algeria and Tunisia
 * (جانفي…) and Morocco (يوليوز…). They are only read next to a day number, so "اب" (August, also
 * "father") or "ماي" cannot turn an ordinary word into a date.
 */
const MONTH_WORDS: Record<number, string[]> = {
  1: ['يناير', 'كانون الثاني', 'كانون ثاني', 'كانون التاني', 'كانون تاني', 'جانفي'],
  2: ['فبراير', 'شباط', 'فيفري'],
  3: ['مارس', 'اذار'],
  4: ['ابريل', 'نيسان', 'افريل'],
  5: ['مايو', 'ايار', 'ماي'],
  6: ['يونيو', 'يونيه', 'حزيران', 'جوان'],
  7: ['يوليو', 'يوليه', 'تموز', 'جويليه', 'يوليوز'],
  8: ['اغسطس', 'اب', 'اوت', 'غشت'],
  9: ['سبتمبر', 'ايلول', 'شتنبر'],
  10: ['اكتوبر', 'تشرين الاول', 'تشرين اول'],
  11: ['نوفمبر', 'تشرين الثاني', 'تشرين ثاني', 'تشرين التاني', 'تشرين تاني', 'نونبر'],
  12: ['ديسمبر', 'كانون الاول', 'كانون اول', 'دجنبر'],
};

/** Counts written as words ("بعد ثلاثة أيام", "كل تلات شهور"), MSA and colloquial spellings. */
const NUMBER_WORDS: Record<number, string[]> = {
  1: ['واحد', 'واحده'],
  2: ['اثنين', 'اثنان', 'اتنين', 'ثنتين'],
  3: ['ثلاث', 'ثلاثه', 'تلات', 'تلاته'],
  4: ['اربع', 'اربعه'],
  5: ['خمس', 'خمسه'],
  6: ['ست', 'سته'],
  7: ['سبع', 'سبعه'],
  8: ['ثمان', 'ثماني', 'ثمانيه', 'تمان', 'تمن', 'تمانيه'],
  9: ['تسع', 'تسعه'],
  10: ['عشر', 'عشره'],
};

/** Hours as words after الساعة or before a part of the day: MSA ordinals ("الساعة الثالثة") and spoken cardinals ("تسعة الصبح"). */
const HOUR_WORDS: Record<number, string[]> = {
  1: ['الواحده', 'واحده', 'وحده'],
  2: ['الثانيه', 'اثنين', 'اتنين', 'ثنتين'],
  3: ['الثالثه', 'ثلاثه', 'تلاته'],
  4: ['الرابعه', 'اربعه'],
  5: ['الخامسه', 'خمسه'],
  6: ['السادسه', 'سته'],
  7: ['السابعه', 'سبعه'],
  8: ['الثامنه', 'ثمانيه', 'تمانيه'],
  9: ['التاسعه', 'تسعه'],
  10: ['العاشره', 'عشره'],
  11: ['الحاديه عشره', 'الحاديه عشر', 'احدعش', 'حداشر', 'احداشر'],
  12: ['الثانيه عشره', 'الثانيه عشر', 'اتناشر', 'اطناشر', 'طنعش'],
};

type Unit = 'day' | 'week' | 'month' | 'year';
/** Units by grammatical number: Arabic has a dual ("يومين" = two days) besides singular and plural. */
const UNIT_WORDS: Record<Unit, { one: string[]; two: string[]; many: string[] }> = {
  day: { one: ['يوم', 'يوما'], two: ['يومين', 'يومان'], many: ['ايام'] },
  week: { one: ['اسبوع', 'اسبوعا'], two: ['اسبوعين', 'اسبوعان'], many: ['اسابيع'] },
  month: { one: ['شهر', 'شهرا'], two: ['شهرين', 'شهران'], many: ['اشهر', 'شهور'] },
  year: { one: ['سنه', 'عام', 'عاما'], two: ['سنتين', 'سنتان', 'عامين', 'عامان'], many: ['سنوات', 'سنين', 'اعوام'] },
};
const FREQUENCY: Record<Unit, RepeatRule['freq']> = { day: 'daily', week: 'weekly', month: 'monthly', year: 'yearly' };

type Period = 'am' | 'noon' | 'pm' | 'night';
/**
 * Parts of the day: how they turn an hour into a 24-hour time, and the time a task gets when one
 * follows a day with no hour ("بكرة الصبح"). The hours match the other languages (morning 09:00,
 * afternoon 14:00, evening 18:00, night 20:00); العصر, the afternoon prayer, is later than
 * "after noon".
 */
const PARTS_OF_DAY: ReadonlyArray<{ period: Period; at: string; words: string[] }> = [
  { period: 'am', at: '05:00', words: ['فجرا', 'الفجر', 'بالفجر'] },
  { period: 'am', at: '09:00', words: ['صباحا', 'صباح', 'الصباح', 'بالصباح', 'الصبح', 'صبح', 'بالصبح', 'الصبحيه'] },
  // الضهر is how many people spell الظهر.
  { period: 'noon', at: '12:00', words: ['ظهرا', 'الظهر', 'بالظهر', 'الظهيره', 'ضهرا', 'الضهر', 'بالضهر'] },
  { period: 'pm', at: '14:00', words: ['بعد الظهر', 'بعد الضهر', 'بعد الظهيره'] },
  { period: 'pm', at: '15:00', words: ['عصرا', 'العصر', 'بالعصر'] },
  { period: 'pm', at: '18:00', words: ['مساء', 'مساءا', 'المساء', 'بالمساء', 'المسا', 'مسا', 'بالمسا', 'عشيه', 'العشيه'] },
  { period: 'night', at: '20:00', words: ['ليلا', 'الليل', 'بالليل'] },
];
/**
 * The parts of the day that are a time by themselves, with no day or hour beside them: the adverbs
 * ("اتصل صباحاً"). Not "الظهر" (also "the back": "ألم الظهر") or "العصر" (also "the age").
 */
const PARTS_OF_DAY_ALONE = ['فجرا', 'صباحا', 'ظهرا', 'ضهرا', 'بعد الظهر', 'بعد الضهر', 'بعد الظهيره', 'عصرا', 'مساء', 'مساءا', 'ليلا'];
/** ص/م (a.m./p.m. on Arabic clocks) only after a clock time: alone, "5 م" is five metres. */
const CLOCK_ABBREVIATIONS: Record<string, Period> = { ص: 'am', م: 'pm' };

/** Minutes a fraction of the hour stands for: "والنص" half past, "والربع" quarter past, "وثلث" twenty past. */
const FRACTIONS: Record<string, number> = { نص: 30, نصف: 30, ربع: 15, ثلث: 20, تلت: 20 };
const MINUTE_WORDS = ['دقيقه', 'دقائق', 'دقايق', 'دقيقتين'];

const ORDINALS: Record<string, 1 | 2 | 3 | 4 | -1> = { اول: 1, ثاني: 2, تاني: 2, ثالث: 3, تالت: 3, رابع: 4, اخر: -1 };
/** The same ordinals as adjectives after the weekday ("الجمعة الأخيرة من كل شهر"). */
const ORDINAL_ADJECTIVES: Record<string, 1 | 2 | 3 | 4 | -1> = {
  الاول: 1,
  الاولي: 1,
  الثاني: 2,
  الثانيه: 2,
  التاني: 2,
  التانيه: 2,
  الثالث: 3,
  الثالثه: 3,
  التالت: 3,
  التالته: 3,
  الرابع: 4,
  الرابعه: 4,
  الاخير: -1,
  الاخيره: -1,
};

/** "coming/next" after a day, week or month; "اللي جاي" is the spoken "that is coming". */
const NEXT_WORDS = ['القادم', 'القادمه', 'الجاي', 'الجايه', 'الجايي', 'المقبل', 'المقبله', 'التالي', 'التاليه'];
const NEXT = `(?:${NEXT_WORDS.join('|')}|(?:اللي|الي|يلي)\\s+جاي(?:ه)?)`;
/** A weekday followed by these is in the past ("الخميس الماضي"): not a due date, the words stay. */
const PAST = '(?:الماضي|الماضيه|الفائت|الفائته|الفايت|الفايته|السابق|السابقه|(?:اللي|الي|يلي)\\s+فات(?:ت)?)';
/** "this" before ("هذه الجمعة") or after ("الجمعة دي", Egyptian; "الجمعة هاي", Levantine) a weekday. */
const THIS_BEFORE = '(?:هذا|هذه|هذي|هاذا|هاذي|هادا|هاد)';
const THIS_AFTER = '(?:هذا|هذه|هذي|هاذا|هاذي|هادا|هادي|هاد|هاي|دي|ده)';
/** "from now", which may close "بعد ٣ أيام"; any other "من" after it means "after something else". */
const FROM_NOW = '(?:الان|اليوم|هلق|هلا|دلوقتي|الحين|هسه)';
/** Hijri months: "بعد شهر رمضان" is "after Ramadan", not "in a month" (Hijri dates are not read). */
const HIJRI_MONTHS = ['محرم', 'صفر', 'ربيع', 'جمادي', 'رجب', 'شعبان', 'رمضان', 'شوال', 'ذو', 'ذي'];
/** Measures after "1/2": half a kilo, not the 1st of February. */
const MEASURES = [
  'كيلو',
  'كغ',
  'كجم',
  'كلغ',
  'غرام',
  'جرام',
  'غم',
  'جم',
  'لتر',
  'مل',
  'كوب',
  'اكواب',
  'ملعقه',
  'معلقه',
  'حبه',
  'متر',
  'سم',
  'ساعه',
  'ساعات',
  'رطل',
  'كاس',
  'علبه',
  'قطعه',
];

/**
 * The Arab work week varies (Sunday–Thursday in much of the Gulf and Egypt, Monday–Friday in the
 * Maghreb and Lebanon), but the product defines "weekdays" as Monday–Friday in every language, so
 * "أيام العمل" is the same rule as "weekdays"; a different week is chosen by naming its days.
 */
const WORK_WEEK: Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR'];

// Particles typed before a phrase that belong to it, so the title does not keep them.
/** "يوم الجمعة", "في ٥ مارس", "ليوم الخميس" (for), "حتى بكرة" (by), "من السبت" (from), "و" (and). */
const DATE_LEAD_INS = '(?:[وف]?(?:في|[لب]?يوم|بتاريخ|تاريخ|حتي|لحد|لغايه|بحلول|من|ابتداء\\s+من|ابتداءا\\s+من|بدءا\\s+من|اعتبارا\\s+من)|و)';
/**
 * "عند الساعة", "ع الساعة" (spoken على), "حوالي الساعة". Not على: folded, it is "علي", the name
 * Ali, and "قابل علي الساعة ٩" must keep him; على typed with its ى is taken at the end (see `ON`).
 */
const TIME_LEAD_INS = '(?:[وف]?(?:في|عند|ع|حوالي|حتي|لحد|لغايه|بحدود)|و)';
const REPEAT_LEAD_INS = '(?:[وف]?في|و)';

// ---------------------------------------------------------------------------------------------
// Patterns built from the tables.

// \b is ASCII-only in JavaScript: Arabic words need boundaries that know letters.
const START = '(?<![\\p{L}\\p{M}\\p{N}])';
const END = '(?![\\p{L}\\p{M}\\p{N}])';
const _ = '\\s+';

/** Longest first, so "كانون الثاني" is tried before a shorter word could end the match early. */
const alternatives = (words: Iterable<string>) =>
  [...new Set(words)]
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/ /g, _))
    .join('|');
/** A word and the key of its row: tables are read by the word with its spaces made single. */
const lookup = <T>(table: Record<string | number, string[]>, convert: (key: string) => T) =>
  new Map(Object.entries(table).flatMap(([key, words]) => words.map((word) => [word, convert(key)] as const)));
const keyOf = (matched: string) => matched.replace(/\s+/g, ' ');

const WEEKDAY_OF = lookup(WEEKDAY_WORDS, (key) => key as Weekday);
const MONTH_OF = lookup(MONTH_WORDS, Number);
const NUMBER_OF = lookup(NUMBER_WORDS, Number);
const HOUR_OF = lookup(HOUR_WORDS, Number);
/** Each unit word, its unit and the count it says by itself: 1 for the singular, 2 for the dual, none for a plural. */
const UNIT_OF = new Map<string, { unit: Unit; count?: number }>();
for (const [unit, forms] of Object.entries(UNIT_WORDS) as [Unit, (typeof UNIT_WORDS)[Unit]][]) {
  for (const word of forms.one) UNIT_OF.set(word, { unit, count: 1 });
  for (const word of forms.two) UNIT_OF.set(word, { unit, count: 2 });
  for (const word of forms.many) UNIT_OF.set(word, { unit });
}
const PERIOD_OF = new Map(PARTS_OF_DAY.flatMap(({ period, at, words }) => words.map((word) => [word, { period, at }] as const)));

const WEEKDAY = `(?:${alternatives(Object.values(WEEKDAY_WORDS).flat())})`;
const MONTH = `(?:${alternatives(Object.values(MONTH_WORDS).flat())})`;
const COUNT = `(?:\\d{1,3}|${alternatives(Object.values(NUMBER_WORDS).flat())})`;
const HOUR = `(?:\\d{1,2}|${alternatives(Object.values(HOUR_WORDS).flat())})`;
const UNIT_ONE_OR_MANY = `(?:${alternatives(Object.values(UNIT_WORDS).flatMap((forms) => [...forms.one, ...forms.many]))})`;
const UNIT_TWO = `(?:${alternatives(Object.values(UNIT_WORDS).flatMap((forms) => forms.two))})`;
const UNIT_ONE = `(?:${alternatives(Object.values(UNIT_WORDS).flatMap((forms) => forms.one))})`;
const PART_OF_DAY = `(?:${alternatives(PERIOD_OF.keys())})`;
const PART_OF_DAY_OR_ABBREVIATION = `(?:${alternatives([...PERIOD_OF.keys(), ...Object.keys(CLOCK_ABBREVIATIONS)])})`;
/** The article, with the particles that attach to it: "الجمعة", "والجمعة", "للجمعة" (ل + ال). */
const ARTICLE = '[وف]?(?:ال|لل)';
/** A bare weekday is not one when a unit follows: "كل تلات ساعات" is every three hours, not every Tuesday. */
const NOT_A_COUNT = `(?!${_}(?:ساعات|ساعه|دقائق|دقايق|${UNIT_ONE_OR_MANY}|${UNIT_TWO})${END})`;
/** A weekday, with or without its article, in a list ("الاثنين والخميس", "سبت، اثنين، أربعاء"). */
const WEEKDAY_ITEM = `(?:يوم${_})?(?:ال)?${WEEKDAY}${END}${NOT_A_COUNT}`;
const WEEKDAY_LIST = `${WEEKDAY_ITEM}(?:(?:\\s*[،,]\\s*(?:و\\s*)?|\\s*و\\s*)${WEEKDAY_ITEM})*`;
/**
 * "اليوم" or "الليلة" followed by another word with the article is a noun phrase ("اليوم الوطني",
 * national day; "الليلة الكبيرة"), not today; a part of the day or الساعة may follow.
 */
const NOT_A_NOUN_PHRASE = `(?!${_}ال(?!ساعه|صبح|صباح|مسا|ظهر|ضهر|عصر|ليل|فجر))`;
/** The minutes after an hour: ":30", "ونص", "والربع", "إلا ربع", "و10 دقائق", "إلا 5". */
const FRACTION = `(?:ال)?(?:${alternatives(Object.keys(FRACTIONS))})`;
const MINUTE_COUNT = `\\d{1,2}(?:\\s*(?:${alternatives(MINUTE_WORDS)}))?`;
const MINUTES = `(?:[:.٫]\\d{2}|\\s*و\\s*(?:${FRACTION}|${MINUTE_COUNT})|${_}الا\\s*(?:${FRACTION}|${MINUTE_COUNT}))`;
const MINUTE_WORD = new RegExp(alternatives(MINUTE_WORDS), 'u');
/** "5 مارس", "٥ من شهر آذار": a day and a month; `DAY_MONTH` may add the year ("5 مارس، سنة 2027"). */
const DAY_OF_MONTH = `(\\d{1,2})${_}(?:من${_})?(?:شهر${_})?(${MONTH})`;
const DAY_MONTH = `${DAY_OF_MONTH}(?:\\s*[،,]?\\s*(?:(?:سنه|عام)${_})?(\\d{4}))?`;
const EVERY = '[وف]?كل';
const EACH_MONTH = `(?:(?:من|في)${_})?كل${_}شهر`;
/** "كل سنة وأنت طيب" (many happy returns) is a greeting, not a yearly rule. */
const NOT_A_GREETING = `(?!\\s*و\\s*(?:انت|انتم|انتو|حضرتك|انتي))`;

const pattern = (source: string) => new RegExp(`${START}(?:${source})${END}`, 'gu');

// ---------------------------------------------------------------------------------------------
// Readers for the matched words.

const countOf = (word: string) => (/^\d+$/.test(word) ? Number(word) : NUMBER_OF.get(keyOf(word)));
const weekdaysIn = (phrase: string): Weekday[] => [
  ...new Set([...phrase.matchAll(new RegExp(`${START}و?(?:ال)?(${WEEKDAY})${END}`, 'gu'))].map((m) => WEEKDAY_OF.get(m[1]!)!)),
];
const firstOfNextMonth = (today: string) => addMonths(`${today.slice(0, 8)}01`, 1);
const lastOfMonth = (date: string) => addDays(addMonths(`${date.slice(0, 8)}01`, 1), -1);

/** An hour, its minutes and a part of the day as a 24-hour time; undefined when they cannot be one ("15 صباحا"). */
function clockTime(hour: number, minute: number, period: Period | undefined): string | undefined {
  // "الساعة 5" alone is 17:00: a bare hour from 1 to 6 is in the afternoon, as in every language
  // the product reads this way (decision 020); with minutes or a part of the day it is what it says.
  if (period === undefined) return hhmm(minute === 0 && hour >= 1 && hour <= 6 ? hour + 12 : hour, minute);
  // "15 مساء" is 15:00 as typed; "15 صباحا" cannot be.
  if (hour > 12) return period === 'am' ? undefined : hhmm(hour, minute);
  if (hour < 1) return undefined;
  let h = hour;
  if (period === 'am') h = hour === 12 ? 0 : hour;
  // "1 الظهر" is 13:00, "11 الظهر" still 11:00: noon reaches a little either side.
  if (period === 'noon') h = hour <= 6 ? hour + 12 : hour;
  if (period === 'pm') h = hour < 12 ? hour + 12 : hour;
  // "12 بالليل" is midnight, "2 بالليل" the small hours, "9 بالليل" 21:00.
  if (period === 'night') h = hour === 12 ? 0 : hour <= 4 ? hour : hour < 12 ? hour + 12 : hour;
  return hhmm(h, minute);
}

/** An hour (digits or a word) and the minutes typed after it, before any part of the day applies. */
function hourAndMinutes(hourText: string, minutesText: string | undefined): { hour: number; minute: number } | undefined {
  const hour = /^\d+$/.test(hourText) ? Number(hourText) : HOUR_OF.get(keyOf(hourText));
  if (hour === undefined) return undefined;
  const minutes = (minutesText ?? '').trim();
  if (!minutes) return { hour, minute: 0 };
  const clock = /^[:.٫](\d{2})$/u.exec(minutes);
  if (clock) return { hour, minute: Number(clock[1]) };
  const fraction = /(نصف|نص|ربع|ثلث|تلت)$/u.exec(minutes);
  const number = /(\d{1,2})/u.exec(minutes);
  const amount = fraction ? FRACTIONS[fraction[1]!]! : Number(number?.[1]);
  // "و10" with no دقائق: only the round minutes people say this way, so "الساعة 5 و3 مهام" keeps its 3.
  if (!fraction && amount % 5 !== 0 && !MINUTE_WORD.test(minutes)) return undefined;
  if (amount < 1 || amount > 59) return undefined;
  if (!minutes.startsWith('الا')) return { hour, minute: amount };
  // "9 إلا ربع" is 8:45; "1 إلا ربع" is 12:45 on a 12-hour clock.
  const total = hour * 60 - amount;
  return { hour: Math.floor(total / 60) || 12, minute: total % 60 };
}

// ---------------------------------------------------------------------------------------------
// Candidates: what the patterns find, in the folded text, before the lead-ins and the neighbours.

interface Span {
  start: number;
  end: number;
}
interface DateFound extends Span {
  date: string;
}
interface TimeFound extends Span {
  hour: number;
  minute: number;
  period?: Period;
  /** "منتصف الليل": a time of its own, no part of the day changes it. */
  fixed?: boolean;
}
interface PartFound extends Span {
  period: Period;
  at: string;
}
interface RepeatFound extends Span {
  repeat: RepeatRule;
  time?: string;
  /** "كل مساء": the part of the day an hour typed after it belongs to ("كل مساء الساعة 7" is 19:00). */
  period?: Period;
}

type Reader<T> = readonly [RegExp, (m: RegExpExecArray, context: ParseContext) => T | undefined];

/** Dates, most of them read straight from the table they come from. */
const DATES: ReadonlyArray<Reader<string>> = [
  // Today: "اليوم", Egyptian "النهارده".
  [pattern(`${ARTICLE}يوم${NOT_A_NOUN_PHRASE}|[وف]?ل?النهارد[ها]`), (_m, { today }) => today],
  // Tomorrow: MSA "غداً", spoken "بكرة"/"بكرا", Gulf and Iraqi "باجر", Maghrebi "غدوة".
  [pattern('[وف]?ل?(?:بكره|بكرا|غدا|غدوه|باجر)'), (_m, { today }) => addDays(today, 1)],
  // "الغد" (the morrow) names tomorrow after a part of the day ("صباح الغد", "مساء الغد") or "by"
  // ("حتى الغد", "بحلول الغد"); otherwise it is "the future" ("جيل الغد", "الاستثمار في الغد").
  [pattern(`(?<=${START}(?:صباح|مساء|مسا|حتي|لحد|بحلول)${_})الغد`), (_m, { today }) => addDays(today, 1)],
  [pattern(`[وف]?ل?بعد${_}(?:بكره|بكرا|غدا|غد|الغد|باجر)`), (_m, { today }) => addDays(today, 2)],
  // "بعد ٣ أيام", "خلال أسبوع", "بعد يومين" (the dual is the count), Egyptian "كمان شهرين".
  // A single day, "بعد يوم", is left alone: "بعد يوم الجمعة" is "after Friday" (and tomorrow is بكرة);
  // so is a single unit after كمان, which is also "another" ("اشتري كمان شهر اشتراك"), and any
  // "من" after the count but "from now": "بعد 3 أيام من العملية" counts from something else.
  [
    pattern(
      `[وف]?ل?(?:بعد|خلال|في${_}خلال|في${_}غضون|كمان)${_}(?:(${COUNT})${_}(${UNIT_ONE_OR_MANY})|(${UNIT_TWO})|(?<!كمان${_})(?!يوم${END})(${UNIT_ONE})(?!${_}(?:ال(?!ساعه)|(?:${alternatives(HIJRI_MONTHS)})${END})))(?:${_}من${_}${FROM_NOW})?(?!${_}من${END})`,
    ),
    (m, { today }) => {
      const unitWord = keyOf(m[2] ?? m[3] ?? m[4]!);
      const { unit, count: implied } = UNIT_OF.get(unitWord)!;
      const count = m[1] === undefined ? implied : countOf(m[1]);
      if (!count || count < 1 || count > 999) return undefined;
      if (unit === 'day') return addDays(today, count);
      if (unit === 'week') return addDays(today, 7 * count);
      return addMonths(today, unit === 'month' ? count : 12 * count);
    },
  ],
  [pattern(`${ARTICLE}اسبوع${_}${NEXT}`), (_m, { today }) => nextWeekWeekday(today, 'MO')],
  [pattern(`${ARTICLE}شهر${_}${NEXT}`), (_m, { today }) => firstOfNextMonth(today)],
  // The weekend is the coming Saturday in every language (in the Gulf it starts on Friday; the product keeps one meaning).
  [
    pattern(`[وف]?ل?(?:عطله${_})?(?:نهايه|اخر)${_}الاسبوع(?:${_}(${NEXT}))?|${ARTICLE}(?:ويكند|ويك${_}اند|ويك${_}ايند)(?:${_}(${NEXT}))?`),
    (m, { today }) => ((m[1] ?? m[2]) ? nextWeekWeekday(today, 'SA') : comingWeekday(today, 'SA')),
  ],
  // "أول الشهر" (rent day), "آخر الشهر", "نهاية الشهر الجاي".
  [
    pattern(`[وف]?ل?(?:(اول|بدايه)|اخر|نهايه)${_}الشهر(?:${_}(${NEXT}))?`),
    (m, { today }) => {
      const next = m[2] !== undefined;
      if (m[1]) return next ? firstOfNextMonth(today) : comingDayOfMonth(today, 1);
      return lastOfMonth(next ? firstOfNextMonth(today) : today);
    },
  ],
  // "15 الشهر", "١٥ من هذا الشهر", "15 الشهر الجاي".
  [
    pattern(`(?<![\\d/:.\\-])(\\d{1,2})${_}(?:(?:من|في)${_})?(?:هذا${_})?(?:ال|هال)شهر(?:${_}(${NEXT}))?`),
    (m, { today }) => {
      const day = Number(m[1]);
      if (m[2] === undefined) return comingDayOfMonth(today, day);
      const next = firstOfNextMonth(today);
      const [y, mo] = next.split('-').map(Number) as [number, number];
      return isValidDate(y, mo, day) ? ymd(y, mo, day) : undefined;
    },
  ],
  // "يوم 15": the coming 15th.
  [pattern(`[وف]?[لب]?يوم${_}(\\d{1,2})(?!\\s*[/:.\\-]\\d)`), (m, { today }) => comingDayOfMonth(today, Number(m[1]))],
  // Weekdays. A bare one is the coming one, today included; "هذه الجمعة", "الجمعة دي" the same.
  [
    // Not "صلاة الجمعة" (the Friday prayer), "سوق الجمعة" (the Friday market) or "ليلة الجمعة" (Thursday night): names of things.
    pattern(
      `(?<!(?:صلاه|خطبه|سوق|ليله)${_})(?:${THIS_BEFORE}${_})?[وف]?(?:ال|لل|هال)(${WEEKDAY})${END}(?:${_}${THIS_AFTER}${END})?(?!${_}${PAST}${END})`,
    ),
    (m, { today }) => comingWeekday(today, WEEKDAY_OF.get(m[1]!)!),
  ],
  [
    pattern(`[وف]?[لب]?يوم${_}(${WEEKDAY})${NOT_A_COUNT}(?!${_}${PAST}${END})`),
    (m, { today }) => comingWeekday(today, WEEKDAY_OF.get(m[1]!)!),
  ],
  // "الجمعة القادمة", "الخميس الجاي", "الأحد من الأسبوع الجاي", "الأسبوع الجاي يوم الأحد": the weekday in the next week.
  [
    pattern(
      `${ARTICLE}(${WEEKDAY})${_}(?:(?:(?:من|في)${_})?الاسبوع${_})?${NEXT}|${ARTICLE}اسبوع${_}${NEXT}${_}(?:(?:يوم|في)${_})*(?:ال)?(${WEEKDAY})`,
    ),
    (m, { today }) => nextWeekWeekday(today, WEEKDAY_OF.get((m[1] ?? m[2])!)!),
  ],
  // "٥ مارس", "5 من شهر آذار 2027", optionally after its weekday ("الخميس 10 ديسمبر"): the date wins, the weekday goes with it.
  [
    pattern(`(?:${ARTICLE}${WEEKDAY}${_}(?:[،,]\\s*)?)?(?<![\\d/:.\\-])${DAY_MONTH}`),
    (m, { today }) => {
      const month = MONTH_OF.get(keyOf(m[2]!))!;
      return numericDate(today, m[1]!, String(month), m[3]);
    },
  ],
  // "15 شهر 3": the month by its number, as people say it in the Levant and the Gulf.
  [
    pattern(`(?<![\\d/:.\\-])(\\d{1,2})${_}(?:من${_})?شهر${_}(\\d{1,2})(?:${_}(\\d{4}))?(?![\\d/:.\\-])`),
    (m, { today }) => numericDate(today, m[1]!, m[2]!, m[3]),
  ],
  // "25/12", "25/12/2027", "25-12-2027", "25.12.2027": day first, as throughout the Arab world.
  [
    pattern(
      `(?:${ARTICLE}${WEEKDAY}${_})?(?<![\\d/.:\\-])(\\d{1,2})/(\\d{1,2})(?:/(\\d{4}|\\d{2}))?(?![\\d/]|[.:\\-]\\d)(?!\\s*(?:${alternatives(MEASURES)})${END})`,
    ),
    (m, { today }) => numericDate(today, m[1]!, m[2]!, m[3]),
  ],
  [
    pattern('(?<![\\d/.:\\-])(\\d{1,2})([.\\-])(\\d{1,2})\\2(\\d{4})(?![\\d/\\-]|\\.\\d)'),
    (m, { today }) => numericDate(today, m[1]!, m[3]!, m[4]),
  ],
  // "2027/3/5": year first, as official Gulf forms write it.
  [
    pattern('(?<![\\d/.:\\-])(\\d{4})([/\\-.])(\\d{1,2})\\2(\\d{1,2})(?![\\d/\\-]|\\.\\d)'),
    (m, { today }) => numericDate(today, m[4]!, m[3]!, m[1]),
  ],
];

function numericDate(today: string, dayText: string, monthText: string, yearText: string | undefined): string | undefined {
  const [day, month] = [Number(dayText), Number(monthText)];
  if (yearText === undefined) return comingMonthDay(today, month, day);
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  // A day already gone is not a due date for a new task.
  return isValidDate(year, month, day) && ymd(year, month, day) >= today ? ymd(year, month, day) : undefined;
}

/** Clock times. A bare number is never a time ("الفصل 3"): it needs الساعة, a colon or a part of the day. */
const TIMES: ReadonlyArray<Reader<Omit<TimeFound, 'start' | 'end'>>> = [
  // "الساعة 9", "الساعة ١٨:٣٠", "الساعة تسعة ونص", "الساعة الثالثة عصرا", "عالساعة 7 م".
  [
    pattern(`[وف]?(?:ال|لل|عال|بال)ساعه(?:\\s*(\\d{1,2})|${_}(${HOUR}))(${MINUTES})?(?:\\s*(${PART_OF_DAY_OR_ABBREVIATION}))?`),
    (m) => withPeriod(hourAndMinutes((m[1] ?? m[2])!, m[3]), m[4]),
  ],
  // "9:30", "18:30", "9:30 م".
  [
    pattern(`(?<![\\d:./])(\\d{1,2})(:\\d{2})(?![\\d:])(?:\\s*(${PART_OF_DAY_OR_ABBREVIATION}))?`),
    (m) => withPeriod(hourAndMinutes(m[1]!, m[2]), m[3]),
  ],
  // "9 صباحا", "7 مساء", "تسعة ونص الصبح", "الثانية ظهرا".
  [
    // An hour word not after يوم or كل: "كل اتنين الصبح" is every Monday morning, not two in the morning.
    pattern(`(?:(?<![\\d:./\\-])(\\d{1,2})|(?<!(?:يوم|كل)${_})(${HOUR}))(${MINUTES})?\\s*(${PART_OF_DAY})`),
    (m) => withPeriod(hourAndMinutes((m[1] ?? m[2])!, m[3]), m[4]),
  ],
  // "9ص", "9 ص": an hour with the clock's a.m. letter. Its p.m. letter may be metres ("5م", "5 م")
  // or a century ("القرن 19م"), so after a bare hour it is a time only next to a day (see collect).
  [pattern(`(?<![\\d:./\\-])(\\d{1,2})\\s*ص`), (m) => withPeriod(hourAndMinutes(m[1]!, undefined), 'ص')],
  // Times of their own. Noon as "الظهر" alone is also "the back" ("ألم الظهر"), so alone it needs a
  // particle ("عند الظهر") or the adverb "ظهراً"; after a day it is read as a part of the day.
  [pattern(`(?:منتصف|نص|نصف)${_}الليل`), () => ({ hour: 0, minute: 0, fixed: true })],
  [pattern(`(?:منتصف|نص|نصف)${_}النهار|(?:عند|في|ع)${_}(?:الظهر|الضهر)|عالظهر|عالضهر`), () => ({ hour: 12, minute: 0, fixed: true })],
  // "صباحاً", "مساءً": not after صلاة or أذان (a prayer's name), nor before a word with the article
  // ("مساء الخير" is good evening; "مساء الجمعة" is read as Friday evening below).
  [
    pattern(`(?<!(?:صلاه|اذان|قبل)${_})(${alternatives(PARTS_OF_DAY_ALONE)})(?!${_}ال)`),
    (m) => {
      const [hour, minute] = PERIOD_OF.get(keyOf(m[1]!))!.at.split(':').map(Number) as [number, number];
      return { hour, minute, fixed: true };
    },
  ],
];

function withPeriod(clock: { hour: number; minute: number } | undefined, periodWord: string | undefined) {
  if (!clock) return undefined;
  const period = periodWord === undefined ? undefined : (CLOCK_ABBREVIATIONS[periodWord] ?? PERIOD_OF.get(keyOf(periodWord))?.period);
  if (clockTime(clock.hour, clock.minute, period) === undefined) return undefined;
  return { ...clock, ...(period && { period }) };
}

const parts = pattern(PART_OF_DAY);
const HOUR_PM = pattern(`(?<![\\d:./\\-])(\\d{1,2})\\s*م`);

const interval = (count: number | undefined) => (count !== undefined && count >= 1 && count <= 365 ? count : undefined);

/** Repeat rules, most specific first (the core keeps the longest where they overlap). */
const REPEATS: ReadonlyArray<Reader<Omit<RepeatFound, 'start' | 'end'>>> = [
  // "آخر جمعة من كل شهر", "كل أول اثنين", "كل آخر خميس من الشهر", "أول يوم اثنين في كل شهر".
  [
    pattern(
      `${EVERY}${_}(${alternatives(Object.keys(ORDINALS))})${_}(?:يوم${_})?(?:ال)?(${WEEKDAY})(?:${_}(?:(?:من|في)${_}ال|بال)شهر)?|(${alternatives(Object.keys(ORDINALS))})${_}(?:يوم${_})?(?:ال)?(${WEEKDAY})${_}${EACH_MONTH}`,
    ),
    (m) => ({
      repeat: {
        freq: 'monthly',
        interval: 1,
        byNthWeekday: { weekday: WEEKDAY_OF.get((m[2] ?? m[4])!)!, pos: ORDINALS[(m[1] ?? m[3])!]! },
      },
    }),
  ],
  // "الجمعة الأخيرة من كل شهر", "الاثنين الأول من كل شهر".
  [
    pattern(`(?:يوم${_})?ال(${WEEKDAY})${_}(${alternatives(Object.keys(ORDINAL_ADJECTIVES))})${_}${EACH_MONTH}`),
    (m) => ({
      repeat: { freq: 'monthly', interval: 1, byNthWeekday: { weekday: WEEKDAY_OF.get(m[1]!)!, pos: ORDINAL_ADJECTIVES[m[2]!]! } },
    }),
  ],
  // "أول كل شهر", "كل أول شهر" (Egyptian), "آخر يوم من كل شهر", "نهاية كل شهر".
  [
    pattern(
      `(?:(اول|بدايه)|اخر|نهايه)${_}(?:يوم${_})?${EACH_MONTH}|${EVERY}${_}(?:(اول|بدايه)|اخر|نهايه)${_}(?:يوم${_}(?:(?:من|في)${_})?ال)?شهر`,
    ),
    (m) => ({ repeat: { freq: 'monthly', interval: 1, byMonthDay: m[1] || m[2] ? 1 : -1 } }),
  ],
  // "يوم 15 من كل شهر", "15 كل شهر", "كل 15 من الشهر", "كل يوم 15 بالشهر".
  [
    pattern(`(?:يوم${_})?(\\d{1,2})${_}${EACH_MONTH}|${EVERY}${_}(?:يوم${_})?(\\d{1,2})${_}(?:(?:من|في)${_}ال|بال|ال)شهر`),
    (m) => {
      const day = Number(m[1] ?? m[2]);
      return day >= 1 && day <= 31 ? { repeat: { freq: 'monthly', interval: 1, byMonthDay: day } } : undefined;
    },
  ],
  // "كل 5 مارس", "5 مارس من كل عام", "كل سنة في ٥ آذار", "سنويا يوم 1 يناير".
  [
    pattern(
      `${EVERY}${_}${DAY_OF_MONTH}|${DAY_OF_MONTH}${_}(?:(?:من|في)${_})?كل${_}(?:سنه|عام)|(?:${EVERY}${_}(?:سنه|عام)|سنويا)${_}(?:(?:في|يوم|بتاريخ)${_})*${DAY_OF_MONTH}`,
    ),
    (m) => {
      const day = Number(m[1] ?? m[3] ?? m[5]);
      const month = MONTH_OF.get(keyOf((m[2] ?? m[4] ?? m[6])!))!;
      // Any year will do, as long as the day exists in it: 29 February exists in 2028.
      return isValidDate(2028, month, day) ? { repeat: { freq: 'yearly', interval: 1, byMonth: month, byMonthDay: day } } : undefined;
    },
  ],
  // Weekdays: "كل اثنين", "كل يوم جمعة", "كل اثنين وخميس", "كل أسبوعين يوم السبت", "أسبوعيا يوم الأحد".
  [
    pattern(
      `(?:${EVERY}${_}(?:(${COUNT})${_}(?:${UNIT_WORDS.week.many.join('|')})|(${UNIT_WORDS.week.two.join('|')})|(?:${UNIT_WORDS.week.one.join('|')}))|اسبوعيا)${_}(?:(?:في|يوم|ايام)${_})?(${WEEKDAY_LIST})|${EVERY}${_}(${WEEKDAY_LIST})`,
    ),
    (m) => {
      const every = m[1] !== undefined ? interval(countOf(m[1])) : m[2] !== undefined ? 2 : 1;
      return every ? { repeat: { freq: 'weekly', interval: every, byWeekday: weekdaysIn((m[3] ?? m[4])!) } } : undefined;
    },
  ],
  // Working days: "كل يوم عمل", "أيام العمل", "أيام الدوام" (the Gulf and Levant word for office hours).
  [
    pattern(`(?:${EVERY}${_}(?:ايام|يوم)|ايام)${_}(?:ال)?(?:عمل|دوام|شغل)`),
    () => ({ repeat: { freq: 'weekly', interval: 1, byWeekday: WORK_WEEK } }),
  ],
  // "كل شهر يوم 15", "شهريا في 1".
  [
    pattern(
      `(?:${EVERY}${_}(?:(${COUNT})${_}(?:${UNIT_WORDS.month.many.join('|')})|(${UNIT_WORDS.month.two.join('|')})|شهر)|شهريا)(?:${_}(?:في|يوم|بتاريخ))+${_}(\\d{1,2})(?![\\d/:.\\-])`,
    ),
    (m) => {
      const every = m[1] !== undefined ? interval(countOf(m[1])) : m[2] !== undefined ? 2 : 1;
      const day = Number(m[3]);
      return every && day >= 1 && day <= 31 ? { repeat: { freq: 'monthly', interval: every, byMonthDay: day } } : undefined;
    },
  ],
  // "كل 3 أيام", "كل يومين" (the dual), "كل تلات شهور", "كل سنة", with the greeting left alone.
  [
    pattern(
      `${EVERY}${_}(?:(${COUNT})${_}(${UNIT_ONE_OR_MANY})|(${UNIT_TWO})|(${UNIT_ONE})(?!${_}(?:${alternatives(HIJRI_MONTHS)})${END})${NOT_A_GREETING})`,
    ),
    (m) => {
      const { unit, count: implied } = UNIT_OF.get(keyOf((m[2] ?? m[3] ?? m[4])!))!;
      const every = interval(m[1] === undefined ? implied : countOf(m[1]));
      return every ? { repeat: { freq: FREQUENCY[unit], interval: every } } : undefined;
    },
  ],
  [pattern('يوميا'), () => ({ repeat: { freq: 'daily', interval: 1 } })],
  [pattern('اسبوعيا'), () => ({ repeat: { freq: 'weekly', interval: 1 } })],
  [pattern('شهريا'), () => ({ repeat: { freq: 'monthly', interval: 1 } })],
  [pattern(`سنويا${NOT_A_GREETING}`), () => ({ repeat: { freq: 'yearly', interval: 1 } })],
  // "كل صباح", "كل مساء", "كل ليلة": daily, at that part of the day's hour.
  [
    pattern(`${EVERY}${_}(صباح|مساء|ليله)`),
    (m) => {
      const { period, at } = m[1] === 'ليله' ? { period: 'night' as const, at: '20:00' } : PERIOD_OF.get(m[1]!)!;
      return { repeat: { freq: 'daily', interval: 1 }, time: at, period };
    },
  ],
];

function find<T>(readers: ReadonlyArray<Reader<T>>, text: string, context: ParseContext): (Span & { value: T })[] {
  const found: (Span & { value: T })[] = [];
  for (const [regex, read] of readers) {
    for (const m of text.matchAll(regex)) {
      const value = read(m as RegExpExecArray, context);
      if (value !== undefined) found.push({ start: m.index, end: m.index + m[0].length, value });
    }
  }
  return found;
}

/** Takes in the particles before a phrase that belong to it ("و في يوم" before "الجمعة"). */
function withLeadIns<S extends Span>(text: string, span: S, leadIns: string): S {
  const before = new RegExp(`${START}${leadIns}${_}$`, 'u');
  let start = span.start;
  for (let step = 0; step < 3; step++) {
    const lead = before.exec(text.slice(0, start));
    if (!lead) break;
    start = lead.index;
  }
  return { ...span, start };
}

/** Only spaces between two spans. */
const adjacent = (text: string, first: Span, second: Span) =>
  first.end <= second.start && /^\s+$/u.test(text.slice(first.end, second.start));

function timeOf(found: TimeFound): string | undefined {
  return found.fixed ? hhmm(found.hour, found.minute) : clockTime(found.hour, found.minute, found.period);
}

function collect(text: string, context: ParseContext): GrammarMatch[] {
  const dates: DateFound[] = find(DATES, text, context).map(({ start, end, value }) =>
    withLeadIns(text, { start, end, date: value }, DATE_LEAD_INS),
  );
  const times: TimeFound[] = find(TIMES, text, context).map(({ start, end, value }) =>
    withLeadIns(text, { start, end, ...value }, TIME_LEAD_INS),
  );
  const repeats: RepeatFound[] = find(REPEATS, text, context).map(({ start, end, value }) =>
    withLeadIns(text, { start, end, ...value }, REPEAT_LEAD_INS),
  );
  const partsOfDay: PartFound[] = [...text.matchAll(parts)].map((m) =>
    withLeadIns(text, { start: m.index, end: m.index + m[0].length, ...PERIOD_OF.get(keyOf(m[0]))! }, TIME_LEAD_INS),
  );
  // "الليلة", Levantine "هالليلة", Egyptian "الليلة دي".
  const tonight = [...text.matchAll(pattern(`[وف]?(?:ال|لل|هال)ليله(?:${_}${THIS_AFTER})?${NOT_A_NOUN_PHRASE}`))].map((m) =>
    withLeadIns(text, { start: m.index, end: m.index + m[0].length }, DATE_LEAD_INS),
  );

  const matches: GrammarMatch[] = [];
  const clock: (Span & { time: string })[] = [];
  const consumed = new Set<TimeFound>();

  // "الليلة الساعة 9" is 21:00 today: an hour tonight is an evening hour (or the small hours after midnight, tomorrow).
  for (const night of tonight) {
    const next = times.find((time) => adjacent(text, night, time));
    if (!next) {
      matches.push({ kind: 'datetime', ...night, date: context.today, time: '20:00' });
      continue;
    }
    const time = next.period || next.fixed ? timeOf(next) : clockTime(next.hour, next.minute, 'night');
    if (!time) continue;
    consumed.add(next);
    matches.push({ kind: 'date', ...night, date: time < '05:00' ? addDays(context.today, 1) : context.today });
    matches.push({ kind: 'time', start: next.start, end: next.end, time });
  }

  for (const found of times) {
    const time = timeOf(found);
    if (time && !consumed.has(found)) clock.push({ start: found.start, end: found.end, time });
  }
  for (const part of partsOfDay) {
    // The word of "كل صباح" is the repeat's own.
    if (repeats.some((found) => found.start <= part.start && part.end <= found.end)) continue;
    // "المسا الساعة 7": the part of the day before the hour sets it (19:00), in one span.
    const next = times.find((time) => adjacent(text, part, time) && !time.period && !time.fixed);
    const merged = next && clockTime(next.hour, next.minute, part.period);
    if (next && merged) clock.push({ start: part.start, end: next.end, time: merged });
    // "بكرة الصبح", "الجمعة بالليل", "كل يوم الصبح": a day and a part of the day, the product's hour for it.
    // Before the day only without the article, "صباح الخميس": "قهوة الصباح بكرة" is the morning coffee.
    const before = !/^[وف]?(?:ال|بال)/u.test(text.slice(part.start, part.end)) && dates.some((day) => adjacent(text, part, day));
    if (before || [...dates, ...repeats].some((day) => adjacent(text, day, part)))
      clock.push({ start: part.start, end: part.end, time: part.at });
  }
  // "بكرة 9م", "بكرة 9 م": after a day, م is p.m., not metres.
  for (const m of text.matchAll(HOUR_PM)) {
    const span = { start: m.index, end: m.index + m[0].length };
    const hour = Number(m[1]);
    const time = hour <= 12 ? clockTime(hour, 0, 'pm') : undefined;
    if (time && [...dates, ...repeats].some((day) => adjacent(text, day, span))) clock.push({ ...span, time });
  }
  for (const time of clock) matches.push({ kind: 'time', ...time });
  for (const date of dates) matches.push({ kind: 'date', start: date.start, end: date.end, date: date.date });
  for (const found of repeats) {
    // "كل مساء الساعة 7": the hour is the repeat's, read in its part of the day, in one span.
    const next = found.period && times.find((time) => adjacent(text, found, time) && !time.period && !time.fixed);
    const time = next && clockTime(next.hour, next.minute, found.period);
    if (next && time) matches.push({ kind: 'repeat', start: found.start, end: next.end, repeat: found.repeat, time });
    matches.push({ kind: 'repeat', start: found.start, end: found.end, repeat: found.repeat, ...(found.time && { time: found.time }) });
  }
  return matches;
}

/** "على الساعة ٩": على as typed, with its ى (folded it would be "علي", the name Ali, which stays in the title). */
const ON = /(?<![\p{L}\p{M}\p{N}])[وف]?على\s+$/u;

export const grammar: Grammar = (typed, context) => {
  const folded = fold(typed);
  return collect(folded.text, context).map((match) => {
    const span = typedSpan(folded, typed.length, match.start, match.end);
    const on = match.kind === 'time' ? ON.exec(typed.slice(0, span.start)) : null;
    return { ...match, ...span, ...(on && { start: on.index }) };
  });
};
