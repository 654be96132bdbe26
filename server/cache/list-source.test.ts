import { describe, expect, test } from 'vitest';
import { joinList, type ListSource } from './list-source.ts';

/** A list of the given ids whose JSON is `{"id":N}`; ids in `gone` were deleted after the list was read. */
const sourceOf = (ids: number[], gone: number[] = []): ListSource => ({
  head: Buffer.from('{"tasks":['),
  tail: Buffer.from('],"next_cursor":null}'),
  items: ids.map((id) => ({ id, revision: 0 })),
  render: async (items) => items.map((item) => (gone.includes(item.id) ? undefined : Buffer.from(`{"id":${item.id}}`))),
});

describe('joinList', () => {
  test('joins the tasks with commas between head and tail', async () => {
    expect((await joinList(sourceOf([3, 2, 1]))).toString()).toBe('{"tasks":[{"id":3},{"id":2},{"id":1}],"next_cursor":null}');
  });

  test('an empty list is the head and the tail', async () => {
    expect((await joinList(sourceOf([]))).toString()).toBe('{"tasks":[],"next_cursor":null}');
  });

  test('tasks deleted since the list was read are left out, first, middle or last, with no stray comma', async () => {
    for (const gone of [[1], [2], [3], [1, 3], [1, 2, 3]]) {
      const json = JSON.parse((await joinList(sourceOf([1, 2, 3], gone))).toString()) as { tasks: Array<{ id: number }> };
      expect(json.tasks.map((task) => task.id)).toEqual([1, 2, 3].filter((id) => !gone.includes(id)));
    }
  });
});
