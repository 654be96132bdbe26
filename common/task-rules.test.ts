import { describe, expect, test } from 'vitest';
import { addDays, completedLast, isDueToday, isOverdue, preview, stripMarkdown } from './task-rules.ts';

describe('task rules', () => {
  test('a task is overdue only when its due date is before today and it is not complete', () => {
    expect(isOverdue({ due_date: '2026-01-09', is_completed: 0 }, '2026-01-10')).toBe(true);
    expect(isOverdue({ due_date: '2026-01-10', is_completed: 0 }, '2026-01-10')).toBe(false);
    expect(isOverdue({ due_date: '2026-01-09', is_completed: 1 }, '2026-01-10')).toBe(false);
    expect(isOverdue({ due_date: null, is_completed: 0 }, '2026-01-10')).toBe(false);
    expect(isDueToday({ due_date: '2026-01-10' }, '2026-01-10')).toBe(true);
  });

  test('dates roll over months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  test('previews strip markdown and cut at 100 characters without splitting graphemes', () => {
    expect(stripMarkdown('## Title\n- [ ] **bold** and [link](http://x) `code`')).toBe('Title bold and link code');
    expect(stripMarkdown('<script>alert(1)</script>plain')).toBe('alert(1)plain');
    const long = 'क्षत्रिय '.repeat(30);
    const cut = preview(long, 100);
    expect([...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(cut)].length).toBeLessThanOrEqual(101);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(preview('short', 100)).toBe('short');
  });

  test('completed tasks come after pending ones, order kept within each group', () => {
    const tasks = [
      { id: 1, is_completed: 1 },
      { id: 2, is_completed: 0 },
      { id: 3, is_completed: 1 },
      { id: 4, is_completed: 0 },
    ];
    expect(completedLast(tasks).map((t) => t.id)).toEqual([2, 4, 1, 3]);
  });
});
