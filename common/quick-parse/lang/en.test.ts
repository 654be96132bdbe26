import { describe, expect, test } from 'vitest';
import { type Expected, expectRows, expectSoundOnAnyPhraseOf, parsedAs, type Row, WEEKDAYS_MO_FR } from './table-harness.ts';

const MO_TH = { freq: 'weekly', interval: 1, byWeekday: ['MO', 'TU', 'WE', 'TH'] } as const satisfies Expected['repeat'];

const ROWS: ReadonlyArray<Row> = [
  ['Buy milk tomorrow', { title: 'Buy milk', due_date: '2026-11-26' }],
  ['Call mom today', { title: 'Call mom', due_date: '2026-11-25' }],
  ['Call mom on friday at 5pm', { title: 'Call mom', due_date: '2026-11-27', due_time: '17:00' }],
  ['Submit the report next fri', { title: 'Submit the report', due_date: '2026-12-04' }],
  ['Renew passport in 3 days', { title: 'Renew passport', due_date: '2026-11-28' }],
  ['Dentist on 5 March', { title: 'Dentist', due_date: '2027-03-05' }],
  ['Dentist on 5 March 2027 at 14:00', { title: 'Dentist', due_date: '2027-03-05', due_time: '14:00' }],
  ['Christmas party 25/12', { title: 'Christmas party', due_date: '2026-12-25' }],
  ['Send invoices 12/25', { title: 'Send invoices', due_date: '2026-12-25' }],
  ['Gym 7am', { title: 'Gym', due_date: '2026-11-26', due_time: '07:00' }],
  ['Team call at 18:30', { title: 'Team call', due_date: '2026-11-25', due_time: '18:30' }],
  ['Standup tomorrow at 9am', { title: 'Standup', due_date: '2026-11-26', due_time: '09:00' }],
  ['Pick up the kids tomorrow afternoon', { title: 'Pick up the kids', due_date: '2026-11-26', due_time: '14:00' }],
  ['Plan the week tonight', { title: 'Plan the week', due_date: '2026-11-25', due_time: '20:00' }],
  ['Quarterly review next week', { title: 'Quarterly review', due_date: '2026-11-30' }],
  ['Pay the insurance next month', { title: 'Pay the insurance', due_date: '2026-12-01' }],
  ['Clean the garage this weekend', { title: 'Clean the garage', due_date: '2026-11-28' }],
  ['Pay bills on the 15th', { title: 'Pay bills', due_date: '2026-12-15' }],
  ['Review PR #42 !high', { title: 'Review PR #42', priority: 'high' }],
  ['Fix the login bug p1 #work', { title: 'Fix the login bug', priority: 'high', labels: ['work'] }],
  ['Tidy the desk !3', { title: 'Tidy the desk', priority: 'low' }],
  ['Book flights #travel #family', { title: 'Book flights', labels: ['travel', 'family'] }],
  [
    'Water plants every 3 days #home',
    { title: 'Water plants', labels: ['home'], repeat: { freq: 'daily', interval: 3 }, due_date: '2026-11-25' },
  ],
  // "weekly", "daily"… before a noun are adjectives: one report, not a repeat.
  ['Send the weekly report', { title: 'Send the weekly report' }],
  ['Review daily standup notes', { title: 'Review daily standup notes' }],
  ['Pay rent monthly #home', { title: 'Pay rent', labels: ['home'], repeat: { freq: 'monthly', interval: 1 }, due_date: '2026-11-25' }],
  ['Take vitamins every day', { title: 'Take vitamins', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-25' }],
  ['Journal daily at 9pm', { title: 'Journal', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-25', due_time: '21:00' }],
  ['Meditate every day at 8am', { title: 'Meditate', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-26', due_time: '08:00' }],
  ['Standup every weekday at 9:30', { title: 'Standup', repeat: WEEKDAYS_MO_FR, due_date: '2026-11-26', due_time: '09:30' }],
  [
    'Put the bins out every monday',
    { title: 'Put the bins out', repeat: { freq: 'weekly', interval: 1, byWeekday: ['MO'] }, due_date: '2026-11-30' },
  ],
  [
    'Gym every mon, wed and fri 7am',
    { title: 'Gym', repeat: { freq: 'weekly', interval: 1, byWeekday: ['MO', 'WE', 'FR'] }, due_date: '2026-11-27', due_time: '07:00' },
  ],
  [
    'Tutoring every saturday SAT prep',
    { title: 'Tutoring SAT prep', repeat: { freq: 'weekly', interval: 1, byWeekday: ['SA'] }, due_date: '2026-11-28' },
  ],
  [
    'Gym every mon wed fri',
    { title: 'Gym', repeat: { freq: 'weekly', interval: 1, byWeekday: ['MO', 'WE', 'FR'] }, due_date: '2026-11-25' },
  ],
  [
    'Team sync every other tuesday',
    { title: 'Team sync', repeat: { freq: 'weekly', interval: 2, byWeekday: ['TU'] }, due_date: '2026-12-01' },
  ],
  ['Change the filter every 2 weeks', { title: 'Change the filter', repeat: { freq: 'weekly', interval: 2 }, due_date: '2026-11-25' }],
  [
    'Pay rent every month on the 1st',
    { title: 'Pay rent', repeat: { freq: 'monthly', interval: 1, byMonthDay: 1 }, due_date: '2026-12-01' },
  ],
  ['Back up the laptop monthly', { title: 'Back up the laptop', repeat: { freq: 'monthly', interval: 1 }, due_date: '2026-11-25' }],
  [
    'Book club every last friday',
    { title: 'Book club', repeat: { freq: 'monthly', interval: 1, byNthWeekday: { weekday: 'FR', pos: -1 } }, due_date: '2026-11-27' },
  ],
  [
    'Board meeting every first monday of the month',
    { title: 'Board meeting', repeat: { freq: 'monthly', interval: 1, byNthWeekday: { weekday: 'MO', pos: 1 } }, due_date: '2026-12-07' },
  ],
  [
    'Invoice every last day of the month',
    { title: 'Invoice', repeat: { freq: 'monthly', interval: 1, byMonthDay: -1 }, due_date: '2026-11-30' },
  ],
  [
    'File taxes every 15 april',
    { title: 'File taxes', repeat: { freq: 'yearly', interval: 1, byMonth: 4, byMonthDay: 15 }, due_date: '2027-04-15' },
  ],
  ['Renew the domain yearly', { title: 'Renew the domain', repeat: { freq: 'yearly', interval: 1 }, due_date: '2026-11-25' }],
  ['Run every morning', { title: 'Run', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-26', due_time: '09:00' }],
  [
    'Weekly review every friday at 4pm',
    { title: 'Weekly review', repeat: { freq: 'weekly', interval: 1, byWeekday: ['FR'] }, due_date: '2026-11-27', due_time: '16:00' },
  ],
  ['Call the bank at ٩:٣٠', { title: 'Call the bank', due_date: '2026-11-26', due_time: '09:30' }],
  ['Send the draft ٢٥/١٢', { title: 'Send the draft', due_date: '2026-12-25' }],
  ['Water the garden in ३ days', { title: 'Water the garden', due_date: '2026-11-28' }],
  // A bare hour from 1 to 6 is in the afternoon; with minutes or am it is what it says.
  ['Call mom tomorrow at 5', { title: 'Call mom', due_date: '2026-11-26', due_time: '17:00' }],
  // The bare hour before its day is in the afternoon too; words that name the half of the day win.
  ['Call mom at 5 on friday', { title: 'Call mom', due_date: '2026-11-27', due_time: '17:00' }],
  ['Call mom at 5 tomorrow', { title: 'Call mom', due_date: '2026-11-26', due_time: '17:00' }],
  ['Call mom at 5am on friday', { title: 'Call mom', due_date: '2026-11-27', due_time: '05:00' }],
  ['Call mom at 5 in the morning tomorrow', { title: 'Call mom', due_date: '2026-11-26', due_time: '05:00' }],
  ['Meet Ana at 5:30 on friday', { title: 'Meet Ana', due_date: '2026-11-27', due_time: '05:30' }],
  ['Call the plumber at 7 on friday', { title: 'Call the plumber', due_date: '2026-11-27', due_time: '07:00' }],
  ['Call the plumber at 3', { title: 'Call the plumber', due_date: '2026-11-25', due_time: '15:00' }],
  ['Catch the train at 5:40am', { title: 'Catch the train', due_date: '2026-11-26', due_time: '05:40' }],
  ['Support rota 24/7', { title: 'Support rota 24/7' }],
  // Month first, as Americans and most English titles write it (chrono's British order read "Dec 24" as December 2024).
  ['Flight May 15 at 10:00', { title: 'Flight', due_date: '2027-05-15', due_time: '10:00' }],
  ['Dentist Dec 24', { title: 'Dentist', due_date: '2026-12-24' }],
  ['Jan 15 call mum', { title: 'call mum', due_date: '2027-01-15' }],
  ['Review on March 12th, 2027', { title: 'Review', due_date: '2027-03-12' }],
  // A month without its day is no date, and the time beside it does not take the month's name with it.
  ['Trip in March at 9am', { title: 'Trip in March at 9am' }],
  // Parts of a whole and figures of a week or a day, not due dates.
  ['Buy 1/2 kg flour', { title: 'Buy 1/2 kg flour' }],
  ['Read chapter 3/10', { title: 'Read chapter 3/10' }],
  ['Rate the film 4/5 stars', { title: 'Rate the film 4/5 stars' }],
  ['Finish the week report', { title: 'Finish the week report' }],
  ['Call it the day', { title: 'Call it the day' }],
  ['Pay rent 1/12', { title: 'Pay rent', due_date: '2026-12-01' }],
  ['Run 30 minutes', { title: 'Run 30 minutes' }],
  ['Read 2 hours', { title: 'Read 2 hours' }],
  ['Check the oven in 30 minutes', { title: 'Check the oven', due_date: '2026-11-25', due_time: '10:30' }],
  ['Ship v2 wednesday', { title: 'Ship v2', due_date: '2026-11-25' }],
  // Chrono's word boundary is ASCII-only: after "é" its span took the space or comma before the
  // phrase, and the phrase was dropped; it reads as after "e".
  ['Call José morning', { title: 'Call José', due_date: '2026-11-26', due_time: '09:00' }],
  ['Call José, friday', { title: 'Call José,', due_date: '2026-11-27' }],
  // The last date typed counts; the earlier one stays in the title.
  ['Move the friday meeting to monday', { title: 'Move the friday meeting to', due_date: '2026-11-30' }],
  // Relative dates of more than one word are read whole (chrono read only "tomorrow", "friday" or
  // "next week" in them, and the rest stayed in the title with the anchor's day).
  ['Buy milk day after tomorrow', { title: 'Buy milk', due_date: '2026-11-27' }],
  ['Call the day after tomorrow at 9am', { title: 'Call', due_date: '2026-11-27', due_time: '09:00' }],
  ['Pay rent 3 days from today', { title: 'Pay rent', due_date: '2026-11-28' }],
  ['Pay rent a week from friday', { title: 'Pay rent', due_date: '2026-12-04' }],
  ['Pay rent a week from tomorrow', { title: 'Pay rent', due_date: '2026-12-03' }],
  ['Pay rent 2 weeks from monday', { title: 'Pay rent', due_date: '2026-12-14' }],
  ['Pay rent two weeks from next monday', { title: 'Pay rent', due_date: '2026-12-14' }],
  ['Renew a fortnight from today', { title: 'Renew', due_date: '2026-12-09' }],
  ['Renew in a fortnight', { title: 'Renew', due_date: '2026-12-09' }],
  ['Renew in a week', { title: 'Renew', due_date: '2026-12-02' }],
  ['Pay rent 2 days after friday', { title: 'Pay rent', due_date: '2026-11-29' }],
  // "next monday" is the coming week's Monday (30 November), "next friday" its Friday (4 December):
  // "after next" is the one a week later.
  ['Pay rent monday after next', { title: 'Pay rent', due_date: '2026-12-07' }],
  ['Pay rent friday after next', { title: 'Pay rent', due_date: '2026-12-11' }],
  ['Pay rent monday after next', { title: 'Pay rent', due_date: '2026-12-07' }, '2026-11-29'],
  ['Review the week after next', { title: 'Review', due_date: '2026-12-07' }],
  // British: a week after tomorrow, after today, after Friday.
  ['Pay rent tomorrow week', { title: 'Pay rent', due_date: '2026-12-03' }],
  ['Pay rent a week today', { title: 'Pay rent', due_date: '2026-12-02' }],
  ['Pay rent friday week', { title: 'Pay rent', due_date: '2026-12-04' }],
  ['Pay rent a week on friday', { title: 'Pay rent', due_date: '2026-12-04' }],
  ['Renew friday next week', { title: 'Renew', due_date: '2026-12-04' }],
  ['Renew next week friday', { title: 'Renew', due_date: '2026-12-04' }],
  ['Renew next week on fri', { title: 'Renew', due_date: '2026-12-04' }],
  ['Renew friday this week', { title: 'Renew', due_date: '2026-11-27' }],
  ['Pay bills on the 15th of next month', { title: 'Pay bills', due_date: '2026-12-15' }],
  ['Pay rent every weekday except friday', { title: 'Pay rent', repeat: MO_TH, due_date: '2026-11-25' }],
  ['Standup every weekday except fri at 9', { title: 'Standup', repeat: MO_TH, due_date: '2026-11-26', due_time: '09:00' }],
  [
    'Gym every day except sunday',
    { title: 'Gym', repeat: { freq: 'weekly', interval: 1, byWeekday: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA'] }, due_date: '2026-11-25' },
  ],
  ['Walk the dog daily but not on weekends', { title: 'Walk the dog', repeat: WEEKDAYS_MO_FR, due_date: '2026-11-25' }],
  // Read whole and right, or not at all: a phrase that names no coming day, a day another word
  // changes, a rule without its exception or its end, and two days side by side stay text.
  ['Pay rent 3 days before today', { title: 'Pay rent 3 days before today' }],
  ['Pay rent monday this week', { title: 'Pay rent monday this week' }],
  ['Pay rent a week from friday after next', { title: 'Pay rent a week from friday after next' }],
  ['Pay rent every weekday except holidays', { title: 'Pay rent every weekday except holidays' }],
  ['Gym every weekday except saturday', { title: 'Gym every weekday except saturday' }],
  ['Take pills daily until friday', { title: 'Take pills daily until friday' }],
  ['Gym except friday', { title: 'Gym except friday' }],
  ['Expenses for last friday', { title: 'Expenses for last friday' }],
  ['Plan the week after christmas', { title: 'Plan the week after christmas' }],
  ['Call the day after the party', { title: 'Call the day after the party' }],
  ['Call mom the morning after tomorrow', { title: 'Call mom the morning after tomorrow' }],
  ['Pay the weekend after next', { title: 'Pay the weekend after next' }],
  ['Pay by the end of next week', { title: 'Pay by the end of next week' }],
  ['Ship it late next week', { title: 'Ship it late next week' }],
  ['Pay rent tomorrow friday', { title: 'Pay rent tomorrow friday' }],
  ["Prepare friday's meeting", { title: "Prepare friday's meeting" }],
  ['Take a week off', { title: 'Take a week off' }],
  ['Meditate for 10 minutes', { title: 'Meditate for 10 minutes' }],
  // The word before a reading is part of it: "at" before a clock time, "by", "due", and "before"
  // with a time (due then). Before a day alone, "before", "after" and "until" are not its due day.
  ['Call mom at noon', { title: 'Call mom', due_date: '2026-11-25', due_time: '12:00' }],
  ['Call mom at midnight', { title: 'Call mom', due_date: '2026-11-26', due_time: '00:00' }],
  ['Submit report by friday', { title: 'Submit report', due_date: '2026-11-27' }],
  ['Submit report by tomorrow at 5pm', { title: 'Submit report', due_date: '2026-11-26', due_time: '17:00' }],
  ['Report due by next week', { title: 'Report', due_date: '2026-11-30' }],
  ['Report due friday', { title: 'Report', due_date: '2026-11-27' }],
  ['Call the bank before noon', { title: 'Call the bank', due_date: '2026-11-25', due_time: '12:00' }],
  ['Call the bank before 5pm tomorrow', { title: 'Call the bank', due_date: '2026-11-26', due_time: '17:00' }],
  ['Submit report before friday', { title: 'Submit report before friday' }],
  ['Call mom after friday', { title: 'Call mom after friday' }],
  ['Work on the essay until friday', { title: 'Work on the essay until friday' }],
  // "on" is chrono's where English puts it ("on friday"); before "tomorrow" it is the verb's.
  ['Turn the heating on tomorrow', { title: 'Turn the heating on', due_date: '2026-11-26' }],
  ['Stop by friday', { title: 'Stop by', due_date: '2026-11-27' }],
  // Nothing recognisable: the spec's quick add, title as typed.
  ['tomorrow', { title: 'tomorrow' }],
  ['Read 1984', { title: 'Read 1984' }],
  ['Buy 2 eggs', { title: 'Buy 2 eggs' }],
  ['Pull request #42', { title: 'Pull request #42' }],
  ['Learn C# basics', { title: 'Learn C# basics' }],
  ['Buy sun cream', { title: 'Buy sun cream' }],
  ['Sat exam prep', { title: 'Sat exam prep' }],
  ['Prep (sat) exam', { title: 'Prep (sat) exam' }],
  ['March on the capital', { title: 'March on the capital' }],
  ['Do it now', { title: 'Do it now' }],
  ['Email hello@example.com!', { title: 'Email hello@example.com!' }],
];

describe('English quick add', () => {
  expectRows('en', ROWS);

  test('around the turn of a month, a year and a leap day', () => {
    const at = (today: string, text: string) => parsedAs(text, 'en', today).due_date;
    expect(at('2026-12-30', 'Party in 3 days')).toBe('2027-01-02');
    expect(at('2026-12-30', 'Plan next month')).toBe('2027-01-01');
    expect(at('2026-12-30', 'Pay on the 31st')).toBe('2026-12-31');
    expect(at('2027-02-27', 'Rent on the 30th')).toBe('2027-03-30');
    expect(at('2027-02-27', 'Close books every last day of the month')).toBe('2027-02-28');
    expect(at('2028-02-28', 'Leap task tomorrow')).toBe('2028-02-29');
    expect(at('2028-02-28', 'Anniversary every 29 february')).toBe('2028-02-29');
    expect(at('2028-03-01', 'Anniversary every 29 february')).toBe('2032-02-29');
    expect(at('2026-12-30', 'Party day after tomorrow')).toBe('2027-01-01');
    expect(at('2027-01-31', 'Rent a month from today')).toBe('2027-02-28');
    expect(at('2027-01-05', 'Rent on the 28th of next month')).toBe('2027-02-28');
    expect(at('2027-01-05', 'Rent on the 30th of next month')).toBeUndefined();
    expect(at('2026-12-28', 'Plan friday after next')).toBe('2027-01-15');
  });
});

/** English words and phrases the grammar reads, look-alikes and the words around them. */
const WORDS = [
  ...['tomorrow', 'today', 'now', 'friday', 'fri', 'monday', 'sat', 'sun', 'next', 'this', 'last', 'week', 'weeks', 'fortnight'],
  ...['day', 'days', 'month', 'year', 'weekday', 'weekend', 'morning', 'every', 'daily', 'except', 'until', 'not', 'of', 'the'],
  ...['a', 'an', 'two', '3', '15th', 'from', 'after', 'before', 'by', 'at', 'on', 'due', 'in', 'end', 'late', 'noon', 'midnight'],
  ...['9am', '5pm', '18:30', '5', "'s", ',', 'stop', 'call', 'mom', 'report', '#home', 'p1'],
  ...['day after tomorrow', 'a week from friday', 'monday after next', 'after next', 'tomorrow week', 'friday next week'],
  ...['next week friday', '3 days from today', 'every weekday except friday', 'the 15th of next month', 'at noon', 'by friday'],
];

describe('English quick add, any text', () => {
  test('the title and the chips make the text, every reading is valid, and removing chips until none is left gives the text back', () => {
    // What parse.test.ts checks in every language (expectSoundParse), here on English words and phrases.
    expectSoundOnAnyPhraseOf('en', WORDS);
  });
});
