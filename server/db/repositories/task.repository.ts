import { sql, type Kysely, type Selectable } from 'kysely';
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import { PRIORITY_RANK, type Priority, type RecurrenceFrom } from '../../../common/constants.ts';
import type { Dialect } from '../database.ts';
import type { Tables, TasksTable } from '../tables.ts';
import { searchMayMatch, taskSearchCondition } from './task-search.ts';

export type TaskRow = Selectable<TasksTable>;

export interface TaskLabelRow {
  id: number;
  name: string;
  color: string | null;
}
export interface TaskShareRow {
  user_id: number | null;
  email: string;
  status: string;
  name: string | null;
  user_photo: string | null;
}
export interface TaskWithRelations extends TaskRow {
  labels: TaskLabelRow[];
  shares: TaskShareRow[];
  owner_name: string;
  owner_email: string;
  owner_photo: string | null;
  /** How many subtasks the task has, and how many of them are done (migration 009): its progress in lists. */
  subtasks_total: number;
  subtasks_done: number;
}

/** The sort columns of a task: where the next page of a list starts. */
export interface TaskListPosition {
  id: number;
  created_at: string;
  updated_at: string;
  priority_rank: number;
}

export interface TaskListKey {
  id: number;
  /** Bumped by every write that changes the task as lists show it (migration 002). */
  revision: number;
}

export interface TaskListFilter {
  /** Tasks owned by this user … */
  ownerId?: number;
  /** … or tasks shared with this user, with the share in this status. */
  recipient?: { userId: number; status: 'accepted' | 'pending' };
  labelKey?: string | undefined;
  priority?: Priority | undefined;
  /** Text the title or the description holds, lower-cased (both sides are compared lower-cased). */
  search?: string | undefined;
  /** Only pending (0) or only completed (1) tasks. */
  completed?: 0 | 1 | undefined;
  /** Only tasks due on this day (YYYY-MM-DD). */
  dueDate?: string | undefined;
  /** Only tasks due from and up to these days, both included (the Today and Upcoming views). */
  dueFrom?: string | undefined;
  dueTo?: string | undefined;
  sort: 'created_at' | 'updated_at' | 'priority';
  direction: 'asc' | 'desc';
}
/** Which tasks a list holds, whatever their order. */
export type TaskSetFilter = Omit<TaskListFilter, 'sort' | 'direction'>;

/** A list's counters: pending and completed tasks, and those due on one day. */
export interface TaskCounts {
  pending: number;
  done: number;
  dueOn: number;
}

/** SQLite hands JSON aggregates back as text; PostgreSQL already parsed them. */
function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export function createTaskRepository(db: Kysely<Tables>, dialect: Dialect) {
  const jsonArrayFrom = dialect === 'postgres' ? pgJsonArrayFrom : sqliteJsonArrayFrom;

  /** Tasks with labels, shares and owner in a single query (no query per task). */
  function selectWithRelations() {
    return db
      .selectFrom('tasks')
      .innerJoin('users as owner', 'owner.id', 'tasks.user_id')
      .selectAll('tasks')
      .select(['owner.name as owner_name', 'owner.email as owner_email', 'owner.user_photo as owner_photo'])
      .select((eb) => [
        jsonArrayFrom(
          eb
            .selectFrom('task_labels')
            .innerJoin('labels', 'labels.id', 'task_labels.label_id')
            .select(['labels.id', 'labels.name', 'labels.color'])
            .whereRef('task_labels.task_id', '=', 'tasks.id')
            .orderBy('task_labels.position'),
        ).as('labels'),
        jsonArrayFrom(
          eb
            .selectFrom('task_shares')
            .leftJoin('users as recipient', 'recipient.id', 'task_shares.user_id')
            .select(['task_shares.user_id', 'task_shares.email', 'task_shares.status', 'recipient.name', 'recipient.user_photo'])
            .whereRef('task_shares.task_id', '=', 'tasks.id')
            .orderBy('task_shares.id'),
        ).as('shares'),
        // Counted where a task is rendered, not kept on the row: two probes of (task_id, position) per task
        // (docs/performance.md, "Subtasks"); the list's own keys query does not read subtasks.
        eb
          .selectFrom('subtasks')
          .select(sql<number>`cast(count(*) as integer)`.as('count'))
          .whereRef('subtasks.task_id', '=', 'tasks.id')
          .as('subtasks_total'),
        eb
          .selectFrom('subtasks')
          .select(sql<number>`cast(count(*) as integer)`.as('count'))
          .whereRef('subtasks.task_id', '=', 'tasks.id')
          .where('subtasks.is_completed', '=', 1)
          .as('subtasks_done'),
      ]);
  }

  function hydrate(row: Record<string, unknown>): TaskWithRelations {
    return {
      ...(row as unknown as TaskWithRelations),
      labels: parseJson(row.labels),
      shares: parseJson(row.shares),
      subtasks_total: Number(row.subtasks_total ?? 0),
      subtasks_done: Number(row.subtasks_done ?? 0),
    };
  }

  /** The tasks a list holds (owner or recipient, label, priority, search, status, due day), in no order. */
  function tasksMatching(filter: TaskSetFilter) {
    let query = db.selectFrom('tasks');
    if (filter.ownerId !== undefined) query = query.where('tasks.user_id', '=', filter.ownerId);
    if (filter.recipient !== undefined) {
      const recipient = filter.recipient;
      // IN, not EXISTS: SQLite then starts from the recipient's shares (their index) instead of
      // walking every task in the database and probing each for a share.
      query = query.where('tasks.id', 'in', (eb) =>
        eb
          .selectFrom('task_shares')
          .select('task_shares.task_id')
          .where('task_shares.user_id', '=', recipient.userId)
          .where('task_shares.status', '=', recipient.status),
      );
    }
    if (filter.labelKey) {
      const key = filter.labelKey;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('task_labels')
            .innerJoin('labels', 'labels.id', 'task_labels.label_id')
            .select(sql`1`.as('one'))
            .whereRef('task_labels.task_id', '=', 'tasks.id')
            .where('labels.name_key', '=', key),
        ),
      );
    }
    if (filter.priority) query = query.where('tasks.priority', '=', filter.priority);
    if (filter.completed !== undefined) query = query.where('tasks.is_completed', '=', filter.completed);
    if (filter.dueDate !== undefined) query = query.where('tasks.due_date', '=', filter.dueDate);
    if (filter.dueFrom !== undefined) query = query.where('tasks.due_date', '>=', filter.dueFrom);
    if (filter.dueTo !== undefined) query = query.where('tasks.due_date', '<=', filter.dueTo);
    // Trigram indexes (migration 007) serve a needle of three characters or more.
    if (filter.search) query = query.where(taskSearchCondition(dialect, filter.search));
    return query;
  }

  return {
    /**
     * The tasks of a list in order, as keys only (id and revision): an index serves it, and the
     * service renders only the tasks its cache does not hold at that revision.
     * `after` continues after that task (keyset paging, stable while tasks are added).
     */
    async listKeys(
      filter: TaskListFilter,
      page: { limit?: number | undefined; after?: TaskListPosition | undefined } = {},
    ): Promise<TaskListKey[]> {
      if (filter.search && !(await searchMayMatch(db, dialect, filter.search))) return [];
      let query = tasksMatching(filter);
      const direction = filter.direction;
      const after = page.after;
      if (filter.sort === 'priority') {
        if (after) {
          // Rank follows the direction, newer first among equals: one row comparison when both
          // run descending, otherwise "a later rank, or the same rank and older".
          query =
            direction === 'desc'
              ? query.where((eb) =>
                  eb(
                    eb.refTuple('tasks.priority_rank', 'tasks.created_at', 'tasks.id'),
                    '<',
                    eb.tuple(after.priority_rank, after.created_at, after.id),
                  ),
                )
              : query.where((eb) =>
                  eb.or([
                    eb('tasks.priority_rank', '>', after.priority_rank),
                    eb.and([
                      eb('tasks.priority_rank', '=', after.priority_rank),
                      eb(eb.refTuple('tasks.created_at', 'tasks.id'), '<', eb.tuple(after.created_at, after.id)),
                    ]),
                  ]),
                );
        }
        // high > medium > low by rank; newest first among equals.
        query = query.orderBy('tasks.priority_rank', direction).orderBy('tasks.created_at', 'desc').orderBy('tasks.id', 'desc');
      } else {
        const sort = filter.sort;
        if (after) {
          query = query.where((eb) =>
            eb(eb.refTuple(`tasks.${sort}`, 'tasks.id'), direction === 'desc' ? '<' : '>', eb.tuple(after[sort], after.id)),
          );
        }
        // id breaks ties the same way on both databases.
        query = query.orderBy(`tasks.${sort}`, direction).orderBy('tasks.id', direction);
      }
      if (page.limit !== undefined) query = query.limit(page.limit);
      return query.select(['tasks.id', 'tasks.revision']).execute();
    },

    /** Pending and completed tasks of a list, and those due on `day` (the covering index of migration 003 serves the own lists). */
    async countTasks(filter: TaskSetFilter, day: string): Promise<TaskCounts> {
      const row = await tasksMatching(filter)
        .select([
          sql<number>`cast(coalesce(sum(case when ${sql.ref('tasks.is_completed')} = 0 then 1 else 0 end), 0) as integer)`.as('pending'),
          sql<number>`cast(coalesce(sum(case when ${sql.ref('tasks.is_completed')} = 1 then 1 else 0 end), 0) as integer)`.as('done'),
          sql<number>`cast(coalesce(sum(case when ${sql.ref('tasks.due_date')} = ${day} then 1 else 0 end), 0) as integer)`.as('due_on'),
        ])
        .executeTakeFirstOrThrow();
      return { pending: Number(row.pending), done: Number(row.done), dueOn: Number(row.due_on) };
    },

    /** How many tasks a list holds. */
    async countMatching(filter: TaskSetFilter): Promise<number> {
      if (filter.search && !(await searchMayMatch(db, dialect, filter.search))) return 0;
      const row = await tasksMatching(filter)
        .select(sql<number>`cast(count(*) as integer)`.as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Names of the labels on an owner's tasks, or on the tasks shared with a recipient, in no order (one per label). */
    async labelNamesOn(filter: Pick<TaskSetFilter, 'ownerId' | 'recipient'>): Promise<string[]> {
      if (filter.recipient) {
        const recipient = filter.recipient;
        const rows = await db
          .selectFrom('task_shares')
          .innerJoin('task_labels', 'task_labels.task_id', 'task_shares.task_id')
          .innerJoin('labels', 'labels.id', 'task_labels.label_id')
          .select('labels.name')
          .distinct()
          .where('task_shares.user_id', '=', recipient.userId)
          .where('task_shares.status', '=', recipient.status)
          .execute();
        return rows.map((row) => row.name);
      }
      if (filter.ownerId === undefined) return [];
      const rows = await db
        .selectFrom('labels')
        .select('labels.name')
        .where('labels.user_id', '=', filter.ownerId)
        // A label left on no task (all its tasks deleted or relabelled) is no filter option.
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('task_labels')
              .select(sql`1`.as('one'))
              .whereRef('task_labels.label_id', '=', 'labels.id'),
          ),
        )
        .execute();
      return rows.map((row) => row.name);
    },

    /** Where the next page after this task starts (its sort columns). */
    positionOf(id: number): Promise<TaskListPosition | undefined> {
      return db.selectFrom('tasks').select(['id', 'created_at', 'updated_at', 'priority_rank']).where('id', '=', id).executeTakeFirst();
    },

    /** These tasks with their relations, in no particular order; ids that no longer exist are left out. */
    async findManyWithRelations(ids: number[]): Promise<TaskWithRelations[]> {
      if (ids.length === 0) return [];
      const rows = await selectWithRelations().where('tasks.id', 'in', ids).execute();
      return rows.map((row) => hydrate(row as Record<string, unknown>));
    },

    async findWithRelations(id: number): Promise<TaskWithRelations | undefined> {
      const row = await selectWithRelations().where('tasks.id', '=', id).executeTakeFirst();
      return row ? hydrate(row as Record<string, unknown>) : undefined;
    },

    /**
     * The task's revision, its row locked until the caller's transaction ends (PostgreSQL: FOR
     * UPDATE; SQLite's transactions already run one at a time), or undefined when there is no such
     * task. A write that checks If-Match takes it first (decision 031): what it then reads of the
     * task is what it changes, and a second write based on the same revision waits, then finds the
     * first one's.
     */
    async lockRevision(id: number): Promise<number | undefined> {
      let query = db.selectFrom('tasks').select('revision').where('id', '=', id);
      // FOR NO KEY UPDATE: two such writes still wait for each other, but a row that merely refers to
      // the task (a file's insert checks its foreign key with FOR KEY SHARE) is not held up, which
      // with the quota's lock on the owner's row (attachment.repository.ts) could deadlock.
      if (dialect === 'postgres') query = query.forNoKeyUpdate();
      return (await query.executeTakeFirst())?.revision;
    },

    findById(id: number): Promise<TaskRow | undefined> {
      return db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insert(input: {
      userId: number;
      title: string;
      description: string;
      dueDate: string | null;
      priority: Priority;
      isCompleted?: number;
      /** A time on the due date, a repeat rule and what it counts from (migration 008); left out, none. */
      dueTime?: string | null;
      recurrence?: string | null;
      recurrenceFrom?: RecurrenceFrom;
      now: string;
    }): Promise<TaskRow> {
      return db
        .insertInto('tasks')
        .values({
          user_id: input.userId,
          title: input.title,
          description: input.description,
          due_date: input.dueDate,
          priority: input.priority,
          priority_rank: PRIORITY_RANK[input.priority],
          is_completed: input.isCompleted ?? 0,
          created_at: input.now,
          updated_at: input.now,
          // Named only when given: the column defaults are the same, and a database migrated to an
          // earlier schema (the search index's migration test) can still take a task.
          ...(input.dueTime != null && { due_time: input.dueTime }),
          ...(input.recurrence != null && { recurrence: input.recurrence }),
          ...(input.recurrenceFrom !== undefined && input.recurrenceFrom !== 'due_date' && { recurrence_from: input.recurrenceFrom }),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async update(
      id: number,
      changes: Partial<{
        title: string;
        description: string;
        due_date: string | null;
        due_time: string | null;
        recurrence: string | null;
        recurrence_from: RecurrenceFrom;
        priority: Priority;
        is_completed: number;
      }>,
      now: string,
    ): Promise<void> {
      await db
        .updateTable('tasks')
        .set({
          ...changes,
          ...(changes.priority ? { priority_rank: PRIORITY_RANK[changes.priority] } : {}),
          updated_at: now,
          revision: sql<number>`revision + 1`,
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Marks a task completed (with `changes`, a repeating one losing its rule) unless it already is;
     * whether this call did. Another transaction's completion of it, committed first, makes it false.
     */
    async completeIfOpen(id: number, changes: { recurrence?: null }, now: string): Promise<boolean> {
      const result = await db
        .updateTable('tasks')
        .set({ ...changes, is_completed: 1, updated_at: now, revision: sql<number>`revision + 1` })
        .where('id', '=', id)
        .where('is_completed', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Moves the due date to `to` only if it is still `from`: of two skips at once, the one that
     * waited on the other's row lock (PostgreSQL) finds the date moved and writes nothing.
     */
    async moveDueDateIf(id: number, from: string | null, to: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('tasks')
        .set({ due_date: to, updated_at: now, revision: sql<number>`revision + 1` })
        .where('id', '=', id)
        .where((eb) => (from === null ? eb('due_date', 'is', null) : eb('due_date', '=', from)))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** For writes that change how a task is listed without touching its row (its shares). */
    async bumpRevisions(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('tasks')
        .set({ revision: sql<number>`revision + 1` })
        .where('id', 'in', ids)
        .execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('tasks').where('id', '=', id).execute();
    },
  };
}
export type TaskRepository = ReturnType<typeof createTaskRepository>;
