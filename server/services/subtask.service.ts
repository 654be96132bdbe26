import type { Kysely } from 'kysely';
import type { ActivityEvent } from '../../common/schemas/activity.schema.ts';
import {
  SUBTASK_LIMIT_MESSAGE,
  SUBTASK_NOT_FOUND,
  SUBTASKS_PER_TASK_MAX,
  type Subtask,
  SUBTASK_TITLES_NAMED,
} from '../../common/schemas/subtask.schema.ts';
import {
  type SubtaskAddInputParsed,
  type SubtaskOrderInputParsed,
  type SubtaskUpdateInputParsed,
} from '../../common/schemas/subtask-input.schema.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createActivityRepository } from '../db/repositories/activity.repository.ts';
import { createAudienceRepository } from '../db/repositories/audience.repository.ts';
import { createDataVersionRepository } from '../db/repositories/data-version.repository.ts';
import { createSubtaskRepository, type SubtaskRow } from '../db/repositories/subtask.repository.ts';
import { createTaskRepository } from '../db/repositories/task.repository.ts';
import type { UserRow } from '../db/repositories/user.repository.ts';
import type { Tables } from '../db/tables.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { canEditTask } from '../policies/task.policy.ts';
import { loadTask } from './task-access.ts';
import type { TaskEvents } from './task.service.ts';

/** The API's subtask (common/schemas/subtask.schema.ts). */
export function presentSubtask(row: SubtaskRow): Subtask {
  return {
    id: row.id,
    task_id: row.task_id,
    title: row.title,
    is_completed: row.is_completed ? 1 : 0,
    due_date: row.due_date,
    position: row.position,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * A task's subtasks (issue 21, part 5). Whoever may open the task (its owner and accepted
 * recipients) reads them; whoever may edit it writes them (task.policy.ts), anyone else is told
 * the task does not exist. Subtasks show in lists as the task's progress, so each write is a
 * change of the task as lists show it: in its transaction the task's revision goes up (with its
 * `updated_at`), an activity entry is recorded on it and the data versions of everyone who lists
 * it move (docs/performance.md); after the commit their screens hear `task-changed`. A write that
 * changes nothing (the same title, the same order) writes nothing.
 */
export function createSubtaskService(deps: { database: Database; clock: Clock; events?: TaskEvents }) {
  const { database, clock } = deps;
  const repositories = (db: Kysely<Tables>) => ({
    subtasks: createSubtaskRepository(db),
    tasks: createTaskRepository(db, database.dialect),
    activity: createActivityRepository(db),
    audience: createAudienceRepository(db),
    versions: createDataVersionRepository(db),
  });
  const base = repositories(database.db);
  const reader = (trx: Kysely<Tables>) => ({ db: trx, dialect: database.dialect });

  type Repositories = ReturnType<typeof repositories>;
  /** What a write did: the entries to record on the task (none: nothing changed), and the subtask it answers with. */
  interface Outcome {
    events: ActivityEvent[];
    subtask?: number | undefined;
    /** The task's revision was already raised (to take its row's lock first). */
    taskUpdated?: boolean;
  }

  /**
   * Runs a write on a task's subtasks for someone who may edit the task, in one transaction with
   * the task's revision, its activity and its listers' versions; then tells the listers. Answers
   * the task's subtasks after it, and the one written when there is one.
   */
  async function write(
    user: UserRow,
    taskId: number,
    work: (db: Repositories, now: string) => Promise<Outcome>,
  ): Promise<{ subtasks: Subtask[]; subtask?: Subtask | undefined }> {
    const now = clock.nowIso();
    const { listers, written } = await database.db.transaction().execute(async (trx) => {
      const db = repositories(trx);
      const { access } = await loadTask(reader(trx), user, taskId);
      if (!canEditTask(access)) throw new ForbiddenError('You do not have permission to edit this task.');
      const outcome = await work(db, now);
      if (outcome.events.length === 0) return { listers: undefined, written: outcome.subtask };
      // The task as lists show it changed (its progress): a new revision, so its rendered JSON is not reused.
      if (!outcome.taskUpdated) await db.tasks.update(taskId, {}, now);
      for (const event of outcome.events) await db.activity.record(taskId, user.id, event, now);
      const listers = await db.audience.listersOf([taskId]);
      await db.versions.bump(listers);
      return { listers, written: outcome.subtask };
    });
    if (listers) deps.events?.taskChanged(taskId, listers);
    const rows = await base.subtasks.listForTask(taskId);
    const subtasks = rows.map(presentSubtask);
    return { subtasks, subtask: written === undefined ? undefined : subtasks.find((subtask) => subtask.id === written) };
  }

  /** The subtask, if it is one of this task's; a 404 otherwise (an id of another task's is not found here either). */
  async function subtaskOf(db: Repositories, taskId: number, subtaskId: number): Promise<SubtaskRow> {
    const row = await db.subtasks.findById(subtaskId);
    if (!row || row.task_id !== taskId) throw new NotFoundError(SUBTASK_NOT_FOUND);
    return row;
  }

  return {
    /** GET /api/tasks/{id}/subtasks: whoever may open the task. */
    async list(user: Pick<UserRow, 'id'>, taskId: number): Promise<Subtask[]> {
      await loadTask(database, user, taskId);
      return (await base.subtasks.listForTask(taskId)).map(presentSubtask);
    },

    /** Subtasks of a task the caller has already been let see (the detail, the export). */
    async listOf(taskId: number): Promise<Subtask[]> {
      return (await base.subtasks.listForTask(taskId)).map(presentSubtask);
    },

    /** Appends one or several subtasks (in the order sent); at most SUBTASKS_PER_TASK_MAX per task. */
    add(user: UserRow, taskId: number, input: SubtaskAddInputParsed) {
      return write(user, taskId, async (db, now) => {
        // The task's row first: its lock (PostgreSQL) makes two additions at once count one after the other.
        await db.tasks.update(taskId, {}, now);
        const existing = (await db.subtasks.listForTask(taskId)).length;
        if (existing + input.titles.length > SUBTASKS_PER_TASK_MAX) throw new ValidationError({ [input.field]: [SUBTASK_LIMIT_MESSAGE] });
        const added = await db.subtasks.append(taskId, input.titles, input.due_date, now);
        return {
          events: [{ code: 'subtasks_added', titles: input.titles.slice(0, SUBTASK_TITLES_NAMED), count: input.titles.length }],
          subtask: added.length === 1 ? added[0]!.id : undefined,
          taskUpdated: true,
        };
      });
    },

    /** Changes what is sent of a subtask's title, done state and due date. */
    update(user: UserRow, taskId: number, subtaskId: number, input: SubtaskUpdateInputParsed) {
      return write(user, taskId, async (db, now) => {
        const row = await subtaskOf(db, taskId, subtaskId);
        const title = input.title ?? row.title;
        const events: ActivityEvent[] = [];
        const changes: Partial<{ title: string; is_completed: number; due_date: string | null }> = {};
        if (input.title !== undefined && input.title !== row.title) {
          changes.title = input.title;
          events.push({ code: 'subtask_renamed', from: row.title, to: input.title });
        }
        if (input.is_completed !== undefined && input.is_completed !== Boolean(row.is_completed)) {
          changes.is_completed = input.is_completed ? 1 : 0;
          events.push({ code: input.is_completed ? 'subtask_completed' : 'subtask_reopened', title });
        }
        if (input.due_date !== undefined && input.due_date !== row.due_date) {
          changes.due_date = input.due_date;
          events.push({ code: 'subtask_due_date', title, date: input.due_date });
        }
        if (events.length) await db.subtasks.update(subtaskId, changes, now);
        return { events, subtask: subtaskId };
      });
    },

    /** A new order: the whole list (`ids`), or one subtask moved to an index. */
    reorder(user: UserRow, taskId: number, input: SubtaskOrderInputParsed) {
      return write(user, taskId, async (db, now) => {
        const current = (await db.subtasks.listForTask(taskId)).map((row) => row.id);
        let order: number[];
        if (input.ids) {
          const known = new Set(current);
          if (input.ids.length !== current.length || !input.ids.every((id) => known.has(id)))
            throw new ValidationError({ ids: ['The ids must list every subtask of the task once.'] });
          order = input.ids;
        } else {
          const id = input.id!;
          const index = input.index!;
          if (!current.includes(id)) throw new NotFoundError(SUBTASK_NOT_FOUND);
          if (index >= current.length) throw new ValidationError({ index: [`The index must be from 0 to ${current.length - 1}.`] });
          order = current.filter((other) => other !== id);
          order.splice(index, 0, id);
        }
        if (order.every((id, index) => id === current[index])) return { events: [] };
        await db.subtasks.setOrder(taskId, order, now);
        return { events: [{ code: 'subtasks_reordered' }] };
      });
    },

    delete(user: UserRow, taskId: number, subtaskId: number) {
      return write(user, taskId, async (db) => {
        const row = await subtaskOf(db, taskId, subtaskId);
        await db.subtasks.delete(subtaskId);
        return { events: [{ code: 'subtask_deleted', title: row.title }] };
      });
    },
  };
}
export type SubtaskService = ReturnType<typeof createSubtaskService>;
