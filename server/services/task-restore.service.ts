import type { Kysely } from 'kysely';
import type { Task } from '../../common/schemas/task.schema.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createActivityRepository } from '../db/repositories/activity.repository.ts';
import { createAudienceRepository } from '../db/repositories/audience.repository.ts';
import { createDataVersionRepository } from '../db/repositories/data-version.repository.ts';
import { createDeletedTaskRepository, purgeDeletedTasks, taskSchemaOf } from '../db/repositories/deleted-task.repository.ts';
import { createTaskRepository } from '../db/repositories/task.repository.ts';
import type { UserRow } from '../db/repositories/user.repository.ts';
import type { Tables } from '../db/tables.ts';
import { NotFoundError } from '../errors.ts';
import type { RealtimeEvent } from '../realtime/event-bus.ts';
import { TASK_NOT_FOUND } from './task-access.ts';
import { presentTask } from './task.presenter.ts';

/**
 * How long a deleted task can be restored (decision 021): the web app's Undo shows for 8 s
 * (web/lib/undo.ts), and its restore may take a moment to arrive. Past it the task is gone for good.
 */
export const RESTORE_WINDOW_MS = 10_000;

/** The moment a task deleted at `now` can no longer be restored. */
export const restorableUntil = (now: Date) => new Date(now.getTime() + RESTORE_WINDOW_MS).toISOString();

/**
 * Undo of a delete (POST /api/tasks/{id}/restore; decision 021). The delete itself
 * (task.service.ts) keeps the snapshot in its own transaction; this puts it back.
 */
export function createTaskRestoreService(deps: {
  database: Database;
  clock: Clock;
  events?: { publish(userIds: number[], event: RealtimeEvent): void };
}) {
  const { database, clock } = deps;

  return {
    /**
     * The task as it was, with its ids, labels, people (accepted and pending), comments, activity
     * and every other row of it, for the owner who deleted it, within the window; 404 otherwise,
     * the same answer as for a task that never existed. In one transaction: the snapshot is taken
     * (deleted, on a condition on its window, so a purge or a second restore cannot also have it),
     * its rows inserted, the task's revision raised (a rendered copy of it elsewhere is not reused),
     * "Restored the task" recorded and every lister's data version raised, last, as every write does.
     * After commit the listers hear `task-changed` as for an add, and pending recipients their badge.
     */
    async restore(user: UserRow, taskId: number): Promise<Task> {
      const now = clock.nowIso();
      const schema = await taskSchemaOf(database);
      const { listers, pending } = await database.db.transaction().execute(async (trx: Kysely<Tables>) => {
        const deleted = createDeletedTaskRepository(trx, database.dialect, schema);
        const snapshot = await deleted.take(taskId, user.id, now);
        if (!snapshot || !(await deleted.reinstate(snapshot))) throw new NotFoundError(TASK_NOT_FOUND);
        await createTaskRepository(trx, database.dialect).bumpRevisions([taskId]);
        await createActivityRepository(trx).record(taskId, user.id, { code: 'restored' }, now);
        const listers = await createAudienceRepository(trx).listersOf([taskId]);
        const pending = await trx
          .selectFrom('task_shares')
          .select('user_id')
          .where('task_id', '=', taskId)
          .where('status', '=', 'pending')
          .where('user_id', 'is not', null)
          .$narrowType<{ user_id: number }>()
          .execute();
        await createDataVersionRepository(trx).bump(listers);
        return { listers, pending: pending.map((row) => Number(row.user_id)) };
      });
      const row = await createTaskRepository(database.db, database.dialect).findWithRelations(taskId);
      deps.events?.publish(listers, { type: 'task-changed', taskId });
      if (pending.length) deps.events?.publish(pending, { type: 'pending-shares-changed' });
      if (!row) throw new NotFoundError(TASK_NOT_FOUND);
      return presentTask(row);
    },

    /** Snapshots past their window, for the periodic purge: how many went. */
    /** Purges the snapshots past their undo window; returns them (their files' bytes go next: app.ts). */
    purgeExpired: (): Promise<string[]> => purgeDeletedTasks(database.db, clock.nowIso()),
  };
}
export type TaskRestoreService = ReturnType<typeof createTaskRestoreService>;
