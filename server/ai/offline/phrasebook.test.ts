import { describe, expect, test } from 'vitest';
import { LANGUAGE_CODES } from '../../../common/locales.ts';
import { INTENTS, phrasebookFor } from './phrasebook.ts';

describe.each(LANGUAGE_CODES)('the %s phrasebook', (code) => {
  const book = phrasebookFor(code);
  const texts = INTENTS.flatMap((intent) => {
    const t = book.intents[intent];
    return [t.goal, ...t.steps, ...t.tips, t.done];
  });

  test('covers every intent with a goal naming the title, five steps, two tips and a done-when sentence', () => {
    for (const intent of INTENTS) {
      const t = book.intents[intent];
      expect(t.goal, intent).toContain('{title}');
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
