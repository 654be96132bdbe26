import type { Kysely } from 'kysely';
import type { Comment } from '../../common/schemas/comment.schema.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createActivityRepository } from '../db/repositories/activity.repository.ts';
import { createAudienceRepository } from '../db/repositories/audience.repository.ts';
import { createCommentRepository, type CommentWithAuthor } from '../db/repositories/comment.repository.ts';
import type { UserRow } from '../db/repositories/user.repository.ts';
import type { Tables } from '../db/tables.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { canCommentOnTask } from '../policies/task.policy.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { isMentioned } from '../../common/mentions.ts';
import type { NotificationDelivery } from './notification-delivery.ts';
import { commentExcerpt, othersThan } from './notification.service.ts';
import { loadTask } from './task-access.ts';

export const COMMENT_NOT_FOUND = 'Comment not found';

/** Top-level comments in order, each with its replies (one level, spec §2). */
export function commentTree(rows: CommentWithAuthor[]): Comment[] {
  const present = (row: CommentWithAuthor): Comment => ({
    id: row.id,
    task_id: row.task_id,
    user_id: row.user_id,
    user_name: row.user_name,
    user_photo: row.user_photo,
    content: row.content,
    parent_id: row.parent_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    children: [],
  });
  const byId = new Map<number, Comment>();
  const roots: Comment[] = [];
  for (const row of rows) {
    const comment = present(row);
    byId.set(row.id, comment);
    if (row.parent_id === null) roots.push(comment);
  }
  for (const row of rows) {
    if (row.parent_id !== null) byId.get(row.parent_id)?.children.push(byId.get(row.id)!);
  }
  return roots;
}

export function createCommentService(deps: { database: Database; clock: Clock; events: EventBus; delivery: NotificationDelivery }) {
  const { database, clock } = deps;
  const repositories = (db: Kysely<Tables>) => ({
    comments: createCommentRepository(db),
    activity: createActivityRepository(db),
    audience: createAudienceRepository(db),
  });
  const base = repositories(database.db);
  /** A transaction's handle, for reading a task's access inside it. */
  const reader = (trx: Kysely<Tables>) => ({ db: trx, dialect: database.dialect });

  /** After commit: whoever may open the task (its viewers) reloads its comments; a pending recipient sees none. */
  async function notify(taskId: number) {
    deps.events.publish(await base.audience.viewersOf(taskId), { type: 'comments-changed', taskId });
  }

  /**
   * Of `people` (the task's people but the author), those the comment mentions: named in
   * `mentions` and written "@name" in `content` (common/mentions.ts).
   */
  async function mentionedAmong(
    trx: Kysely<Tables>,
    people: readonly number[],
    content: string,
    mentions: readonly number[] | undefined,
  ): Promise<Set<number>> {
    const asked = people.filter((id) => mentions?.includes(id));
    if (!asked.length) return new Set();
    const names = await trx.selectFrom('users').select(['id', 'name']).where('id', 'in', asked).execute();
    return new Set(names.filter((person) => isMentioned(content, person.name)).map((person) => Number(person.id)));
  }

  return {
    async list(user: UserRow, taskId: number): Promise<Comment[]> {
      await loadTask(database, user, taskId);
      return commentTree(await base.comments.listForTask(taskId));
    },

    async add(
      user: UserRow,
      input: { task_id: number; content: string; parent_id?: number | null | undefined; mentions?: number[] | undefined },
    ): Promise<Comment> {
      const now = clock.nowIso();
      const { id, delivered } = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const { access } = await loadTask(reader(trx), user, input.task_id);
        if (!canCommentOnTask(access)) throw new ForbiddenError('You cannot comment on this task.');
        let parentId: number | null = null;
        let parentAuthor: number | null = null;
        if (input.parent_id) {
          const parent = await db.comments.findById(input.parent_id);
          if (!parent || parent.task_id !== input.task_id)
            throw new ValidationError({ parent_id: ['The comment you reply to does not exist on this task.'] });
          if (parent.parent_id !== null) throw new ValidationError({ parent_id: ['Replies can only be made to top-level comments.'] });
          parentId = parent.id;
          parentAuthor = parent.user_id;
        }
        const row = await db.comments.insert({ taskId: input.task_id, userId: user.id, parentId, content: input.content, now });
        await db.activity.record(input.task_id, user.id, { code: parentId ? 'replied' : 'commented' }, now);
        // Issue 22: the task's people hear of it; whoever it @mentions as a mention, the author of the
        // comment replied to as a reply to theirs.
        const told = othersThan(await db.audience.viewersOf(input.task_id), user.id);
        const mentioned = await mentionedAmong(trx, told, input.content, input.mentions);
        const excerpt = commentExcerpt(input.content);
        const delivered = await deps.delivery.deliver(
          trx,
          told.map((userId) => ({
            userId,
            kind: mentioned.has(userId) ? 'mention' : userId === parentAuthor ? 'reply' : 'comment',
            taskId: input.task_id,
            actorId: user.id,
            commentId: row.id,
            excerpt,
          })),
          now,
        );
        return { id: row.id, delivered };
      });
      await notify(input.task_id);
      deps.delivery.afterCommit(delivered);
      const rows = await base.comments.listForTask(input.task_id);
      const tree = commentTree(rows);
      return tree.find((c) => c.id === id) ?? tree.flatMap((c) => c.children).find((c) => c.id === id)!;
    },

    async edit(user: UserRow, commentId: number, content: string, mentions?: number[]): Promise<Comment> {
      const now = clock.nowIso();
      const { taskId, delivered } = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const comment = await db.comments.findById(commentId);
        if (!comment) throw new NotFoundError(COMMENT_NOT_FOUND);
        // A comment on a task the user may not see is not found either. Only that: a failed read
        // (the database unreachable) goes through as itself, a 503, never disguised as a 404.
        await loadTask(reader(trx), user, comment.task_id, { notFound: COMMENT_NOT_FOUND });
        if (comment.user_id !== user.id) throw new ForbiddenError('Only the author can edit this comment.');
        await db.comments.updateContent(commentId, content, now);
        await db.activity.record(comment.task_id, user.id, { code: 'comment_edited' }, now);
        // Issue 22: only someone the edit newly mentions is told; a comment does not notify again.
        const people = othersThan(await db.audience.viewersOf(comment.task_id), user.id);
        const before = await mentionedAmong(trx, people, comment.content, people);
        const newlyMentioned = [...(await mentionedAmong(trx, people, content, mentions))].filter((id) => !before.has(id));
        const delivered = await deps.delivery.deliver(
          trx,
          newlyMentioned.map((userId) => ({
            userId,
            kind: 'mention' as const,
            taskId: comment.task_id,
            actorId: user.id,
            commentId,
            excerpt: commentExcerpt(content),
          })),
          now,
        );
        return { taskId: comment.task_id, delivered };
      });
      await notify(taskId);
      deps.delivery.afterCommit(delivered);
      const rows = await base.comments.listForTask(taskId);
      const tree = commentTree(rows);
      return tree.find((c) => c.id === commentId) ?? tree.flatMap((c) => c.children).find((c) => c.id === commentId)!;
    },
  };
}
export type CommentService = ReturnType<typeof createCommentService>;
