import { describe, expect, test } from 'vitest';
import ar from './locales/ar/server.json';
import de from './locales/de/server.json';
import { createServerMessageTranslator } from './server-messages.ts';

describe('server messages in the UI language', () => {
  const german = createServerMessageTranslator(de);

  test('a known message is translated, numbers carried over', () => {
    expect(german('These credentials do not match our records.')).toBe(de['These credentials do not match our records.']);
    expect(german('The password must be at least 8 characters.')).toBe(
      de['The password must be at least {{n}} characters.'].replace('{{n}}', '8'),
    );
    expect(german('Too many attempts. Please try again in 42 seconds.')).toContain('42');
    expect(createServerMessageTranslator(ar)('Too many attempts. Please try again in 42 seconds.')).toContain('42');
  });

  test('the "(and N more errors)" summary is translated by its first error', () => {
    expect(german('The name field is required. (and 3 more errors)')).toBe(de['The name field is required.']);
  });

  test('an unknown message is shown as the server sent it', () => {
    expect(german('Something the table does not know.')).toBe('Something the table does not know.');
    expect(german('The password must be at least eight characters.')).toBe('The password must be at least eight characters.');
  });
});
