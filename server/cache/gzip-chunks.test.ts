import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { combineCrc, createGzipChunkCache, shiftOperator } from './gzip-chunks.ts';
import type { TaskListKey } from '../db/repositories/task.repository.ts';
import { joinList, type ListSource } from './list-source.ts';

/** Tasks as the list cache sees them: JSON per (id, revision); `rendered` counts what had to be rendered. */
function taskStore() {
  const revisions = new Map<number, number>();
  const rendered: number[] = [];
  const words = ['plan', 'review', 'budget', 'client', 'draft', 'launch', 'call', 'write', 'test', 'ship', 'team', 'week', 'goal', 'note'];
  /** Text like a person's: words from a small vocabulary in an order that differs from task to task. */
  const prose = (seed: number, count: number) =>
    Array.from({ length: count }, (_, index) => words[(Math.imul(seed + index * 7919, 2654435761) >>> 7) % words.length]).join(' ');
  const json = (id: number, revision: number) =>
    Buffer.from(
      JSON.stringify({ id, revision, title: prose(id, 4), description: prose(id * 31 + revision, 50), labels: [{ name: 'work' }] }),
    );
  return {
    rendered,
    set: (id: number, revision = 0) => revisions.set(id, revision),
    delete: (id: number) => revisions.delete(id),
    source(ids: number[], head = '{"tasks":[', tail = ']}'): ListSource {
      return {
        head: Buffer.from(head),
        tail: Buffer.from(tail),
        items: ids.map((id) => ({ id, revision: revisions.get(id) ?? 0 })),
        render: async (items: TaskListKey[]) =>
          items.map((item) => {
            rendered.push(item.id);
            return revisions.get(item.id) === item.revision ? json(item.id, item.revision) : undefined;
          }),
      };
    },
  };
}

describe('gzip lists from chunks', () => {
  test('the combined CRC-32 is the CRC-32 of the concatenation', () => {
    for (const [a, b] of [
      [0, 0],
      [1, 1],
      [17, 1000],
      [4096, 70_000],
    ] as const) {
      const left = randomBytes(a);
      const right = randomBytes(b);
      expect(combineCrc(zlib.crc32(left), zlib.crc32(right), shiftOperator(b))).toBe(zlib.crc32(Buffer.concat([left, right])));
    }
  });

  test('every order, filter, change, insert and delete decodes to the same bytes as the joined list', async () => {
    const store = taskStore();
    const cache = createGzipChunkCache(16 * 1024 * 1024);
    let ids = Array.from({ length: 400 }, (_, index) => 1000 + index);
    ids.forEach((id) => store.set(id));
    /** Checks the gzip answer against the joined list; returns it and the tasks rendered to make it. */
    const check = async (list: number[], head?: string, tail?: string) => {
      store.rendered.length = 0;
      const { body, plainLength } = await cache.gzipList(store.source(list, head, tail));
      const rendered = [...store.rendered];
      const plain = await joinList(store.source(list, head, tail));
      expect(zlib.gunzipSync(body).equals(plain)).toBe(true);
      expect(plainLength).toBe(plain.length);
      return { body, rendered };
    };
    const { body: first } = await check(ids);
    // Smaller than one gzip stream of the whole at its fastest level: chunks see the chunk before.
    expect(first.length).toBeLessThan(zlib.gzipSync(await joinList(store.source(ids)), { level: 1 }).length);
    await check([...ids].reverse());
    await check(ids.filter((id) => id % 3 === 0));
    await check(ids.slice(0, 50), '{"tasks":[', '],"next_cursor":"abc"}');
    await check(ids, '{"shared_tasks":[');
    await check([]);
    await check(ids.slice(0, 1), '{"tasks":[', `],"x":"${'y'.repeat(70_000)}"}`);

    // Read again unchanged: nothing is rendered, every chunk is copied.
    expect((await check(ids)).rendered).toEqual([]);

    // One task changes: only its chunk and the one after it (and that one's dictionary) are rendered.
    store.set(1200, 1);
    const changed = (await check(ids)).rendered;
    expect(changed).toContain(1200);
    expect(changed.length).toBeLessThanOrEqual(3 * 64);

    // A new task at the top moves no boundary further down.
    store.set(5000);
    ids = [5000, ...ids];
    expect((await check(ids)).rendered.length).toBeLessThanOrEqual(3 * 64);

    // A task deleted between the list query and the rendering of its chunk is left out. (From a
    // chunk already made it stays, as it was when the list was read: a moment earlier.)
    store.delete(1100);
    const withoutIt = await createGzipChunkCache(16 * 1024 * 1024).gzipList(store.source(ids));
    expect(zlib.gunzipSync(withoutIt.body).equals(await joinList(store.source(ids)))).toBe(true);
    expect(JSON.parse(zlib.gunzipSync(withoutIt.body).toString('utf8')).tasks).toHaveLength(ids.length - 1);
  });

  test('a long list read for the first time (thousands of chunks, made in batches at the fastest level) decodes to the list', async () => {
    const store = taskStore();
    const cache = createGzipChunkCache(64 * 1024 * 1024);
    const ids = Array.from({ length: 6000 }, (_, index) => index + 1);
    ids.forEach((id) => store.set(id));
    const { body } = await cache.gzipList(store.source(ids));
    expect(zlib.gunzipSync(body).equals(await joinList(store.source(ids)))).toBe(true);
    expect(cache.stats().entries).toBeGreaterThan(256);
  });

  test('a long list is rendered a batch at a time, and a task deleted before a later batch is left out', async () => {
    const store = taskStore();
    const ids = Array.from({ length: 6000 }, (_, index) => index + 1);
    ids.forEach((id) => store.set(id));
    const source = store.source(ids);
    const asked: number[] = [];
    const render = source.render;
    const batched: ListSource = { ...source, render: (items) => (asked.push(items.length), render(items)) };
    store.delete(5900);
    const { body } = await createGzipChunkCache(64 * 1024 * 1024).gzipList(batched);
    const tasks = JSON.parse(zlib.gunzipSync(body).toString('utf8')).tasks as Array<{ id: number }>;
    expect(tasks.map((task) => task.id)).toEqual(ids.filter((id) => id !== 5900));
    // Never the whole list at once: the JSON held at any moment is one batch's.
    expect(asked.length).toBeGreaterThan(3);
    expect(Math.max(...asked)).toBeLessThan(ids.length / 3);
  });

  test('chunks whose hashes collide are told apart by their tasks and what precedes them', async () => {
    const store = taskStore();
    // Every chunk hashes alike: each hit must be checked against the tasks it was made from.
    const cache = createGzipChunkCache(16 * 1024 * 1024, { hash: () => [7, 7] });
    const ids = Array.from({ length: 300 }, (_, index) => index + 1);
    ids.forEach((id) => store.set(id));
    const lists: Array<[number[], string]> = [
      [ids, '{"tasks":['],
      [[...ids].reverse(), '{"tasks":['],
      [ids.slice(1), '{"tasks":['],
      [ids, '{"shared_tasks":['],
      [ids.filter((id) => id % 2 === 0), '{"tasks":['],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [list, head] of lists) {
        const { body } = await cache.gzipList(store.source(list, head));
        expect(zlib.gunzipSync(body).equals(await joinList(store.source(list, head)))).toBe(true);
      }
      store.set(150, round + 1);
    }
  });

  test('without a cache every answer is still correct', async () => {
    const store = taskStore();
    const cache = createGzipChunkCache(0);
    const ids = Array.from({ length: 100 }, (_, index) => index + 1);
    ids.forEach((id) => store.set(id));
    for (let round = 0; round < 2; round++) {
      const { body } = await cache.gzipList(store.source(ids));
      expect(zlib.gunzipSync(body).equals(await joinList(store.source(ids)))).toBe(true);
    }
    expect(cache.stats().entries).toBe(0);
  });
});
