import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { LANGUAGE_CODES } from '../locales.ts';
import { CONTEXT, expectSoundParse } from './lang/table-harness.ts';
import { asciiDigits, parseQuickAdd } from './parse.ts';
import { toRRule } from './repeat.ts';

/** Words that make grammars fire in every language, mixed with ordinary words, digits and symbols. */
const VOCABULARY = [
  'tomorrow',
  'today',
  'friday',
  'next',
  'every',
  'day',
  'week',
  'monday',
  'and',
  'at',
  '9am',
  '18:30',
  'in',
  '3',
  'days',
  'on',
  'the',
  '15th',
  '25/12',
  '5',
  'March',
  'other',
  'last',
  'month',
  'tonight',
  'weekday',
  'p1',
  '!high',
  '#home',
  '#',
  'कल',
  'आज',
  'हर',
  'सोमवार',
  'बजे',
  '९',
  'सुबह',
  'दिन',
  'बाद',
  '३',
  'غدا',
  'اليوم',
  'كل',
  'يوم',
  'الاثنين',
  'الساعة',
  '٩',
  'بعد',
  '٣',
  'أيام',
  'الجمعة',
  'القادمة',
  'mañana',
  'cada',
  'lunes',
  'a',
  'las',
  'demain',
  'chaque',
  'lundi',
  'à',
  '9h',
  'morgen',
  'jeden',
  'Montag',
  'um',
  'Uhr',
  'buy',
  'milk',
  'Call',
  'mom',
  'report',
  '42',
  'C#',
  'x',
  '!',
  '?',
  ',',
  '—',
  '🙂',
];

const phrase = fc
  .array(fc.oneof(fc.constantFrom(...VOCABULARY), fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 9 })
  .map((words) => words.join(' '));

describe('quick-add parsing keeps every character the user typed', () => {
  test.each(LANGUAGE_CODES)(
    'in %s, any text: tokens index the text, the title is the rest, removing every chip gives the text back',
    (locale) => {
      fc.assert(
        fc.property(phrase, (text) => {
          // Tokens index the text, nothing is lost, dates and times are valid, removed chips stay text.
          const result = expectSoundParse(text, locale);
          if (result.tokens.length === 0) expect(result.title).toBe(text.trim());
          else expect(result.title).not.toBe('');
          if (result.repeat) expect(toRRule(result.repeat)).toMatch(/^FREQ=(DAILY|WEEKLY|MONTHLY|YEARLY)/);
        }),
        { numRuns: 300 },
      );
    },
  );
});

describe('the core, whatever the language', () => {
  const parse = (text: string, ignored?: string[]) => parseQuickAdd(text, { locale: 'en', context: CONTEXT, ...(ignored && { ignored }) });

  test('native digits become ASCII one character for one, so spans index the text as typed', () => {
    expect(asciiDigits('٠١٢٣٤٥٦٧٨٩ ۰۹ ०१२३४५६७८९')).toBe('0123456789 09 0123456789');
    expect(asciiDigits('٢٥/١٢').length).toBe('٢٥/١٢'.length);
  });

  test('a removed chip stays literal text, matched without regard to case or digit script', () => {
    expect(parse('Buy milk Tomorrow', ['tomorrow'])).toEqual({ title: 'Buy milk Tomorrow', tokens: [], labels: [] });
    const kept = parse('Water plants tomorrow #home', ['#HOME']);
    expect(kept.title).toBe('Water plants #home');
    expect(kept.labels).toEqual([]);
    expect(kept.due_date).toBe('2026-11-26');
  });

  test('labels are "#" and a letter, at most once each, and priorities are words after "!" or p1–p4', () => {
    expect(parse('Plan #Trip and #trip #2026 a#b #voyage-été').labels).toEqual(['Trip', 'voyage-été']);
    expect(parse('Fix it !alta').priority).toBe('high');
    expect(parse('Fix it !उच्च').priority).toBe('high');
    expect(parse('Fix it p4').priority).toBe('low');
    expect(parse('Fix it !urgent').title).toBe('Fix it !urgent');
    expect(parse('Fix it p12').title).toBe('Fix it p12');
  });

  test('nothing left for a title: nothing is recognised', () => {
    expect(parse('tomorrow at 9am !high #home')).toEqual({ title: 'tomorrow at 9am !high #home', tokens: [], labels: [] });
  });
});
