import type { Kysely } from 'kysely';
import { ActivityEvent, type ActivityLog } from '../../../common/schemas/activity.schema.ts';
import { activityDescription } from './activity-description.ts';
import type { Tables } from '../tables.ts';

/** The stored event, or null for entries from before migration 004 (or any that no longer parse). */
function parseEvent(text: string | null): ActivityEvent | null {
  if (text === null) return null;
  try {
    const parsed = ActivityEvent.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function createActivityRepository(db: Kysely<Tables>) {
  return {
    /** The spec's English description and the event it words, together. */
    async record(taskId: number, userId: number | null, event: ActivityEvent, now: string): Promise<void> {
      await db
        .insertInto('activity_logs')
        .values({
          task_id: taskId,
          user_id: userId,
          description: activityDescription(event),
          event: JSON.stringify(event),
          created_at: now,
        })
        .execute();
    },

    /** One entry per task by one user, a few hundred rows per statement (a label change on many tasks). */
    async recordMany(entries: ReadonlyArray<{ taskId: number; event: ActivityEvent }>, userId: number | null, now: string): Promise<void> {
      for (let start = 0; start < entries.length; start += 200) {
        await db
          .insertInto('activity_logs')
          .values(
            entries.slice(start, start + 200).map(({ taskId, event }) => ({
              task_id: taskId,
              user_id: userId,
              description: activityDescription(event),
              event: JSON.stringify(event),
              created_at: now,
            })),
          )
          .execute();
      }
    },

    /** Newest first, with who did it. */
    async listForTask(taskId: number): Promise<ActivityLog[]> {
      const rows = await db
        .selectFrom('activity_logs')
        .leftJoin('users', 'users.id', 'activity_logs.user_id')
        .select([
          'activity_logs.id',
          'activity_logs.description',
          'activity_logs.event',
          'activity_logs.created_at',
          'users.name as user_name',
          'users.email as user_email',
          'users.user_photo as user_photo',
        ])
        .where('activity_logs.task_id', '=', taskId)
        .orderBy('activity_logs.created_at', 'desc')
        .orderBy('activity_logs.id', 'desc')
        .execute();
      return rows.map((row) => ({ ...row, event: parseEvent(row.event) }));
    },
  };
}
export type ActivityRepository = ReturnType<typeof createActivityRepository>;
