/**
 * Seeds the bench database straight into SQLite (the server's own migrations first, then bulk
 * inserts in large transactions): a million tasks in well under a minute, where the API would
 * take an hour. Text is generated from a fixed seed, so every run measures the same bytes.
 */
import { hash } from '@node-rs/argon2';
import SQLite from 'better-sqlite3';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';

export const BENCH_PASSWORD = 'bench-password-1234';

/** The accounts the bench signs in as, and what each one holds. */
export const BENCH_USERS = {
  /** 1,000 tasks, 2 labels and 300 characters of description each: the list measurements. */
  list: { email: 'list@bench.taskaty', tasks: 1_000 },
  /** 10,000 tasks: the dashboard in the browser. */
  dashboard: { email: 'dashboard@bench.taskaty', tasks: 10_000 },
  /** 100,000 tasks: query plans and paging at scale. */
  scale: { email: 'scale@bench.taskaty', tasks: 100_000 },
  /** Shares 20 pending and 5 accepted tasks with the list user. */
  sharer: { email: 'sharer@bench.taskaty', tasks: 25 },
  /** Creates tasks under load. */
  writer: { email: 'writer@bench.taskaty', tasks: 0 },
  /** Exports (two accounts: each has its own per-minute export allowance). */
  exportPdf: { email: 'export-pdf@bench.taskaty', tasks: 1 },
  exportWord: { email: 'export-word@bench.taskaty', tasks: 1 },
} as const;
export type BenchUser = keyof typeof BENCH_USERS;

const WORDS = (
  'the a report budget meeting client review design draft plan team sprint launch invoice follow up call email notes update ' +
  'research fix bug deploy server database migrate test write read prepare schedule order book flight hotel dentist grocery ' +
  'milk bread coffee garden paint fence car service tax return insurance renew passport visa doctor gym run study exam chapter ' +
  'slides present demo feedback survey hire interview onboard contract legal sign approve quarterly metrics dashboard chart ' +
  'export import backup restore security audit password rotate key certificate domain website blog post newsletter campaign'
).split(' ');

/** mulberry32: small, fast and the same on every machine. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function textGenerator(seed: number) {
  const next = random(seed);
  const words = (count: number) => Array.from({ length: count }, () => WORDS[Math.floor(next() * WORDS.length)]!).join(' ');
  return {
    next,
    title: () => {
      const text = words(3 + Math.floor(next() * 4));
      return text.charAt(0).toUpperCase() + text.slice(1);
    },
    /** Sentences up to exactly `length` characters. */
    description(length: number) {
      let text = '';
      while (text.length < length) text += `${words(6 + Math.floor(next() * 8))}. `;
      return text.slice(0, length);
    },
  };
}

export interface SeedSummary {
  tasks: number;
  users: number;
  seconds: number;
}

/**
 * Creates the schema and the data: the bench users above plus filler accounts until the
 * database holds `totalTasks` tasks.
 */
export async function seedDatabase(file: string, totalTasks: number): Promise<SeedSummary> {
  const started = performance.now();
  const database = openDatabase({ sqlitePath: file });
  await migrateToLatest(database);
  await database.close();

  const passwordHash = await hash(BENCH_PASSWORD, { algorithm: 2 });
  const db = new SQLite(file);
  // Nothing else has the file open: skip the WAL and fsync while loading, restore WAL after.
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -200000');
  // The search index's triggers (migration 007) index each row as it is inserted: with them a million
  // tasks took four times as long. They are set aside while loading and the index rebuilt once at the end.
  const searchTriggers = db
    .prepare("select sql from sqlite_master where type = 'trigger' and name like 'tasks_search_%'")
    .pluck()
    .all() as string[];
  for (const name of db
    .prepare("select name from sqlite_master where type = 'trigger' and name like 'tasks_search_%'")
    .pluck()
    .all() as string[])
    db.exec(`drop trigger ${name}`);

  const baseTime = Date.parse('2024-01-01T00:00:00.000Z');
  const iso = (offsetSeconds: number) => new Date(baseTime + offsetSeconds * 1000).toISOString();
  const insertUser = db.prepare(
    // Proven addresses (issue 18), as most real accounts have: no verification banner in the measured screens.
    'insert into users (name, email, password_hash, user_photo, language, email_verified_at, created_at, updated_at) values (?, ?, ?, null, ?, ?, ?, ?)',
  );
  const insertTask = db.prepare(
    'insert into tasks (user_id, title, description, due_date, priority, priority_rank, is_completed, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertLabel = db.prepare('insert into labels (user_id, name, name_key, color, created_at) values (?, ?, ?, ?, ?)');
  const insertTaskLabel = db.prepare('insert into task_labels (task_id, label_id, position) values (?, ?, ?)');
  const insertShare = db.prepare(
    'insert into task_shares (task_id, user_id, email, status, shared_by, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
  );
  const priorities = ['low', 'medium', 'high'] as const;
  const colors = ['#ef4444', '#f59e0b', '#10b981', '#3b82f6', '#8b5cf6', null];
  const text = textGenerator(20240101);
  let taskCount = 0;
  let userCount = 0;
  let clock = 0;

  const addUser = (name: string, email: string) => {
    userCount += 1;
    return Number(insertUser.run(name, email, passwordHash, 'en', iso(0), iso(0), iso(0)).lastInsertRowid);
  };

  /** Tasks with `labelsPerTask` of the owner's labels each; returns their ids. */
  const addTasks = (userId: number, count: number, options: { descriptionLength: number; labels: number; labelsPerTask: number }) => {
    const labelIds: number[] = [];
    for (let i = 0; i < options.labels; i++) {
      const name = `${WORDS[(i * 7) % WORDS.length]}-${i}`;
      labelIds.push(Number(insertLabel.run(userId, name, name.toLowerCase(), colors[i % colors.length] ?? null, iso(0)).lastInsertRowid));
    }
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      clock += 1;
      const priority = priorities[Math.floor(text.next() * 3)]!;
      const due = text.next() < 0.7 ? iso(clock + Math.floor(text.next() * 90 * 86_400)).slice(0, 10) : null;
      const created = iso(clock);
      const id = Number(
        insertTask.run(
          userId,
          text.title(),
          text.description(options.descriptionLength),
          due,
          priority,
          priorities.indexOf(priority) + 1,
          text.next() < 0.25 ? 1 : 0,
          created,
          created,
        ).lastInsertRowid,
      );
      for (let position = 0; position < options.labelsPerTask; position++) {
        insertTaskLabel.run(id, labelIds[(i + position) % labelIds.length]!, position);
      }
      ids.push(id);
    }
    taskCount += count;
    return ids;
  };

  const inBatches = (work: () => void) => db.transaction(work)();

  inBatches(() => {
    const ids = Object.fromEntries(Object.entries(BENCH_USERS).map(([key, user]) => [key, addUser(`Bench ${key}`, user.email)])) as Record<
      BenchUser,
      number
    >;
    addTasks(ids.list, BENCH_USERS.list.tasks, { descriptionLength: 300, labels: 10, labelsPerTask: 2 });
    addTasks(ids.dashboard, BENCH_USERS.dashboard.tasks, { descriptionLength: 300, labels: 12, labelsPerTask: 2 });
    const shared = addTasks(ids.sharer, BENCH_USERS.sharer.tasks, { descriptionLength: 300, labels: 4, labelsPerTask: 2 });
    shared.forEach((taskId, index) =>
      insertShare.run(taskId, ids.list, BENCH_USERS.list.email, index < 20 ? 'pending' : 'accepted', ids.sharer, iso(clock), iso(clock)),
    );
    for (const key of ['exportPdf', 'exportWord'] as const) {
      addTasks(ids[key], 1, { descriptionLength: 1200, labels: 3, labelsPerTask: 3 });
    }
  });
  const scaleId = db.prepare('select id from users where email = ?').pluck().get(BENCH_USERS.scale.email) as number;
  for (let done = 0; done < BENCH_USERS.scale.tasks; done += 20_000) {
    inBatches(() => addTasks(scaleId, 20_000, { descriptionLength: 120, labels: done === 0 ? 20 : 0, labelsPerTask: 0 }));
  }
  // Labels for the scale user's tasks: one each, by task id (the addTasks above made the labels once).
  const scaleLabels = db.prepare('select id from labels where user_id = ? order by id').pluck().all(scaleId) as number[];
  db.prepare(
    `insert into task_labels (task_id, label_id, position)
     select id, ? + (id % ?), 0 from tasks where user_id = ?`,
  ).run(scaleLabels[0], scaleLabels.length, scaleId);

  // Everyone else: accounts of 5,000 short tasks each until the database holds totalTasks.
  let filler = 0;
  while (taskCount < totalTasks) {
    const count = Math.min(5_000, totalTasks - taskCount);
    inBatches(() => {
      filler += 1;
      const userId = addUser(`Filler ${filler}`, `filler-${filler}@bench.taskaty`);
      addTasks(userId, count, { descriptionLength: 40, labels: 0, labelsPerTask: 0 });
    });
  }
  // Rebuilt and merged into one segment, as migration 007 leaves an existing database.
  db.exec("insert into tasks_search (tasks_search) values ('rebuild')");
  db.exec("insert into tasks_search (tasks_search) values ('optimize')");
  for (const trigger of searchTriggers) db.exec(trigger);
  // No ANALYZE: the server never runs it, so the plans measured are the plans it gets.
  db.pragma('journal_mode = WAL');
  db.close();
  return { tasks: taskCount, users: userCount, seconds: (performance.now() - started) / 1000 };
}
