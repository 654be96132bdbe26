import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseRecurrence } from '../../schemas/recurrence.ts';
import { GRAMMARS } from '../grammars.ts';
import { parseQuickAdd } from '../parse.ts';
import { toRRule } from '../repeat.ts';
import { grammar } from './hi.ts';
import { CONTEXT, type Expected, expectRows, expectSoundParse, parsedAs, WEEKDAYS_MO_FR as MONDAY_TO_FRIDAY } from './table-harness.ts';

// The app's grammars with this one in its place, whether or not grammars.ts lists it yet: the
// parse is the one a Hindi user gets, English grammar included.
const WITH_HINDI = { ...GRAMMARS, hi: grammar };

const ROWS: ReadonlyArray<readonly [string, Expected]> = [
  // Days from today; "कल" is tomorrow.
  ['कल सुबह 9 बजे डॉक्टर के पास जाना', { title: 'डॉक्टर के पास जाना', due_date: '2026-11-26', due_time: '09:00' }],
  ['दूध और ब्रेड आज लाना', { title: 'दूध और ब्रेड लाना', due_date: '2026-11-25' }],
  ['परसों शाम 6 बजे जन्मदिन की पार्टी', { title: 'जन्मदिन की पार्टी', due_date: '2026-11-27', due_time: '18:00' }],
  ['नरसों बैंक में चेक जमा करना', { title: 'बैंक में चेक जमा करना', due_date: '2026-11-28' }],
  ['आज रात बिजली का बिल भरना', { title: 'बिजली का बिल भरना', due_date: '2026-11-25', due_time: '20:00' }],
  ['आज शाम को सब्ज़ी लाना', { title: 'सब्ज़ी लाना', due_date: '2026-11-25', due_time: '18:00' }],
  ['कल की मीटिंग की तैयारी', { title: 'मीटिंग की तैयारी', due_date: '2026-11-26' }],
  // Weekdays, with the postposition that belongs to them.
  ['शुक्रवार को रिपोर्ट भेजनी है', { title: 'रिपोर्ट भेजनी है', due_date: '2026-11-27' }],
  ['अगले शुक्रवार क्लाइंट के साथ मीटिंग', { title: 'क्लाइंट के साथ मीटिंग', due_date: '2026-12-04' }],
  ['इस शनिवार तक फॉर्म भरना', { title: 'फॉर्म भरना', due_date: '2026-11-28' }],
  ['बुधवार को माँ को फोन करना', { title: 'माँ को फोन करना', due_date: '2026-11-25' }],
  ['संडे को मूवी देखने जाना', { title: 'मूवी देखने जाना', due_date: '2026-11-29' }],
  ['अगले हफ्ते शुक्रवार को डिनर बुक करना', { title: 'डिनर बुक करना', due_date: '2026-12-04' }],
  // In N days, next week / month, this weekend, month end.
  ['3 दिन बाद गैस सिलेंडर बुक करना', { title: 'गैस सिलेंडर बुक करना', due_date: '2026-11-28' }],
  ['दो हफ्ते में पासपोर्ट का नवीनीकरण', { title: 'पासपोर्ट का नवीनीकरण', due_date: '2026-12-09' }],
  ['एक महीने के अंदर कार की सर्विस', { title: 'कार की सर्विस', due_date: '2026-12-25' }],
  ['अगले हफ्ते तिमाही समीक्षा', { title: 'तिमाही समीक्षा', due_date: '2026-11-30' }],
  ['अगले महीने बीमा का प्रीमियम भरना', { title: 'बीमा का प्रीमियम भरना', due_date: '2026-12-01' }],
  ['इस वीकेंड गैराज की सफाई', { title: 'गैराज की सफाई', due_date: '2026-11-28' }],
  ['महीने के अंत तक बजट बनाना', { title: 'बजट बनाना', due_date: '2026-11-30' }],
  ['अगले महीने की 5 तारीख को EMI भरना', { title: 'EMI भरना', due_date: '2026-12-05' }],
  // Dates.
  ['5 मार्च को दाँतों के डॉक्टर', { title: 'दाँतों के डॉक्टर', due_date: '2027-03-05' }],
  ['पंद्रह अगस्त को झंडा फहराना', { title: 'झंडा फहराना', due_date: '2027-08-15' }],
  ['26 जनवरी 2027 को परेड देखना', { title: 'परेड देखना', due_date: '2027-01-26' }],
  ['15 मार्च 10 बजे ऑडिट', { title: 'ऑडिट', due_date: '2027-03-15', due_time: '10:00' }],
  ['क्रिसमस की तैयारी 25/12 तक', { title: 'क्रिसमस की तैयारी', due_date: '2026-12-25' }],
  ['परीक्षा फॉर्म 5-3-2027 तक जमा करना', { title: 'परीक्षा फॉर्म जमा करना', due_date: '2027-03-05' }],
  ['15 तारीख को किराया देना', { title: 'किराया देना', due_date: '2026-12-15' }],
  // Times.
  ['शाम 7 बजे दोस्तों के साथ खाना', { title: 'दोस्तों के साथ खाना', due_date: '2026-11-25', due_time: '19:00' }],
  ['18:30 पर टीम कॉल', { title: 'टीम कॉल', due_date: '2026-11-25', due_time: '18:30' }],
  ['साढ़े 9 बजे बस पकड़नी है', { title: 'बस पकड़नी है', due_date: '2026-11-26', due_time: '09:30' }],
  ['दोपहर 12 बजे लंच मीटिंग', { title: 'लंच मीटिंग', due_date: '2026-11-25', due_time: '12:00' }],
  ['रात 12 बजे केक काटना', { title: 'केक काटना', due_date: '2026-11-26', due_time: '00:00' }],
  ['डेढ़ बजे बच्चों को स्कूल से लाना', { title: 'बच्चों को स्कूल से लाना', due_date: '2026-11-25', due_time: '13:30' }],
  ['पौने 11 बजे बैंक जाना', { title: 'बैंक जाना', due_date: '2026-11-25', due_time: '10:45' }],
  ['2 घंटे बाद माँ को दवा देना', { title: 'माँ को दवा देना', due_date: '2026-11-25', due_time: '12:00' }],
  ['शाम 5 से 7 बजे तक बच्चों की पार्टी', { title: 'बच्चों की पार्टी', due_date: '2026-11-25', due_time: '17:00' }],
  ['सुबह 11 बजे की ट्रेन पकड़नी है', { title: 'ट्रेन पकड़नी है', due_date: '2026-11-25', due_time: '11:00' }],
  ['आधी रात को नए साल की बधाई भेजना', { title: 'नए साल की बधाई भेजना', due_date: '2026-11-26', due_time: '00:00' }],
  // Repeat rules.
  ['रोज़ सुबह 7 बजे योग', { title: 'योग', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-26', due_time: '07:00' }],
  ['हर दिन पौधों को पानी देना', { title: 'पौधों को पानी देना', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-25' }],
  ['हर 3 दिन में बिल्ली का बिस्तर धोना', { title: 'बिल्ली का बिस्तर धोना', repeat: { freq: 'daily', interval: 3 }, due_date: '2026-11-25' }],
  ['हर दूसरे दिन दौड़ने जाना', { title: 'दौड़ने जाना', repeat: { freq: 'daily', interval: 2 }, due_date: '2026-11-25' }],
  [
    'हर सोमवार कूड़ा बाहर रखना',
    { title: 'कूड़ा बाहर रखना', repeat: { freq: 'weekly', interval: 1, byWeekday: ['MO'] }, due_date: '2026-11-30' },
  ],
  ['हर सोमवार और गुरुवार को जिम', { title: 'जिम', repeat: { freq: 'weekly', interval: 1, byWeekday: ['MO', 'TH'] }, due_date: '2026-11-26' }],
  ['हर कार्यदिवस सुबह 9:30 बजे स्टैंडअप', { title: 'स्टैंडअप', repeat: MONDAY_TO_FRIDAY, due_date: '2026-11-26', due_time: '09:30' }],
  ['सोमवार से शुक्रवार तक टिफिन पैक करना', { title: 'टिफिन पैक करना', repeat: MONDAY_TO_FRIDAY, due_date: '2026-11-25' }],
  ['हर 2 हफ्ते में फ़िल्टर बदलना', { title: 'फ़िल्टर बदलना', repeat: { freq: 'weekly', interval: 2 }, due_date: '2026-11-25' }],
  ['हर महीने की पहली तारीख को किराया', { title: 'किराया', repeat: { freq: 'monthly', interval: 1, byMonthDay: 1 }, due_date: '2026-12-01' }],
  [
    'हर महीने का आखिरी शुक्रवार बुक क्लब',
    { title: 'बुक क्लब', repeat: { freq: 'monthly', interval: 1, byNthWeekday: { weekday: 'FR', pos: -1 } }, due_date: '2026-11-27' },
  ],
  [
    'हर महीने के पहले सोमवार को बोर्ड मीटिंग',
    { title: 'बोर्ड मीटिंग', repeat: { freq: 'monthly', interval: 1, byNthWeekday: { weekday: 'MO', pos: 1 } }, due_date: '2026-12-07' },
  ],
  [
    'हर साल 5 मार्च को शादी की सालगिरह',
    { title: 'शादी की सालगिरह', repeat: { freq: 'yearly', interval: 1, byMonth: 3, byMonthDay: 5 }, due_date: '2027-03-05' },
  ],
  ['हर साल बीमा का नवीनीकरण', { title: 'बीमा का नवीनीकरण', repeat: { freq: 'yearly', interval: 1 }, due_date: '2026-11-25' }],
  ['हर महीने बिजली का बिल भरना', { title: 'बिजली का बिल भरना', repeat: { freq: 'monthly', interval: 1 }, due_date: '2026-11-25' }],
  ['हर सुबह दवा लेना', { title: 'दवा लेना', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-26', due_time: '09:00' }],
  [
    'हर शुक्रवार शाम 4 बजे साप्ताहिक समीक्षा',
    { title: 'साप्ताहिक समीक्षा', repeat: { freq: 'weekly', interval: 1, byWeekday: ['FR'] }, due_date: '2026-11-27', due_time: '16:00' },
  ],
  ['हर वीकेंड घर की सफाई', { title: 'घर की सफाई', repeat: { freq: 'weekly', interval: 1, byWeekday: ['SA', 'SU'] }, due_date: '2026-11-28' }],
  // Hinglish, as typed on phones.
  ['kal subah 9 baje doctor ke paas jaana', { title: 'doctor ke paas jaana', due_date: '2026-11-26', due_time: '09:00' }],
  ['har somvar gym jaana', { title: 'gym jaana', repeat: { freq: 'weekly', interval: 1, byWeekday: ['MO'] }, due_date: '2026-11-30' }],
  // Devanagari digits.
  ['कल सुबह ९ बजे बिजली मिस्त्री को बुलाना', { title: 'बिजली मिस्त्री को बुलाना', due_date: '2026-11-26', due_time: '09:00' }],
  ['३ दिन बाद किताब लौटानी है', { title: 'किताब लौटानी है', due_date: '2026-11-28' }],
  ['५ मार्च को आयकर रिटर्न भरना', { title: 'आयकर रिटर्न भरना', due_date: '2027-03-05' }],
  ['२५/१२ को केक बनाना', { title: 'केक बनाना', due_date: '2026-12-25' }],
  ['शाम ७:३० बजे बैडमिंटन', { title: 'बैडमिंटन', due_date: '2026-11-25', due_time: '19:30' }],
  ['हर २ हफ्ते बाल कटवाना', { title: 'बाल कटवाना', repeat: { freq: 'weekly', interval: 2 }, due_date: '2026-11-25' }],
  ['१५ तारीख को ईएमआई भरनी है', { title: 'ईएमआई भरनी है', due_date: '2026-12-15' }],
  [
    'हर महीने की १० तारीख को SIP जांचना',
    { title: 'SIP जांचना', repeat: { freq: 'monthly', interval: 1, byMonthDay: 10 }, due_date: '2026-12-10' },
  ],
  ['१८:३० पर अभिभावक-शिक्षक बैठक', { title: 'अभिभावक-शिक्षक बैठक', due_date: '2026-11-25', due_time: '18:30' }],
  ['साढ़े ९ बजे ट्रेन पकड़नी है', { title: 'ट्रेन पकड़नी है', due_date: '2026-11-26', due_time: '09:30' }],
  // Nothing recognisable: the title as typed, no due date. Each holds a word that looks like a date word.
  ['आजकल की खबरें पढ़ना', { title: 'आजकल की खबरें पढ़ना' }],
  ['कल्पना को जन्मदिन की बधाई देना', { title: 'कल्पना को जन्मदिन की बधाई देना' }],
  ['रवि को फोन करना', { title: 'रवि को फोन करना' }],
  ['गुरु जी से आशीर्वाद लेना', { title: 'गुरु जी से आशीर्वाद लेना' }],
  ['शनि मंदिर में दीया जलाना', { title: 'शनि मंदिर में दीया जलाना' }],
  ['2 किलो आटा लाना', { title: '2 किलो आटा लाना' }],
  ['अध्याय 3 पढ़ना', { title: 'अध्याय 3 पढ़ना' }],
  ['सुबह की सैर के लिए जूते खरीदना', { title: 'सुबह की सैर के लिए जूते खरीदना' }],
  ['पिछले शुक्रवार की रिपोर्ट देखना', { title: 'पिछले शुक्रवार की रिपोर्ट देखना' }],
  ['नव वर्ष की पार्टी की योजना', { title: 'नव वर्ष की पार्टी की योजना' }],
  ['5 जन के लिए खाना बनाना', { title: '5 जन के लिए खाना बनाना' }],
  ['मार्च निकालने की तैयारी', { title: 'मार्च निकालने की तैयारी' }],
  ['वीकेंड प्लान बनाना', { title: 'वीकेंड प्लान बनाना' }],
  ['हफ्ता वसूली की शिकायत दर्ज करना', { title: 'हफ्ता वसूली की शिकायत दर्ज करना' }],
  ['रोज़ डे पर गुलाब देना', { title: 'रोज़ डे पर गुलाब देना' }],
  ['2 दिन की छुट्टी की अर्ज़ी देना', { title: '2 दिन की छुट्टी की अर्ज़ी देना' }],
  ['साढ़े 9 किलो आलू लाना', { title: 'साढ़े 9 किलो आलू लाना' }],
  ['मध्याह्न भोजन का रजिस्टर भरना', { title: 'मध्याह्न भोजन का रजिस्टर भरना' }],
];

const parse = (text: string, today?: string): Expected => parsedAs(text, 'hi', today);

describe('Hindi quick add', () => {
  expectRows('hi', ROWS);

  test('around the turn of a month, a year and a leap day', () => {
    const at = (today: string, text: string) => parse(text, today).due_date;
    expect(at('2026-12-30', 'पार्टी 3 दिन बाद')).toBe('2027-01-02');
    expect(at('2026-12-30', 'नया साल परसों मनाना')).toBe('2027-01-01');
    expect(at('2026-12-30', 'अगले महीने योजना बनाना')).toBe('2027-01-01');
    expect(at('2026-12-30', 'अगले हफ्ते समीक्षा')).toBe('2027-01-04');
    expect(at('2026-12-30', '31 तारीख को भुगतान')).toBe('2026-12-31');
    expect(at('2027-02-27', 'किराया 30 तारीख को')).toBe('2027-03-30');
    expect(at('2027-02-27', 'परसों बैंक जाना')).toBe('2027-03-01');
    expect(at('2027-02-27', 'महीने के अंत तक बजट')).toBe('2027-02-28');
    expect(at('2027-02-27', 'हर महीने के आखिरी दिन हिसाब')).toBe('2027-02-28');
    expect(at('2028-02-28', 'कल लीप डे पार्टी')).toBe('2028-02-29');
    expect(at('2028-02-28', 'केक 29/2 को')).toBe('2028-02-29');
    expect(at('2028-02-28', 'हर साल 29 फ़रवरी को सालगिरह')).toBe('2028-02-29');
    expect(at('2028-03-01', 'हर साल 29 फ़रवरी को सालगिरह')).toBe('2032-02-29');
    // A day that does not exist is no date: the text stays the title.
    expect(parse('केक 29/2/2027 को', '2028-02-28')).toEqual({ title: 'केक 29/2/2027 को' });
    expect(parse('31/2 को बिल भरना')).toEqual({ title: '31/2 को बिल भरना' });
  });
});

describe('Hindi grammar on its own', () => {
  const spans = (text: string) => grammar(text, CONTEXT).map((match) => text.slice(match.start, match.end));

  test('a word is read however it is typed: nuqta precomposed, combining or left out, with or without chandrabindu', () => {
    const week = { freq: 'weekly', interval: 1 };
    for (const hafte of ['हफ़्ते' /* फ़ U+095E */, 'हफ\u093C्ते' /* फ + nuqta */, 'हफ्ते']) {
      expect(parse(`हर ${hafte} रिपोर्ट`)).toEqual({ title: 'रिपोर्ट', repeat: week, due_date: '2026-11-25' });
    }
    expect(parse('पांच दिन में टिकट बुक करना')).toEqual(parse('पाँच दिन में टिकट बुक करना'));
    expect(parse('परसो बैंक जाना')).toEqual({ title: 'बैंक जाना', due_date: '2026-11-27' });
    expect(parse('रोज योग करना')).toEqual({ title: 'योग करना', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-25' });
    expect(parse('डेढ बजे लंच')).toEqual({ title: 'लंच', due_date: '2026-11-25', due_time: '13:30' });
    expect(parse('गुरूवार को पूजा')).toEqual({ title: 'पूजा', due_date: '2026-11-26' });
  });

  test('postpositions go with the date, not with the title', () => {
    expect(spans('शुक्रवार को रिपोर्ट')).toContain('शुक्रवार को');
    expect(spans('कल तक जवाब देना')).toContain('कल तक');
    expect(spans('कल रात का खाना बनाना')).toEqual(expect.arrayContaining(['कल', 'रात का']));
    expect(spans('5 नव. को मीटिंग')).toContain('5 नव. को');
  });

  test('fractions, "24/7" and idioms are not dates here (the English grammar still reads "1/2" and "24/7")', () => {
    for (const text of [
      '1/2 किलो चीनी लाना',
      '3/4 कप दूध',
      '24/7 हेल्पलाइन नंबर सेव करना',
      'आज कल में बैंक जाना',
      'कल परसों में कर लेना',
      'कल-पुर्ज़े ठीक करवाना',
      '3 कार्यदिवसों में जवाब',
    ]) {
      expect(spans(text)).toEqual([]);
    }
  });

  test('a date and a time side by side are separate chips, so either can be removed', () => {
    const result = parseQuickAdd('कल सुबह 9 बजे डॉक्टर', { locale: 'hi', context: CONTEXT, ignored: ['कल'] }, WITH_HINDI);
    expect(result.title).toBe('कल डॉक्टर');
    expect(result.due_time).toBe('09:00');
    expect(result.due_date).toBe('2026-11-26'); // 09:00 has passed today
  });
});

/** The words this grammar reads, mixed with words that look like them, digits in both scripts and symbols. */
const WORDS = [
  ...['आज', 'कल', 'परसों', 'नरसों', 'रात', 'सुबह', 'शाम', 'दोपहर', 'आधी', 'को', 'की', 'का', 'के', 'तक', 'से', 'में', 'बाद', 'पहले'],
  ...['सोमवार', 'शुक्रवार', 'संडे', 'अगले', 'इस', 'पिछले', 'हफ्ते', 'हफ़्ते', 'महीने', 'साल', 'दिन', 'वीकेंड', 'अंत', 'आखिरी', 'दूसरे'],
  ...['मार्च', 'फ़रवरी', 'नव.', 'तारीख', 'हर', 'रोज़', 'प्रति', 'और', 'बजे', 'बजकर', 'मिनट', 'साढ़े', 'पौने', 'डेढ़', 'घंटे', 'एक', 'छोड़कर'],
  ...['9', '१२', '0', '31', '29', '2', '18:30', '९:३०', '9.30', '25/12', '29/2', '31/2/2027', '5-3-2027', '2027', '24/7', '1/2'],
  ...['kal', 'subah', 'baje', 'har', 'somvar', 'रवि', 'गुरु', 'आजकल', 'कलम', 'किलो', 'दूध', 'लाना', '#घर', '!उच्च', '-', ',', '.', '?'],
];
const phrase = fc
  .array(fc.oneof(fc.constantFrom(...WORDS), fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 10 })
  .map((words) => words.join(' '));

describe('Hindi quick add, any text', () => {
  test('tokens index the text, nothing typed is lost, every reading is a valid day, time or rule, removed chips stay text', () => {
    fc.assert(
      fc.property(phrase, (text) => {
        // What parse.test.ts checks in every language, here on Hindi words and more runs.
        const result = expectSoundParse(text, 'hi', CONTEXT, WITH_HINDI);
        if (result.repeat) {
          expect(result.repeat.interval).toBeGreaterThanOrEqual(1);
          expect(result.repeat.interval).toBeLessThanOrEqual(365);
          // The rule is one a task can store and follow (the shared schema's RRULE subset).
          expect(parseRecurrence(toRRule(result.repeat))).toBeDefined();
        }
      }),
      { numRuns: 1000 },
    );
  });
});
