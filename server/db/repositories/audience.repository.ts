import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Tables } from '../tables.ts';

/**
 * Tasks named by id, or by a query that selects one column of task ids: a subquery keeps any
 * number of tasks (all of a person's) one statement on both databases, where an id list would not.
 */
export type TaskIds = readonly number[] | SelectQueryBuilder<Tables, keyof Tables, Record<string, number>>;

/**
 * Who hears of a task, one name per meaning (docs/architecture.md, "Task access and audiences"):
 *
 * - listers: whose lists show the task: its owner and every recipient with an account, pending
 *   (the preview in their pending list) or accepted. Their data versions move when it changes,
 *   and their open screens get `task-changed`.
 * - viewers: who may open it (task.policy.ts, canViewTask): its owner and the accepted
 *   recipients. Only they see its comments, so only they get `comments-changed`.
 */
export function createAudienceRepository(db: Kysely<Tables>) {
  const empty = (tasks: TaskIds) => Array.isArray(tasks) && tasks.length === 0;

  /** (task, person) for each lister of each task; both sides of the union drop duplicates. */
  const listerRows = (tasks: TaskIds) =>
    db
      .selectFrom('tasks')
      .select(['tasks.id as task_id', 'tasks.user_id'])
      .where('tasks.id', 'in', tasks)
      .union(
        db
          .selectFrom('task_shares')
          .select(['task_shares.task_id', 'task_shares.user_id'])
          .where('task_shares.task_id', 'in', tasks)
          .where('task_shares.user_id', 'is not', null)
          .$narrowType<{ user_id: number }>(),
      );

  return {
    /** Everyone whose lists show one of these tasks. Read it before a delete, while the shares still exist. */
    async listersOf(tasks: TaskIds): Promise<number[]> {
      if (empty(tasks)) return [];
      const rows = await db
        .selectFrom('tasks')
        .select('tasks.user_id')
        .where('tasks.id', 'in', tasks)
        .union(
          db
            .selectFrom('task_shares')
            .select('task_shares.user_id')
            .where('task_shares.task_id', 'in', tasks)
            .where('task_shares.user_id', 'is not', null)
            .$narrowType<{ user_id: number }>(),
        )
        .execute();
      return rows.map((row) => Number(row.user_id));
    },

    /** `listersOf`, task by task: for events capped per person. */
    async listersByTask(tasks: TaskIds): Promise<Array<{ taskId: number; userId: number }>> {
      if (empty(tasks)) return [];
      const rows = await listerRows(tasks).execute();
      return rows.map((row) => ({ taskId: Number(row.task_id), userId: Number(row.user_id) }));
    },

    /** Everyone who may open the task: its owner and its accepted recipients; none once it is gone. */
    async viewersOf(taskId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('tasks')
        .select('tasks.user_id')
        .where('tasks.id', '=', taskId)
        .union(
          db
            .selectFrom('task_shares')
            .select('task_shares.user_id')
            .where('task_shares.task_id', '=', taskId)
            .where('task_shares.status', '=', 'accepted')
            .where('task_shares.user_id', 'is not', null)
            .$narrowType<{ user_id: number }>(),
        )
        .execute();
      return rows.map((row) => Number(row.user_id));
    },
  };
}
export type AudienceRepository = ReturnType<typeof createAudienceRepository>;
