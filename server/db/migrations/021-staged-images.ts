import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Images pasted into a description before it is saved (decision 037): a file row may have no task
 * yet. Such a row is *staged*: only who uploaded it may open it, it counts on their quota, and the
 * task whose saved description links it adopts it (services/attachment.service.ts, `adopt`); one
 * never adopted (a dialog closed without saving) goes with the orphan sweep after a day.
 *
 * PostgreSQL drops the NOT NULL in place. SQLite cannot, so the table is rebuilt with the same
 * columns, rows, indexes and id sequence (ids are never reused: a description may still name one).
 */
export function stagedImages(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`alter table attachments alter column task_id drop not null`.execute(db);
        return;
      }
      const sequence = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'attachments'`.execute(db);
      await sql`
        create table attachments_staged (
          id integer primary key autoincrement,
          task_id integer references tasks (id) on delete cascade,
          user_id integer not null references users (id) on delete cascade,
          name text not null,
          mime text not null,
          size integer not null,
          storage_key text unique,
          link_url text,
          thumbnail_key text,
          created_at text not null
        )`.execute(db);
      await sql`
        insert into attachments_staged (id, task_id, user_id, name, mime, size, storage_key, link_url, thumbnail_key, created_at)
        select id, task_id, user_id, name, mime, size, storage_key, link_url, thumbnail_key, created_at from attachments`.execute(db);
      await sql`drop table attachments`.execute(db);
      await sql`alter table attachments_staged rename to attachments`.execute(db);
      const last = sequence.rows[0]?.seq;
      if (last !== undefined) await sql`update sqlite_sequence set seq = max(seq, ${last}) where name = 'attachments'`.execute(db);
      await db.schema.createIndex('attachments_task_idx').on('attachments').columns(['task_id', 'id']).execute();
      await db.schema.createIndex('attachments_user_idx').on('attachments').columns(['user_id', 'size']).execute();
    },
  };
}
