import { sql, type Kysely, type Selectable } from 'kysely';
import type { PushOutboxTable, PushSubscriptionsTable, Tables } from '../tables.ts';
import { aboutColumns, stillTrue, type About } from './outbox-relevance.ts';

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type PushOutboxRow = Selectable<PushOutboxTable> & { endpoint: string; p256dh: string; auth: string };

/** Browsers people allowed to show notifications, and the push messages waiting for them (migration 015). */
export function createPushRepository(db: Kysely<Tables>) {
  return {
    /**
     * Saves a browser's subscription for `userId`, for as long as the sign-in `tokenId` lasts. An
     * endpoint is one browser: saved again (the browser renewed its keys, signed in again, or
     * another account signed in there) it moves to this sign-in.
     */
    async subscribe(input: {
      userId: number;
      tokenId: number;
      endpoint: string;
      p256dh: string;
      auth: string;
      userAgent: string | null;
      now: string;
    }) {
      // Another account's browser before: nothing queued for that account goes to it any more.
      const before = await db
        .selectFrom('push_subscriptions')
        .select(['id', 'user_id'])
        .where('endpoint', '=', input.endpoint)
        .executeTakeFirst();
      if (before && Number(before.user_id) !== input.userId)
        await db.deleteFrom('push_outbox').where('subscription_id', '=', before.id).where('status', '=', 'pending').execute();
      const values = {
        user_id: input.userId,
        token_id: input.tokenId,
        p256dh: input.p256dh,
        auth: input.auth,
        user_agent: input.userAgent,
      };
      await db
        .insertInto('push_subscriptions')
        .values({ ...values, endpoint: input.endpoint, created_at: input.now, last_used_at: null })
        .onConflict((conflict) => conflict.column('endpoint').doUpdateSet(values))
        .execute();
    },

    list(userId: number): Promise<PushSubscriptionRow[]> {
      return db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },

    /** The subscriptions of these people, to queue a message to each of their browsers. */
    async listFor(userIds: readonly number[]): Promise<Array<{ id: number; user_id: number }>> {
      if (!userIds.length) return [];
      const rows = await db
        .selectFrom('push_subscriptions')
        .select(['id', 'user_id'])
        .where('user_id', 'in', [...userIds])
        .execute();
      return rows.map((row) => ({ id: Number(row.id), user_id: Number(row.user_id) }));
    },

    async remove(userId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom('push_subscriptions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The push service says the browser is gone (404/410): it and what waits for it go. */
    async removeById(id: number): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },

    async enqueue(message: {
      subscriptionId: number;
      payload: string;
      key: string;
      sendAt: string;
      now: string;
      about?: Omit<About, 'userId'>;
    }): Promise<void> {
      await db
        .insertInto('push_outbox')
        .values({
          subscription_id: message.subscriptionId,
          payload: message.payload,
          idempotency_key: message.key,
          status: 'pending',
          attempts: 0,
          next_attempt_at: message.sendAt,
          last_error: null,
          created_at: message.now,
          sent_at: null,
          ...aboutColumns(message.about),
        })
        .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
        .execute();
    },

    /** Messages due now (whether each is still true is checked as it is claimed). */
    due(now: string, limit: number): Promise<PushOutboxRow[]> {
      return db
        .selectFrom('push_outbox')
        .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_outbox.subscription_id')
        .selectAll('push_outbox')
        .select(['push_subscriptions.endpoint', 'push_subscriptions.p256dh', 'push_subscriptions.auth'])
        .where('push_outbox.status', '=', 'pending')
        .where('push_outbox.next_attempt_at', '<=', now)
        .orderBy('push_outbox.next_attempt_at')
        .orderBy('push_outbox.id')
        .limit(limit)
        .execute();
    },

    /**
     * Takes a message for sending: 'sending', or 'cancelled' when what it tells of is no longer true
     * (outbox-relevance.ts), checked in the same statement; undefined when another process took it.
     */
    async claim(id: number, now: string): Promise<'sending' | 'cancelled' | undefined> {
      const row = await db
        .updateTable('push_outbox')
        .set({
          status: sql<string>`case when ${stillTrue('push_outbox')} = 1 then 'sending' else 'cancelled' end`,
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
        .deleteFrom('push_outbox')
        .where('status', 'in', ['sent', 'cancelled', 'failed'])
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** A task's reminder messages to a person's browsers that still wait (quiet hours): not sent, it was snoozed. */
    async cancelHeldReminders(taskId: number, userId: number): Promise<void> {
      await db
        .updateTable('push_outbox')
        .set({ status: 'cancelled' })
        .where('status', '=', 'pending')
        .where('about_kind', '=', 'reminder')
        .where('about_task_id', '=', taskId)
        .where('subscription_id', 'in', (eb) => eb.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId))
        .execute();
    },

    async markSent(id: number, subscriptionId: number, now: string): Promise<void> {
      await db.updateTable('push_outbox').set({ status: 'sent', sent_at: now, last_error: null }).where('id', '=', id).execute();
      await db.updateTable('push_subscriptions').set({ last_used_at: now }).where('id', '=', subscriptionId).execute();
    },

    async markFailed(id: number, attempts: number, error: string, nextAttemptAt: string, giveUp: boolean): Promise<void> {
      await db
        .updateTable('push_outbox')
        .set({ status: giveUp ? 'failed' : 'pending', attempts, last_error: error.slice(0, 1000), next_attempt_at: nextAttemptAt })
        .where('id', '=', id)
        .execute();
    },

    /** Messages left 'sending' by a process that died go back to the queue. */
    async releaseStale(before: string): Promise<void> {
      await db
        .updateTable('push_outbox')
        .set({ status: 'pending' })
        .where('status', '=', 'sending')
        .where('next_attempt_at', '<', before)
        .execute();
    },
  };
}
export type PushRepository = ReturnType<typeof createPushRepository>;
