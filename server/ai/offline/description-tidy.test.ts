import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { countChecklistItems, improveDescription, tidyDescription } from './description-tidy.ts';

const words = (text: string) => (text.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).map((w) => w.toLowerCase());

describe('description tidy-up', () => {
  test('bullets, numbering and checkboxes get one markdown form', () => {
    expect(tidyDescription('* one\n• two\n+ three\n1) four\n2. five\n[] six\n[X] seven\n- [ ] eight\nTODO: nine')).toBe(
      '- One\n- Two\n- Three\n1. Four\n2. Five\n- [ ] Six\n- [x] Seven\n- [ ] Eight\n- [ ] Nine',
    );
  });

  test('a run of short lines becomes a checklist, under its label when it has one', () => {
    expect(tidyDescription('milk\neggs\nbread')).toBe('- [ ] Milk\n- [ ] Eggs\n- [ ] Bread');
    expect(tidyDescription('To pack:\npassport\ncharger\nsunscreen')).toBe(
      '**To pack:**\n\n- [ ] Passport\n- [ ] Charger\n- [ ] Sunscreen',
    );
  });

  test('prose stays prose: a paragraph is capitalised and ends with a full stop in its own script', () => {
    expect(tidyDescription('the venue   confirmed the date by email')).toBe('The venue confirmed the date by email.');
    expect(tidyDescription('होटल ने ईमेल से तारीख़ पक्की की')).toBe('होटल ने ईमेल से तारीख़ पक्की की।');
    expect(tidyDescription('Notes')).toBe('Notes');
  });

  test('addresses, code, tables, quotes and headings are left as written', () => {
    const address = 'Amira Haddad\n12 Harbour Road\nPort Said';
    expect(tidyDescription(address)).toBe('Amira Haddad\n12 Harbour Road\nPort Said');
    const code = '```sh\n  npm   test\n```';
    expect(tidyDescription(code)).toBe(code);
    expect(tidyDescription('    indented   code')).toBe('    indented   code');
    expect(tidyDescription('| a | b |\n|---|---|\n| 1 | 2 |')).toBe('| a | b |\n|---|---|\n| 1 | 2 |');
    expect(tidyDescription('## Plan\n> quoted   text')).toBe('## Plan\n> quoted text');
  });

  test('blank-line runs, trailing spaces and Windows line ends are normalised', () => {
    expect(tidyDescription('\r\n\r\nFirst line of text here\r\n\r\n\r\n\r\nsecond paragraph of text   \r\n')).toBe(
      'First line of text here.\n\nSecond paragraph of text.',
    );
  });

  const line = fc.oneof(
    fc
      .constantFrom('', '* ', '- ', '• ', '1) ', '[] ', '[x] ', '  ', '  - ', '\t', '## ', '> ', '| ', '```', '~~~', '    ', '---', '<!-- ')
      .chain((prefix) =>
        fc
          .array(
            fc.constantFrom(
              'milk',
              'Call',
              'Amira',
              '3',
              'March',
              '120',
              '€',
              'é',
              'मंगलवार',
              'الأحد',
              'is',
              'due',
              ':',
              '.',
              ',',
              '*',
              '[',
              ']',
              'x',
            ),
            {
              maxLength: 8,
            },
          )
          .map((ws) => prefix + ws.join(' ')),
      ),
  );
  const description = fc.array(line, { maxLength: 12 }).map((lines) => lines.join('\n'));

  test('no word is ever added, dropped or reordered', () => {
    fc.assert(
      fc.property(description, (text) => {
        expect(words(tidyDescription(text))).toEqual(words(text));
      }),
      { numRuns: 400 },
    );
  });

  test('tidying a tidy text changes nothing', () => {
    fc.assert(
      fc.property(description, (text) => {
        const once = tidyDescription(text);
        expect(tidyDescription(once)).toBe(once);
      }),
      { numRuns: 400 },
    );
  });

  test('improve leaves a text alone when tidying would only change its cosmetics', () => {
    for (const text of [
      'call the bank about the new card',
      '* milk\n* eggs',
      '1) draft\n2) review',
      'Packing:\n- passport\n- charger',
      '- [X] Tickets\n- [ ] Hotel',
      'First   line of text here\r\n\r\n\r\nsecond paragraph',
      'होटल ने ईमेल से तारीख़ पक्की की',
    ]) {
      expect(improveDescription(`\n\n${text}  \n`), text).toBe(text);
    }
    expect(improveDescription('    indented   code\n')).toBe('    indented   code');
  });

  test('improve tidies what reads or renders badly, all of it', () => {
    expect(improveDescription('milk\neggs\nbread')).toBe('- [ ] Milk\n- [ ] Eggs\n- [ ] Bread');
    expect(improveDescription('• call Omar\n• pay the deposit')).toBe('- Call Omar\n- Pay the deposit');
    expect(improveDescription('TODO: send the invites')).toBe('- [ ] Send the invites');
    expect(improveDescription('the venue is booked\n\n[] send invites')).toBe('The venue is booked.\n\n- [ ] Send invites');
  });

  test('improve answers either the tidy text or the user’s own, and improving its answer changes nothing', () => {
    fc.assert(
      fc.property(description, (text) => {
        const once = improveDescription(text);
        expect([tidyDescription(text), text.replace(/^\s*\n/u, '').trimEnd()]).toContain(once);
        expect(improveDescription(once)).toBe(once);
      }),
      { numRuns: 400 },
    );
  });

  test('checklist items are counted', () => {
    expect(countChecklistItems('- [ ] a\n- [x] b\n- c\n  - [ ] d')).toBe(3);
  });
});
