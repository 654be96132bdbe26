import type { Kysely } from 'kysely';

/**
 * What an activity entry records, as JSON beside its English description (common/schemas/
 * activity.schema.ts `ActivityEvent`), so the web app can word it in the reader's language.
 * Entries written before have none and keep showing their description.
 */
export function activityEvents() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('activity_logs').addColumn('event', 'text').execute();
    },
  };
}
