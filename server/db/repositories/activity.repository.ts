import type { Kysely } from 'kysely';
import type { ActivityLog } from '../../../common/schemas/activity.schema.ts';
import type { Tables } from '../tables.ts';

export function createActivityRepository(db: Kysely<Tables>) {
  return {
    async record(taskId: number, userId: number | null, description: string, now: string): Promise<void> {
      await db.insertInto('activity_logs').values({ task_id: taskId, user_id: userId, description, created_at: now }).execute();
    },

    /** Newest first, with who did it. */
    async listForTask(taskId: number): Promise<ActivityLog[]> {
      return db
        .selectFrom('activity_logs')
        .leftJoin('users', 'users.id', 'activity_logs.user_id')
        .select([
          'activity_logs.id',
          'activity_logs.description',
          'activity_logs.created_at',
          'users.name as user_name',
          'users.email as user_email',
          'users.user_photo as user_photo',
        ])
        .where('activity_logs.task_id', '=', taskId)
        .orderBy('activity_logs.created_at', 'desc')
        .orderBy('activity_logs.id', 'desc')
        .execute();
    },
  };
}
export type ActivityRepository = ReturnType<typeof createActivityRepository>;
