import type { Kysely } from 'kysely';

/**
 * What a queued e-mail or push message is about (issue 22): its task, the person it is for, the
 * comment it quotes and its kind. A message waits in its outbox (quiet hours, retries, an undo
 * window); the dispatchers send it only if it is still true when it leaves: the task still there
 * and still the person's to open, the comment still there, a reminder's task not completed
 * meanwhile. Null for mail about no task (sign-up, shares, digests, tests): sent as it is.
 *
 * `push_subscriptions.token_id`: the sign-in that enabled push in the browser. Push lasts as long
 * as it: signing out (or out everywhere, or the token expiring) removes the browser's subscription
 * and what waits for it, so a shared computer stops receiving the last person's notifications.
 */
export function outboxRelevance() {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['mail_outbox', 'push_outbox']) {
        await db.schema.alterTable(table).addColumn('about_task_id', 'integer').execute();
        await db.schema.alterTable(table).addColumn('about_comment_id', 'integer').execute();
        await db.schema.alterTable(table).addColumn('about_kind', 'text').execute();
      }
      // A push message's person is its browser's; a mail's is named here.
      await db.schema.alterTable('mail_outbox').addColumn('about_user_id', 'integer').execute();
      await db.schema
        .alterTable('push_subscriptions')
        .addColumn('token_id', 'integer', (c) => c.references('personal_access_tokens.id').onDelete('cascade'))
        .execute();
    },
  };
}
