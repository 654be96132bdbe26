import { describe, expect, test } from 'vitest';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { choosePrioritySort, chooseSort, INITIAL_FILTERS, serverFilters, visibleTasks } from './dashboard-filters.ts';

const task = (overrides: Partial<Task>): Task => ({
  id: 1,
  user_id: 1,
  title: 'Task',
  description: '',
  due_date: null,
  due_time: null,
  recurrence: null,
  recurrence_from: 'due_date',
  priority: 'medium',
  is_completed: 0,
  labels: [],
  shared_with: [],
  subtask_progress: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  revision: 0,
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

  test('every filter goes to the server; search waits for its settled text and due today is the viewer’s date', () => {
    const filters = {
      ...INITIAL_FILTERS,
      label: 'Work',
      priority: 'high' as const,
      status: 'pending' as const,
      dueToday: true,
      search: 'mil',
    };
    expect(serverFilters(filters, '  milk ', '2026-03-03')).toEqual({
      label: 'Work',
      priority: 'high',
      sort: 'created_at',
      direction: 'desc',
      search: 'milk',
      status: 'pending',
      due_date: '2026-03-03',
    });
    expect(serverFilters(INITIAL_FILTERS, '   ', '2026-03-03')).toMatchObject({ label: undefined, priority: undefined, search: undefined });
  });

  test('loaded pages show each task once, within the status filter, completed last', () => {
    const pending = [task({ id: 1 }), task({ id: 2, is_completed: 1 }), task({ id: 3 })];
    // Task 2 was completed after its page was read: the completed stream has it too.
    const completed = [task({ id: 2, is_completed: 1 }), task({ id: 4, is_completed: 1 })];
    expect(visibleTasks([pending, completed], { status: 'all' }).map((t) => t.id)).toEqual([1, 3, 2, 4]);
    expect(visibleTasks([pending], { status: 'pending' }).map((t) => t.id)).toEqual([1, 3]);
    expect(visibleTasks([completed], { status: 'completed' }).map((t) => t.id)).toEqual([2, 4]);
  });
});
