import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { LANGUAGE_CODES, type LanguageCode } from '../../../common/locales.ts';
import { AiCancelledError } from '../ai.errors.ts';
import { createOfflineWriter } from './offline.writer.ts';
import { phrasebookFor, quoteIn, type Intent } from './phrasebook.ts';

const writer = createOfflineWriter();

async function collect(deltas: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const delta of deltas) text += delta;
  return text;
}

const digitsOf = (text: string) => new Set(text.match(/\p{Nd}+/gu) ?? []);

/** A title in each language, the intent it names and what the task acts on. */
const TITLES: Array<{ language: LanguageCode; title: string; intent: Intent; object: string }> = [
  { language: 'en', title: 'Write the quarterly report', intent: 'write', object: 'the quarterly report' },
  { language: 'en', title: 'Pay the electricity bill', intent: 'pay', object: 'the electricity bill' },
  { language: 'hi', title: 'रिपोर्ट लिखें', intent: 'write', object: 'रिपोर्ट' },
  { language: 'hi', title: 'माँ को फ़ोन करें', intent: 'call', object: 'माँ' },
  { language: 'ar', title: 'اكتب التقرير الشهري', intent: 'write', object: 'التقرير الشهري' },
  { language: 'ar', title: 'احجز فندقا في دبي', intent: 'book', object: 'فندقا في دبي' },
  { language: 'es', title: 'Escribir el informe anual', intent: 'write', object: 'el informe anual' },
  { language: 'es', title: 'Limpiar la cocina', intent: 'clean', object: 'la cocina' },
  { language: 'fr', title: 'Écrire le rapport', intent: 'write', object: 'le rapport' },
  // Bread is everyday shopping now (a list), no longer a purchase to compare offers for.
  { language: 'fr', title: 'Acheter du pain', intent: 'shop', object: 'du pain' },
  { language: 'de', title: 'Bericht schreiben', intent: 'write', object: 'Bericht' },
  // A dentist's appointment gets the appointment template (what to bring), not a booking's.
  { language: 'de', title: 'Zahnarzttermin buchen', intent: 'appointment', object: 'Zahnarzttermin' },
];

describe('built-in offline writer', () => {
  test.each(TITLES)('$language: "$title" becomes a $intent checklist in the same language', async ({ language, title, intent, object }) => {
    const book = phrasebookFor(language);
    const text = await writer.generateDescription({ title, language });
    const lines = text.split('\n');
    // The first line is the intent's lead, not a "Goal:" line quoting the title: it is what the card previews.
    expect(lines[0]).toBe(book.intents[intent].lead);
    expect(lines[0]).not.toContain(title);
    const steps = lines.filter((l) => l.startsWith('- [ ] '));
    expect(steps).toEqual(book.intents[intent].steps.map((s) => `- [ ] ${s.replace('{object}', quoteIn(book, object))}`));
    expect(lines.at(-1)).toBe(`**${book.labels.doneWhen}${book.colon}** ${book.intents[intent].done}`);
  });

  test('the answer follows the reader’s language, not the title’s', async () => {
    const text = await writer.generateDescription({ title: 'Limpiar la cocina', language: 'de' });
    expect(text).toMatch(/^Erst wegräumen, dann von oben nach unten putzen\.\n/);
    expect(text).toContain('- [ ] Müll und alles, was nicht zu „la cocina“ gehört, wegräumen');
  });

  test('a title it cannot place still gets a sensible general plan', async () => {
    const text = await writer.generateDescription({ title: 'Zorblax quux', language: 'en' });
    expect(text.split('\n')[0]).toBe('Picture what done looks like, then take the first small step.');
    expect(text).toContain('- [ ] Describe what “Zorblax quux” looks like when it is done');
    expect(text).toContain('- [ ] Break it into small steps');
  });

  test('it is deterministic, and the stream joins to exactly the one-shot answer', async () => {
    for (const { language, title } of TITLES) {
      const first = await writer.generateDescription({ title, language });
      expect(await writer.generateDescription({ title, language })).toBe(first);
      expect(await collect(writer.generateDescriptionStream({ title, language }))).toBe(first);
      const task = { title, description: 'Notes from Lena, 4 June', language };
      expect(await collect(writer.rewriteDescriptionStream(task))).toBe(await writer.rewriteDescription(task));
      expect(await collect(writer.generateContentStream(task))).toBe(await writer.generateContent(task));
    }
  });

  test('it never invents numbers: every digit in the answer comes from the user', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 80 }),
        fc.string({ maxLength: 200 }),
        fc.constantFrom(...LANGUAGE_CODES),
        async (title, description, language) => {
          const mine = new Set([...digitsOf(title), ...digitsOf(description)]);
          for (const text of [
            await writer.generateDescription({ title, language }),
            await writer.rewriteDescription({ title, description, language }),
            await writer.generateContent({ title, description, language }),
          ]) {
            for (const digits of digitsOf(text)) expect([...mine].some((m) => m.includes(digits))).toBe(true);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  test('rewrite keeps every word of the description, in order, and only tidies the form', async () => {
    const description = '*  call   Amira on 3 March\n• pay the 120 € deposit\n\n[] book the hall\n[x] send invites to Jonas';
    const text = await writer.rewriteDescription({ title: 'Party', description, language: 'en' });
    expect(text).toBe('- Call Amira on 3 March\n- Pay the 120 € deposit\n\n- [ ] Book the hall\n- [x] Send invites to Jonas');
  });

  test('rewrite returns a description that is already in good shape unchanged, byte for byte after trimming', async () => {
    const generated = await writer.generateDescription({ title: 'Fix the leaking kitchen tap', language: 'en' });
    const tidy = [
      generated,
      await writer.generateDescription({ title: 'موعد طبيب الأسنان يوم الخميس', language: 'ar' }),
      await writer.generateDescription({ title: 'रसोई का नल ठीक करें', language: 'hi' }),
      // Style choices a reader would not call untidy: no closing full stop, lowercase notes,
      // '*' bullets and '1)' numbering (markdown renders them as lists), a plain label over a list.
      'call the bank about the new card',
      'Venue booked, deposit paid on 3 May',
      '* milk\n* eggs\n* rye bread',
      '1) draft\n2) review with Ana',
      'Packing:\n- passport\n- charger',
      '- [X] Tickets\n- [ ] Hotel',
      '  \nNotes from Lena, 4 June\r\n\r\n\r\nsecond   paragraph here  \n\n',
    ];
    for (const description of tidy) {
      for (const language of LANGUAGE_CODES) {
        const text = await writer.rewriteDescription({ title: 'Anything', description, language });
        expect(text.trim(), description).toBe(description.trim());
      }
    }
  });

  test('rewrite changes what reads or renders badly, and a second rewrite changes nothing more', async () => {
    for (const description of ['milk\neggs\nbread', '• call Omar\n• pay the deposit', 'TODO: send the invites', '[] book the hall']) {
      const once = await writer.rewriteDescription({ title: 'Saturday', description, language: 'en' });
      expect(once).not.toBe(description);
      expect(await writer.rewriteDescription({ title: 'Saturday', description: once, language: 'en' })).toBe(once);
    }
  });

  test('rewrite of an empty description writes a first one', async () => {
    const text = await writer.rewriteDescription({ title: 'Organiser les photos', description: '  ', language: 'fr' });
    expect(text.split('\n')[0]).toBe('Regroupez tout, séparez-vous du superflu et donnez une place à chaque groupe.');
    expect(text).toContain('«\u00a0les photos\u00a0»');
  });

  test('generate-content keeps the description first, then adds steps, notes and a done-when line, once', async () => {
    const task = { title: 'Prepare the board meeting', description: 'Slides from Ana, due 12 May', language: 'en' as const };
    const text = await writer.generateContent(task);
    expect(text).toMatch(/^Slides from Ana, due 12 May\.\n\n\*\*Steps\*\*\n\n- \[ \] Note when and where “the board meeting” is needed\n/);
    expect(text).toContain('**Notes**\n\n- Start with whatever takes longest.');
    expect(text.endsWith('**Done when:** everything on the list is ready and checked.')).toBe(true);
    expect(await writer.generateContent({ ...task, description: text })).toBe(text);
  });

  test('an aborted call is cancelled, one-shot and streamed', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(writer.generateDescription({ title: 'x', language: 'en', signal: controller.signal })).rejects.toBeInstanceOf(
      AiCancelledError,
    );
    await expect(
      collect(writer.generateContentStream({ title: 'x', description: '', language: 'en', signal: controller.signal })),
    ).rejects.toBeInstanceOf(AiCancelledError);
  });

  test('describe() says it is the built-in writer', () => {
    expect(writer.describe()).toEqual({ kind: 'builtin' });
  });
});
