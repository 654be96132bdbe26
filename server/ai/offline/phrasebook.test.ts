import { describe, expect, test } from 'vitest';
import { LANGUAGE_CODES } from '../../../common/locales.ts';
import { INTENTS, phrasebookFor } from './phrasebook.ts';

describe.each(LANGUAGE_CODES)('the %s phrasebook', (code) => {
  const book = phrasebookFor(code);
  const texts = INTENTS.flatMap((intent) => {
    const t = book.intents[intent];
    return [t.lead, ...t.steps, ...t.tips, t.done];
  });

  test('covers every intent with a lead sentence, five steps (one naming what the task acts on), two tips and a done-when sentence', () => {
    for (const intent of INTENTS) {
      const t = book.intents[intent];
      // The lead becomes the card's preview: a sentence of its own that never restates the title.
      expect(t.lead, intent).not.toMatch(/\{title\}|\{object\}/);
      expect(t.lead, intent).toMatch(/[.।]$/u);
      expect(t.lead.length, intent).toBeLessThanOrEqual(140);
      expect(
        t.steps.filter((step) => step.includes('{object}')),
        intent,
      ).toHaveLength(1);
      expect(t.steps).toHaveLength(5);
      expect(t.tips).toHaveLength(2);
      expect(t.done.trim()).not.toBe('');
    }
  });

  test('holds no digits, HTML or unknown placeholders, so it can add no fact of its own', () => {
    for (const text of [...texts, ...Object.values(book.labels)]) {
      expect(text).not.toMatch(/\p{Nd}/u);
      expect(text).not.toMatch(/[<>]/);
      expect(text.replace(/\{title\}|\{object\}/g, '')).not.toMatch(/[{}]/);
    }
  });

  test('uses the language’s own script', () => {
    const sample = texts.join(' ');
    if (code === 'hi') expect(sample).toMatch(/\p{Script=Devanagari}/u);
    else if (code === 'ar') expect(sample).toMatch(/\p{Script=Arabic}/u);
    else expect(sample).not.toMatch(/[\p{Script=Arabic}\p{Script=Devanagari}]/u);
  });
});

test('no two languages share a step, so a missed translation cannot hide', () => {
  const seen = new Map<string, string>();
  for (const code of LANGUAGE_CODES) {
    for (const intent of INTENTS) {
      for (const step of phrasebookFor(code).intents[intent].steps) {
        expect(seen.get(step), `${code}/${intent}: ${step}`).toBeUndefined();
        seen.set(step, code);
      }
    }
  }
});
