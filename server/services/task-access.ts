import type { Kysely } from 'kysely';
import { isRecordId } from '../../common/schemas/ids.ts';
import type { Database } from '../db/database.ts';
import { createShareRepository, type ShareRow } from '../db/repositories/share.repository.ts';
import { createTaskRepository, type TaskRow, type TaskWithRelations } from '../db/repositories/task.repository.ts';
import type { UserRow } from '../db/repositories/user.repository.ts';
import type { Tables } from '../db/tables.ts';
import { NotFoundError } from '../errors.ts';
import { canViewTask, taskAccessOf, type TaskAccess } from '../policies/task.policy.ts';

export const TASK_NOT_FOUND = 'Task not found';

/** Where to read: the database, or the same with a transaction's handle (`{ db: trx, dialect }`). */
export type TaskReader = { db: Kysely<Tables>; dialect: Database['dialect'] };

export interface TaskAccessOptions<Relations extends boolean> {
  /** The task with its labels, shares and owner (what its JSON shows), or only its row. */
  relations?: Relations;
}

export interface LoadTaskOptions<Relations extends boolean> extends TaskAccessOptions<Relations> {
  /** What the caller must at least be allowed; by default to view the task (task.policy.ts). */
  may?: (access: TaskAccess) => boolean;
  /** The 404's message; a comment's routes say the comment is not found. */
  notFound?: string;
}

export interface TaskWithAccess<Task> {
  task: Task;
  access: TaskAccess;
  /** The caller's share of the task (pending or accepted), when they are a recipient. */
  share: ShareRow | undefined;
}

type TaskOf<Relations extends boolean> = Relations extends true ? TaskWithRelations : TaskRow;

/**
 * The task and what this user may do with it, or undefined when no such task exists. Every
 * service reads a task's access here, so the rule of who is who lives in one place.
 */
export async function taskAccess<Relations extends boolean = false>(
  reader: TaskReader,
  user: Pick<UserRow, 'id'>,
  taskId: number,
  options: TaskAccessOptions<Relations> = {},
): Promise<TaskWithAccess<TaskOf<Relations>> | undefined> {
  // An id no row can have (a schema may let a too large one through) never reaches the database:
  // on PostgreSQL it would be an error, not "no such task".
  if (!isRecordId(taskId)) return undefined;
  const tasks = createTaskRepository(reader.db, reader.dialect);
  const task = options.relations ? await tasks.findWithRelations(taskId) : await tasks.findById(taskId);
  if (!task) return undefined;
  const share = task.user_id === user.id ? undefined : await createShareRepository(reader.db).findForRecipient(taskId, user.id);
  return { task: task as TaskOf<Relations>, access: taskAccessOf(task, user.id, share?.status), share };
}

/**
 * `taskAccess`, or a 404 unless the user may (by default) view the task: someone who may not
 * cannot tell it from a task that does not exist. Database errors go through as they are (503).
 */
export async function loadTask<Relations extends boolean = false>(
  reader: TaskReader,
  user: Pick<UserRow, 'id'>,
  taskId: number,
  options: LoadTaskOptions<Relations> = {},
): Promise<TaskWithAccess<TaskOf<Relations>>> {
  const found = await taskAccess(reader, user, taskId, options);
  if (!found || !(options.may ?? canViewTask)(found.access)) throw new NotFoundError(options.notFound ?? TASK_NOT_FOUND);
  return found;
}
