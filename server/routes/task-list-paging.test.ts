import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Clock } from '../clock.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

/** A clock that stands still until told to move, so several tasks share one created_at. */
function steppingClock(): Clock & { advance(ms: number): void } {
  let now = Date.parse('2030-01-01T08:00:00.000Z');
  return {
    now: () => new Date(now),
    nowIso: () => new Date(now).toISOString(),
    advance: (ms) => (now += ms),
  };
}

describe.each(testDialects())('paging of task lists on %s', (dialect) => {
  let t: TestApp;
  let me: SignedInUser;
  const clock = steppingClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
    me = await t.signUp();
    const priorities = ['low', 'high', 'medium'];
    for (let i = 0; i < 23; i++) {
      // Three tasks per timestamp: the id must break the ties the same way on every page.
      if (i % 3 === 0) clock.advance(60_000);
      await t.app.inject({
        method: 'POST',
        url: '/api/tasks/add',
        headers: me.headers,
        payload: { title: `Task ${i}`, priority: priorities[i % 3], labels: i % 2 ? ['odd'] : ['even'] },
      });
    }
    // Some updates, so updated_at differs from created_at order.
    for (const id of [3, 7, 11]) {
      clock.advance(1000);
      const task = (await t.app.inject({ method: 'GET', url: '/api/tasks', headers: me.headers }))
        .json()
        .tasks.find((x: { title: string }) => x.title === `Task ${id}`);
      await t.app.inject({
        method: 'PUT',
        url: `/api/tasks/update/${task.id}`,
        headers: me.headers,
        payload: { title: `Task ${id}`, labels: [] },
      });
    }
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: me.headers });

  async function allPages(query: string, limit: number) {
    const ids: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await get(`/api/tasks?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.tasks.length).toBeLessThanOrEqual(limit);
      ids.push(...body.tasks.map((task: { id: number }) => task.id));
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor && pages < 50);
    return { ids, pages };
  }

  test.each([
    'sort=created_at&direction=desc',
    'sort=created_at&direction=asc',
    'sort=updated_at&direction=desc',
    'sort=updated_at&direction=asc',
    'sort=priority&direction=desc',
    'sort=priority&direction=asc',
    'sort=created_at&direction=desc&label=odd',
    'sort=priority&direction=asc&priority=high',
  ])('pages of %s put together are the whole list, in order, each task once', async (query) => {
    const whole = (await get(`/api/tasks?${query}`)).json();
    expect(whole).not.toHaveProperty('next_cursor');
    const wholeIds = whole.tasks.map((task: { id: number }) => task.id);
    for (const limit of [1, 4, 10]) {
      const { ids, pages } = await allPages(query, limit);
      expect(ids, `limit ${limit}`).toEqual(wholeIds);
      expect(pages).toBe(Math.max(1, Math.ceil(wholeIds.length / limit)));
    }
  });

  test('the last page says there is no next one', async () => {
    const body = (await get('/api/tasks?limit=100')).json();
    expect(body.tasks).toHaveLength(23);
    expect(body.next_cursor).toBeNull();
  });

  test('a page stays stable while new tasks are added before it', async () => {
    const first = (await get('/api/tasks?limit=5')).json();
    clock.advance(60_000);
    await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: me.headers, payload: { title: 'Newest' } });
    const second = (await get(`/api/tasks?limit=5&cursor=${encodeURIComponent(first.next_cursor)}`)).json();
    const whole = (await get('/api/tasks')).json().tasks.map((task: { id: number }) => task.id);
    expect(second.tasks.map((task: { id: number }) => task.id)).toEqual(whole.slice(6, 11));
  });

  test('the shared list pages the same way', async () => {
    const owner = await t.signUp();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      const task = (
        await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: owner.headers, payload: { title: `S${i}` } })
      ).json().task;
      await t.app.inject({
        method: 'POST',
        url: `/api/tasks/${task.id}/share`,
        headers: owner.headers,
        payload: { email_ids: [me.user.email] },
      });
      await t.app.inject({ method: 'POST', url: `/api/tasks/${task.id}/accept-share`, headers: me.headers });
      ids.unshift(task.id);
    }
    const first = (await get('/api/tasks/shared?limit=3')).json();
    expect(first.shared_tasks.map((task: { id: number }) => task.id)).toEqual(ids.slice(0, 3));
    const second = (await get(`/api/tasks/shared?limit=3&cursor=${encodeURIComponent(first.next_cursor)}`)).json();
    expect(second.shared_tasks.map((task: { id: number }) => task.id)).toEqual(ids.slice(3));
    expect(second.next_cursor).toBeNull();
  });

  test('a bad limit or cursor is a 422 naming the field', async () => {
    for (const [url, field] of [
      ['/api/tasks?limit=0', 'limit'],
      ['/api/tasks?limit=1001', 'limit'],
      ['/api/tasks?limit=two', 'limit'],
      ['/api/tasks?limit=2&cursor=not-a-cursor', 'cursor'],
      [`/api/tasks?limit=2&cursor=${Buffer.from('[1,2,3]').toString('base64url')}`, 'cursor'],
      [`/api/tasks?cursor=${'x'.repeat(300)}`, 'cursor'],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(422);
      expect(Object.keys(response.json().errors), url).toEqual([field]);
      // An error is no version of the list: no ETag a browser could revalidate with.
      expect(response.headers.etag, url).toBeUndefined();
    }
  });
});
