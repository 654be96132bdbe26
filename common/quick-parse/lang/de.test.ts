import { describe, test } from 'vitest';
import { type Expected, expectRows, expectSoundOnAnyPhraseOf, WEEKDAYS_MO_FR } from './table-harness.ts';

/** What a German speaker types, what the task becomes, and the day it is typed on when not TODAY. */
const ROWS: ReadonlyArray<[string, Expected, string?]> = [
  ['Mama anrufen morgen', { title: 'Mama anrufen', due_date: '2026-11-26' }],
  // Capitalised at the start of the text, "Morgen" is still tomorrow.
  ['Morgen Zahnarzt', { title: 'Zahnarzt', due_date: '2026-11-26' }],
  ['Anzug abholen übermorgen', { title: 'Anzug abholen', due_date: '2026-11-27' }],
  ['Anzug abholen uebermorgen', { title: 'Anzug abholen', due_date: '2026-11-27' }],
  // A weekday typed on that weekday is today.
  ['Budget prüfen am Mittwoch', { title: 'Budget prüfen', due_date: '2026-11-25' }],
  ['Geburtstag Paul Samstag', { title: 'Geburtstag Paul', due_date: '2026-11-28' }],
  ['Rechnung zahlen bis Freitag', { title: 'Rechnung zahlen', due_date: '2026-11-27' }],
  ['Bericht schicken nächsten Freitag', { title: 'Bericht schicken', due_date: '2026-12-04' }],
  ['Bericht schicken naechsten Freitag', { title: 'Bericht schicken', due_date: '2026-12-04' }],
  ['Zahnarzt am Freitag um 17:30', { title: 'Zahnarzt', due_date: '2026-11-27', due_time: '17:30' }],
  ['Termin am 5. März', { title: 'Termin', due_date: '2027-03-05' }],
  ['Arzttermin am 5. März 2027 um 10:15', { title: 'Arzttermin', due_date: '2027-03-05', due_time: '10:15' }],
  ['Abgabe am Montag, 14. Dezember', { title: 'Abgabe', due_date: '2026-12-14' }],
  // Day and month with dots, as Germans write them.
  ['Termin beim Amt am 5.3.', { title: 'Termin beim Amt', due_date: '2027-03-05' }],
  ['Weihnachtsfeier am 25.12.', { title: 'Weihnachtsfeier', due_date: '2026-12-25' }],
  ['Schulgeld zahlen am 5.1.2027', { title: 'Schulgeld zahlen', due_date: '2027-01-05' }],
  // "Donnerstag, den 10." is Thursday the 10th.
  ['Flug Donnerstag, den 10. um 6 Uhr', { title: 'Flug', due_date: '2026-12-10', due_time: '06:00' }],
  ['Treffen am 15.', { title: 'Treffen', due_date: '2026-12-15' }],
  ['Meeting um 18 Uhr', { title: 'Meeting', due_date: '2026-11-25', due_time: '18:00' }],
  ['Videocall 17 Uhr', { title: 'Videocall', due_date: '2026-11-25', due_time: '17:00' }],
  // A bare time already past today is tomorrow's.
  ['Bäcker um 9', { title: 'Bäcker', due_date: '2026-11-26', due_time: '09:00' }],
  ['Arzt 9.30 Uhr', { title: 'Arzt', due_date: '2026-11-26', due_time: '09:30' }],
  // "halb 10" is half past nine.
  ['Arzt um halb 10', { title: 'Arzt', due_date: '2026-11-26', due_time: '09:30' }],
  ['Papa anrufen Viertel nach 11', { title: 'Papa anrufen', due_date: '2026-11-25', due_time: '11:15' }],
  ['Kino Freitag um 8 Uhr abends', { title: 'Kino', due_date: '2026-11-27', due_time: '20:00' }],
  ['Kaffee mit Jana übermorgen um halb 4 nachmittags', { title: 'Kaffee mit Jana', due_date: '2026-11-27', due_time: '15:30' }],
  ['Bank anrufen morgen früh', { title: 'Bank anrufen', due_date: '2026-11-26', due_time: '09:00' }],
  // The issue's own example: a day, then the hour with Uhr.
  ['Zahnarzt morgen 9 Uhr', { title: 'Zahnarzt', due_date: '2026-11-26', due_time: '09:00' }],
  ['Kinder abholen morgen Nachmittag', { title: 'Kinder abholen', due_date: '2026-11-26', due_time: '14:00' }],
  // "Montag Morgen" is Monday morning, not Monday and tomorrow.
  ['Chef anrufen Montag Morgen', { title: 'Chef anrufen', due_date: '2026-11-30', due_time: '09:00' }],
  ['Koffer packen Sonntag Abend', { title: 'Koffer packen', due_date: '2026-11-29', due_time: '18:00' }],
  ['Woche planen heute Abend', { title: 'Woche planen', due_date: '2026-11-25', due_time: '20:00' }],
  // Chrono's word boundary is ASCII-only: after "é" its span took the space before "in 2 Stunden",
  // and the phrase was dropped; it reads as after "e".
  ['Anruf bei André in 2 Stunden', { title: 'Anruf bei André', due_date: '2026-11-25', due_time: '12:00' }],
  // "am Morgen" is the morning, not tomorrow.
  ['Joggen am Morgen', { title: 'Joggen', due_date: '2026-11-26', due_time: '09:00' }],
  ['Quartalsbericht nächste Woche', { title: 'Quartalsbericht', due_date: '2026-11-30' }],
  ['Versicherung zahlen nächsten Monat', { title: 'Versicherung zahlen', due_date: '2026-12-01' }],
  ['Garage aufräumen dieses Wochenende', { title: 'Garage aufräumen', due_date: '2026-11-28' }],
  ['Pass verlängern in 3 Tagen', { title: 'Pass verlängern', due_date: '2026-11-28' }],
  ['Buch zurückgeben in zwei Wochen', { title: 'Buch zurückgeben', due_date: '2026-12-09' }],
  [
    'Team-Call um 14 Uhr !hoch #arbeit',
    { title: 'Team-Call', due_date: '2026-11-25', due_time: '14:00', priority: 'high', labels: ['arbeit'] },
  ],
  ['Keller aufräumen !mittel #haus', { title: 'Keller aufräumen', priority: 'medium', labels: ['haus'] }],
  [
    'Geschenke kaufen am 20. Dezember #weihnachten #familie',
    { title: 'Geschenke kaufen', due_date: '2026-12-20', labels: ['weihnachten', 'familie'] },
  ],
  ['Angebot schicken nächsten Montag p1', { title: 'Angebot schicken', due_date: '2026-11-30', priority: 'high' }],
  ['Vitamine nehmen täglich', { title: 'Vitamine nehmen', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-25' }],
  [
    'Blumen gießen jeden Tag um 8',
    { title: 'Blumen gießen', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-26', due_time: '08:00' },
  ],
  [
    'Sport jeden Montag und Donnerstag um 7 Uhr',
    { title: 'Sport', repeat: { freq: 'weekly', interval: 1, byWeekday: ['MO', 'TH'] }, due_date: '2026-11-26', due_time: '07:00' },
  ],
  [
    'Yoga montags und donnerstags',
    { title: 'Yoga', repeat: { freq: 'weekly', interval: 1, byWeekday: ['MO', 'TH'] }, due_date: '2026-11-26' },
  ],
  [
    'Müll rausbringen dienstags',
    { title: 'Müll rausbringen', repeat: { freq: 'weekly', interval: 1, byWeekday: ['TU'] }, due_date: '2026-12-01' },
  ],
  ['Filter wechseln alle 2 Wochen', { title: 'Filter wechseln', repeat: { freq: 'weekly', interval: 2 }, due_date: '2026-11-25' }],
  ['Oma anrufen alle zwei Wochen', { title: 'Oma anrufen', repeat: { freq: 'weekly', interval: 2 }, due_date: '2026-11-25' }],
  ['Heizung prüfen alle 6 Monate', { title: 'Heizung prüfen', repeat: { freq: 'monthly', interval: 6 }, due_date: '2026-11-25' }],
  ['Rasen gießen jeden zweiten Tag', { title: 'Rasen gießen', repeat: { freq: 'daily', interval: 2 }, due_date: '2026-11-25' }],
  [
    'Miete zahlen jeden Monat am 15.',
    { title: 'Miete zahlen', repeat: { freq: 'monthly', interval: 1, byMonthDay: 15 }, due_date: '2026-12-15' },
  ],
  [
    'Beitrag zahlen am 1. jeden Monats',
    { title: 'Beitrag zahlen', repeat: { freq: 'monthly', interval: 1, byMonthDay: 1 }, due_date: '2026-12-01' },
  ],
  [
    'Lesekreis am letzten Freitag im Monat',
    { title: 'Lesekreis', repeat: { freq: 'monthly', interval: 1, byNthWeekday: { weekday: 'FR', pos: -1 } }, due_date: '2026-11-27' },
  ],
  [
    'Vorstand jeden ersten Montag im Monat',
    { title: 'Vorstand', repeat: { freq: 'monthly', interval: 1, byNthWeekday: { weekday: 'MO', pos: 1 } }, due_date: '2026-12-07' },
  ],
  ['Domain verlängern jährlich', { title: 'Domain verlängern', repeat: { freq: 'yearly', interval: 1 }, due_date: '2026-11-25' }],
  ['Zahnreinigung jedes Jahr', { title: 'Zahnreinigung', repeat: { freq: 'yearly', interval: 1 }, due_date: '2026-11-25' }],
  [
    'Geburtstag Lea jeden 5. März',
    { title: 'Geburtstag Lea', repeat: { freq: 'yearly', interval: 1, byMonth: 3, byMonthDay: 5 }, due_date: '2027-03-05' },
  ],
  ['Standup werktags um 9:30', { title: 'Standup', repeat: WEEKDAYS_MO_FR, due_date: '2026-11-26', due_time: '09:30' }],
  ['Mails lesen an Werktagen', { title: 'Mails lesen', repeat: WEEKDAYS_MO_FR, due_date: '2026-11-25' }],
  [
    'Wochenbericht schreiben wöchentlich',
    { title: 'Wochenbericht schreiben', repeat: { freq: 'weekly', interval: 1 }, due_date: '2026-11-25' },
  ],
  ['Backup machen monatlich', { title: 'Backup machen', repeat: { freq: 'monthly', interval: 1 }, due_date: '2026-11-25' }],
  ['Laufen jeden Morgen', { title: 'Laufen', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-26', due_time: '09:00' }],

  // Around the turn of a month, a year and a leap day.
  ['Party in 3 Tagen', { title: 'Party', due_date: '2027-01-02' }, '2026-12-30'],
  ['Nächsten Monat planen', { title: 'planen', due_date: '2027-01-01' }, '2026-12-30'],
  ['Anrufen übermorgen', { title: 'Anrufen', due_date: '2027-01-01' }, '2026-12-30'],
  ['Jahresrückblick nächste Woche', { title: 'Jahresrückblick', due_date: '2027-01-04' }, '2026-12-30'],
  ['Rechnungen zahlen am 31.', { title: 'Rechnungen zahlen', due_date: '2026-12-31' }, '2026-12-30'],
  ['Miete überweisen am 30.', { title: 'Miete überweisen', due_date: '2027-03-30' }, '2027-02-27'],
  [
    'Abschluss am letzten Tag im Monat',
    { title: 'Abschluss', repeat: { freq: 'monthly', interval: 1, byMonthDay: -1 }, due_date: '2027-02-28' },
    '2027-02-27',
  ],
  ['Blumen kaufen am 29.2.', { title: 'Blumen kaufen', due_date: '2028-02-29' }, '2027-02-27'],
  // Typed on a Saturday, "dieses Wochenende" is today.
  ['Keller aufräumen dieses Wochenende', { title: 'Keller aufräumen', due_date: '2027-02-27' }, '2027-02-27'],
  ['Schalttag-Aufgabe morgen', { title: 'Schalttag-Aufgabe', due_date: '2028-02-29' }, '2028-02-28'],
  ['Rechnung zahlen übermorgen', { title: 'Rechnung zahlen', due_date: '2028-03-01' }, '2028-02-28'],
  [
    'Jubiläum jeden 29. Februar',
    { title: 'Jubiläum', repeat: { freq: 'yearly', interval: 1, byMonth: 2, byMonthDay: 29 }, due_date: '2028-02-29' },
    '2028-02-28',
  ],

  // Nothing recognisable: the spec's quick add, title as typed.
  ['morgen', { title: 'morgen' }],
  // "Guten Morgen" is a greeting; "Morgenroutine" a word; a compound is not a date.
  ['Guten Morgen sagen', { title: 'Guten Morgen sagen' }],
  ['Morgenroutine planen', { title: 'Morgenroutine planen' }],
  ['Heute-Show schauen', { title: 'Heute-Show schauen' }],
  ['Montag-Meeting vorbereiten', { title: 'Montag-Meeting vorbereiten' }],
  // "So" is not chrono's Sunday; a month alone is not a day.
  ['So ein Mist reparieren', { title: 'So ein Mist reparieren' }],
  ['Im Mai verreisen', { title: 'Im Mai verreisen' }],
  // "um 5 Euro" is an amount; a number alone is not a time.
  ['Preis um 5 Euro senken', { title: 'Preis um 5 Euro senken' }],
  ['2 Äpfel kaufen', { title: '2 Äpfel kaufen' }],
  ['PR #42 prüfen', { title: 'PR #42 prüfen' }],
  // A date already past is not a due date.
  ['Anrufen am 3. Januar 2020', { title: 'Anrufen am 3. Januar 2020' }],
];

describe('German quick add', () => {
  expectRows('de', ROWS);
});

/** The German words and phrases the grammar reads, with look-alikes, digits, marks and everyday words. */
const WORDS = [
  ...[
    'heute',
    'morgen',
    'Morgen',
    'übermorgen',
    'uebermorgen',
    'am',
    'um',
    'im',
    'in',
    'an',
    'bis',
    'nächsten',
    'naechsten',
    'nächste',
    'kommenden',
  ],
  ...['Montag', 'Mittwoch', 'Freitag', 'Samstag', 'Sonntag', 'montags', 'Woche', 'Wochen', 'Monat', 'Monate', 'Jahr', 'Tagen', 'Tag'],
  ...[
    'jeden',
    'jede',
    'jedes',
    'alle',
    'täglich',
    'werktags',
    'letzten',
    'ersten',
    'März',
    'Dezember',
    'abends',
    'früh',
    'Mittag',
    'Abend',
  ],
  ...['9', '5', '18:30', '9 Uhr', 'Uhr', '18.30', '15.', '31.', '29.', '2', '25.12.', '29.2.', '1/2', '24/7', '2027', 'halb', 'Viertel'],
  ...['Milch', 'kaufen', 'Mama', 'anrufen', 'Rechnung', '#haus', '!hoch', 'p2', '-', ',', '.', '?', '„', '“'],
  // Whole phrases, other capitalisations, ordinal days, and names ending in an accent before a phrase chrono reads.
  ...[
    'um 9 Uhr',
    '9h',
    'halb 10',
    'Viertel nach',
    'Viertel vor',
    'Übermorgen',
    'ÜBERMORGEN',
    'MONTAG',
    'freitag',
    'heute Abend',
    'Mitternacht',
  ],
  ...['1.', '3. März', 'am 15.', 'Januar', 'Mai', 'Maerz', 'in 2 Stunden', 'Stunden', 'Minuten', 'Euro', 'André', 'Café', '(', ')'],
];

describe('German quick add, any text', () => {
  test('the title and the chips make the text, every reading is valid, and removing chips until none is left gives the text back', () => {
    // What parse.test.ts checks in every language (expectSoundParse), here on German words and phrases.
    expectSoundOnAnyPhraseOf('de', WORDS);
  });
});
