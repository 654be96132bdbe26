import { describe, expect, it } from 'vitest';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { changedFields, editedVersion, onlyWhatChanged } from './offline-writes.ts';
import type { PendingWrite } from './pending-writes.ts';

const base: Task = {
  id: 7,
  user_id: 1,
  title: 'Draft the agenda',
  description: 'Three points',
  due_date: '2026-12-01',
  due_time: '09:30',
  recurrence: null,
  recurrence_from: 'due_date',
  priority: 'medium',
  is_completed: 0,
  labels: [{ id: 3, name: 'Work', color: '#9333ea' }],
  shared_with: [],
  subtask_progress: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  revision: 4,
};

const edit = (body: Extract<PendingWrite, { kind: 'update' }>['body']): Extract<PendingWrite, { kind: 'update' }> => ({
  id: 'w1',
  kind: 'update',
  taskId: base.id,
  base,
  body,
});

describe('an edit made offline', () => {
  it('changes only what differs from the task it was made on: the form sends every field, most unchanged', () => {
    const write = edit({
      title: 'Draft the agenda for Monday',
      description: 'Three points',
      priority: 'medium',
      labels: ['work'],
      due_date: '2026-12-01',
    });
    expect(changedFields(write)).toEqual(['title']);
  });

  it('clearing the due date clears its time too, as the server does', () => {
    const write = edit({ title: base.title, due_date: null });
    expect(changedFields(write)).toEqual(['due_date', 'due_time']);
    expect(editedVersion(write)).toMatchObject({ due_date: null, due_time: null });
  });

  it('keeps the colour of a label the task already has, in any case', () => {
    const after = editedVersion(edit({ title: base.title, labels: ['WORK', 'home'] }));
    expect(after.labels.map((label) => [label.name, label.color])).toEqual([
      ['Work', '#9333ea'],
      ['home', null],
    ]);
  });
});

describe('an edit sent again over a task changed meanwhile', () => {
  it('carries only what it changes, so a rename and a label someone added stay', () => {
    const write = edit({ title: base.title, description: base.description, priority: 'high', labels: ['Work'], due_date: '2026-12-01' });
    const current: Task = {
      ...base,
      title: 'Draft the agenda (Farid)',
      labels: [...base.labels, { id: 9, name: 'urgent', color: null }],
      revision: 6,
    };
    expect(onlyWhatChanged(write, current)).toEqual({ title: 'Draft the agenda (Farid)', priority: 'high' });
  });

  it('sends its own title when the title is what it changes', () => {
    const write = edit({ title: 'Draft the agenda for Monday', priority: 'medium' });
    expect(onlyWhatChanged(write, { ...base, priority: 'low', revision: 5 })).toEqual({ title: 'Draft the agenda for Monday' });
  });
});
