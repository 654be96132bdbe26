import type { Kysely, Selectable } from 'kysely';
import type { CommentsTable, Tables } from '../tables.ts';

export type CommentRow = Selectable<CommentsTable>;
export type CommentWithAuthor = CommentRow & { user_name: string; user_photo: string | null };

export function createCommentRepository(db: Kysely<Tables>) {
  return {
    /** Oldest first, with the author's name and photo. */
    listForTask(taskId: number): Promise<CommentWithAuthor[]> {
      return db
        .selectFrom('comments')
        .innerJoin('users', 'users.id', 'comments.user_id')
        .selectAll('comments')
        .select(['users.name as user_name', 'users.user_photo as user_photo'])
        .where('comments.task_id', '=', taskId)
        .orderBy('comments.created_at')
        .orderBy('comments.id')
        .execute();
    },

    findById(id: number): Promise<CommentRow | undefined> {
      return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insert(input: { taskId: number; userId: number; parentId: number | null; content: string; now: string }): Promise<CommentRow> {
      return db
        .insertInto('comments')
        .values({
          task_id: input.taskId,
          user_id: input.userId,
          parent_id: input.parentId,
          content: input.content,
          created_at: input.now,
          updated_at: input.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async updateContent(id: number, content: string, now: string): Promise<void> {
      await db.updateTable('comments').set({ content, updated_at: now }).where('id', '=', id).execute();
    },
  };
}
export type CommentRepository = ReturnType<typeof createCommentRepository>;
