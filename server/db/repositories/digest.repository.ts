import { sql, type Kysely } from 'kysely';
import type { DigestTask } from '../../mail/digest-mail.ts';
import type { Tables } from '../tables.ts';

/** Tasks a digest lists per section; the rest are counted. */
export const DIGEST_SECTION_MAX = 30;

/** What a person's daily digest lists (issue 22): their open tasks overdue and due today, own and accepted. */
export function createDigestRepository(db: Kysely<Tables>) {
  const open = (userId: number) =>
    db
      .selectFrom('tasks')
      .where('tasks.is_completed', '=', 0)
      .where((eb) =>
        eb.or([
          eb('tasks.user_id', '=', userId),
          eb.exists(
            eb
              .selectFrom('task_shares')
              .select('task_shares.id')
              .whereRef('task_shares.task_id', '=', 'tasks.id')
              .where('task_shares.user_id', '=', userId)
              .where('task_shares.status', '=', 'accepted'),
          ),
        ]),
      );

  async function section(userId: number, range: { before: string } | { on: string }) {
    const filtered = () =>
      'on' in range ? open(userId).where('tasks.due_date', '=', range.on) : open(userId).where('tasks.due_date', '<', range.before);
    // Timed tasks by their time, then those of the whole day, alike on both databases (which sort nulls apart).
    const tasks = await filtered()
      .select(['tasks.id', 'tasks.title', 'tasks.due_date', 'tasks.due_time'])
      .orderBy('tasks.due_date')
      .orderBy(sql`case when tasks.due_time is null then 1 else 0 end`)
      .orderBy('tasks.due_time')
      .orderBy('tasks.id')
      .limit(DIGEST_SECTION_MAX)
      .execute();
    const count = await filtered()
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    return {
      tasks: tasks.map((task) => ({ ...task, id: Number(task.id), due_date: task.due_date! })) as DigestTask[],
      count: Number(count.count),
    };
  }

  return {
    /** Overdue (due before `today`) and due `today`, on the person's calendar. */
    async dueBy(userId: number, today: string) {
      const overdue = await section(userId, { before: today });
      const dueToday = await section(userId, { on: today });
      return { overdue: overdue.tasks, dueToday: dueToday.tasks, counts: { overdue: overdue.count, today: dueToday.count } };
    },
  };
}
