import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Migrator, sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { openTestDatabase, testDialects } from '../../../tests/support/test-database.ts';
import { migrateToLatest, openDatabase, type Database, type Dialect } from '../database.ts';
import { initialSchema } from '../migrations/001-initial-schema.ts';
import { dataVersions } from '../migrations/002-data-versions.ts';
import { listSummaryIndex } from '../migrations/003-list-summary-index.ts';
import { activityEvents } from '../migrations/004-activity-events.ts';
import { emailVerification } from '../migrations/005-email-verification.ts';
import { listEpoch } from '../migrations/006-list-epoch.ts';
import type { Tables } from '../tables.ts';
import { ftsQueryFor } from './task-search.ts';
import { createTaskRepository, type TaskSetFilter } from './task.repository.ts';

/** Titles and descriptions in the six languages of the app, and the scripts whose case folding differs between engines. */
const TEXTS: Array<[title: string, description: string]> = [
  ['Write the quarterly REPORT', 'Numbers for the board; 50% done, see file_name_v2 and C:\\temp\\notes'],
  ['Call the dentist', 'Ask about the appointment on Monday'],
  ['रिपोर्ट लिखें', 'तिमाही के आंकड़े जोड़ें और टीम को भेजें'],
  ['किराने का सामान खरीदें', 'दूध, ब्रेड, कॉफ़ी'],
  ['اكتب التقرير الفصلي', 'أرسل الأرقام إلى الفريق قبل الخميس'],
  ['اتصل بطبيب الأسنان', 'اسأل عن الموعد'],
  ['Llamar a la ÑANDÚ Compañía', 'Revisar el año fiscal y la canción'],
  ['Écrire le rapport', 'Préparer la réunion à l’école, ça presse'],
  ['STRAẞE reparieren', 'Die Straße vor dem Büro; ÄRGER mit Öl und Übermut'],
  ['Größe messen', 'MASSE und Maße'],
  ['İstanbul trip', 'Visit IZMIR and ıspanak market'],
  ['ΟΔΟΣ ΣΟΦΙΑΣ', 'Ελληνικά γράμματα: ΣΙΣΥΦΟΣ'],
  ['ᲡᲐᲥᲐᲠᲗᲕᲔᲚᲝ visit', 'Ꭰ Cherokee ᎤᏍᏗ word'],
  ['Quotes "and" stars * and caret ^', 'a NEAR b OR c AND d'],
  ['', ''],
];

/** Needles as a person types them; the service lower-cases them (task.service.ts). */
const NEEDLES = [
  // en, with case and word boundaries
  'report',
  'REPORT',
  'quarterly rep',
  'the d',
  'ent',
  'xyz',
  // hi
  'रिपोर्ट',
  'आंकड़े जोड़ें',
  'ें',
  'ॉफ़ी',
  // ar
  'التقرير',
  'الفصلي',
  'ب الأ',
  'أرسل الأرقام',
  // es
  'ñandú',
  'ÑANDÚ COMP',
  'canción',
  'cancion',
  // fr
  'écrire',
  'ÉCOLE',
  'l’école, ça',
  'ecole',
  // de
  'straße',
  'STRAẞE',
  'strasse',
  'größe',
  'ÄRGER MIT ÖL',
  'maße',
  'masse',
  // Turkish dotted and dotless i, Greek final sigma, Georgian Mtavruli, Cherokee
  'İstanbul',
  'istanbul',
  'i̇st',
  'ıspanak',
  'izmir',
  'οδος',
  'ΟΔΟΣ',
  'σοφιας',
  'σοφιασ',
  'σισυφος',
  'საქართველო',
  'ᲡᲐᲥ',
  'ꭰ cherokee',
  'ᎤᏍᏗ',
  // characters that mean something to LIKE, to FTS5 or to neither
  '50%',
  '%',
  '0% d',
  'file_name',
  'e_n',
  '_',
  'c:\\temp',
  '\\',
  '\\notes',
  '"and"',
  '"',
  'stars * and',
  'caret ^',
  'near b or',
  'and d',
  // one and two characters
  'a',
  'É',
  'ñ',
  'र',
  'ت',
  'ab',
  'Ño',
  'रि',
  'ال',
  'ö',
  'i̇',
];

async function addUser(db: Kysely<Tables>, email: string): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({
      name: email,
      email,
      password_hash: 'x',
      user_photo: null,
      language: null,
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The condition as it was before the trigram indexes (task.repository.ts until issue 19): what search means. */
async function substringMatches(database: Database, userId: number, needle: string): Promise<number[]> {
  const holds = (column: 'tasks.title' | 'tasks.description') =>
    database.dialect === 'postgres'
      ? sql<boolean>`strpos(lower(${sql.ref(column)}), ${needle}) > 0`
      : sql<boolean>`instr(casefold(${sql.ref(column)}), ${needle}) > 0`;
  const rows = await database.db
    .selectFrom('tasks')
    .select('tasks.id')
    .where('tasks.user_id', '=', userId)
    .where((eb) => eb.or([holds('tasks.title'), holds('tasks.description')]))
    .orderBy('tasks.created_at', 'desc')
    .orderBy('tasks.id', 'desc')
    .execute();
  return rows.map((row) => row.id);
}

describe.each(testDialects())('search on %s', (dialect: Dialect) => {
  let database: Database;
  let repository: ReturnType<typeof createTaskRepository>;
  let me: number;
  let other: number;
  let clock = Date.parse('2030-01-01T00:00:00.000Z');
  const now = () => new Date((clock += 1000)).toISOString();
  const ids = new Map<string, number>();

  const add = async (userId: number, title: string, description: string) => {
    const row = await repository.insert({ userId, title, description, dueDate: null, priority: 'medium', now: now() });
    return row.id;
  };

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    repository = createTaskRepository(database.db, dialect);
    me = await addUser(database.db, 'me@search.test');
    other = await addUser(database.db, 'other@search.test');
    for (const [title, description] of TEXTS) {
      ids.set(title, await add(me, title, description));
      // Another owner's copy: the index holds every task, the owner filter still applies.
      await add(other, title, description);
    }
  });
  afterAll(() => database.close());

  const own = (search: string): TaskSetFilter => ({ ownerId: me, search: search.toLowerCase() });

  /** The page and the count a dashboard reads, and the same with the plain substring test. */
  async function searched(search: string) {
    const needle = search.toLowerCase();
    const keys = await repository.listKeys({ ...own(search), sort: 'created_at', direction: 'desc' });
    return {
      found: keys.map((key) => key.id),
      count: await repository.countMatching(own(search)),
      expected: await substringMatches(database, me, needle),
    };
  }

  /** The same texts as JavaScript reads them (lower-cased, then a substring), for the languages of the app. */
  const inJavaScript = (search: string) => {
    const needle = search.toLowerCase();
    return TEXTS.filter(([title, description]) => title.toLowerCase().includes(needle) || description.toLowerCase().includes(needle))
      .map(([title]) => ids.get(title)!)
      .sort((a, b) => b - a);
  };

  test.each(NEEDLES)('%s finds exactly what the substring test finds', async (search) => {
    const { found, count, expected } = await searched(search);
    expect(found).toEqual(expected);
    expect(count).toBe(expected.length);
    // SQLite's casefold is JavaScript's; PostgreSQL's lower() agrees with it on the app's six languages.
    if (dialect === 'sqlite') expect(found).toEqual(inJavaScript(search));
  });

  test.each([
    ['report', ['Write the quarterly REPORT']],
    ['आंकड़े जोड़ें', ['रिपोर्ट लिखें']],
    ['أرسل الأرقام', ['اكتب التقرير الفصلي']],
    ['ÑANDÚ COMP', ['Llamar a la ÑANDÚ Compañía']],
    ['l’école, ça', ['Écrire le rapport']],
    ['ÄRGER MIT ÖL', ['STRAẞE reparieren']],
    ['straße', ['STRAẞE reparieren']],
    ['50%', ['Write the quarterly REPORT']],
    ['e_n', ['Write the quarterly REPORT']],
    ['c:\\temp', ['Write the quarterly REPORT']],
    ['"and"', ['Quotes "and" stars * and caret ^']],
    ['near b or', ['Quotes "and" stars * and caret ^']],
    ['cancion', []],
  ])('%s finds %j in the six languages and with LIKE and FTS5 syntax in the needle', async (search, titles) => {
    const { found } = await searched(search);
    expect(found).toEqual(titles.map((title) => ids.get(title)!).sort((a, b) => b - a));
  });

  test('a page at a time (keyset) gives the same tasks as the substring test', async () => {
    // "e" is in most texts; a three-letter needle goes through the index.
    for (const search of ['e', 'the', 'ال']) {
      const expected = await substringMatches(database, me, search);
      const paged: number[] = [];
      let after;
      for (;;) {
        const keys = await repository.listKeys({ ...own(search), sort: 'created_at', direction: 'desc' }, { limit: 2, after });
        paged.push(...keys.map((key) => key.id));
        if (keys.length < 2) break;
        after = await repository.positionOf(keys.at(-1)!.id);
      }
      expect(paged, search).toEqual(expected);
    }
  });

  test('the index follows inserts, updates and deletes', async () => {
    const id = await add(me, 'Renew the passport', 'At the embassy');
    expect((await searched('passport')).found).toEqual([id]);

    await repository.update(id, { title: 'Renew the visa' }, now());
    expect((await searched('passport')).found).toEqual([]);
    expect((await searched('the visa')).found).toEqual([id]);

    await repository.update(id, { description: 'पासपोर्ट कार्यालय में' }, now());
    expect((await searched('embassy')).found).toEqual([]);
    expect((await searched('पासपोर्ट')).found).toEqual([id]);

    // A write that leaves the text alone leaves the task found.
    await repository.update(id, { is_completed: 1 }, now());
    await repository.bumpRevisions([id]);
    expect((await searched('the visa')).found).toEqual([id]);

    await repository.delete(id);
    expect((await searched('the visa')).found).toEqual([]);
    expect((await searched('पासपोर्ट')).found).toEqual([]);

    // Tasks deleted with their owner (ON DELETE CASCADE) leave the index too.
    const gone = await addUser(database.db, 'gone@search.test');
    await add(gone, 'Cascade target', 'xyzzy');
    await database.db.deleteFrom('users').where('id', '=', gone).execute();
    expect(await repository.countMatching({ search: 'xyzzy' })).toBe(0);

    for (const search of NEEDLES) {
      const { found, expected } = await searched(search);
      expect(found, search).toEqual(expected);
    }
    if (dialect === 'sqlite') {
      // FTS5 compares its index with the rows of tasks (rank 1: external content too) and throws on any difference.
      await sql`insert into tasks_search (tasks_search, rank) values ('integrity-check', 1)`.execute(database.db);
    }
  });
});

describe('the FTS5 query made of a needle', () => {
  test('trigrams of the pieces of three characters or more, quoted, all required; none when nothing is that long', () => {
    // Trigrams that do not overlap, and the last one.
    expect(ftsQueryFor('report')).toBe('"rep" AND "ort"');
    expect(ftsQueryFor('say "hi" now')).toBe('"say" AND " ""h" AND "i"" " AND "now"');
    expect(ftsQueryFor('ab')).toBeUndefined();
    expect(ftsQueryFor('रि')).toBeUndefined();
    expect(ftsQueryFor('रिपोर्ट')).toBe('"रिप" AND "ोर्" AND "र्ट"');
    // U+0307, the dot JavaScript gives a lower-cased İ, cuts the needle; an "i" before it may be İ's.
    expect(ftsQueryFor('i̇stanbul')).toBe('"sta" AND "nbu" AND "bul"');
    expect(ftsQueryFor('abci')).toBe('"abc"');
    expect(ftsQueryFor('abcid')).toBe('"abc" AND "cid"');
    // Georgian lower case stands for Mtavruli capitals SQLite does not fold.
    expect(ftsQueryFor('საქართველო')).toBeUndefined();
    expect(ftsQueryFor('tbilisi თბილისი center')).toBe('"tbi" AND "lis" AND "si " AND " ce" AND "nte" AND "ter"');
    // A long needle asks for eight trigrams, from along its whole length.
    const long = 'abcdefghijklmnopqrstuvwxyz0123456789';
    expect(ftsQueryFor(long)).toBe('"abc" AND "ghi" AND "jkl" AND "pqr" AND "stu" AND "yz0" AND "123" AND "789"');
  });

  test('every character whose lower case SQLite folds differently cuts the needle', () => {
    // SQLite's trigram tokenizer folds case with its own Unicode tables: read them from FTS5
    // itself, for every character JavaScript lower-cases, and compare with toLowerCase.
    const sqlite = new SQLite(':memory:');
    try {
      sqlite.exec(`create virtual table t using fts5(x, tokenize='trigram'); create virtual table v using fts5vocab(t, 'instance')`);
      const insert = sqlite.prepare('insert into t (rowid, x) values (?, ?)');
      const cased: number[] = [];
      for (let point = 0; point <= 0x10ffff; point++) {
        if (point >= 0xd800 && point <= 0xdfff) continue;
        const character = String.fromCodePoint(point);
        if (character.toLowerCase() !== character) cased.push(point);
      }
      const folded = (text: string) => {
        // One document per text, its characters three times over: the vocabulary holds each folded character as a trigram.
        const out: string[] = [];
        for (const character of text) {
          sqlite.exec('delete from t');
          insert.run(1, character.repeat(3));
          const term = sqlite.prepare('select term from v').pluck().get() as string;
          const characters = [...term];
          expect(characters).toHaveLength(3);
          out.push(characters[0]!);
        }
        return out.join('');
      };
      // Fold all at once, then the lower cases of the characters whose fold is not their own.
      const fold = new Map<number, string>();
      sqlite.transaction(() => {
        for (const point of cased) insert.run(point, String.fromCodePoint(point).repeat(3));
      })();
      for (const row of sqlite.prepare('select doc, term from v').iterate() as Iterable<{ doc: number; term: string }>) {
        fold.set(row.doc, [...row.term][0]!);
      }
      expect(fold.size).toBe(cased.length);
      let differing = 0;
      for (const point of cased) {
        const character = String.fromCodePoint(point);
        const lower = character.toLowerCase();
        if (folded(lower) === fold.get(point)) continue;
        differing += 1;
        // Each character of the lower case must cut the needle, but for İ's leading "i", which a piece never ends in.
        for (const [index, part] of [...lower].entries()) {
          if (point === 0x130 && index === 0) {
            expect(ftsQueryFor(`abc${part}`)).toBe('"abc"');
            continue;
          }
          expect(ftsQueryFor(`abc${part}def`), `U+${point.toString(16)} → U+${part.codePointAt(0)!.toString(16)}`).toBe('"abc" AND "def"');
        }
      }
      // The comparison saw something: İ at least.
      expect(differing).toBeGreaterThan(0);
    } finally {
      sqlite.close();
    }
  });
});

describe.each(testDialects())('search query plans on %s', (dialect: Dialect) => {
  let database: Database;
  let repository: ReturnType<typeof createTaskRepository>;
  const captured: Array<{ sql: string; parameters: readonly unknown[] }> = [];
  let me: number;

  beforeAll(async () => {
    // openDatabase hands the parameters too (openTestDatabase's type names only the SQL).
    database = await openTestDatabase(
      dialect,
      (text: string, parameters?: readonly unknown[]) => void captured.push({ sql: text, parameters: parameters ?? [] }),
    );
    repository = createTaskRepository(database.db, dialect);
    me = await addUser(database.db, 'plans@search.test');
    const other = await addUser(database.db, 'many@search.test');
    // Enough tasks, most of them the user's, for PostgreSQL's planner to prefer the trigram index
    // to reading the table or the user's tasks.
    const numbers =
      dialect === 'postgres'
        ? sql`select generate_series(1, 20000) as n`
        : sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < 20000) select n from s`;
    await sql`
      insert into tasks (user_id, title, description, priority, priority_rank, is_completed, created_at, updated_at)
      select case when n % 10 = 0 then ${sql.lit(other)} else ${sql.lit(me)} end, 'Task number ' || n, 'Some words about ' || n || ' here',
             'medium', 2, 0, '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z'
      from (${numbers}) as numbers`.execute(database.db);
    // VACUUM also moves the new rows out of the GIN indexes' pending list, as autovacuum does.
    if (dialect === 'postgres') await sql`vacuum analyze tasks`.execute(database.db);
  });
  afterAll(() => database.close());

  /**
   * The last query a repository call ran, and its plan (EXPLAINed with its parameters): the query of
   * tasks, or on SQLite the index lookup alone when no task anywhere can hold the word (searchMayMatch).
   */
  async function planOf(run: () => Promise<unknown>): Promise<{ sql: string; plan: string[] }> {
    captured.length = 0;
    await run();
    const query = captured.findLast((q) => /from "tasks"|from tasks_search/.test(q.sql))!;
    const plan = await database.db.connection().execute(async (db) => {
      if (dialect === 'sqlite') {
        const result = await db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
        );
        return result.rows.map((row) => row.detail);
      }
      const result = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
      return result.rows.map((row) => row['QUERY PLAN']);
    });
    return { sql: query.sql, plan };
  }

  const page = (search: string) => () =>
    repository.listKeys({ ownerId: me, search, sort: 'created_at', direction: 'desc' }, { limit: 101 });
  const total = (search: string) => () => repository.countMatching({ ownerId: me, search });
  const fullScanOfTasks = (plan: string[]) =>
    plan.some((line) => (dialect === 'sqlite' ? /^SCAN tasks\b(?!_search)/.test(line) : /Seq Scan on tasks\b/.test(line)));
  const usesTrigramIndex = (plan: string[]) =>
    dialect === 'sqlite'
      ? plan.some((line) => /^SCAN tasks_search VIRTUAL TABLE INDEX/.test(line))
      : plan.some((line) => /Bitmap Index Scan on tasks_title_trgm_idx/.test(line)) &&
        plan.some((line) => /Bitmap Index Scan on tasks_description_trgm_idx/.test(line));

  test.each(['qzxv', 'number 1234', 'रिपोर्ट', 'التقرير', 'compañía', 'größe'])(
    'a page and a total searched for %s read the trigram index, and never all tasks',
    async (search) => {
      for (const run of [page(search), total(search)]) {
        const { plan } = await planOf(run);
        expect(usesTrigramIndex(plan), plan.join('\n')).toBe(true);
        expect(fullScanOfTasks(plan), plan.join('\n')).toBe(false);
      }
    },
  );

  test.each(['task number', 'number 1234', 'about 777', 'qzxv'])(
    '%s gives the substring results whether the index lists its candidates or, when they are very many, leaves it to the exact test',
    async (search) => {
      const expected = await substringMatches(database, me, search);
      const keys = await repository.listKeys({ ownerId: me, search, sort: 'created_at', direction: 'desc' }, { limit: 101 });
      expect(keys.map((key) => key.id)).toEqual(expected.slice(0, 101));
      expect(await repository.countMatching({ ownerId: me, search })).toBe(expected.length);
    },
  );

  test.each(['q', 'qz', 'रि', 'ال'])('a needle of one or two characters (%s) keeps the plain test, without the index', async (search) => {
    for (const run of [page(search), total(search)]) {
      const { sql: text, plan } = await planOf(run);
      expect(usesTrigramIndex(plan), plan.join('\n')).toBe(false);
      expect(text).toMatch(dialect === 'sqlite' ? /instr\(casefold/ : /strpos\(lower/);
    }
  });
});

describe.each(testDialects())('migration 007 on %s', (dialect: Dialect) => {
  test('indexes the tasks written before it, and search finds them as before', async () => {
    let url: string | undefined;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: inject('postgresUrl') });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    const name = `taskaty_test_${randomBytes(6).toString('hex')}`;
    if (dialect === 'postgres') {
      await admin(`CREATE DATABASE ${name}`);
      url = inject('postgresUrl').replace(/\/[^/]*$/, `/${name}`);
    }
    const database = openDatabase(url ? { databaseUrl: url } : { sqlitePath: ':memory:' });
    try {
      // The schema as it was before this migration.
      const before = new Migrator({
        db: database.db,
        provider: {
          getMigrations: async () => ({
            '001-initial-schema': initialSchema(dialect),
            '002-data-versions': dataVersions(),
            '003-list-summary-index': listSummaryIndex(),
            '004-activity-events': activityEvents(),
            '005-email-verification': emailVerification(dialect),
            '006-list-epoch': listEpoch(),
          }),
        },
      });
      expect((await before.migrateToLatest()).error).toBeUndefined();
      const repository = createTaskRepository(database.db, dialect);
      const userId = await addUser(database.db, 'before@search.test');
      const ids: number[] = [];
      for (const [index, [title, description]] of TEXTS.entries()) {
        const now = new Date(Date.UTC(2030, 0, 1, 0, 0, index)).toISOString();
        ids.push((await repository.insert({ userId, title, description, dueDate: null, priority: 'low', now })).id);
      }

      // 007 and what came after it (008: due times and repeat rules).
      expect((await migrateToLatest(database))[0]).toBe('007-task-search-index');
      for (const search of NEEDLES) {
        const needle = search.toLowerCase();
        const keys = await repository.listKeys({ ownerId: userId, search: needle, sort: 'created_at', direction: 'desc' });
        expect(
          keys.map((key) => key.id),
          search,
        ).toEqual(await substringMatches(database, userId, needle));
      }
      expect(
        (await repository.listKeys({ ownerId: userId, search: 'आंकड़े', sort: 'created_at', direction: 'desc' })).map((key) => key.id),
      ).toEqual([ids[2]]);
      if (dialect === 'sqlite') await sql`insert into tasks_search (tasks_search, rank) values ('integrity-check', 1)`.execute(database.db);
    } finally {
      await database.close();
      if (dialect === 'postgres') await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
