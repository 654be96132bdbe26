import { describe, expect, test } from 'vitest';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { choosePrioritySort, chooseSort, countTasks, INITIAL_FILTERS, labelOptions, visibleTasks } from './dashboard-filters.ts';

const task = (overrides: Partial<Task>): Task => ({
  id: 1,
  user_id: 1,
  title: 'Task',
  description: '',
  due_date: null,
  priority: 'medium',
  is_completed: 0,
  labels: [],
  shared_with: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('dashboard filters', () => {
  test('the active sort flips direction and a new key starts descending', () => {
    const flipped = chooseSort(INITIAL_FILTERS, 'created_at');
    expect(flipped).toMatchObject({ sort: 'created_at', direction: 'asc' });
    expect(chooseSort(flipped, 'updated_at')).toMatchObject({ sort: 'updated_at', direction: 'desc' });
  });

  test('the priority dropdown sorts by priority descending and filters by it', () => {
    expect(choosePrioritySort({ ...INITIAL_FILTERS, direction: 'asc' }, 'high')).toMatchObject({
      sort: 'priority',
      direction: 'desc',
      priority: 'high',
    });
  });

  test('search covers title and description; status and due today filter; completed last; counters count what their filters show', () => {
    const tasks = [
      task({ id: 1, title: 'Buy milk', is_completed: 1 }),
      task({ id: 2, title: 'Call Sam', description: 'about the MILK order', due_date: '2026-03-03' }),
      task({ id: 3, title: 'Other' }),
      task({ id: 4, title: 'Done today', is_completed: 1, due_date: '2026-03-03' }),
    ];
    expect(visibleTasks(tasks, { ...INITIAL_FILTERS, search: 'milk' }, '2026-03-03').map((t) => t.id)).toEqual([2, 1]);
    expect(visibleTasks(tasks, { ...INITIAL_FILTERS, status: 'completed' }, '2026-03-03').map((t) => t.id)).toEqual([1, 4]);
    expect(visibleTasks(tasks, { ...INITIAL_FILTERS, status: 'pending' }, '2026-03-03').map((t) => t.id)).toEqual([2, 3]);
    expect(visibleTasks(tasks, { ...INITIAL_FILTERS, dueToday: true }, '2026-03-03').map((t) => t.id)).toEqual([2, 4]);
    expect(countTasks(tasks, '2026-03-03')).toEqual({ pending: 2, done: 2, dueToday: 2 });
  });

  test('label options are the distinct labels among loaded tasks', () => {
    const tasks = [
      task({ labels: [{ id: 1, name: 'Work', color: null }] }),
      task({
        labels: [
          { id: 2, name: 'Home', color: null },
          { id: 1, name: 'Work', color: null },
        ],
      }),
    ];
    expect(labelOptions(tasks)).toEqual(['Home', 'Work']);
  });
});
