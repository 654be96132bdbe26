import { sql, type RawBuilder } from 'kysely';

/** What a queued message is about (migration 016), for its enqueue call. */
export interface About {
  taskId: number;
  /** The person it is for (a push message's person is its browser's). */
  userId: number;
  commentId?: number | null;
  kind: string;
  /** For a reminder: the one it tells of (the first of its group) and the moment it fell due. */
  reminder?: { id: number; fireAt: string };
}

/** The columns an About is kept in (both outboxes). */
export const aboutColumns = (about: Omit<About, 'userId'> | undefined) => ({
  about_task_id: about?.taskId ?? null,
  about_comment_id: about?.commentId ?? null,
  about_kind: about?.kind ?? null,
  about_reminder_id: about?.reminder?.id ?? null,
  about_fire_at: about?.reminder?.fireAt ?? null,
});

/**
 * Whether a queued message is still true as it leaves (1) or not (0): about no task, or about a
 * task that still exists, that the person may still open (its owner, or an accepted recipient),
 * whose quoted comment still exists, and which, for a reminder, is not completed, with the reminder
 * still there, delivered, for the same moment (not rescheduled, removed or snoozed). One expression
 * for both outboxes, evaluated in the update that claims a message for sending (so a change made
 * while a batch goes out is seen by the next message of it).
 */
export function stillTrue(table: 'mail_outbox' | 'push_outbox'): RawBuilder<number> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  // A mail names its person; a push message's is its browser's.
  const recipient =
    table === 'mail_outbox'
      ? sql.ref('mail_outbox.about_user_id')
      : sql`(select ps.user_id from push_subscriptions ps where ps.id = push_outbox.subscription_id)`;
  return sql<number>`case when ${column('about_task_id')} is null then 1
    when exists (
      select 1 from tasks t
      where t.id = ${column('about_task_id')}
        and (t.user_id = ${recipient}
          or exists (select 1 from task_shares s where s.task_id = t.id and s.user_id = ${recipient} and s.status = 'accepted'))
        and (${column('about_kind')} <> 'reminder' or t.is_completed = 0)
    )
    and (${column('about_comment_id')} is null or exists (select 1 from comments c where c.id = ${column('about_comment_id')}))
    and (${column('about_reminder_id')} is null or exists (
      select 1 from reminders r
      where r.id = ${column('about_reminder_id')} and r.state = 'sent' and r.fire_at = ${column('about_fire_at')}
    ))
    then 1 else 0 end`;
}
