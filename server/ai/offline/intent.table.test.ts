import { describe, expect, test } from 'vitest';
import { LANGUAGE_CODES, type LanguageCode } from '../../../common/locales.ts';
import { recognizeIntent } from './intent.recognizer.ts';
import { createOfflineWriter } from './offline.writer.ts';
import { INTENTS, phrasebookFor, quoteIn, type Intent } from './phrasebook.ts';

/**
 * Titles as people type them into the add dialog — lowercase, with days, dates and names, in
 * each language's own script — and the template each must get. A user test found a leaking tap
 * answered with software-bug steps and a dentist's appointment with "number of people, budget";
 * this table keeps such titles on the right template.
 */
const TABLE: Array<[LanguageCode, string, Intent]> = [
  // English
  ['en', 'Fix the leaking kitchen tap', 'plumbing'],
  ['en', 'toilet keeps running', 'plumbing'],
  ['en', 'Dentist appointment', 'appointment'],
  ['en', 'dentist appointment thursday 3pm', 'appointment'],
  ['en', 'Book vet appointment for Luna', 'appointment'],
  ['en', 'haircut on saturday', 'appointment'],
  ['en', 'Repair the garden gate', 'repair'],
  ['en', 'fix bike puncture before monday', 'repair'],
  ['en', 'Fix login bug on Safari', 'fix'],
  ['en', 'Pick up dry cleaning', 'errand'],
  ['en', 'Return library books by Friday', 'errand'],
  ['en', 'Buy milk, eggs and bread', 'shop'],
  ['en', 'Buy a birthday present for Sam', 'buy'],
  ['en', 'Call mum about Sunday lunch', 'call'],
  ['en', 'Trip to Lisbon in May', 'travel'],
  ['en', 'Study for the driving theory test', 'learn'],
  ['en', 'Write cover letter for the Acme job', 'write'],
  ['en', 'Think about next year', 'general'],
  // Spanish
  ['es', 'Arreglar el grifo de la cocina que gotea', 'plumbing'],
  ['es', 'Cita con el dentista el martes', 'appointment'],
  ['es', 'pedir cita en la peluquería', 'appointment'],
  ['es', 'Reparar la persiana del salón', 'repair'],
  ['es', 'Llevar el coche al taller', 'repair'],
  ['es', 'Corregir el error de inicio de sesión', 'fix'],
  ['es', 'Recoger el paquete en correos', 'errand'],
  ['es', 'hacer la compra para el finde', 'shop'],
  ['es', 'Comprar leche y huevos', 'shop'],
  ['es', 'Llamar a la abuela el domingo', 'call'],
  ['es', 'Viaje a Sevilla en abril', 'travel'],
  ['es', 'Estudiar para el examen de inglés', 'learn'],
  ['es', 'Escribir el informe trimestral', 'write'],
  // French
  ['fr', 'Réparer la fuite du robinet de la salle de bain', 'plumbing'],
  ['fr', 'Rendez-vous chez le médecin jeudi', 'appointment'],
  ['fr', 'prendre rdv chez le coiffeur', 'appointment'],
  ['fr', 'Réparer le vélo de Léa', 'repair'],
  ['fr', 'Changer l’ampoule de la cuisine', 'repair'],
  ['fr', 'Corriger le bug de connexion', 'fix'],
  ['fr', 'Récupérer le colis à la poste', 'errand'],
  ['fr', 'Faire les courses pour la semaine', 'shop'],
  ['fr', 'Acheter du lait et des œufs', 'shop'],
  ['fr', 'Appeler le plombier', 'call'],
  ['fr', 'Vacances à Nice en juillet', 'travel'],
  ['fr', 'Réviser pour le bac', 'learn'],
  ['fr', 'Écrire la lettre de motivation', 'write'],
  // German
  ['de', 'Wasserhahn in der Küche tropft', 'plumbing'],
  ['de', 'Zahnarzttermin am Dienstag', 'appointment'],
  ['de', 'Termin beim Friseur machen', 'appointment'],
  ['de', 'Fahrrad reparieren', 'repair'],
  ['de', 'heizung im bad geht nicht', 'repair'],
  ['de', 'Login-Fehler beheben', 'fix'],
  ['de', 'Paket bei der Post abholen', 'errand'],
  ['de', 'Wocheneinkauf erledigen', 'shop'],
  ['de', 'Milch und Brot kaufen', 'shop'],
  ['de', 'Oma anrufen', 'call'],
  ['de', 'Urlaub in Italien planen', 'travel'],
  ['de', 'Für die Matheklausur lernen', 'learn'],
  ['de', 'Bewerbung schreiben', 'write'],
  // Arabic
  ['ar', 'إصلاح الحنفية في المطبخ', 'plumbing'],
  ['ar', 'موعد طبيب الأسنان يوم الخميس', 'appointment'],
  ['ar', 'حجز موعد عند الحلاق', 'appointment'],
  ['ar', 'تصليح باب الغرفة', 'repair'],
  ['ar', 'إصلاح الثلاجة', 'repair'],
  ['ar', 'إصلاح خطأ تسجيل الدخول', 'fix'],
  ['ar', 'استلام الطرد من مكتب البريد', 'errand'],
  ['ar', 'شراء الخضار والخبز', 'shop'],
  ['ar', 'الاتصال بأمي مساء الجمعة', 'call'],
  ['ar', 'السفر إلى القاهرة الشهر القادم', 'travel'],
  ['ar', 'مذاكرة للامتحان النهائي', 'learn'],
  ['ar', 'كتابة تقرير المبيعات', 'write'],
  // Hindi
  ['hi', 'रसोई का नल ठीक करें', 'plumbing'],
  ['hi', 'दाँत के डॉक्टर का अपॉइंटमेंट', 'appointment'],
  ['hi', 'शुक्रवार को डॉक्टर से मिलना', 'appointment'],
  ['hi', 'नाई के पास बाल कटवाना', 'appointment'],
  ['hi', 'साइकिल की मरम्मत करवानी है', 'repair'],
  ['hi', 'फ़्रिज ठीक करवाना', 'repair'],
  ['hi', 'लॉगिन बग ठीक करें', 'fix'],
  ['hi', 'डाकघर से पार्सल लाना', 'errand'],
  ['hi', 'बाज़ार से सब्ज़ी लाना', 'shop'],
  ['hi', 'माँ को फ़ोन करना', 'call'],
  ['hi', 'गोवा की यात्रा की योजना', 'travel'],
  ['hi', 'परीक्षा के लिए पढ़ाई', 'learn'],
  ['hi', 'रिपोर्ट लिखना', 'write'],
];

const writer = createOfflineWriter();
const GOAL_LABELS = LANGUAGE_CODES.map((code) => {
  const book = phrasebookFor(code);
  return `${book.labels.goal}${book.colon}`;
});

test('the table is large enough to mean something: at least 60 titles, 8 in every language', () => {
  expect(TABLE.length).toBeGreaterThanOrEqual(60);
  for (const code of LANGUAGE_CODES) expect(TABLE.filter(([language]) => language === code).length, code).toBeGreaterThanOrEqual(8);
});

describe.each(TABLE)('%s: “%s”', (language, title, intent) => {
  test(`is recognised as ${intent}`, () => {
    expect(recognizeIntent(title).intent).toBe(intent);
  });

  test('gets that template, opening with useful advice rather than the title quoted as a goal', async () => {
    const book = phrasebookFor(language);
    const text = await writer.generateDescription({ title, language });
    const firstLine = text.split('\n')[0]!;
    expect(firstLine).toBe(book.intents[intent].lead);
    expect(text.startsWith(title)).toBe(false);
    expect(firstLine).not.toContain(title);
    for (const label of GOAL_LABELS) expect(text).not.toContain(label);
    // The old goal line was the title in quotes followed by a dash.
    expect(text).not.toMatch(new RegExp(`${escape(quoteIn(book, title))}[^\\S\\n]*[—–]`, 'u'));
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('every intent but the fallback appears in the table, so each template is reached by a real title', () => {
  const reached = new Set(TABLE.map(([, , intent]) => intent));
  const everyday = ['plumbing', 'repair', 'appointment', 'errand', 'shop', 'buy', 'call', 'travel', 'learn', 'write', 'fix'] as const;
  for (const intent of everyday) expect(reached.has(intent), intent).toBe(true);
  expect(INTENTS).toEqual(expect.arrayContaining([...everyday, 'general']));
});

describe('the two titles from the user test', () => {
  test('a leaking tap gets plumbing steps: water off, the part, replace, check for drips', async () => {
    const text = await writer.generateDescription({ title: 'Fix the leaking kitchen tap', language: 'en' });
    expect(text).toContain('- [ ] Turn off the water to “the leaking kitchen tap”');
    expect(text).toMatch(/washer, cartridge or seal/);
    expect(text).toMatch(/Replace the part/);
    expect(text).toMatch(/check for drips/);
    expect(text).not.toMatch(/Reproduce|test that fails|error messages/i);
  });

  test('a dentist appointment gets date, address, what to bring, questions and a reminder, not a party booking', async () => {
    const text = await writer.generateDescription({ title: 'Dentist appointment', language: 'en' });
    expect(text).toMatch(/date and time/);
    expect(text).toMatch(/address/);
    expect(text).toMatch(/insurance card/);
    expect(text).toMatch(/questions you want to ask/);
    expect(text).toMatch(/reminder/);
    expect(text).not.toMatch(/number of people|budget/i);
  });
});
