import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../database.ts';
import type { Tables } from '../tables.ts';

/**
 * False when no task anywhere can hold `needle`: on SQLite, no task has every trigram the index is
 * asked for. Asked before a list or a count is read, so a word in no task costs one index lookup
 * instead of a walk of the user's tasks (SQLite, without statistics, starts an owner's list from
 * the owner's index whatever the search). True when the index cannot tell, and on PostgreSQL,
 * whose planner starts from the trigram index by itself.
 */
export async function searchMayMatch(db: Kysely<Tables>, dialect: Dialect, needle: string): Promise<boolean> {
  if (dialect === 'postgres') return true;
  const match = ftsQueryFor(needle);
  if (match === undefined) return true;
  const found = await sql<{ one: number }>`select 1 as one from tasks_search where tasks_search match ${match} limit 1`.execute(db);
  return found.rows.length > 0;
}

/**
 * The condition "the task's title or description holds `needle`" (needle lower-cased by the
 * service, compared with the lower-cased columns: a substring, any case, any script), served by
 * the trigram indexes of migration 007 (decision 018). Its results are exactly those of the plain
 * substring test, which is what it was before the indexes:
 * PostgreSQL `strpos(lower(col), needle) > 0`, SQLite `instr(casefold(col), needle) > 0`.
 *
 * A trigram index finds only texts of three characters or more: a needle of one or two characters
 * keeps the plain test, correct but unindexed (it reads every task the other filters leave).
 */
export function taskSearchCondition(dialect: Dialect, needle: string): RawBuilder<SqlBool> {
  return dialect === 'postgres' ? postgresCondition(needle) : sqliteCondition(needle);
}

/** Shorter needles have no trigram to look up. */
const TRIGRAM = 3;

function postgresCondition(needle: string): RawBuilder<SqlBool> {
  if ([...needle].length < TRIGRAM) {
    return sql<SqlBool>`(strpos(lower("tasks"."title"), ${needle}) > 0 or strpos(lower("tasks"."description"), ${needle}) > 0)`;
  }
  // LIKE, not strpos: pg_trgm's GIN indexes serve LIKE. With PostgreSQL's default escape
  // character (\), % _ and \ in the needle are themselves, so `%needle%` holds exactly where strpos
  // finds the needle. pg_trgm checks every candidate row against the LIKE again.
  const pattern = `%${needle.replace(/[\\%_]/g, '\\$&')}%`;
  return sql<SqlBool>`(lower("tasks"."title") like ${pattern} or lower("tasks"."description") like ${pattern})`;
}

function sqliteCondition(needle: string): RawBuilder<SqlBool> {
  // SQLite's own lower() folds ASCII only: casefold() is JavaScript's toLowerCase (database.ts).
  const exact = sql<SqlBool>`(instr(casefold("tasks"."title"), ${needle}) > 0 or instr(casefold("tasks"."description"), ${needle}) > 0)`;
  const match = ftsQueryFor(needle);
  if (match === undefined) return exact;
  const candidates = sql`select rowid from tasks_search where tasks_search match ${match}`;
  // The index gives candidates, in every user's tasks: a superset of the matches, which the exact
  // test then decides. Without statistics SQLite reads an owner's list from the owner's index, in
  // the list's order (a page stops at its last task), so the index can only filter that walk (and
  // searchMayMatch answers a word in no task before any walk). With COMMON_CANDIDATES or more,
  // listing them all costs more than the exact test on the walk (a page of a common word ends
  // after a few hundred tasks): the exact test alone, as before the index. Counted once per query,
  // and only that far.
  return sql<SqlBool>`(((select count(*) from (${candidates} limit ${sql.lit(COMMON_CANDIDATES)})) = ${sql.lit(COMMON_CANDIDATES)} or "tasks"."id" in (${candidates}))
    and ${exact})`;
}

/** Candidates from which the index no longer narrows a search enough to pay for listing them (sqliteCondition). */
const COMMON_CANDIDATES = 10_000;

/**
 * Characters that a lower-cased task text may hold where SQLite's trigram tokenizer, which folds
 * case itself, sees something else: the lower cases of capitals that its Unicode tables predate
 * (Georgian Mtavruli, Cherokee, Osage, Adlam, newer Latin and Cyrillic letters …) and the
 * combining dot of İ (JavaScript lower-cases İ to i + U+0307; SQLite leaves İ as it is). Found by
 * comparing the two foldings over every cased character; task-search.test.ts does so again, and
 * fails when a new SQLite or Node changes either. Also NUL, which FTS5's query text cannot hold.
 */
// U+0307 stands alone: inside a character class it would read as a mark on the character before it.
const UNFOLDED =
  /\u0307|[\0\u019b\u025c\u0261\u0264\u026a\u026c\u0282\u0287\u029d\u029e\u03f3\u0529\u052b\u052d\u052f\u10d0-\u10fa\u10fd-\u10ff\u13f8-\u13fd\u1c8a\u1d8e\u2c5f\ua699\ua69b\ua794\ua797\ua799\ua79b\ua79d\ua79f\ua7b5\ua7b7\ua7b9\ua7bb\ua7bd\ua7bf\ua7c1\ua7c3\ua7c8\ua7ca\ua7cd\ua7cf\ua7d1\ua7d3\ua7d5\ua7d7\ua7d9\ua7db\ua7f6\uab53\uab70-\uabbf\u{104d8}-\u{104fb}\u{10597}-\u{105a1}\u{105a3}-\u{105b1}\u{105b3}-\u{105b9}\u{105bb}\u{105bc}\u{10cc0}-\u{10cf2}\u{10d70}-\u{10d85}\u{118c0}-\u{118df}\u{16e60}-\u{16e7f}\u{16ebb}-\u{16ed3}\u{1e922}-\u{1e943}]/u;

/** The most trigrams a search asks the index for: each one read costs, and a few narrow enough. */
const MAX_TRIGRAMS = 8;

/**
 * The FTS5 query that every task holding `needle` (in its lower-cased text) matches, or undefined
 * when the index cannot narrow the search. The needle is cut at the characters SQLite folds
 * differently (UNFOLDED); the query asks for trigrams of the pieces of three characters or more,
 * all of them (the index keeps no positions: a task holding them all is only a candidate). Each
 * trigram read costs about the same however rare it is, so at most MAX_TRIGRAMS, taken apart
 * along the pieces. Exported for its tests.
 */
export function ftsQueryFor(needle: string): string | undefined {
  const trigrams = new Set<string>();
  let piece: string[] = [];
  const endPiece = () => {
    // An "i" at the end of a piece may be the first half of an İ (i + U+0307) in the task's text.
    if (piece.at(-1) === 'i') piece.pop();
    // Trigrams that do not overlap, and the last one, which reaches the piece's end.
    for (let start = 0; start + TRIGRAM <= piece.length; start += TRIGRAM) trigrams.add(piece.slice(start, start + TRIGRAM).join(''));
    if (piece.length >= TRIGRAM) trigrams.add(piece.slice(-TRIGRAM).join(''));
    piece = [];
  };
  for (const character of needle) {
    if (UNFOLDED.test(character)) endPiece();
    else piece.push(character);
  }
  endPiece();
  if (trigrams.size === 0) return undefined;
  const all = [...trigrams];
  // Spread from the first to the last.
  const chosen =
    all.length <= MAX_TRIGRAMS
      ? all
      : Array.from({ length: MAX_TRIGRAMS }, (_, index) => all[Math.round((index * (all.length - 1)) / (MAX_TRIGRAMS - 1))]!);
  return chosen.map((trigram) => `"${trigram.replaceAll('"', '""')}"`).join(' AND ');
}
