import { describe, expect, test } from 'vitest';
import { checklistItems, checklistProgress, setChecklistItem } from './checklist.ts';

const LIST = [
  'Before the trip:',
  '- [ ] passport',
  '- [x] tickets',
  '  * [X] charger',
  '1. [ ] water the plants',
  '- not a box',
  '- [] nor this',
].join('\n');

describe('checklists in a description', () => {
  test('finds every task-list item, ticked or not, nested or numbered', () => {
    const items = checklistItems(LIST);
    expect(items.map((item) => item.checked)).toEqual([false, true, true, false]);
    for (const item of items) expect(LIST[item.markOffset - 1]).toBe('[');
    expect(checklistProgress(LIST)).toEqual({ done: 2, total: 4 });
  });

  test('items inside a quote are items too', () => {
    const text = '- [ ] first\n> - [ ] quoted\n> > * [x] deeper';
    const items = checklistItems(text);
    expect(items.map((item) => [item.text, item.checked])).toEqual([
      ['first', false],
      ['quoted', false],
      ['deeper', true],
    ]);
    expect(setChecklistItem(text, items[1]!.markOffset, true)).toBe('- [ ] first\n> - [x] quoted\n> > * [x] deeper');
  });

  test('a description without a checklist has no progress', () => {
    expect(checklistProgress('Just text\n- a bullet')).toBeNull();
    expect(checklistProgress('')).toBeNull();
  });

  test("a card's progress counts the task's subtasks with its checklist items, and a task with only subtasks has progress", () => {
    expect(checklistProgress(LIST, { done: 1, total: 3 })).toEqual({ done: 3, total: 7 });
    expect(checklistProgress('Just text', { done: 1, total: 3 })).toEqual({ done: 1, total: 3 });
    expect(checklistProgress('Just text', null)).toBeNull();
  });

  test('boxes inside a code block are code, not a checklist', () => {
    const text = ['```md', '- [ ] example', '```', '- [ ] real', '~~~', '- [x] also code', '~~~'].join('\n');
    expect(checklistProgress(text)).toEqual({ done: 0, total: 1 });
  });

  test('ticking changes only that box, in any script', () => {
    const text = '- [ ] दूध खरीदें\n- [ ] اشترِ الخبز\n- [ ] Brot kaufen';
    const [, second] = checklistItems(text);
    const ticked = setChecklistItem(text, second!.markOffset, true);
    expect(ticked).toBe('- [ ] दूध खरीदें\n- [x] اشترِ الخبز\n- [ ] Brot kaufen');
    expect(setChecklistItem(ticked, second!.markOffset, false)).toBe(text);
    // An offset that is not a box's (a stale one after someone else's edit) changes nothing.
    expect(setChecklistItem(text, 5, true)).toBe(text);
  });
});
