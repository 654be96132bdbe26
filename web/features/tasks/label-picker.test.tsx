import { describe, expect, test } from 'vitest';
import { labelSuggestions } from './label-picker.tsx';

describe('label suggestions (spec §5)', () => {
  const all = ['Work', 'Homework', 'Home', 'Errands'];

  test('match by case-insensitive substring and leave out selected labels', () => {
    expect(labelSuggestions(all, ['Home'], 'HOME').map((s) => s.name)).toEqual(['Homework']);
  });

  test("offer 'create new' only when no label has exactly that name", () => {
    expect(labelSuggestions(all, [], 'work').some((s) => s.isNew)).toBe(false);
    expect(labelSuggestions(all, [], 'wor')).toEqual([
      { name: 'Work', isNew: false },
      { name: 'Homework', isNew: false },
      { name: 'wor', isNew: true },
    ]);
  });

  test('nothing is suggested for blank input', () => {
    expect(labelSuggestions(all, [], '   ')).toEqual([]);
  });
});
