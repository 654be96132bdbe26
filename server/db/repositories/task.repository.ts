import { sql, type Kysely, type Selectable } from 'kysely';
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import { PRIORITY_RANK, type Priority } from '../../../common/constants.ts';
import type { Dialect } from '../database.ts';
import type { Tables, TasksTable } from '../tables.ts';

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
}

export interface TaskListFilter {
  /** Tasks owned by this user … */
  ownerId?: number;
  /** … or tasks shared with this user, with the share in this status. */
  recipient?: { userId: number; status: 'accepted' | 'pending' };
  labelKey?: string | undefined;
  priority?: Priority | undefined;
  sort: 'created_at' | 'updated_at' | 'priority';
  direction: 'asc' | 'desc';
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
      ]);
  }

  function hydrate(row: Record<string, unknown>): TaskWithRelations {
    return { ...(row as unknown as TaskWithRelations), labels: parseJson(row.labels), shares: parseJson(row.shares) };
  }

  return {
    async list(filter: TaskListFilter): Promise<TaskWithRelations[]> {
      let query = selectWithRelations();
      if (filter.ownerId !== undefined) query = query.where('tasks.user_id', '=', filter.ownerId);
      if (filter.recipient !== undefined) {
        const recipient = filter.recipient;
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('task_shares')
              .select(sql`1`.as('one'))
              .whereRef('task_shares.task_id', '=', 'tasks.id')
              .where('task_shares.user_id', '=', recipient.userId)
              .where('task_shares.status', '=', recipient.status),
          ),
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
      const direction = filter.direction;
      if (filter.sort === 'priority') {
        // high > medium > low by rank; newest first among equals.
        query = query.orderBy('tasks.priority_rank', direction).orderBy('tasks.created_at', 'desc').orderBy('tasks.id', 'desc');
      } else {
        // id breaks ties the same way on both databases.
        query = query.orderBy(`tasks.${filter.sort}`, direction).orderBy('tasks.id', direction);
      }
      const rows = await query.execute();
      return rows.map((row) => hydrate(row as Record<string, unknown>));
    },

    async findWithRelations(id: number): Promise<TaskWithRelations | undefined> {
      const row = await selectWithRelations().where('tasks.id', '=', id).executeTakeFirst();
      return row ? hydrate(row as Record<string, unknown>) : undefined;
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
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async update(
      id: number,
      changes: Partial<{ title: string; description: string; due_date: string | null; priority: Priority; is_completed: number }>,
      now: string,
    ): Promise<void> {
      await db
        .updateTable('tasks')
        .set({ ...changes, ...(changes.priority ? { priority_rank: PRIORITY_RANK[changes.priority] } : {}), updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('tasks').where('id', '=', id).execute();
    },

    /** The share row of a user on a task (accepted or pending), if any. */
    shareStatusOf(taskId: number, userId: number): Promise<{ status: string } | undefined> {
      return db.selectFrom('task_shares').select('status').where('task_id', '=', taskId).where('user_id', '=', userId).executeTakeFirst();
    },
  };
}
export type TaskRepository = ReturnType<typeof createTaskRepository>;
