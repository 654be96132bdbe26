import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';
import { testDialects } from '../../tests/support/test-database.ts';

/** The full read of a list's keys (not the memory's probes, which ask for one task or the newest). */
const isFullKeyRead = (sql: string) =>
  /select "tasks"\."id", "tasks"\."revision" from "tasks"/.test(sql) && /order by/.test(sql) && !/limit/.test(sql);

/** A small deterministic generator: a failing sequence can be replayed from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return state / 2 ** 32;
  };
}

describe.each(testDialects())('list keys kept in memory on %s', (dialect) => {
  let t: TestApp;
  /** A second app on the same database without the memory: another process, and the truth. */
  let other: Awaited<ReturnType<typeof buildApp>>;
  /** Full key reads made while each app was answering a list read. */
  const fullReads = { here: 0, other: 0 };
  let reading: keyof typeof fullReads = 'here';
  let owner: SignedInUser;
  let friend: SignedInUser;
  let stranger: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(dialect, { onQuery: (sql) => (fullReads[reading] += isFullKeyRead(sql) ? 1 : 0) });
    other = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: '/nonexistent-web-build',
        RATE_LIMIT_SHARE_PER_MINUTE: '10000',
        LIST_KEYS_CACHE_MB: '0',
      }),
      database: t.database,
      logger: false,
    });
    await other.ready();
    owner = await t.signUp();
    friend = await t.signUp();
    stranger = await t.signUp();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const listed = async (app: typeof other, user: SignedInUser, url: string): Promise<Array<{ id: number }>> => {
    reading = app === other ? 'other' : 'here';
    const response = await app.inject({ method: 'GET', url, headers: user.headers });
    reading = 'here';
    expect(response.statusCode, url).toBe(200);
    const body = response.json();
    return body[Object.keys(body).find((name) => Array.isArray(body[name]))!];
  };
  const ids = async (app: typeof other, user: SignedInUser, url: string) => (await listed(app, user, url)).map((task) => task.id);

  test('after every kind of write, here or in another process, each list is what the database says', async () => {
    const next = random(20261125);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const reads: Array<[SignedInUser, string]> = [
      [owner, '/api/tasks'],
      [owner, '/api/tasks?direction=asc'],
      [owner, '/api/tasks?priority=high'],
      [owner, '/api/tasks?label=Home'],
      [owner, '/api/tasks?status=pending'],
      [owner, '/api/tasks?search=alpha'],
      [friend, '/api/tasks/shared'],
      [friend, '/api/tasks/shared?direction=asc&priority=low'],
      [friend, '/api/tasks/pending-shares'],
      [stranger, '/api/tasks/pending-shares'],
      [stranger, '/api/tasks/shared'],
      [friend, '/api/tasks'],
    ];
    const tasks: number[] = [];
    const write = async (user: SignedInUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      // One write in five goes through the other process: this one is not told.
      const app = next() < 0.2 ? other : t.app;
      const response = await app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
      return response;
    };
    const operations = [
      async () => {
        const words = ['alpha', 'beta', 'gamma'];
        const created = await write(pick([owner, owner, friend]), 'POST', '/api/tasks/add', {
          title: `${pick(words)} ${pick(words)}`,
          priority: pick(['low', 'medium', 'high']),
          labels: next() < 0.5 ? ['Home'] : ['Work'],
        });
        if (created.statusCode === 201) tasks.push(created.json().task.id);
      },
      async () => {
        if (!tasks.length) return;
        await write(pick([owner, friend]), 'PUT', `/api/tasks/update/${pick(tasks)}`, {
          title: pick(['alpha one', 'beta two', 'gamma three']),
          priority: pick(['low', 'medium', 'high']),
          labels: next() < 0.5 ? ['home'] : [],
        });
      },
      async () => {
        if (!tasks.length) return;
        await write(pick([owner, friend]), 'PUT', `/api/tasks/${pick(['complete', 'uncomplete'])}/${pick(tasks)}`);
      },
      async () => {
        if (!tasks.length) return;
        const id = pick(tasks);
        const deleted = await write(pick([owner, friend]), 'DELETE', `/api/tasks/delete/${id}`);
        if (deleted.statusCode === 200) tasks.splice(tasks.indexOf(id), 1);
      },
      async () => {
        if (!tasks.length) return;
        await write(owner, 'POST', `/api/tasks/${pick(tasks)}/share`, { email_ids: [pick([friend, stranger]).user.email] });
      },
      async () => {
        if (!tasks.length) return;
        await write(pick([friend, stranger]), 'POST', `/api/tasks/${pick(tasks)}/accept-share`);
      },
      async () => {
        if (!tasks.length) return;
        await write(owner, 'DELETE', `/api/tasks/${pick(tasks)}/remove-share`, { user_id: pick([friend, stranger]).user.id });
      },
    ];
    const check = async (step: number) => {
      for (const [user, url] of reads) {
        // Whole tasks: the right tasks in the right order, each as it is now (its revision).
        const mine = await listed(t.app, user, url);
        const truth = await listed(other, user, url);
        expect(mine, `step ${step}: ${url}`).toEqual(truth);
      }
    };

    // Creations first, so later steps find tasks to change.
    for (let step = 0; step < 12; step++) await operations[0]!();
    await check(-1);
    const before = { ...fullReads };
    for (let step = 0; step < 200; step++) {
      await pick(operations)();
      // Not after every write: writes here and elsewhere in a row, with no read between, are
      // what the memory must not carry an entry across.
      if (next() < 0.5) await check(step);
    }
    // The memory answered most first reads after a change: the other app, without it, read the
    // keys of every list whose version had moved; this one read far fewer.
    const here = fullReads.here - before.here;
    const there = fullReads.other - before.other;
    expect(there).toBeGreaterThan(250);
    expect(here).toBeLessThan(there * 0.5);
  });

  test('a created task comes first at once, and a task joining the middle of a list is read again', async () => {
    const me = await t.signUp();
    const add = async (title: string, priority: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/tasks/add', headers: me.headers, payload: { title, priority } })).json().task
        .id as number;
    const older = await add('older', 'low');
    const newer = await add('newer', 'high');
    expect(await ids(t.app, me, '/api/tasks?priority=low')).toEqual([older]);
    expect(await ids(t.app, me, '/api/tasks')).toEqual([newer, older]);
    const before = fullReads.here;
    const newest = await add('newest', 'low');
    // Both lists follow the create from memory: it is the newest task.
    expect(await ids(t.app, me, '/api/tasks')).toEqual([newest, newer, older]);
    expect(await ids(t.app, me, '/api/tasks?priority=low')).toEqual([newest, older]);
    expect(fullReads.here).toBe(before);
    // `newer` joins the low list between the two: its place is read from the database.
    await t.app.inject({
      method: 'PUT',
      url: `/api/tasks/update/${newer}`,
      headers: me.headers,
      payload: { title: 'newer', priority: 'low' },
    });
    expect(await ids(t.app, me, '/api/tasks?priority=low')).toEqual([newest, newer, older]);
    expect(fullReads.here).toBe(before + 1);
  });
});
