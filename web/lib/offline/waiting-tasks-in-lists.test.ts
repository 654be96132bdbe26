import { describe, expect, it } from 'vitest';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { fitsList } from './offline-writes.ts';

/** A task made offline (decision 034) shows in a list read meanwhile only where the server would put it. */
const made: Task = {
  id: -5,
  user_id: 1,
  title: 'Print the Handouts',
  description: 'For the Écoles meeting',
  due_date: '2026-12-01',
  due_time: null,
  recurrence: null,
  recurrence_from: 'due_date',
  priority: 'high',
  is_completed: 0,
  labels: [{ id: -1, name: 'Work', color: null }],
  shared_with: [],
  subtask_progress: null,
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
  revision: 0,
};

describe('a task made offline in a list read before it is sent', () => {
  it('is in the unfiltered list, in the stream of its status', () => {
    expect(fitsList(made, {}, 'pending')).toBe(true);
    expect(fitsList(made, {}, 'completed')).toBe(false);
    expect(fitsList({ ...made, is_completed: 1 }, {}, 'completed')).toBe(true);
  });

  it('follows the label, priority and search, case aside, in title and description', () => {
    expect(fitsList(made, { label: 'work' }, 'pending')).toBe(true);
    expect(fitsList(made, { label: 'home' }, 'pending')).toBe(false);
    expect(fitsList(made, { priority: 'high' }, 'pending')).toBe(true);
    expect(fitsList(made, { priority: 'low' }, 'pending')).toBe(false);
    expect(fitsList(made, { search: 'handouts' }, 'pending')).toBe(true);
    expect(fitsList(made, { search: 'écoles' }, 'pending')).toBe(true);
    expect(fitsList(made, { search: 'invoice' }, 'pending')).toBe(false);
  });

  it('follows the day and the range of days; a task without a date is in neither', () => {
    expect(fitsList(made, { due_date: '2026-12-01' }, 'pending')).toBe(true);
    expect(fitsList(made, { due_date: '2026-12-02' }, 'pending')).toBe(false);
    expect(fitsList(made, { due_from: '2026-11-28', due_to: '2026-12-10' }, 'pending')).toBe(true);
    expect(fitsList(made, { due_from: '2026-12-02' }, 'pending')).toBe(false);
    expect(fitsList({ ...made, due_date: null }, { due_to: '2026-12-10' }, 'pending')).toBe(false);
  });
});
