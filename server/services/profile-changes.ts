import { sql, type Kysely } from 'kysely';
import { createAudienceRepository } from '../db/repositories/audience.repository.ts';
import { createDataVersionRepository } from '../db/repositories/data-version.repository.ts';
import type { Tables } from '../db/tables.ts';

/**
 * A person's name, photo or address is part of every task that shows them: as its owner on each
 * of their tasks, and in `shared_with` on each task shared with them. When one changes, those
 * tasks are rendered anew (revision) and everyone who lists one of them reads a new version
 * (docs/architecture.md, "The read path"). Called inside the transaction that makes the change,
 * so the change and what makes lists show it commit together or not at all.
 */
export async function personShownChanged(trx: Kysely<Tables>, userId: number): Promise<void> {
  await trx
    .updateTable('tasks')
    .set({ revision: sql<number>`revision + 1` })
    .where((eb) =>
      eb.or([eb('user_id', '=', userId), eb('id', 'in', trx.selectFrom('task_shares').select('task_id').where('user_id', '=', userId))]),
    )
    .execute();
  // Everyone who lists one of those tasks. A subquery, not an id list, so 100,000 tasks stay
  // one statement on both databases.
  const showing = trx
    .selectFrom('tasks')
    .select('id')
    .where('user_id', '=', userId)
    .union(trx.selectFrom('task_shares').select('task_id as id').where('user_id', '=', userId));
  const listers = await createAudienceRepository(trx).listersOf(showing);
  await createDataVersionRepository(trx).bump([userId, ...listers]);
}
