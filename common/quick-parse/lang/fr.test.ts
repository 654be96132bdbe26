import { describe, expect, test } from 'vitest';
import { parseQuickAdd } from '../parse.ts';
import { CONTEXT, type Expected, expectRows, expectSoundOnAnyPhraseOf, WEEKDAYS_MO_FR } from './table-harness.ts';

/** What a French speaker types, what the task becomes, and the day it is typed on when not TODAY. */
const ROWS: ReadonlyArray<[string, Expected, string?]> = [
  ['Appeler maman demain', { title: 'Appeler maman', due_date: '2026-11-26' }],
  ["Appeler la banque aujourd'hui", { title: 'Appeler la banque', due_date: '2026-11-25' }],
  // Chrono alone reads "après-demain" as "demain".
  ['Récupérer le costume après-demain', { title: 'Récupérer le costume', due_date: '2026-11-27' }],
  ['Récupérer le costume apres-demain', { title: 'Récupérer le costume', due_date: '2026-11-27' }],
  // A weekday typed on that weekday is today.
  ['Réviser le budget mercredi', { title: 'Réviser le budget', due_date: '2026-11-25' }],
  ['Anniversaire de Paul samedi', { title: 'Anniversaire de Paul', due_date: '2026-11-28' }],
  ['Envoyer le rapport vendredi prochain', { title: 'Envoyer le rapport', due_date: '2026-12-04' }],
  ['Payer la facture d’ici vendredi', { title: 'Payer la facture', due_date: '2026-11-27' }],
  ['Dentiste vendredi à 17h30', { title: 'Dentiste', due_date: '2026-11-27', due_time: '17:30' }],
  ['Reunion jeudi a 14h', { title: 'Reunion', due_date: '2026-11-26', due_time: '14:00' }],
  // Chrono alone leaves "le" in the title.
  ['Envoyer le rapport le 5 mars', { title: 'Envoyer le rapport', due_date: '2027-03-05' }],
  ['Rendez-vous médecin le 5 mars 2027 à 10h15', { title: 'Rendez-vous médecin', due_date: '2027-03-05', due_time: '10:15' }],
  ['Rendez-vous le 1er mai', { title: 'Rendez-vous', due_date: '2027-05-01' }],
  ['RDV banque le 12 fevrier', { title: 'RDV banque', due_date: '2027-02-12' }],
  ['Remettre le mémoire le lundi 14 décembre', { title: 'Remettre le mémoire', due_date: '2026-12-14' }],
  // "jeudi 10" is Thursday the 10th, not Thursday at 10:00.
  ['Vol pour Nice jeudi 10 à 6h', { title: 'Vol pour Nice', due_date: '2026-12-10', due_time: '06:00' }],
  ['Fête de Noël le 25/12', { title: 'Fête de Noël', due_date: '2026-12-25' }],
  ['Payer la cantine le 5/1/2027', { title: 'Payer la cantine', due_date: '2027-01-05' }],
  ['Réunion à 18h', { title: 'Réunion', due_date: '2026-11-25', due_time: '18:00' }],
  ['Point avec Julie 18h30', { title: 'Point avec Julie', due_date: '2026-11-25', due_time: '18:30' }],
  // A bare time already past today is tomorrow's.
  ['Appeler le plombier à 9h', { title: 'Appeler le plombier', due_date: '2026-11-26', due_time: '09:00' }],
  ['Regarder la finale à 21 h', { title: 'Regarder la finale', due_date: '2026-11-25', due_time: '21:00' }],
  // Chrono alone reads "lundi à 9h et demie" as 14:00.
  ['Appeler Marc lundi à 9h et demie', { title: 'Appeler Marc', due_date: '2026-11-30', due_time: '09:30' }],
  ['Appeler Marc à 10h moins le quart', { title: 'Appeler Marc', due_date: '2026-11-26', due_time: '09:45' }],
  ["Rappeler l'agence à 3h de l'après-midi", { title: "Rappeler l'agence", due_date: '2026-11-25', due_time: '15:00' }],
  ['Déjeuner avec Sophie à midi', { title: 'Déjeuner avec Sophie', due_date: '2026-11-25', due_time: '12:00' }],
  ['Préparer le dossier pour 18h', { title: 'Préparer le dossier', due_date: '2026-11-25', due_time: '18:00' }],
  ['Dîner chez Claire ce soir', { title: 'Dîner chez Claire', due_date: '2026-11-25', due_time: '20:00' }],
  ['Appeler le garage demain matin', { title: 'Appeler le garage', due_date: '2026-11-26', due_time: '09:00' }],
  // The issue's own example: a day, then a bare hour in French style.
  ['Appeler le médecin demain 9h', { title: 'Appeler le médecin', due_date: '2026-11-26', due_time: '09:00' }],
  ['Faire les courses demain après-midi', { title: 'Faire les courses', due_date: '2026-11-26', due_time: '14:00' }],
  ['Préparer la valise dimanche soir', { title: 'Préparer la valise', due_date: '2026-11-29', due_time: '18:00' }],
  // Chrono alone reads "la semaine prochaine" as a week from today.
  ['Revue trimestrielle la semaine prochaine', { title: 'Revue trimestrielle', due_date: '2026-11-30' }],
  ["Payer l'assurance le mois prochain", { title: "Payer l'assurance", due_date: '2026-12-01' }],
  ['Ranger le garage ce week-end', { title: 'Ranger le garage', due_date: '2026-11-28' }],
  ['Renouveler le passeport dans 3 jours', { title: 'Renouveler le passeport', due_date: '2026-11-28' }],
  // "dans 2 heures" is two hours from now, not 02:00 with "dans" left in the title.
  ['Appeler André dans 2 heures', { title: 'Appeler André', due_date: '2026-11-25', due_time: '12:00' }],
  // "quinze jours" is the French fortnight.
  ['Rendre le livre dans quinze jours', { title: 'Rendre le livre', due_date: '2026-12-09' }],
  ['Payer le loyer demain !haute #maison', { title: 'Payer le loyer', due_date: '2026-11-26', priority: 'high', labels: ['maison'] }],
  ['Réparer la chaudière !moyenne #maison', { title: 'Réparer la chaudière', priority: 'medium', labels: ['maison'] }],
  [
    'Envoyer le colis pour le 20 décembre #noël #famille',
    { title: 'Envoyer le colis', due_date: '2026-12-20', labels: ['noël', 'famille'] },
  ],
  ['Envoyer le devis lundi prochain p1', { title: 'Envoyer le devis', due_date: '2026-11-30', priority: 'high' }],
  ['Prendre des vitamines chaque jour', { title: 'Prendre des vitamines', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-25' }],
  [
    'Arroser les plantes tous les jours à 8h',
    { title: 'Arroser les plantes', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-26', due_time: '08:00' },
  ],
  ['Rapport quotidien', { title: 'Rapport', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-25' }],
  [
    'Sport chaque lundi et jeudi à 7h',
    { title: 'Sport', repeat: { freq: 'weekly', interval: 1, byWeekday: ['MO', 'TH'] }, due_date: '2026-11-26', due_time: '07:00' },
  ],
  [
    'Sortir les poubelles tous les mardis',
    { title: 'Sortir les poubelles', repeat: { freq: 'weekly', interval: 1, byWeekday: ['TU'] }, due_date: '2026-12-01' },
  ],
  [
    "Cours d'anglais les lundis et mercredis",
    { title: "Cours d'anglais", repeat: { freq: 'weekly', interval: 1, byWeekday: ['MO', 'WE'] }, due_date: '2026-11-25' },
  ],
  [
    'Changer le filtre toutes les 2 semaines',
    { title: 'Changer le filtre', repeat: { freq: 'weekly', interval: 2 }, due_date: '2026-11-25' },
  ],
  ['Appeler mamie tous les quinze jours', { title: 'Appeler mamie', repeat: { freq: 'weekly', interval: 2 }, due_date: '2026-11-25' }],
  ['Vidange tous les 6 mois', { title: 'Vidange', repeat: { freq: 'monthly', interval: 6 }, due_date: '2026-11-25' }],
  [
    'Payer le loyer tous les mois le 15',
    { title: 'Payer le loyer', repeat: { freq: 'monthly', interval: 1, byMonthDay: 15 }, due_date: '2026-12-15' },
  ],
  [
    'Payer la cotisation le 1er de chaque mois',
    { title: 'Payer la cotisation', repeat: { freq: 'monthly', interval: 1, byMonthDay: 1 }, due_date: '2026-12-01' },
  ],
  [
    'Club de lecture le dernier vendredi du mois',
    {
      title: 'Club de lecture',
      repeat: { freq: 'monthly', interval: 1, byNthWeekday: { weekday: 'FR', pos: -1 } },
      due_date: '2026-11-27',
    },
  ],
  [
    'Conseil le premier lundi du mois',
    { title: 'Conseil', repeat: { freq: 'monthly', interval: 1, byNthWeekday: { weekday: 'MO', pos: 1 } }, due_date: '2026-12-07' },
  ],
  [
    'Renouveler le domaine chaque année',
    { title: 'Renouveler le domaine', repeat: { freq: 'yearly', interval: 1 }, due_date: '2026-11-25' },
  ],
  [
    'Anniversaire de Léa chaque 5 mars',
    { title: 'Anniversaire de Léa', repeat: { freq: 'yearly', interval: 1, byMonth: 3, byMonthDay: 5 }, due_date: '2027-03-05' },
  ],
  ["Point d'équipe en semaine à 9h30", { title: "Point d'équipe", repeat: WEEKDAYS_MO_FR, due_date: '2026-11-26', due_time: '09:30' }],
  ['Lire les mails les jours ouvrés', { title: 'Lire les mails', repeat: WEEKDAYS_MO_FR, due_date: '2026-11-25' }],
  ['Courir chaque matin', { title: 'Courir', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-26', due_time: '09:00' }],
  ['Réunion hebdomadaire', { title: 'Réunion', repeat: { freq: 'weekly', interval: 1 }, due_date: '2026-11-25' }],

  // Around the turn of a month, a year and a leap day.
  ['Fête dans 3 jours', { title: 'Fête', due_date: '2027-01-02' }, '2026-12-30'],
  ['Planifier le mois prochain', { title: 'Planifier', due_date: '2027-01-01' }, '2026-12-30'],
  ['Appeler après-demain', { title: 'Appeler', due_date: '2027-01-01' }, '2026-12-30'],
  ["Bilan de l'année la semaine prochaine", { title: "Bilan de l'année", due_date: '2027-01-04' }, '2026-12-30'],
  ['Trinquer le 1er janvier', { title: 'Trinquer', due_date: '2027-01-01' }, '2026-12-30'],
  [
    'Clôturer les comptes le dernier jour du mois',
    { title: 'Clôturer les comptes', repeat: { freq: 'monthly', interval: 1, byMonthDay: -1 }, due_date: '2027-02-28' },
    '2027-02-27',
  ],
  ['Acheter des fleurs le 29/2', { title: 'Acheter des fleurs', due_date: '2028-02-29' }, '2027-02-27'],
  ['Se voir après-demain', { title: 'Se voir', due_date: '2027-03-01' }, '2027-02-27'],
  // Typed on a Saturday, "ce week-end" is today.
  ['Ranger la cave ce week-end', { title: 'Ranger la cave', due_date: '2027-02-27' }, '2027-02-27'],
  ['Tâche bissextile demain', { title: 'Tâche bissextile', due_date: '2028-02-29' }, '2028-02-28'],
  ['Payer la facture après-demain', { title: 'Payer la facture', due_date: '2028-03-01' }, '2028-02-28'],
  [
    'Anniversaire chaque 29 février',
    { title: 'Anniversaire', repeat: { freq: 'yearly', interval: 1, byMonth: 2, byMonthDay: 29 }, due_date: '2028-02-29' },
    '2028-02-28',
  ],

  // Nothing recognisable: the spec's quick add, title as typed.
  ['demain', { title: 'demain' }],
  // Mars the planet, and a month alone, are not days.
  ['Documentaire sur Mars', { title: 'Documentaire sur Mars' }],
  ['Partir en mai', { title: 'Partir en mai' }],
  // "mer" and "jeu" are the sea and a game, not chrono's Wednesday and Thursday.
  ['Aller à la mer', { title: 'Aller à la mer' }],
  ['Acheter un jeu de société', { title: 'Acheter un jeu de société' }],
  // "du matin" is a kind of thing, "mon quotidien" daily life.
  ['Préparer la routine du matin', { title: 'Préparer la routine du matin' }],
  ['Raconter mon quotidien', { title: 'Raconter mon quotidien' }],
  // A length of time is not a time.
  ['Lire pendant 2 heures', { title: 'Lire pendant 2 heures' }],
  ['Acheter 2 kilos de pommes', { title: 'Acheter 2 kilos de pommes' }],
  ['Relire la PR #42', { title: 'Relire la PR #42' }],
  // A date already past is not a due date.
  ['Appeler le 3 janvier 2020', { title: 'Appeler le 3 janvier 2020' }],
];

describe('French quick add', () => {
  expectRows('fr', ROWS);

  test('a chip is its words: "à 9h" before a comma does not take the space after it', () => {
    const { tokens } = parseQuickAdd('Réunion à 9h , salle B', { locale: 'fr', context: CONTEXT });
    expect(tokens.map((token) => token.text)).toEqual(['à 9h']);
  });
});

/** The French words and phrases the grammar reads, with look-alikes, digits, marks and everyday words. */
const WORDS = [
  ...[
    "aujourd'hui",
    'aujourd’hui',
    'demain',
    'Demain',
    'après-demain',
    'apres-demain',
    'le',
    'la',
    'à',
    'a',
    'de',
    'du',
    'dans',
    'en',
    'prochain',
    'prochaine',
  ],
  ...['lundi', 'mercredi', 'vendredi', 'samedi', 'dimanche', 'semaine', 'semaines', 'mois', 'an', 'ans', 'jours', 'jour'],
  ...['chaque', 'tous', 'les', 'quotidien', 'ouvrés', 'dernier', 'dernière', 'premier', 'mars', 'décembre', 'soir', 'matin', 'midi'],
  ...['9', '5', '18:30', '9h', '9h30', '18h', '15', '31', '29', '2', '25/12', '29/2', '1/2', '24/7', '2027', 'et', 'demie', 'quart'],
  ...['acheter', 'lait', 'appeler', 'maman', 'facture', '#maison', '!haute', 'p2', '-', ',', '.', '?', '«', '»'],
  // Whole phrases, other capitalisations, ordinal days, and names ending in an accent before a phrase chrono reads.
  ...[
    'à 9h',
    'à 18h30',
    '9 h 15',
    'heures',
    'Après-demain',
    'APRÈS-DEMAIN',
    'LUNDI',
    'Vendredi',
    'Mars',
    'mai',
    'janvier',
    '1er',
    '1er mai',
  ],
  ...['le 5 mars', 'ce soir', 'minuit', 'et demie', 'dans 2 heures', "d'ici", 'pendant', 'minutes', 'André', 'Chloé', '(', ')'],
];

describe('French quick add, any text', () => {
  test('the title and the chips make the text, every reading is valid, and removing chips until none is left gives the text back', () => {
    // What parse.test.ts checks in every language (expectSoundParse), here on French words and phrases.
    expectSoundOnAnyPhraseOf('fr', WORDS);
  });
});
