import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, Dialect } from '../database.ts';
import type { Tables } from '../tables.ts';

/**
 * Undoable delete (decision 021): a deleted task's rows, kept for its undo window in
 * `deleted_tasks` (migration 010) and put back with their ids.
 *
 * What belongs to a task is read from the database's own foreign keys, not from a list kept here:
 * the task row, every table with an ON DELETE CASCADE key to `tasks.id` (task_labels, task_shares,
 * comments, activity_logs, subtasks since migration 009…), and every table with such a key to one of
 * those, so a table added later is kept and restored without a change here. Each key has one column,
 * as all of ours do.
 */

/** One foreign key: `table.column` references `references.target`; `onDelete` as the database says it. */
export interface ForeignKey {
  table: string;
  column: string;
  references: string;
  target: string;
  onDelete: string;
}

/** How a task is made up, read once per process from the schema (`readTaskSchema`). */
export interface TaskSchema {
  /** `tasks`, then the tables whose rows go with a task, each after the tables it references. */
  tables: string[];
  /** The keys of those tables (to any table). */
  keys: ForeignKey[];
}

type Row = Record<string, unknown>;

/** What `deleted_tasks.snapshot` holds: each table's rows as they were, `tasks` first. */
export interface TaskSnapshot {
  version: 1;
  tables: Array<{ table: string; rows: Row[] }>;
}

/**
 * When a referenced row is gone by the time of the restore, the row is put back as its key's ON
 * DELETE action would have left it had the referenced row gone while the task existed (CASCADE:
 * not put back; SET NULL: null) — except where the app itself does otherwise: an invitation made by
 * someone whose account is deleted stays as the task owner's (settings.service.ts, deleteAccount).
 */
const KEPT_AS_OWNERS = new Set(['task_shares.shared_by']);

/** Rows per INSERT, and values per IN list: far below both databases' limits on parameters. */
const BATCH = 200;

export async function readTaskSchema(database: Pick<Database, 'db' | 'dialect'>): Promise<TaskSchema> {
  const keys = (
    database.dialect === 'postgres'
      ? await sql<ForeignKey>`
          select cl.relname as "table", a.attname as "column", ft.relname as "references", fa.attname as "target",
            case c.confdeltype when 'c' then 'CASCADE' when 'n' then 'SET NULL' when 'd' then 'SET DEFAULT'
              when 'r' then 'RESTRICT' else 'NO ACTION' end as "onDelete"
          from pg_constraint c
          join pg_class cl on cl.oid = c.conrelid
          join pg_namespace ns on ns.oid = cl.relnamespace
          join pg_class ft on ft.oid = c.confrelid
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
          join pg_attribute fa on fa.attrelid = c.confrelid and fa.attnum = c.confkey[1]
          where c.contype = 'f' and ns.nspname = current_schema()
          order by 1, 2`.execute(database.db)
      : await sql<ForeignKey>`
          select m.name as "table", p."from" as "column", p."table" as "references", coalesce(p."to", 'id') as "target",
            upper(p.on_delete) as "onDelete"
          from sqlite_master m, pragma_foreign_key_list(m.name) p
          where m.type = 'table'
          order by 1, 2`.execute(database.db)
  ).rows;
  // Tables reached from tasks through cascading keys, each placed after every table it references
  // among them (a key of a table to itself, a reply's parent, is served by inserting in id order).
  const cascades = keys.filter((key) => key.onDelete === 'CASCADE' && key.table !== key.references);
  const members = new Set(['tasks']);
  for (let grown = true; grown;) {
    grown = false;
    for (const key of cascades) {
      if (members.has(key.references) && !members.has(key.table)) {
        members.add(key.table);
        grown = true;
      }
    }
  }
  const tables: string[] = [];
  const place = (table: string, path: Set<string>) => {
    if (tables.includes(table) || path.has(table)) return;
    path.add(table);
    for (const key of cascades) if (key.table === table && members.has(key.references)) place(key.references, path);
    tables.push(table);
  };
  place('tasks', new Set());
  for (const table of [...members].sort()) place(table, new Set());
  return { tables, keys: keys.filter((key) => members.has(key.table)) };
}

/** Buffers (bytea/blob) survive the JSON as base64; every other value of ours is a number, a string or null. */
const encode = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row).map(([column, value]) => [column, Buffer.isBuffer(value) ? { $base64: value.toString('base64') } : value]),
  );
const decode = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column,
      value !== null && typeof value === 'object' && '$base64' in value ? Buffer.from(String(value.$base64), 'base64') : value,
    ]),
  );

const byId = (a: Row, b: Row) => Number(a.id ?? 0) - Number(b.id ?? 0);

export function createDeletedTaskRepository(db: Kysely<Tables>, dialect: Dialect, schema: TaskSchema) {
  const inList = (values: unknown[]) => sql.join(values);
  const selectRows = async (table: string, column: string, values: unknown[]): Promise<Row[]> => {
    const rows: Row[] = [];
    for (let start = 0; start < values.length; start += BATCH) {
      const lock: RawBuilder<unknown> = dialect === 'postgres' ? sql`for update` : sql``;
      const query = sql<Row>`select * from ${sql.table(table)} where ${sql.ref(column)} in (${inList(values.slice(start, start + BATCH))}) ${lock}`;
      rows.push(...(await query.execute(db)).rows);
    }
    return rows;
  };
  const keysOf = (table: string) => schema.keys.filter((key) => key.table === table);

  return {
    /**
     * Reads the task and everything of it, in the transaction about to delete it, into a snapshot
     * restorable until `restorableUntil`. PostgreSQL: the rows are locked first (FOR UPDATE), so a
     * comment added or edited meanwhile waits for the delete instead of being lost from the
     * snapshot. False when the task is already gone.
     */
    async keep(taskId: number, deletedBy: number, now: string, restorableUntil: string): Promise<boolean> {
      const collected = new Map<string, Row[]>();
      const [task] = await selectRows('tasks', 'id', [taskId]);
      if (!task) return false;
      collected.set('tasks', [task]);
      for (const table of schema.tables.slice(1)) {
        const seen = new Map<string, Row>();
        for (const key of keysOf(table)) {
          if (key.onDelete !== 'CASCADE' || key.references === table) continue;
          const parents = collected.get(key.references);
          if (!parents?.length) continue;
          const values = [...new Set(parents.map((parent) => parent[key.target]))];
          for (const row of await selectRows(table, key.column, values))
            seen.set(
              JSON.stringify(row, (_, v: unknown) => v),
              row,
            );
        }
        collected.set(table, [...seen.values()].sort(byId));
      }
      const snapshot: TaskSnapshot = {
        version: 1,
        tables: schema.tables.map((table) => ({ table, rows: (collected.get(table) ?? []).map(encode) })),
      };
      await db
        .insertInto('deleted_tasks')
        .values({
          task_id: taskId,
          owner_id: Number(task.user_id),
          deleted_by: deletedBy,
          snapshot: JSON.stringify(snapshot),
          deleted_at: now,
          restorable_until: restorableUntil,
        })
        .execute();
      return true;
    },

    /**
     * Takes the snapshot of a task this person deleted, if its window is still open at `now`: the
     * row is deleted here, so of two restores, or a restore and the purge, exactly one gets it (on
     * PostgreSQL the second waits on the row's lock and then finds it gone).
     */
    async take(taskId: number, userId: number, now: string): Promise<TaskSnapshot | undefined> {
      const row = await db
        .deleteFrom('deleted_tasks')
        .where('task_id', '=', taskId)
        .where('owner_id', '=', userId)
        .where('deleted_by', '=', userId)
        .where('restorable_until', '>=', now)
        .returning('snapshot')
        .executeTakeFirst();
      return row ? (JSON.parse(row.snapshot) as TaskSnapshot) : undefined;
    },

    /**
     * Inserts the snapshot's rows again with their ids, referenced rows first. A row whose
     * referenced row is gone meanwhile (a label deleted, an account closed) is put back as its
     * key's ON DELETE action says (see KEPT_AS_OWNERS). PostgreSQL: the id sequences are moved
     * past the restored ids should they be behind. False when the task itself cannot come back.
     */
    async reinstate(snapshot: TaskSnapshot): Promise<boolean> {
      const owner = snapshot.tables.find((part) => part.table === 'tasks')?.rows[0]?.user_id;
      /** Values of restored rows, per `table.column` a key references. */
      const restored = new Map<string, Set<unknown>>();
      const existing = new Map<string, Set<unknown>>();
      const ownTables = new Set(snapshot.tables.map((part) => part.table));
      for (const { table, rows: stored } of snapshot.tables) {
        const rows = stored.map(decode).sort(byId);
        if (rows.length === 0) continue;
        const keys = schema.keys.filter((key) => key.table === table);
        // References outside the task (users, labels): which of their values still exist, one query per key.
        for (const key of keys) {
          if (ownTables.has(key.references)) continue;
          const values = [...new Set(rows.map((row) => row[key.column]).filter((value) => value !== null && value !== undefined))];
          const found = new Set<unknown>();
          for (let start = 0; start < values.length; start += BATCH) {
            const query = sql<Row>`select ${sql.ref(key.target)} as value from ${sql.table(key.references)}
              where ${sql.ref(key.target)} in (${inList(values.slice(start, start + BATCH))})`;
            for (const row of (await query.execute(db)).rows) found.add(row.value);
          }
          existing.set(`${table}.${key.column}`, found);
        }
        const kept: Row[] = [];
        for (const row of rows) {
          let keep = true;
          for (const key of keys) {
            const value = row[key.column];
            if (value === null || value === undefined) continue;
            const present = ownTables.has(key.references)
              ? (restored.get(`${key.references}.${key.target}`)?.has(value) ?? false)
              : existing.get(`${table}.${key.column}`)!.has(value);
            if (present) continue;
            if (KEPT_AS_OWNERS.has(`${table}.${key.column}`) && owner !== undefined) row[key.column] = owner;
            else if (key.onDelete === 'SET NULL') row[key.column] = null;
            else keep = false;
          }
          if (!keep) continue;
          kept.push(row);
          // A row of a table that refers to itself (a reply) may name one restored just before it.
          for (const key of schema.keys.filter((candidate) => candidate.references === table)) {
            const name = `${table}.${key.target}`;
            if (!restored.has(name)) restored.set(name, new Set());
            restored.get(name)!.add(row[key.target]);
          }
        }
        if (table === 'tasks' && kept.length === 0) return false;
        for (let start = 0; start < kept.length; start += BATCH) {
          const batch = kept.slice(start, start + BATCH);
          const columns = Object.keys(batch[0]!);
          await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
            values ${sql.join(batch.map((row) => sql`(${sql.join(columns.map((column) => row[column]))})`))}`.execute(db);
        }
        if (dialect === 'postgres' && kept.some((row) => 'id' in row)) {
          // Restored ids came from the sequence, so it is past them; unless a backup or a hand put them there.
          await sql`select setval(s.seq, m.max_id)
            from (select pg_get_serial_sequence(${table}, 'id')::regclass as seq) s,
                 (select max(id) as max_id from ${sql.table(table)}) m
            where s.seq is not null and m.max_id > coalesce(pg_sequence_last_value(s.seq), 0)`.execute(db);
        }
      }
      return true;
    },
  };
}
export type DeletedTaskRepository = ReturnType<typeof createDeletedTaskRepository>;

/** Snapshots past their window: one idempotent DELETE, which several processes may run at once. */
/** Deletes the snapshots past their undo window; returns them, whose files' bytes can go now (issue 24). */
export async function purgeDeletedTasks(db: Kysely<Tables>, now: string): Promise<string[]> {
  const purged = await db.deleteFrom('deleted_tasks').where('restorable_until', '<', now).returning('snapshot').execute();
  return purged.map((row) => row.snapshot);
}

const schemas = new WeakMap<object, Promise<TaskSchema>>();

/** `readTaskSchema`, once per database handle: the schema does not change while the app runs (migrations run before it starts). */
export function taskSchemaOf(database: Pick<Database, 'db' | 'dialect'>): Promise<TaskSchema> {
  let schema = schemas.get(database.db);
  if (!schema) {
    schema = readTaskSchema(database);
    schemas.set(database.db, schema);
    // A failed read (the database down) is tried again next time.
    schema.catch(() => schemas.delete(database.db));
  }
  return schema;
}
