import type { Kysely } from 'kysely';
import type { Comment } from '../../common/schemas/comment.schema.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createActivityRepository } from '../db/repositories/activity.repository.ts';
import { createCommentRepository, type CommentWithAuthor } from '../db/repositories/comment.repository.ts';
import { createShareRepository } from '../db/repositories/share.repository.ts';
import { createTaskRepository } from '../db/repositories/task.repository.ts';
import type { UserRow } from '../db/repositories/user.repository.ts';
import type { Tables } from '../db/tables.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { canCommentOnTask, canViewTask, taskAccessOf } from '../policies/task.policy.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { TASK_NOT_FOUND } from './task.service.ts';
import { isRecordId } from '../../common/schemas/ids.ts';

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

export function createCommentService(deps: {
  database: Database;
  clock: Clock;
  events: EventBus;
  audienceOf(taskId: number): Promise<number[]>;
}) {
  const { database, clock } = deps;
  const repositories = (db: Kysely<Tables>) => ({
    tasks: createTaskRepository(db, database.dialect),
    shares: createShareRepository(db),
    comments: createCommentRepository(db),
    activity: createActivityRepository(db),
  });

  async function accessFor(db: ReturnType<typeof repositories>, user: UserRow, taskId: number) {
    // An id no row can have (the schema lets a too large task_id through) never reaches the database.
    const task = isRecordId(taskId) ? await db.tasks.findById(taskId) : undefined;
    if (!task) throw new NotFoundError(TASK_NOT_FOUND);
    const share = task.user_id === user.id ? undefined : await db.shares.findForRecipient(taskId, user.id);
    const access = taskAccessOf(task, user.id, share?.status);
    if (!canViewTask(access)) throw new NotFoundError(TASK_NOT_FOUND);
    return access;
  }

  async function notify(taskId: number) {
    deps.events.publish(await deps.audienceOf(taskId), { type: 'comments-changed', taskId });
  }

  return {
    async list(user: UserRow, taskId: number): Promise<Comment[]> {
      const db = repositories(database.db);
      await accessFor(db, user, taskId);
      return commentTree(await db.comments.listForTask(taskId));
    },

    async add(user: UserRow, input: { task_id: number; content: string; parent_id?: number | null | undefined }): Promise<Comment> {
      const now = clock.nowIso();
      const id = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const access = await accessFor(db, user, input.task_id);
        if (!canCommentOnTask(access)) throw new ForbiddenError('You cannot comment on this task.');
        let parentId: number | null = null;
        if (input.parent_id) {
          const parent = await db.comments.findById(input.parent_id);
          if (!parent || parent.task_id !== input.task_id)
            throw new ValidationError({ parent_id: ['The comment you reply to does not exist on this task.'] });
          if (parent.parent_id !== null) throw new ValidationError({ parent_id: ['Replies can only be made to top-level comments.'] });
          parentId = parent.id;
        }
        const row = await db.comments.insert({ taskId: input.task_id, userId: user.id, parentId, content: input.content, now });
        await db.activity.record(input.task_id, user.id, { code: parentId ? 'replied' : 'commented' }, now);
        return row.id;
      });
      await notify(input.task_id);
      const rows = await repositories(database.db).comments.listForTask(input.task_id);
      const tree = commentTree(rows);
      return tree.find((c) => c.id === id) ?? tree.flatMap((c) => c.children).find((c) => c.id === id)!;
    },

    async edit(user: UserRow, commentId: number, content: string): Promise<Comment> {
      const now = clock.nowIso();
      const taskId = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const comment = await db.comments.findById(commentId);
        if (!comment) throw new NotFoundError('Comment not found');
        try {
          await accessFor(db, user, comment.task_id);
        } catch {
          throw new NotFoundError('Comment not found');
        }
        if (comment.user_id !== user.id) throw new ForbiddenError('Only the author can edit this comment.');
        await db.comments.updateContent(commentId, content, now);
        await db.activity.record(comment.task_id, user.id, { code: 'comment_edited' }, now);
        return comment.task_id;
      });
      await notify(taskId);
      const rows = await repositories(database.db).comments.listForTask(taskId);
      const tree = commentTree(rows);
      return tree.find((c) => c.id === commentId) ?? tree.flatMap((c) => c.children).find((c) => c.id === commentId)!;
    },
  };
}
export type CommentService = ReturnType<typeof createCommentService>;
