import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * An index for the dashboard's search (tasks whose title or description holds a text, any case,
 * any script): without one, a word in no task read every task of the user to say so (~100 ms at
 * 100,000 tasks). Both are trigram indexes, which find any substring of three characters or more,
 * so the search keeps its meaning (a substring, not a word): decision 018, and
 * server/db/repositories/task-search.ts for how the queries use them.
 *
 * - SQLite: an FTS5 table with the trigram tokenizer over tasks(title, description). External
 *   content: it holds only the index, the text stays in `tasks`, and `'rebuild'` remakes it from
 *   `tasks` (here, and by hand should it ever drift). Triggers keep it in step with every write,
 *   whoever makes it (the bench's seed writes with a bare connection): they use nothing but
 *   SQLite's own SQL, so any connection can write tasks.
 * - PostgreSQL: pg_trgm's GIN indexes on lower(title) and lower(description), which serve
 *   `lower(col) LIKE '%…%'`. pg_trgm is a trusted extension (PostgreSQL 13+): the owner of the
 *   database may create it. Its trigrams are made of the letters and digits of the database's
 *   LC_CTYPE: with a plain `C` ctype only ASCII counts, and Hindi or Arabic searches get no use of
 *   the index (docs/operations.md).
 */
export function taskSearchIndex(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`create index tasks_title_trgm_idx on tasks using gin (lower(title) gin_trgm_ops)`.execute(db);
        await sql`create index tasks_description_trgm_idx on tasks using gin (lower(description) gin_trgm_ops)`.execute(db);
        return;
      }
      // detail='none': no positions, a quarter of the size (70 against 310 MB at the bench's 1,000,000
      // tasks) and as fast to read; the exact test after it needs no more than candidates.
      // columnsize=0: no ranking, so no length per row.
      await sql`create virtual table tasks_search using fts5(
        title, description, content='tasks', content_rowid='id', tokenize='trigram', detail='none', columnsize=0
      )`.execute(db);
      // Every write transaction adds a small segment to the index, and by default FTS5 merges once 4
      // segments of a level exist: 0.8 ms of a task's create was the index's, ~0.45 ms with 16 (the
      // create budget is 1,000 a second). Searches read a few more segments, which costs them little.
      await sql`insert into tasks_search (tasks_search, rank) values ('automerge', 16)`.execute(db);
      // An external-content index is told the old text to take out, exactly as it was indexed.
      await sql`
        create trigger tasks_search_insert after insert on tasks begin
          insert into tasks_search (rowid, title, description) values (new.id, new.title, new.description);
        end`.execute(db);
      await sql`
        create trigger tasks_search_delete after delete on tasks begin
          insert into tasks_search (tasks_search, rowid, title, description) values ('delete', old.id, old.title, old.description);
        end`.execute(db);
      // Most updates (completing, rescheduling, every revision bump) leave the text alone: no index work for them.
      await sql`
        create trigger tasks_search_update after update of id, title, description on tasks
        when old.id is not new.id or old.title is not new.title or old.description is not new.description begin
          insert into tasks_search (tasks_search, rowid, title, description) values ('delete', old.id, old.title, old.description);
          insert into tasks_search (rowid, title, description) values (new.id, new.title, new.description);
        end`.execute(db);
      // The tasks written before this migration, then their segments merged into one: left as the
      // rebuild writes them, the first creates after it paid for merging them (8 ms each at 1,000,000
      // tasks, for seconds). The merge costs ~2 s per 1,000,000 tasks, once.
      await sql`insert into tasks_search (tasks_search) values ('rebuild')`.execute(db);
      await sql`insert into tasks_search (tasks_search) values ('optimize')`.execute(db);
    },
  };
}
