/**
 * Hindi quick-add grammar: dates, times and repeat rules as people type them in Hindi on phones, in
 * Devanagari (with or without nuqta and chandrabindu, which phone keyboards make easy to leave out)
 * and in the romanised Hinglish that is at least as common in Indian chat ("kal subah 9 baje").
 * English words are left to the English grammar, which the core tries after this one.
 *
 * Everything a phrase can say is in the tables below; the patterns are built from them, and each
 * reading turns a pattern's named groups into a date, a time or a repeat rule with the calendar
 * helpers, so "अगले शुक्रवार" means what "next friday" means in every other language.
 *
 * Hindi puts its postpositions after the word: "शुक्रवार को" (on Friday), "कल तक" (by tomorrow),
 * "कल की मीटिंग" (tomorrow's meeting). They belong to the date phrase and are part of its span, or
 * the title would keep a dangling "को" or "की".
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
import { WEEKDAYS, type Grammar, type GrammarMatch, type ParseContext, type RepeatRule, type Weekday } from '../types.ts';

// ---------------------------------------------------------------------------------------------
// Spelling: one table word matches the ways it is really typed.
// ---------------------------------------------------------------------------------------------

const NUQTA = '\u093C';
/** Consonants people type with or without a nuqta (हफ़्ते / हफ्ते, रोज़ / रोज), and their one-character forms. */
const NUQTA_FORMS: Readonly<Record<string, string>> = {
  क: '\u0958',
  ख: '\u0959',
  ग: '\u095A',
  ज: '\u095B',
  ड: '\u095C',
  ढ: '\u095D',
  फ: '\u095E',
  य: '\u095F',
};
const CHANDRABINDU = '\u0901';
const ANUSVARA = '\u0902';

/**
 * A table word as a pattern: the nuqta is optional and may come precomposed (U+0958–095F) or as a
 * separate mark; chandrabindu and anusvara stand for each other and may be left out (पाँच / पांच /
 * पाच, परसों / परसो, में / मे), as they are on most phone keyboards; spaces stand for any spacing.
 */
function wordPattern(word: string): string {
  let source = '';
  for (const char of word.normalize('NFD')) {
    if (char === NUQTA) continue; // its consonant below already accepts it
    const precomposed = NUQTA_FORMS[char];
    if (precomposed) source += `(?:${char}\\u093C?|${precomposed})`;
    else if (char === CHANDRABINDU || char === ANUSVARA) source += '[\\u0901\\u0902]?';
    else if (char === ' ') source += '\\s+';
    else source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return source;
}

/** The key a typed word is looked up by: the same for every spelling `wordPattern` accepts. */
function canonical(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u093C\u0901\u0902]/g, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** Words as one alternation, longest first so "दोपहर बाद" is preferred to "दोपहर". */
function oneOf(words: readonly string[]): string {
  return `(?:${[...new Set(words)]
    .sort((a, b) => b.length - a.length)
    .map(wordPattern)
    .join('|')})`;
}

interface Vocabulary<T> {
  pattern: string;
  valueOf(text: string | undefined): T | undefined;
}

/** A table of meanings and the words for each: the pattern that finds them and the lookup that reads them. */
function vocabulary<T>(entries: ReadonlyArray<readonly [T, readonly string[]]>): Vocabulary<T> {
  const meanings = new Map<string, T>();
  for (const [meaning, words] of entries) {
    for (const word of words) {
      const key = canonical(word);
      // Two meanings for one spelling would make a reading depend on table order.
      if (meanings.has(key) && meanings.get(key) !== meaning) throw new Error(`hi grammar: "${word}" has two meanings`);
      meanings.set(key, meaning);
    }
  }
  return {
    pattern: oneOf(entries.flatMap(([, words]) => words)),
    valueOf: (text) => (text === undefined ? undefined : meanings.get(canonical(text))),
  };
}

// ---------------------------------------------------------------------------------------------
// The tables.
// ---------------------------------------------------------------------------------------------

/**
 * Days from today. "कल" is both yesterday and tomorrow; a task is due ahead, so it is tomorrow, as
 * in every Hindi task app. "परसों" likewise is the day after tomorrow, "नरसों" the day after that.
 */
const RELATIVE_DAYS = vocabulary<number>([
  [0, ['आज', 'aaj']],
  [1, ['कल', 'kal']],
  [2, ['परसों', 'parso']],
  [3, ['नरसों', 'narso', 'narson']],
]);

/**
 * Full weekday names only, with the misspellings that are everyday typing (गुरूवार, बुद्धवार,
 * शनीवार), the other names in use (बृहस्पतिवार and वीरवार for Thursday, इतवार for Sunday), the
 * English names as Hindi speakers write them (संडे, मंडे) and the Hinglish ones. The short forms
 * (सोम, मंगल, बुध, गुरु, शुक्र, शनि, रवि) are also planets, words and names: "रवि को फोन करना" is
 * "call Ravi", "गुरु जी से मिलना" is "meet the guru", so they are never a day.
 */
const WEEKDAY_WORDS = vocabulary<Weekday>([
  ['MO', ['सोमवार', 'मंडे', 'somvar', 'somwar', 'somvaar']],
  ['TU', ['मंगलवार', 'ट्यूज़डे', 'ट्यूसडे', 'mangalvar', 'mangalwar', 'mangalvaar']],
  ['WE', ['बुधवार', 'बुद्धवार', 'वेडनेसडे', 'वेनसडे', 'budhvar', 'budhwar', 'budhvaar']],
  ['TH', ['गुरुवार', 'गुरूवार', 'बृहस्पतिवार', 'ब्रहस्पतिवार', 'बृहस्पतवार', 'वीरवार', 'थर्सडे', 'guruvar', 'guruwar', 'veervar', 'brihaspativar']],
  ['FR', ['शुक्रवार', 'फ्राइडे', 'फ्रायडे', 'shukravar', 'shukrawar', 'sukravar']],
  ['SA', ['शनिवार', 'शनीवार', 'सैटरडे', 'shanivar', 'shaniwar', 'shanivaar']],
  ['SU', ['रविवार', 'इतवार', 'एतवार', 'संडे', 'ravivar', 'raviwar', 'itvar', 'itwar', 'etwar']],
]);
/** Monday to Friday in "सोमवार से शुक्रवार" / "सोम-शुक्र": here the short forms cannot be a name. */
const MONDAY = oneOf(['सोमवार', 'सोम', 'मंडे', 'somvar', 'somwar', 'som']);
const FRIDAY = oneOf(['शुक्रवार', 'शुक्र', 'फ्राइडे', 'shukravar', 'shukrawar', 'shukra']);

/** "अगले शुक्रवार" is Friday of next week; "इस शुक्रवार" and "आने वाले शुक्रवार" the coming one. */
const WEEKDAY_MODIFIERS = vocabulary<'next' | 'coming'>([
  ['next', ['अगले', 'अगला', 'agle', 'agla']],
  ['coming', ['इस', 'इसी', 'आने वाले', 'आनेवाले', 'आगामी', 'iss', 'isi', 'aane wale', 'aane vale']],
]);
/** "अगले महीने" (next month) and "इस महीने" (this month): months ahead of today's. */
const NEXT_OR_THIS = vocabulary<number>([
  [1, ['अगले', 'अगला', 'agle', 'agla']],
  [0, ['इस', 'इसी', 'iss', 'isi']],
]);
/** A past day is not a due date: "पिछले शुक्रवार की रिपोर्ट" keeps its Friday in the title. */
const PAST = oneOf(['पिछले', 'पिछला', 'बीते', 'गुज़रे', 'गत', 'pichhle', 'pichle']);

/**
 * Months as written in Hindi, with the spellings in use (सितंबर / सितम्बर, अक्टूबर / अक्तूबर).
 * Abbreviations only with their dot or the Devanagari abbreviation sign ॰: without it "जन" is
 * "people" ("5 जन के लिए खाना") and "नव" is "new" ("नव वर्ष").
 */
const MONTH_WORDS = vocabulary<number>([
  [1, ['जनवरी', 'जन.', 'जन॰']],
  [2, ['फ़रवरी', 'फेब्रुअरी', 'फ़र.', 'फ़र॰']],
  [3, ['मार्च']],
  [4, ['अप्रैल', 'अप्रेल', 'एप्रिल', 'अप्रै.', 'अप्रै॰']],
  [5, ['मई']],
  [6, ['जून']],
  [7, ['जुलाई', 'जुलाइ', 'जुल.', 'जुल॰']],
  [8, ['अगस्त', 'ऑगस्ट', 'अग.', 'अग॰']],
  [9, ['सितंबर', 'सितम्बर', 'सेप्टेंबर', 'सित.', 'सित॰', 'सितं.']],
  [10, ['अक्टूबर', 'अक्तूबर', 'ऑक्टोबर', 'अक्टू.', 'अक्तू.', 'अक्तू॰']],
  [11, ['नवंबर', 'नवम्बर', 'नव.', 'नव॰', 'नवं.']],
  [12, ['दिसंबर', 'दिसम्बर', 'दिस.', 'दिस॰', 'दिसं.']],
]);

/**
 * Number words up to 31: people write "पंद्रह अगस्त", "दो दिन बाद", "नौ बजे" as often as digits.
 * Devanagari only: romanised number words are English words ("do", "teen", "char").
 */
const NUMBER_WORDS = vocabulary<number>([
  [1, ['एक']],
  [2, ['दो']],
  [3, ['तीन']],
  [4, ['चार']],
  [5, ['पाँच']],
  [6, ['छह', 'छः', 'छ:', 'छै']],
  [7, ['सात']],
  [8, ['आठ']],
  [9, ['नौ']],
  [10, ['दस']],
  [11, ['ग्यारह']],
  [12, ['बारह']],
  [13, ['तेरह']],
  [14, ['चौदह']],
  [15, ['पंद्रह', 'पन्द्रह']],
  [16, ['सोलह']],
  [17, ['सत्रह']],
  [18, ['अठारह', 'अट्ठारह']],
  [19, ['उन्नीस']],
  [20, ['बीस']],
  [21, ['इक्कीस']],
  [22, ['बाईस']],
  [23, ['तेईस']],
  [24, ['चौबीस']],
  [25, ['पच्चीस']],
  [26, ['छब्बीस']],
  [27, ['सत्ताईस']],
  [28, ['अट्ठाईस', 'अठाईस']],
  [29, ['उनतीस']],
  [30, ['तीस']],
  [31, ['इकतीस', 'इकत्तीस']],
]);
/** A day of the month: a number, or "पहली" as in "पहली तारीख" and "पहली जनवरी". */
const DAY_ORDINAL = oneOf(['पहली', 'pehli', 'pahli']);
const DAY_NUMBER = `(?:\\d{1,2}|${NUMBER_WORDS.pattern}|${DAY_ORDINAL})`;
const COUNT = `(?:\\d{1,3}|${NUMBER_WORDS.pattern})`;

/** "on the 15th" is "15 तारीख"; "डेट" is how many write it, the Hinglish "15 date ko" too. */
const DATE_WORD = oneOf(['तारीख़', 'तारिख', 'डेट', 'tarikh', 'tareekh', 'tarik', 'date']);

/** Ordinals: "महीने का पहला सोमवार", "हर आखिरी शुक्रवार", "हर दूसरे दिन". */
const ORDINALS = vocabulary<number>([
  [1, ['पहला', 'पहले', 'pehla', 'pehle', 'pahla', 'pahle']],
  [2, ['दूसरा', 'दूसरे', 'dusra', 'dusre', 'doosra', 'doosre']],
  [3, ['तीसरा', 'तीसरे', 'teesra', 'teesre', 'tisra', 'tisre']],
  [4, ['चौथा', 'चौथे', 'chautha', 'chauthe']],
  [5, ['पाँचवाँ', 'पाँचवें', 'पाँचवे']],
  [6, ['छठा', 'छठे']],
  [7, ['सातवाँ', 'सातवें', 'सातवे']],
  [-1, ['आख़िरी', 'आखरी', 'अंतिम', 'अन्तिम', 'aakhri', 'akhri', 'aakhiri', 'akhiri', 'antim']],
]);
const LAST = oneOf(['आख़िरी', 'आखरी', 'अंतिम', 'अन्तिम', 'aakhri', 'akhri', 'aakhiri', 'akhiri', 'antim']);

/** Units of "3 दिन में", "हर 2 हफ्ते": the oblique and plural forms are the ones typed. */
const UNITS = vocabulary<RepeatRule['freq']>([
  ['daily', ['दिन', 'दिनों', 'din', 'dino', 'dinon']],
  ['weekly', ['हफ़्ता', 'हफ़्ते', 'हफ़्तों', 'सप्ताह', 'सप्ताहों', 'hafta', 'hafte', 'hafton']],
  ['monthly', ['महीना', 'महीने', 'महीनों', 'माह', 'mahina', 'mahine', 'mahino', 'mahinon']],
  ['yearly', ['साल', 'सालों', 'वर्ष', 'वर्षों', 'बरस', 'saal', 'saalon', 'varsh']],
]);
const WEEK = oneOf(['हफ़्ता', 'हफ़्ते', 'सप्ताह', 'वीक', 'hafta', 'hafte']);
const MONTH = oneOf(['महीना', 'महीने', 'माह', 'mahina', 'mahine']);
const WEEKEND = oneOf(['वीकेंड', 'वीकएंड', 'सप्ताहांत', 'weekend']);

/** A part of the day: the time it gives alone ("कल सुबह") and how it reads an hour ("शाम 7" is 19:00). */
interface PartOfDay {
  usual: string;
  hour: (hour: number) => number | undefined;
}
/** 13–23 are unambiguous after any part of the day but the morning ("शाम 18:30"). */
const late = (hour: number) => (hour >= 13 && hour <= 23 ? hour : undefined);
// The usual times are the English grammar's (morning 9, afternoon 14, evening 18, night 20), so
// "कल सुबह" and "tomorrow morning" give the same task.
const MORNING: PartOfDay = { usual: '09:00', hour: (h) => (h >= 1 && h <= 11 ? h : undefined) };
/**
 * दोपहर is midday and early afternoon: "दोपहर 12 बजे" is noon, "दोपहर 2 बजे" 14:00, and "दोपहर 11
 * बजे" is still said for late morning.
 */
const AFTERNOON: PartOfDay = { usual: '14:00', hour: (h) => (h === 11 || h === 12 ? h : h >= 1 && h <= 7 ? h + 12 : late(h)) };
const EVENING: PartOfDay = { usual: '18:00', hour: (h) => (h >= 1 && h <= 11 ? h + 12 : late(h)) };
/** "रात 10 बजे" is 22:00, "रात 12 बजे" midnight, "रात 2 बजे" the small hours. */
const NIGHT: PartOfDay = {
  usual: '20:00',
  hour: (h) => (h === 12 || h === 0 ? 0 : h >= 1 && h <= 5 ? h : h >= 6 && h <= 11 ? h + 12 : late(h)),
};
const PARTS_OF_DAY = vocabulary<PartOfDay>([
  [MORNING, ['सुबह', 'सुबह-सुबह', 'सुबह सुबह', 'सवेरे', 'सबेरे', 'प्रातः', 'प्रात:', 'प्रातःकाल', 'subah', 'subha', 'savere', 'sawere']],
  [AFTERNOON, ['दोपहर', 'दुपहर', 'दोपहर बाद', 'दोपहर के बाद', 'dopahar', 'dopehar', 'dophar', 'dopahar baad']],
  // "sham" and "raat" are not read alone: a part of the day is a time only after a day or before an hour.
  [EVENING, ['शाम', 'साँझ', 'सायं', 'सायंकाल', 'shaam', 'sham']],
  [NIGHT, ['रात', 'रात्रि', 'raat']],
]);
/**
 * Fixed times that need no hour. Not "मध्याह्न": "मध्याह्न भोजन" is the school midday-meal scheme,
 * a noun in titles; noon is "दोपहर 12 बजे" or "ठीक दोपहर".
 */
const FIXED_TIMES = vocabulary<string>([
  ['00:00', ['आधी रात', 'आधीरात', 'मध्यरात्रि', 'मध्य रात्रि', 'adhi raat', 'aadhi raat']],
  ['12:00', ['ठीक दोपहर']],
]);
/** Between a part of the day and its hour: "शाम को 7 बजे", "सुबह के 9 बजे". */
const PART_PARTICLE = oneOf(['को', 'के', 'ko', 'ke']);

/** "o'clock": "9 बजे"; "9 बजकर 30 मिनट" is 9:30. */
const BAJE = oneOf(['बजे', 'baje', 'bje']);
const BAJKAR = oneOf(['बजकर', 'बज कर', 'bajkar', 'baj kar']);
const MINUTE_WORD = oneOf(['मिनट', 'मिनिट', 'minute', 'min']);
/**
 * Hindi says the halves and quarters, not the minutes: "साढ़े 9" is 9:30, "सवा 9" 9:15, "पौने 9"
 * 8:45, and 1:30 and 2:30 have words of their own, "डेढ़" and "ढाई".
 */
const FRACTIONS = vocabulary<{ hours: number; minute: number }>([
  [{ hours: 0, minute: 30 }, ['साढ़े', 'साड़े', 'sadhe', 'saadhe', 'saade']],
  [{ hours: 0, minute: 15 }, ['सवा', 'sava', 'sawa']],
  [{ hours: -1, minute: 45 }, ['पौने', 'पौना', 'paune', 'pone']],
]);
const WHOLE_FRACTIONS = vocabulary<{ hour: number; minute: number }>([
  [{ hour: 1, minute: 30 }, ['डेढ़', 'dedh', 'derh']],
  [{ hour: 2, minute: 30 }, ['ढाई', 'dhai', 'dhaai']],
]);

/** "in 2 hours": durations that put a time on the task. */
const DURATION_UNITS = vocabulary<number>([
  [60, ['घंटा', 'घंटे', 'घंटों', 'घण्टा', 'घण्टे', 'ghanta', 'ghante', 'ghanton']],
  [1, ['मिनट', 'मिनटों', 'मिनिट', 'minute', 'minutes', 'min', 'mins']],
]);
const DURATION_FRACTIONS = vocabulary<number>([
  [0.5, ['आधा', 'आधे', 'aadha', 'aadhe', 'adha', 'adhe']],
  [1.5, ['डेढ़', 'dedh', 'derh']],
  [2.5, ['ढाई', 'dhai', 'dhaai']],
]);

/** "3 दिन में" (in), "3 दिन बाद" / "के बाद" (after), "3 दिन के अंदर" (within): all due in 3 days. "3 दिन तक" is "for 3 days". */
const IN_AFTER = oneOf(['में', 'बाद', 'के बाद', 'पश्चात', 'के अंदर', 'के अन्दर', 'के भीतर', 'me', 'mein', 'main', 'baad', 'ke baad', 'ke andar']);
/** Postpositions of a date: on, by, from, before, for, of ("कल की मीटिंग"). */
const DATE_POSTPOSITION = oneOf([
  'के लिए',
  'के दिन',
  'से पहले',
  'तक',
  'को',
  'से',
  'का',
  'की',
  'के',
  'ke liye',
  'ke din',
  'se pehle',
  'se pahle',
  'tak',
  'ko',
  'se',
  'ka',
  'ki',
  'ke',
]);
/** Of a week or a month also "in": "अगले हफ्ते में". */
const PERIOD_POSTPOSITION = `(?:${DATE_POSTPOSITION}|${oneOf(['में', 'me', 'mein'])})`;
/** After a time: by, before, after, at, and "of" ("4 बजे की चाय", "9 बजे की ट्रेन"). */
const TIME_POSTPOSITION = oneOf([
  'तक',
  'से पहले',
  'के बाद',
  'पर',
  'का',
  'की',
  'के',
  'tak',
  'se pehle',
  'se pahle',
  'ke baad',
  'par',
  'ka',
  'ki',
  'ke',
]);
const KO = oneOf(['को', 'ko']);
const OF = oneOf(['का', 'के', 'की', 'ka', 'ke', 'ki']);

/** "every": हर, and the formal प्रति / प्रत्येक. */
const EVERY = oneOf(['हर', 'प्रति', 'प्रत्येक', 'har', 'prati']);
/** Single words and set phrases that are a repeat rule on their own. */
const REPEAT_WORDS = vocabulary<RepeatRule>([
  [
    { freq: 'daily', interval: 1 },
    ['रोज़', 'रोज़ाना', 'प्रतिदिन', 'रोज़ रोज़', 'दिन में एक बार', 'roz', 'rozana', 'roj', 'rojana', 'din me ek baar', 'din mein ek baar'],
  ],
  [{ freq: 'weekly', interval: 1 }, ['प्रतिसप्ताह', 'हफ़्ते में एक बार', 'सप्ताह में एक बार', 'hafte me ek baar', 'hafte mein ek baar']],
  [{ freq: 'monthly', interval: 1 }, ['प्रतिमाह', 'महीने में एक बार', 'mahine me ek baar', 'mahine mein ek baar']],
  [{ freq: 'yearly', interval: 1 }, ['सालाना', 'प्रतिवर्ष', 'साल में एक बार', 'salana', 'saalana', 'saal me ek baar', 'saal mein ek baar']],
]);
/** "हर कार्यदिवस" and its loanwords; "सोमवार से शुक्रवार" is read by its own pattern. */
const WORKDAY = oneOf([
  'कार्यदिवस',
  'कार्यदिवसों',
  'कार्य दिवस',
  'कार्य दिवसों',
  'वर्किंग डे',
  'वर्किंग डेज़',
  'वीकडे',
  'वीकडेज़',
  'working day',
  'weekday',
]);
const AND = oneOf(['और', 'व', 'तथा', 'aur']);
/** "एक दिन छोड़कर": every other day. */
const SKIPPING = oneOf(['छोड़कर', 'छोड़ कर', 'छोड़के', 'chhodkar', 'chodkar', 'chhod kar', 'chod kar']);

/**
 * "1/2 किलो", "3/4 कप": a fraction before a measure is not a date. Digits on both sides of a
 * slash are a day and a month only when no such word follows.
 */
const MEASURES = oneOf([
  'किलो',
  'किग्रा',
  'ग्राम',
  'लीटर',
  'कप',
  'चम्मच',
  'दर्जन',
  'गिलास',
  'प्लेट',
  'इंच',
  'फुट',
  'मीटर',
  'हिस्सा',
  'भाग',
  'kg',
  'kilo',
  'g',
  'gm',
  'gram',
  'l',
  'ml',
  'litre',
  'liter',
  'cup',
  'dozen',
]);

// ---------------------------------------------------------------------------------------------
// Pattern pieces.
// ---------------------------------------------------------------------------------------------

const WORD_CHARACTER = '[\\p{L}\\p{M}\\p{N}]';
const START = `(?<!${WORD_CHARACTER})`;
const END = `(?!${WORD_CHARACTER})`;
const _ = '\\s+';

/**
 * A clock time: "9 बजे", "सुबह 9", "शाम को 7 बजे", "9 बजे शाम", "18:30", "9.30 बजे", "साढ़े 9
 * बजे", "डेढ़ बजे", "9 बजकर 15 मिनट", "नौ बजे". A number is a time only when "बजे", a part of the
 * day or a clock's colon says so: "chapter 3" and "2 किलो" are not times (see readTime).
 */
const TIME = [
  START,
  `(?:(?<tPart>${PARTS_OF_DAY.pattern})(?:${_}${PART_PARTICLE})?${_})?`,
  '(?:',
  `(?<tFraction>${FRACTIONS.pattern})${_}(?<tFractionHour>\\d{1,2}|${NUMBER_WORDS.pattern})`,
  `|(?<tWhole>${WHOLE_FRACTIONS.pattern})`,
  `|(?<tHour>\\d{1,2})(?:(?<tSeparator>[:.])(?<tMinute>\\d{2}))?`,
  `|(?<tHourWord>${NUMBER_WORDS.pattern})`,
  ')',
  // A range, "शाम 5 से 7 बजे तक": the task is due when it starts.
  `(?:${_}${oneOf(['से', 'se'])}${_}(?:\\d{1,2}(?:[:.]\\d{2})?|${NUMBER_WORDS.pattern}))?`,
  `(?:\\s*(?:(?<tBajkar>${BAJKAR})${_}(?<tBajkarMinute>\\d{1,2})${_}${MINUTE_WORD}|(?<tBaje>${BAJE}))`,
  `(?:${_}(?<tPartAfter>${PARTS_OF_DAY.pattern})(?:${_}${KO})?)?)?`,
  `(?:${_}${TIME_POSTPOSITION})?`,
  END,
].join('');

/** A day word right before a part of the day: "कल सुबह", "आज रात", "शुक्रवार को शाम". */
const AFTER_A_DAY = `(?<=${START}(?:${RELATIVE_DAYS.pattern}|${WEEKDAY_WORDS.pattern})(?:${_}${KO})?${_})`;

// ---------------------------------------------------------------------------------------------
// Readings.
// ---------------------------------------------------------------------------------------------

type Groups = Partial<Record<string, string>>;
type Reading =
  | { kind: 'date'; date: string }
  | { kind: 'time'; time: string }
  | { kind: 'datetime'; date: string; time: string }
  | { kind: 'repeat'; repeat: RepeatRule; time?: string };

const date = (value: string | undefined): Reading | undefined => (value ? { kind: 'date', date: value } : undefined);
const time = (value: string | undefined): Reading | undefined => (value ? { kind: 'time', time: value } : undefined);
const repeat = (rule: RepeatRule | undefined): Reading | undefined => (rule ? { kind: 'repeat', repeat: rule } : undefined);

const FIRST_OF_MONTH = new RegExp(`^${DAY_ORDINAL}$`, 'iu');
const A_WEEKDAY = new RegExp(WEEKDAY_WORDS.pattern, 'giu');

/** A count or day written in digits or words. */
function numberOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  if (FIRST_OF_MONTH.test(text)) return 1;
  return NUMBER_WORDS.valueOf(text);
}

/** An hour as said, with or without its part of the day, as HH:MM. */
function clock(hour: number, minute: number, part: PartOfDay | undefined, spoken: boolean): string | undefined {
  if (part) {
    const reading = part.hour(hour);
    return reading === undefined ? undefined : hhmm(reading, minute);
  }
  // Spoken Hindi counts the hours on a 12-hour clock and rarely says "afternoon" for the working
  // day: "3 बजे मीटिंग" is at 15:00. From 7 on the hour is taken as said ("7 बजे उठना", "9 बजे"),
  // and an early-morning task says so ("सुबह 5 बजे"). A digital "3:30" is read as written.
  if (spoken && hour >= 1 && hour <= 6) return hhmm(hour + 12, minute);
  return hhmm(hour, minute);
}

function readTime(found: Groups): string | undefined {
  const part = PARTS_OF_DAY.valueOf(found.tPart ?? found.tPartAfter);
  const spoken = found.tBaje !== undefined || found.tBajkar !== undefined;
  let hour: number;
  let minute = 0;
  if (found.tFraction) {
    const fraction = FRACTIONS.valueOf(found.tFraction)!;
    const said = numberOf(found.tFractionHour)!;
    hour = said + fraction.hours === 0 ? 12 : said + fraction.hours; // "पौने 1" is 12:45
    minute = fraction.minute;
  } else if (found.tWhole) {
    ({ hour, minute } = WHOLE_FRACTIONS.valueOf(found.tWhole)!);
  } else if (found.tHour) {
    hour = Number(found.tHour);
    if (found.tMinute) minute = Number(found.tMinute);
    // "9:30" alone is a clock; "9.30" alone is a decimal ("9.30 किलो") unless "बजे" or a part of the day says otherwise.
    if (!spoken && !part && found.tSeparator !== ':') return undefined;
  } else {
    hour = numberOf(found.tHourWord)!;
  }
  if (found.tBajkarMinute !== undefined) {
    if (found.tFraction || found.tWhole || found.tMinute) return undefined;
    minute = Number(found.tBajkarMinute);
  }
  if (!spoken && !part && !found.tMinute) return undefined;
  return clock(hour, minute, part, spoken);
}

function firstOfMonth(today: string, months: number): string {
  return addMonths(`${today.slice(0, 7)}-01`, months);
}

/** Day `day` of the month `months` after today's, if that month has it. */
function dayInMonth(today: string, months: number, day: number): string | undefined {
  const [year, month] = firstOfMonth(today, months).split('-').map(Number) as [number, number];
  return isValidDate(year, month, day) ? ymd(year, month, day) : undefined;
}

function afterCount(today: string, count: number, unit: RepeatRule['freq']): string {
  switch (unit) {
    case 'daily':
      return addDays(today, count);
    case 'weekly':
      return addDays(today, 7 * count);
    case 'monthly':
      return addMonths(today, count);
    case 'yearly':
      return addMonths(today, 12 * count);
  }
}

/** Weekdays named in a list ("सोमवार, बुधवार और शुक्रवार"), Monday first, each once. */
function weekdaysIn(list: string): Weekday[] {
  const named = new Set([...list.matchAll(A_WEEKDAY)].map((m) => WEEKDAY_WORDS.valueOf(m[0])!));
  return WEEKDAYS.filter((day) => named.has(day));
}

const intervalOf = (count: number | undefined): number | undefined =>
  count !== undefined && count >= 1 && count <= 365 ? count : undefined;

// ---------------------------------------------------------------------------------------------
// The rules: a pattern and how to read what it found.
// ---------------------------------------------------------------------------------------------

interface Rule {
  pattern: RegExp;
  read: (found: Groups, context: ParseContext) => Reading | undefined;
  /** "हर सुबह" is a repeat rule only with the time it names. */
  needsTime?: boolean;
}

const rule = (source: string, read: Rule['read'], needsTime = false): Rule => ({ pattern: new RegExp(source, 'giu'), read, needsTime });

const DATES: readonly Rule[] = [
  // आज, कल, परसों, with their postposition ("कल तक", "कल की मीटिंग"). Two relative days side by side
  // are an idiom, not a date: "आज कल" / "आज-कल" (nowadays), "कल परसों" (in a day or two); "बीते कल" is
  // yesterday; "कल-पुर्ज़े" (machine parts) is a compound.
  rule(
    `${START}(?<!${START}${RELATIVE_DAYS.pattern}[\\s-]+|${PAST}${_})(?<![\\p{L}\\p{M}]-)(?<days>${RELATIVE_DAYS.pattern})` +
      `(?![\\s-]+${RELATIVE_DAYS.pattern}${END})(?!-[\\p{L}\\p{M}])(?:${_}${DATE_POSTPOSITION})?${END}`,
    (found, { today }) => date(addDays(today, RELATIVE_DAYS.valueOf(found.days)!)),
  ),
  // "शुक्रवार", "शुक्रवार को", "अगले शुक्रवार", "इस शुक्रवार तक". Not after "हर" (a repeat rule) or "पिछले".
  rule(
    `${START}(?<!(?:${PAST}|${EVERY})${_})(?:(?<modifier>${WEEKDAY_MODIFIERS.pattern})${_})?(?<weekday>${WEEKDAY_WORDS.pattern})(?:${_}${DATE_POSTPOSITION})?${END}`,
    (found, { today }) => {
      const weekday = WEEKDAY_WORDS.valueOf(found.weekday)!;
      return date(WEEKDAY_MODIFIERS.valueOf(found.modifier) === 'next' ? nextWeekWeekday(today, weekday) : comingWeekday(today, weekday));
    },
  ),
  // "अगले हफ्ते शुक्रवार को", "अगले हफ्ते के शुक्रवार": that weekday of next week.
  rule(
    `${START}(?<modifier>${WEEKDAY_MODIFIERS.pattern})${_}${WEEK}${_}(?:${OF}${_})?(?<weekday>${WEEKDAY_WORDS.pattern})(?:${_}${DATE_POSTPOSITION})?${END}`,
    (found, { today }) => {
      const weekday = WEEKDAY_WORDS.valueOf(found.weekday)!;
      return date(WEEKDAY_MODIFIERS.valueOf(found.modifier) === 'next' ? nextWeekWeekday(today, weekday) : comingWeekday(today, weekday));
    },
  ),
  // "अगले हफ्ते": Monday of next week.
  rule(`${START}${oneOf(['अगले', 'अगला', 'agle', 'agla'])}${_}${WEEK}(?:${_}${PERIOD_POSTPOSITION})?${END}`, (_found, { today }) =>
    date(nextWeekWeekday(today, 'MO')),
  ),
  // "अगले महीने": the first of next month.
  rule(`${START}${oneOf(['अगले', 'अगला', 'agle', 'agla'])}${_}${MONTH}(?:${_}${PERIOD_POSTPOSITION})?${END}`, (_found, { today }) =>
    date(firstOfMonth(today, 1)),
  ),
  // "अगले महीने की 5 तारीख", "इस महीने की 30 तारीख को".
  rule(
    `${START}(?<which>${NEXT_OR_THIS.pattern})${_}${MONTH}${_}(?:${OF}${_})?(?<day>${DAY_NUMBER})\\s*${DATE_WORD}(?:${_}${DATE_POSTPOSITION})?${END}`,
    (found, { today }) => date(dayInMonth(today, NEXT_OR_THIS.valueOf(found.which)!, numberOf(found.day)!)),
  ),
  // "महीने के अंत तक", "इस महीने के आखिर में", "अगले महीने के अंत में", "साल के अंत तक": the last day.
  rule(
    `${START}(?:(?<which>${NEXT_OR_THIS.pattern})${_})?(?<period>${MONTH}|${oneOf(['साल', 'वर्ष', 'saal'])})${_}${oneOf(['के', 'ke'])}${_}` +
      `${oneOf(['अंत', 'अन्त', 'आख़िर', 'आख़िरी दिन', 'अंतिम दिन', 'aakhir', 'akhir', 'ant'])}(?:${_}${oneOf(['में', 'तक', 'से पहले', 'me', 'mein', 'tak'])})?${END}`,
    (found, { today }) => {
      const ahead = NEXT_OR_THIS.valueOf(found.which) ?? 0;
      if (UNITS.valueOf(found.period) === 'yearly') return date(ymd(Number(today.slice(0, 4)) + ahead, 12, 31));
      return date(addDays(firstOfMonth(today, ahead + 1), -1));
    },
  ),
  // "इस वीकेंड", "वीकेंड पर": the coming Saturday; "अगले वीकेंड" next week's. A bare "वीकेंड" is a
  // noun in titles ("वीकेंड प्लान बनाना").
  rule(
    `${START}(?:(?<modifier>${WEEKDAY_MODIFIERS.pattern})${_})?${WEEKEND}(?:${_}(?<postposition>${oneOf(['पर', 'में', 'को', 'तक', 'par', 'me', 'mein', 'ko', 'tak'])}))?${END}`,
    (found, { today }) => {
      if (!found.modifier && !found.postposition) return undefined;
      return date(WEEKDAY_MODIFIERS.valueOf(found.modifier) === 'next' ? nextWeekWeekday(today, 'SA') : comingWeekday(today, 'SA'));
    },
  ),
  // "3 दिन में", "2 हफ्ते बाद", "एक महीने के अंदर", "आज से 10 दिन बाद", "अगले 3 दिनों में".
  rule(
    `${START}(?:${oneOf(['आज से', 'अब से', 'अगले', 'aaj se', 'ab se', 'agle'])}${_})?(?<count>${COUNT})${_}(?<unit>${UNITS.pattern})${_}${IN_AFTER}${END}`,
    (found, { today }) => {
      const count = numberOf(found.count);
      return count && count <= 999 ? date(afterCount(today, count, UNITS.valueOf(found.unit)!)) : undefined;
    },
  ),
  // "2 घंटे में", "आधे घंटे बाद", "30 मिनट में": a time today (or tomorrow, past midnight).
  rule(
    `${START}(?:${oneOf(['अब से', 'ab se'])}${_})?(?:(?<count>${COUNT})|(?<fraction>${DURATION_FRACTIONS.pattern}))${_}(?<unit>${DURATION_UNITS.pattern})${_}${IN_AFTER}${END}`,
    (found, { today, now }) => {
      const count = found.fraction ? DURATION_FRACTIONS.valueOf(found.fraction)! : numberOf(found.count)!;
      const minutes = Math.round(count * DURATION_UNITS.valueOf(found.unit)!);
      if (minutes < 1 || minutes > 7 * 24 * 60) return undefined;
      const [hour, minute] = now.split(':').map(Number) as [number, number];
      const total = hour * 60 + minute + minutes;
      return { kind: 'datetime', date: addDays(today, Math.floor(total / 1440)), time: hhmm(Math.floor((total % 1440) / 60), total % 60)! };
    },
  ),
  // "5 मार्च", "5 मार्च 2027", "पंद्रह अगस्त को", "पहली जनवरी", "दिनांक 5 मार्च". A year is this
  // century's: "5 मार्च 1000 रुपये" is not a date in the year 1000.
  rule(
    `${START}(?:${oneOf(['दिनांक', 'तारीख़'])}${_})?(?<day>${DAY_NUMBER})(?:${_}${DATE_WORD}${_}|\\s*)(?<month>${MONTH_WORDS.pattern})(?:,?\\s*(?<year>20\\d\\d))?(?:${_}${DATE_POSTPOSITION})?${END}`,
    (found, { today }) => readDayMonth(today, numberOf(found.day)!, MONTH_WORDS.valueOf(found.month)!, found.year),
  ),
  // "मार्च 5", "मार्च 5, 2027", as English habit writes it; not "मार्च" after a day ("15 मार्च 10 बजे")
  // nor before an hour.
  rule(
    `${START}(?<!\\d\\s*|${NUMBER_WORDS.pattern}${_})(?:${oneOf(['दिनांक'])}${_})?(?<month>${MONTH_WORDS.pattern})${_}(?<day>\\d{1,2})(?:,?\\s*(?<year>20\\d\\d))?(?!\\s*(?:[:.]\\d|${BAJE}))(?:${_}${DATE_POSTPOSITION})?${END}`,
    (found, { today }) => readDayMonth(today, Number(found.day), MONTH_WORDS.valueOf(found.month)!, found.year),
  ),
  // "मार्च की 5 तारीख".
  rule(
    `${START}(?<month>${MONTH_WORDS.pattern})${_}${oneOf(['की', 'ki'])}${_}(?<day>${DAY_NUMBER})\\s*${DATE_WORD}(?:${_}${DATE_POSTPOSITION})?${END}`,
    (found, { today }) => readDayMonth(today, numberOf(found.day)!, MONTH_WORDS.valueOf(found.month)!, undefined),
  ),
  // "25/12", "25/12/2026", "5-3-2027", "5.3.2027", "25/12/26": day first, as in India. Without a year
  // only with a slash: "10-12" is a range and "9.30" a decimal. "24/7" is "always".
  rule(
    `${START}(?<![\\d][/.-])(?:${oneOf(['दिनांक'])}${_})?(?<day>\\d{1,2})(?<separator>[/.-])(?<month>\\d{1,2})` +
      `(?:\\k<separator>(?<year>\\d{4}|\\d{2})|(?!\\s*${MEASURES}${END}))(?![/.-]\\d)(?:${_}${DATE_POSTPOSITION})?${END}`,
    (found, { today }) => {
      const day = Number(found.day);
      const month = Number(found.month);
      if (found.year === undefined) {
        if (found.separator !== '/' || (day === 24 && month === 7)) return undefined;
        return date(comingMonthDay(today, month, day));
      }
      const year = found.year.length === 2 ? 2000 + Number(found.year) : Number(found.year);
      return isValidDate(year, month, day) ? date(ymd(year, month, day)) : undefined;
    },
  ),
  // "15 तारीख को", "महीने की पहली तारीख", "15 date ko": the coming 15th. Not the tail of "इस / अगले
  // महीने की 5 तारीख", which is read above (and is no date when this month's 5th has passed).
  rule(
    `${START}(?<!${NEXT_OR_THIS.pattern}${_}|${MONTH}${_}${oneOf(['की', 'ki'])}${_})(?:${MONTH}${_}${oneOf(['की', 'ki'])}${_})?(?<day>${DAY_NUMBER})\\s*${DATE_WORD}(?:${_}${DATE_POSTPOSITION})?${END}`,
    (found, { today }) => date(comingDayOfMonth(today, numberOf(found.day)!)),
  ),
];

function readDayMonth(today: string, day: number, month: number, year: string | undefined): Reading | undefined {
  if (year === undefined) return date(comingMonthDay(today, month, day));
  return isValidDate(Number(year), month, day) ? date(ymd(Number(year), month, day)) : undefined;
}

const TIMES: readonly Rule[] = [
  rule(TIME, (found) => time(readTime(found))),
  // "कल सुबह", "आज रात", "शुक्रवार शाम को", "कल रात का खाना": a part of the day right after a day
  // is that part of that day. Alone it is not a time: "सुबह की सैर" is a morning walk.
  rule(`${AFTER_A_DAY}(?<part>${PARTS_OF_DAY.pattern})(?:${_}(?:${KO}|${OF}|${oneOf(['में', 'me', 'mein'])}))?${END}`, (found) =>
    time(PARTS_OF_DAY.valueOf(found.part)!.usual),
  ),
  // "आधी रात को", "ठीक दोपहर".
  rule(`${START}(?<fixed>${FIXED_TIMES.pattern})(?:${_}(?:${KO}|${TIME_POSTPOSITION}))?${END}`, (found) =>
    time(FIXED_TIMES.valueOf(found.fixed)),
  ),
];

const WEEKDAY_LIST = `${WEEKDAY_WORDS.pattern}(?:(?:\\s*[,/-]\\s*|${_}${AND}${_}|\\s*,\\s*${AND}${_})${WEEKDAY_WORDS.pattern})*`;
const MONDAY_TO_FRIDAY: RepeatRule = { freq: 'weekly', interval: 1, byWeekday: ['MO', 'TU', 'WE', 'TH', 'FR'] };

const REPEATS: readonly Rule[] = [
  // "रोज़", "रोज़ाना", "प्रतिदिन", "हफ्ते में एक बार", "सालाना". "रोज़ डे" is Rose Day (7 February).
  rule(`${START}(?<words>${REPEAT_WORDS.pattern})(?!${_}${oneOf(['डे', 'day'])}${END})${END}`, (found) =>
    repeat(REPEAT_WORDS.valueOf(found.words)),
  ),
  // "हर दिन", "हर हफ्ते", "प्रति माह", "हर 3 दिन", "हर 2 हफ्ते में", "हर दूसरे दिन", "हर 3 दिन में एक बार".
  rule(
    `${START}${EVERY}${_}(?:(?:(?<count>${COUNT})|(?<ordinal>${ORDINALS.pattern}))${_})?(?<unit>${UNITS.pattern}|${oneOf(['रोज़', 'roz'])})` +
      `(?:${_}${oneOf(['में', 'पर', 'बाद', 'के बाद', 'me', 'mein', 'par', 'baad'])})?(?:${_}${oneOf(['एक बार', 'ek baar'])})?${END}`,
    (found) => {
      const ordinal = ORDINALS.valueOf(found.ordinal);
      if (ordinal === 1 || ordinal === -1) return undefined; // "हर पहले दिन" says nothing
      const interval = intervalOf(ordinal ?? numberOf(found.count) ?? 1);
      return interval ? repeat({ freq: UNITS.valueOf(found.unit) ?? 'daily', interval }) : undefined;
    },
  ),
  // "3 दिन में एक बार": once every 3 days.
  rule(
    `${START}(?<count>${COUNT})${_}(?<unit>${UNITS.pattern})${_}${oneOf(['में', 'me', 'mein'])}${_}${oneOf(['एक बार', 'ek baar'])}${END}`,
    (found) => {
      const interval = intervalOf(numberOf(found.count));
      return interval ? repeat({ freq: UNITS.valueOf(found.unit)!, interval }) : undefined;
    },
  ),
  // "एक दिन छोड़कर", "हर एक हफ्ता छोड़ कर": every other day / week.
  rule(`${START}(?:${EVERY}${_})?${oneOf(['एक', '1', 'ek'])}${_}(?<unit>${UNITS.pattern})${_}${SKIPPING}${END}`, (found) =>
    repeat({ freq: UNITS.valueOf(found.unit)!, interval: 2 }),
  ),
  // "हर सोमवार", "हर सोमवार और गुरुवार को", "हर हफ्ते सोमवार, बुधवार, शुक्रवार", "हर शनिवार-रविवार".
  rule(`${START}${EVERY}${_}(?:${WEEK}${_}(?:${OF}${_})?)?(?<list>${WEEKDAY_LIST})(?:${_}${KO})?${END}`, (found) =>
    repeat({ freq: 'weekly', interval: 1, byWeekday: weekdaysIn(found.list!) }),
  ),
  // "हर महीने का आखिरी शुक्रवार", "हर महीने के पहले सोमवार को", "हर आखिरी शुक्रवार". Without the month,
  // "हर दूसरे सोमवार" is every other Monday, as "हर दूसरे दिन" is every other day.
  rule(
    `${START}${EVERY}${_}(?:(?<month>${MONTH})${_}${OF}${_})?(?<ordinal>${ORDINALS.pattern})${_}(?<weekday>${WEEKDAY_WORDS.pattern})(?:${_}${KO})?${END}`,
    (found) => {
      const ordinal = ORDINALS.valueOf(found.ordinal)!;
      const weekday = WEEKDAY_WORDS.valueOf(found.weekday)!;
      if (found.month || ordinal === 1 || ordinal === -1) {
        if (ordinal > 4) return undefined;
        return repeat({ freq: 'monthly', interval: 1, byNthWeekday: { weekday, pos: ordinal as 1 | 2 | 3 | 4 | -1 } });
      }
      return repeat({ freq: 'weekly', interval: ordinal, byWeekday: [weekday] });
    },
  ),
  // "हर महीने की 15 तारीख को", "हर महीने 15 को", "हर महीने की पहली तारीख", "हर महीने की आखिरी तारीख".
  rule(
    `${START}${EVERY}${_}${MONTH}${_}(?:${OF}${_})?(?:(?<day>${DAY_NUMBER})\\s*(?:${DATE_WORD}(?:${_}${KO})?|${KO})|(?<last>${LAST})${_}${DATE_WORD}(?:${_}${KO})?)${END}`,
    (found) => {
      const day = found.last ? -1 : numberOf(found.day)!;
      return day === -1 || (day >= 1 && day <= 31) ? repeat({ freq: 'monthly', interval: 1, byMonthDay: day }) : undefined;
    },
  ),
  // "हर महीने के पहले दिन", "हर महीने के आखिरी दिन".
  rule(
    `${START}${EVERY}${_}${MONTH}${_}${OF}${_}(?<ordinal>${ORDINALS.pattern})${_}${oneOf(['दिन', 'din'])}(?:${_}${KO})?${END}`,
    (found) => {
      const ordinal = ORDINALS.valueOf(found.ordinal);
      return ordinal === 1 || ordinal === -1 ? repeat({ freq: 'monthly', interval: 1, byMonthDay: ordinal }) : undefined;
    },
  ),
  // "हर 15 तारीख को": monthly on the 15th.
  rule(`${START}${EVERY}${_}(?<day>${DAY_NUMBER})\\s*${DATE_WORD}(?:${_}${KO})?${END}`, (found) => {
    const day = numberOf(found.day)!;
    return day >= 1 && day <= 31 ? repeat({ freq: 'monthly', interval: 1, byMonthDay: day }) : undefined;
  }),
  // "हर साल 5 मार्च को", "हर 15 अगस्त": yearly on that day (29 February included).
  rule(
    `${START}${EVERY}${_}(?:${oneOf(['साल', 'वर्ष', 'saal'])}${_}(?:${OF}${_})?)?(?<day>${DAY_NUMBER})(?:${_}${DATE_WORD}${_}|\\s*)(?<month>${MONTH_WORDS.pattern})(?:${_}${KO})?${END}`,
    (found) => {
      const day = numberOf(found.day)!;
      const month = MONTH_WORDS.valueOf(found.month)!;
      return isValidDate(2000, month, day) ? repeat({ freq: 'yearly', interval: 1, byMonth: month, byMonthDay: day }) : undefined;
    },
  ),
  // "हर कार्यदिवस", "सभी वर्किंग डेज़ पर". Not a bare "कार्यदिवसों में": "3 कार्यदिवसों में" is a deadline.
  rule(
    `${START}(?:${EVERY}|${oneOf(['सभी', 'sabhi'])})${_}${WORKDAY}(?:${_}(?:${KO}|${oneOf(['पर', 'में', 'par', 'me', 'mein'])}))?${END}`,
    () => repeat(MONDAY_TO_FRIDAY),
  ),
  // "सोमवार से शुक्रवार", "हर हफ्ते सोम-शुक्र": Monday to Friday.
  rule(
    `${START}(?:${EVERY}${_}(?:${WEEK}${_})?)?${MONDAY}(?:${_}${oneOf(['से', 'se'])}${_}|\\s*-\\s*)${FRIDAY}(?:${_}${oneOf(['तक', 'tak'])})?${END}`,
    () => repeat(MONDAY_TO_FRIDAY),
  ),
  // "हर वीकेंड": Saturday and Sunday.
  rule(`${START}${EVERY}${_}${WEEKEND}(?:${_}(?:${KO}|${oneOf(['पर', 'par'])}))?${END}`, () =>
    repeat({ freq: 'weekly', interval: 1, byWeekday: ['SA', 'SU'] }),
  ),
  // "हर सुबह", "हर रात 10 बजे": daily at that time; the time follows (see timeAfter).
  rule(`${START}${EVERY}(?=${_}${PARTS_OF_DAY.pattern}${END})`, () => repeat({ freq: 'daily', interval: 1 }), true),
];

/** After a repeat phrase, its time: "रोज़ सुबह 7 बजे", "हर सोमवार को 10 बजे", "हर रात". */
const TIME_AFTER = new RegExp(`${_}(?:${KO}${_})?(?:${TIME})`, 'iuy');
const PART_AFTER = new RegExp(`${_}(?<part>${PARTS_OF_DAY.pattern})(?:${_}${KO})?${END}`, 'iuy');

function timeAfter(text: string, at: number): { end: number; time: string } | undefined {
  TIME_AFTER.lastIndex = at;
  const clockTime = TIME_AFTER.exec(text);
  const read = clockTime && readTime(clockTime.groups ?? {});
  if (clockTime && read) return { end: at + clockTime[0].length, time: read };
  PART_AFTER.lastIndex = at;
  const part = PART_AFTER.exec(text);
  if (part) return { end: at + part[0].length, time: PARTS_OF_DAY.valueOf(part.groups!.part)!.usual };
  return undefined;
}

export const grammar: Grammar = (text, context) => {
  const matches: GrammarMatch[] = [];
  for (const { pattern, read, needsTime } of [...REPEATS, ...DATES, ...TIMES]) {
    for (const found of text.matchAll(pattern)) {
      const reading = read(found.groups ?? {}, context);
      // A new task is not due in the past ("25/12/2025", "इस महीने की 5 तारीख" on the 25th): the words stay text.
      if (!reading || ('date' in reading && reading.date < context.today)) continue;
      const start = found.index;
      let end = start + found[0].length;
      if (reading.kind === 'repeat') {
        const after = timeAfter(text, end);
        if (after) {
          reading.time = after.time;
          end = after.end;
        } else if (needsTime) continue;
      }
      matches.push({ ...reading, start, end });
    }
  }
  return matches;
};
