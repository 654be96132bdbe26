import { sql, type Kysely, type Selectable } from 'kysely';
import type { MailOutboxTable, Tables } from '../tables.ts';
import { aboutColumns, stillTrue, type About } from './outbox-relevance.ts';

export type OutboxRow = Selectable<MailOutboxTable>;

export function createMailOutboxRepository(db: Kysely<Tables>) {
  return {
    /**
     * Queues a message. `key`: an idempotency key (a message already queued under it is not queued
     * again); `sendAt`: not before this instant (quiet hours), now by default.
     */
    async enqueue(
      message: { to: string; subject: string; text: string; html: string },
      now: string,
      options: { key?: string; sendAt?: string; about?: About } = {},
    ): Promise<void> {
      await db
        .insertInto('mail_outbox')
        .values({
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
          status: 'pending',
          attempts: 0,
          next_attempt_at: options.sendAt ?? now,
          last_error: null,
          created_at: now,
          sent_at: null,
          idempotency_key: options.key ?? null,
          about_user_id: options.about?.userId ?? null,
          ...aboutColumns(options.about),
        })
        .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
        .execute();
    },

    /** Messages due now (whether each is still true is checked as it is claimed). */
    due(now: string, limit: number): Promise<OutboxRow[]> {
      return db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /**
     * Takes a message for sending: 'sending', or 'cancelled' when what it tells of is no longer true
     * (outbox-relevance.ts), checked in the same statement; undefined when another process took it.
     */
    async claim(id: number, now: string): Promise<'sending' | 'cancelled' | undefined> {
      const row = await db
        .updateTable('mail_outbox')
        .set({
          status: sql<string>`case when ${stillTrue('mail_outbox')} = 1 then 'sending' else 'cancelled' end`,
          next_attempt_at: now,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returning('status')
        .executeTakeFirst();
      return row?.status as 'sending' | 'cancelled' | undefined;
    },

    /**
     * Messages done with (sent, cancelled, given up) and queued before `before`: the expired purge
     * keeps the outbox from growing for ever, and takes the links their bodies carry with them.
     */
    async deleteFinished(before: string): Promise<number> {
      const result = await db
        .deleteFrom('mail_outbox')
        .where('status', 'in', ['sent', 'cancelled', 'failed'])
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** A task's reminder mails to a person that still wait (quiet hours): not sent, it was snoozed. */
    async cancelHeldReminders(taskId: number, userId: number): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ status: 'cancelled' })
        .where('status', '=', 'pending')
        .where('about_kind', '=', 'reminder')
        .where('about_task_id', '=', taskId)
        .where('about_user_id', '=', userId)
        .execute();
    },

    async markSent(id: number, now: string): Promise<void> {
      await db.updateTable('mail_outbox').set({ status: 'sent', sent_at: now, last_error: null }).where('id', '=', id).execute();
    },

    async markFailed(id: number, attempts: number, error: string, nextAttemptAt: string, giveUp: boolean): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ status: giveUp ? 'failed' : 'pending', attempts, last_error: error.slice(0, 1000), next_attempt_at: nextAttemptAt })
        .where('id', '=', id)
        .execute();
    },

    /** Messages left 'sending' by a crashed process go back to the queue. */
    async releaseStale(before: string): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ status: 'pending' })
        .where('status', '=', 'sending')
        .where('next_attempt_at', '<', before)
        .execute();
    },
  };
}
export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;
