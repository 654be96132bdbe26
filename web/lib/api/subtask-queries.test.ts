import { describe, expect, test } from 'vitest';
import type { Subtask } from '../../../common/schemas/subtask.schema.ts';
import { pastedTitles } from '../../features/tasks/pasted-lines.ts';
import { applySubtaskWrite, progressOf } from './subtask-queries.ts';

const subtask = (id: number, title: string, position: number, done = false): Subtask => ({
  id,
  task_id: 7,
  title,
  is_completed: done ? 1 : 0,
  due_date: null,
  position,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
});
const list = [subtask(1, 'a', 0), subtask(2, 'b', 1, true), subtask(3, 'c', 2)];
const titles = (subtasks: Subtask[]) => subtasks.map((s) => s.title);

describe('subtask changes shown before the server answers', () => {
  test('a move puts the subtask at its index, the others keeping their order, as the server does', () => {
    expect(titles(applySubtaskWrite(list, { kind: 'move', id: 3, index: 0 }, 7))).toEqual(['c', 'a', 'b']);
    expect(titles(applySubtaskWrite(list, { kind: 'move', id: 1, index: 2 }, 7))).toEqual(['b', 'c', 'a']);
    expect(applySubtaskWrite(list, { kind: 'move', id: 1, index: 1 }, 7).map((s) => s.position)).toEqual([0, 1, 2]);
  });

  test('added ones come last, without an id of the server yet; a tick, a rename, a date and a delete change only theirs', () => {
    const added = applySubtaskWrite(list, { kind: 'add', titles: ['d', 'e'] }, 7);
    expect(titles(added)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(added.slice(3).every((s) => s.id < 0 && s.is_completed === 0 && s.task_id === 7)).toBe(true);
    const ticked = applySubtaskWrite(
      list,
      { kind: 'update', id: 1, changes: { is_completed: true, title: 'A', due_date: '2030-02-01' } },
      7,
    );
    expect(ticked[0]).toMatchObject({ title: 'A', is_completed: 1, due_date: '2030-02-01' });
    expect(ticked.slice(1)).toEqual(list.slice(1));
    expect(titles(applySubtaskWrite(list, { kind: 'delete', id: 2 }, 7))).toEqual(['a', 'c']);
    expect(progressOf(ticked)).toEqual({ done: 2, total: 3 });
    expect(progressOf([])).toBeNull();
  });

  test('pasted lines: one subtask a line, list markers and boxes left out, blank lines skipped, long ones cut to a title', () => {
    expect(pastedTitles('- [ ] Invite friends\r\n\n* Order the cake\n3. Buy balloons\n  • Music  \n[x] Lights')).toEqual([
      'Invite friends',
      'Order the cake',
      'Buy balloons',
      'Music',
      'Lights',
    ]);
    expect(pastedTitles('x'.repeat(300))[0]).toHaveLength(255);
    expect(pastedTitles('2030 plans\n-5 degrees')).toEqual(['2030 plans', '-5 degrees']);
  });
});
