import type { Kysely } from 'kysely';
import type { Label } from '../../common/schemas/label.schema.ts';
import type { ActivityLog } from '../../common/schemas/activity.schema.ts';
import type { Task, TaskInputParsed, TaskListQuery } from '../../common/schemas/task.schema.ts';
import type { Priority } from '../../common/constants.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createActivityRepository } from '../db/repositories/activity.repository.ts';
import { createLabelRepository, labelKey } from '../db/repositories/label.repository.ts';
import { createTaskRepository, type TaskWithRelations } from '../db/repositories/task.repository.ts';
import type { UserRow } from '../db/repositories/user.repository.ts';
import type { Tables } from '../db/tables.ts';
import { ForbiddenError, NotFoundError } from '../errors.ts';
import { canCompleteTask, canDeleteTask, canEditTask, canViewTask, taskAccessOf, type TaskAccess } from '../policies/task.policy.ts';
import { presentTask } from './task.presenter.ts';

export const TASK_NOT_FOUND = 'Task not found';

/** What changed in an update, in words for the activity log. */
function describeChanges(before: TaskWithRelations, after: TaskInputParsed): string[] {
  const changes: string[] = [];
  if (before.title !== after.title) changes.push(`renamed the task from “${before.title}” to “${after.title}”`);
  if (before.description !== after.description) changes.push('edited the description');
  if (before.due_date !== after.due_date) changes.push(after.due_date ? `set the due date to ${after.due_date}` : 'removed the due date');
  if (before.priority !== after.priority) changes.push(`changed the priority from ${before.priority} to ${after.priority}`);
  const beforeLabels = before.labels.map((l) => labelKey(l.name)).join('\n');
  const afterLabels = after.labels.map(labelKey).join('\n');
  if (beforeLabels !== afterLabels)
    changes.push(after.labels.length ? `set the labels to ${after.labels.join(', ')}` : 'removed all labels');
  return changes;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface TaskEvents {
  /** Something about this task changed; recipients' and owner's views should refresh. */
  taskChanged(taskId: number, audienceUserIds: number[]): void;
}

export function createTaskService(deps: { database: Database; clock: Clock; events?: TaskEvents }) {
  const { database, clock } = deps;
  const repositories = (db: Kysely<Tables>) => ({
    tasks: createTaskRepository(db, database.dialect),
    labels: createLabelRepository(db),
    activity: createActivityRepository(db),
  });
  const base = repositories(database.db);

  /** The task and what this user may do with it; 404 unless they may at least see it. */
  async function load(db: ReturnType<typeof repositories>, user: UserRow, taskId: number) {
    const task = await db.tasks.findWithRelations(taskId);
    if (!task) throw new NotFoundError(TASK_NOT_FOUND);
    const share = task.user_id === user.id ? undefined : await db.tasks.shareStatusOf(taskId, user.id);
    const access = taskAccessOf(task, user.id, share?.status);
    if (!canViewTask(access)) throw new NotFoundError(TASK_NOT_FOUND);
    return { task, access };
  }

  function audience(task: TaskWithRelations): number[] {
    const ids = new Set<number>([task.user_id]);
    for (const share of task.shares) if (share.user_id !== null) ids.add(share.user_id);
    return [...ids];
  }

  async function withActivity(taskId: number): Promise<{ task: Task; activity_logs: ActivityLog[] }> {
    const [row, logs] = await Promise.all([base.tasks.findWithRelations(taskId), base.activity.listForTask(taskId)]);
    if (!row) throw new NotFoundError(TASK_NOT_FOUND);
    return { task: { ...presentTask(row), activity_logs: logs }, activity_logs: logs };
  }

  function notify(task: TaskWithRelations) {
    deps.events?.taskChanged(task.id, audience(task));
  }

  return {
    access: async (user: UserRow, taskId: number): Promise<{ task: TaskWithRelations; access: TaskAccess }> => load(base, user, taskId),

    async listOwn(user: UserRow, query: TaskListQuery): Promise<Task[]> {
      const rows = await base.tasks.list({
        ownerId: user.id,
        labelKey: query.label ? labelKey(query.label) : undefined,
        priority: query.priority && query.priority !== 'all' ? query.priority : undefined,
        sort: query.sort,
        direction: query.direction,
      });
      return rows.map(presentTask);
    },

    async listSharedWith(user: UserRow, query: TaskListQuery): Promise<Task[]> {
      const rows = await base.tasks.list({
        recipient: { userId: user.id, status: 'accepted' },
        labelKey: query.label ? labelKey(query.label) : undefined,
        priority: query.priority && query.priority !== 'all' ? query.priority : undefined,
        sort: query.sort,
        direction: query.direction,
      });
      return rows.map(presentTask);
    },

    /** Spec §7: pending shares carry owner, labels and description for the preview. */
    async listPendingFor(user: UserRow): Promise<Task[]> {
      const rows = await base.tasks.list({ recipient: { userId: user.id, status: 'pending' }, sort: 'created_at', direction: 'desc' });
      return rows.map(presentTask);
    },

    async get(user: UserRow, taskId: number) {
      await load(base, user, taskId);
      return withActivity(taskId);
    },

    async create(user: UserRow, input: TaskInputParsed): Promise<Task> {
      const now = clock.nowIso();
      const created = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const row = await db.tasks.insert({
          userId: user.id,
          title: input.title,
          description: input.description,
          dueDate: input.due_date,
          priority: input.priority,
          now,
        });
        const labels = await db.labels.ensure(user.id, input.labels, now);
        await db.labels.setTaskLabels(
          row.id,
          labels.map((label) => label.id),
        );
        let description = 'Created the task';
        if (input.duplicated_from) {
          const source = await db.tasks.findById(input.duplicated_from);
          const share = source && source.user_id !== user.id ? await db.tasks.shareStatusOf(source.id, user.id) : undefined;
          if (source && canViewTask(taskAccessOf(source, user.id, share?.status)))
            description = `Created the task as a copy of “${source.title}”`;
        }
        await db.activity.record(row.id, user.id, description, now);
        return row.id;
      });
      const row = (await base.tasks.findWithRelations(created))!;
      notify(row);
      return presentTask(row);
    },

    async update(user: UserRow, taskId: number, input: TaskInputParsed): Promise<Task> {
      const now = clock.nowIso();
      await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const { task, access } = await load(db, user, taskId);
        if (!canEditTask(access)) throw new ForbiddenError('You do not have permission to edit this task.');
        const changes = describeChanges(task, input);
        await db.tasks.update(
          taskId,
          { title: input.title, description: input.description, due_date: input.due_date, priority: input.priority as Priority },
          now,
        );
        // Labels belong to the task's owner, also when a collaborator edits.
        const labels = await db.labels.ensure(task.user_id, input.labels, now);
        await db.labels.setTaskLabels(
          taskId,
          labels.map((label) => label.id),
        );
        await db.activity.record(taskId, user.id, changes.length ? capitalize(changes.join('; ')) : 'Saved the task without changes', now);
      });
      const row = (await base.tasks.findWithRelations(taskId))!;
      notify(row);
      return presentTask(row);
    },

    async setCompleted(user: UserRow, taskId: number, completed: boolean): Promise<Task> {
      const now = clock.nowIso();
      await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const { task, access } = await load(db, user, taskId);
        if (!canCompleteTask(access)) throw new ForbiddenError('You do not have permission to change this task.');
        if (Boolean(task.is_completed) === completed) return;
        await db.tasks.update(taskId, { is_completed: completed ? 1 : 0 }, now);
        await db.activity.record(taskId, user.id, completed ? 'Marked the task as completed' : 'Reopened the task', now);
      });
      const row = (await base.tasks.findWithRelations(taskId))!;
      notify(row);
      return presentTask(row);
    },

    async delete(user: UserRow, taskId: number): Promise<void> {
      const { task, access } = await load(base, user, taskId);
      if (!canDeleteTask(access)) throw new ForbiddenError('Only the owner can delete this task.');
      // Shares, comments, labels links and activity go with it (ON DELETE CASCADE).
      await base.tasks.delete(taskId);
      notify(task);
    },

    async labels(user: UserRow): Promise<Label[]> {
      const rows = await base.labels.listWithCounts(user.id);
      return rows.map((row) => ({ id: row.id, name: row.name, color: row.color, tasks_count: row.tasks_count }));
    },

    recordActivity: async (taskId: number, userId: number, description: string) =>
      base.activity.record(taskId, userId, description, clock.nowIso()),
  };
}
export type TaskService = ReturnType<typeof createTaskService>;
