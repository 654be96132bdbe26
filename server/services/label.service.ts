import type { Kysely } from 'kysely';
import type { ActivityEvent } from '../../common/schemas/activity.schema.ts';
import type { Label } from '../../common/schemas/label.schema.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createActivityRepository } from '../db/repositories/activity.repository.ts';
import { createDataVersionRepository } from '../db/repositories/data-version.repository.ts';
import { createLabelRepository, labelKey, type LabelRow } from '../db/repositories/label.repository.ts';
import { createTaskRepository } from '../db/repositories/task.repository.ts';
import type { UserRow } from '../db/repositories/user.repository.ts';
import type { Tables } from '../db/tables.ts';
import { isUniqueViolation, NotFoundError, ValidationError } from '../errors.ts';
import type { EventBus } from '../realtime/event-bus.ts';

export const LABEL_NOT_FOUND = 'Label not found';

/**
 * The web app refetches every task view on any `task-changed` event, so a user hears of at most
 * this many of the tasks one label change touched (a label on 1,000 tasks is not 1,000 events).
 */
const MAX_EVENTS_PER_USER = 20;
/** Task ids per IN list when bumping the few tasks linked while the change waited for its lock. */
const BUMP_BATCH = 500;
/** PostgreSQL's deadlock and serialization failures: the change is tried again from the start. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

export interface LabelServiceDeps {
  database: Database;
  clock: Clock;
  events: EventBus;
}

/** What a label change did to lists: the tasks now shown differently and who lists them. */
interface Impact {
  taskIds: number[];
  /** Recipients with an account of those tasks (pending or accepted), per task. */
  recipients: Array<{ taskId: number; userId: number }>;
}
const NO_IMPACT: Impact = { taskIds: [], recipients: [] };

const present = (row: LabelRow & { tasks_count: number }): Label => ({
  id: row.id,
  name: row.name,
  color: row.color,
  tasks_count: row.tasks_count,
});

/**
 * The owner's administration of their labels (issue 18, finding e). Labels belong to the owner
 * of the tasks that carry them (a collaborator's edit creates them there), so only that owner
 * may change them; anyone else's label is "not found".
 *
 * A label's name and colour are part of every task that carries it as lists show it, to the
 * owner and to everyone the task is shared with. So each change, in its transaction, bumps those
 * tasks' revisions (their rendered JSON is keyed by it) and, last, the data versions of everyone
 * who lists them (list ETags and stored bodies); after commit open screens get `task-changed`
 * (docs/architecture.md, "The read path").
 */
export function createLabelService(deps: LabelServiceDeps) {
  const { database, clock, events } = deps;
  const repositories = (db: Kysely<Tables>) => ({
    labels: createLabelRepository(db, database.dialect),
    tasks: createTaskRepository(db, database.dialect),
    activity: createActivityRepository(db),
    versions: createDataVersionRepository(db),
  });
  type Repositories = ReturnType<typeof repositories>;
  const base = repositories(database.db);

  /** A transaction, tried again when PostgreSQL picked it as a deadlock's victim. */
  async function transaction<T>(work: (db: Repositories) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await database.db.transaction().execute((trx) => work(repositories(trx)));
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
      }
    }
  }

  async function owned(db: Repositories, user: UserRow, labelId: number): Promise<LabelRow> {
    const label = await db.labels.findOwned(user.id, labelId);
    if (!label) throw new NotFoundError(LABEL_NOT_FOUND);
    return label;
  }

  /**
   * Bumps the revisions of the tasks carrying `labelId` and locks the labels (PostgreSQL), in the
   * order task writes take them: task rows first, then the label (the foreign key's share lock
   * when a task is linked to it). Once the label is locked no task can be linked to it until
   * commit; tasks linked in between are bumped too. Returns the tasks carrying it now, whose
   * labels the change alters. Each label must exist (`owned` first): a vanished one is a 404.
   */
  async function lockAndBump(db: Repositories, user: UserRow, labelId: number, alsoLock: number[] = []): Promise<Impact> {
    const bumped = new Set(await db.labels.bumpRevisionsOfTasksCarrying(labelId));
    for (const id of [labelId, ...alsoLock].sort((a, b) => a - b)) {
      if (!(await db.labels.findOwned(user.id, id, true))) throw new NotFoundError(LABEL_NOT_FOUND);
    }
    const taskIds = await db.labels.taskIdsCarrying(labelId);
    const late = taskIds.filter((id) => !bumped.has(id));
    for (let start = 0; start < late.length; start += BUMP_BATCH) await db.tasks.bumpRevisions(late.slice(start, start + BUMP_BATCH));
    return { taskIds, recipients: taskIds.length ? await db.labels.recipientsOnTasksCarrying(labelId) : [] };
  }

  /**
   * One activity entry per task whose labels changed, as an edit of its labels would write it
   * ("Set the labels to a, b" / "Removed all labels"): the existing event, so every reader's
   * language words it. A colour is not part of the log.
   */
  async function recordLabels(db: Repositories, user: UserRow, taskIds: number[], now: string) {
    if (!taskIds.length) return;
    const names = await db.labels.namesOnTasks(taskIds);
    const entries = taskIds.map((taskId) => {
      const labels = names.get(taskId) ?? [];
      const event: ActivityEvent = {
        code: 'updated',
        changes: [labels.length ? { kind: 'labels', labels } : { kind: 'labels_removed' }],
      };
      return { taskId, event };
    });
    await db.activity.recordMany(entries, user.id, now);
  }

  /** Last in the transaction: everyone who lists one of the tasks reads a new version. */
  async function bumpVersions(db: Repositories, user: UserRow, impact: Impact): Promise<void> {
    if (!impact.taskIds.length) return;
    await db.versions.bump([user.id, ...impact.recipients.map((r) => r.userId)]);
  }

  /** After commit: open screens refresh. */
  function afterCommit(user: UserRow, impact: Impact) {
    if (!impact.taskIds.length) return;
    const told = new Map<number, number[]>([[user.id, impact.taskIds.slice(0, MAX_EVENTS_PER_USER)]]);
    for (const { taskId, userId } of impact.recipients) {
      const list = told.get(userId) ?? [];
      if (list.length < MAX_EVENTS_PER_USER) list.push(taskId);
      told.set(userId, list);
    }
    const audiences = new Map<number, number[]>();
    for (const [userId, taskIds] of told) for (const taskId of taskIds) audiences.set(taskId, [...(audiences.get(taskId) ?? []), userId]);
    for (const [taskId, userIds] of audiences) events.publish(userIds, { type: 'task-changed', taskId });
  }

  const duplicateName = (name: string) =>
    new ValidationError({ name: [`You already have a label named “${name}”. Merge the two labels instead.`] });

  async function withCount(user: UserRow, labelId: number): Promise<Label> {
    const row = await base.labels.findWithCount(user.id, labelId);
    if (!row) throw new NotFoundError(LABEL_NOT_FOUND);
    return present(row);
  }

  return {
    /** GET /api/labels: the user's labels with how many of their tasks carry each. */
    async list(user: UserRow): Promise<Label[]> {
      return (await base.labels.listWithCounts(user.id)).map(present);
    },

    /**
     * PUT /api/labels/{id}: a new name (the rules of a label typed on a task; a name another of
     * the user's labels has, whatever its case, is a field error that suggests merging) and/or a
     * new colour (null: back to the automatic palette).
     */
    async update(user: UserRow, labelId: number, input: { name?: string | undefined; color?: string | null | undefined }): Promise<Label> {
      const now = clock.nowIso();
      let impact: Impact;
      try {
        impact = await transaction(async (db) => {
          const label = await owned(db, user, labelId);
          const changes: { name?: string; color?: string | null } = {};
          if (input.name !== undefined && input.name !== label.name) {
            const key = labelKey(input.name);
            const other = key === label.name_key ? undefined : await db.labels.findByKey(user.id, key);
            if (other) throw duplicateName(other.name);
            changes.name = input.name;
          }
          if (input.color !== undefined && input.color !== label.color) changes.color = input.color;
          if (changes.name === undefined && changes.color === undefined) return NO_IMPACT;
          const impact = await lockAndBump(db, user, labelId);
          await db.labels.update(labelId, changes);
          if (changes.name !== undefined) await recordLabels(db, user, impact.taskIds, now);
          await bumpVersions(db, user, impact);
          return impact;
        });
      } catch (error) {
        // A task write created a label with the new name meanwhile: the unique index decided. Only
        // then: any other failure (the database unreachable) goes through as itself, never a 422.
        if (input.name !== undefined && isUniqueViolation(error)) {
          const other = await base.labels.findByKey(user.id, labelKey(input.name));
          if (other && other.id !== labelId) throw duplicateName(other.name);
        }
        throw error;
      }
      afterCommit(user, impact);
      return withCount(user, labelId);
    },

    /** DELETE /api/labels/{id}: every task that carried it loses it (the tasks stay); how many did. */
    async delete(user: UserRow, labelId: number): Promise<{ tasks_count: number }> {
      const now = clock.nowIso();
      const impact = await transaction(async (db) => {
        await owned(db, user, labelId);
        const impact = await lockAndBump(db, user, labelId);
        await db.labels.remove(labelId);
        await recordLabels(db, user, impact.taskIds, now);
        await bumpVersions(db, user, impact);
        return impact;
      });
      afterCommit(user, impact);
      return { tasks_count: impact.taskIds.length };
    },

    /**
     * POST /api/labels/{id}/merge: the label's tasks carry `intoId` instead, in its place (a task
     * carrying both keeps the one it had), and the label goes. Answers the label merged into.
     */
    async merge(user: UserRow, labelId: number, intoId: number): Promise<Label> {
      const now = clock.nowIso();
      const impact = await transaction(async (db) => {
        await owned(db, user, labelId);
        if (intoId === labelId) throw new ValidationError({ into_id: ['A label cannot be merged into itself.'] });
        if (!(await db.labels.findOwned(user.id, intoId))) {
          throw new ValidationError({ into_id: ['The selected label to merge into does not exist.'] });
        }
        // The target is locked too: it must still exist when the tasks are linked to it.
        const impact = await lockAndBump(db, user, labelId, [intoId]);
        await db.labels.mergeInto(labelId, intoId);
        await recordLabels(db, user, impact.taskIds, now);
        await bumpVersions(db, user, impact);
        return impact;
      });
      afterCommit(user, impact);
      return withCount(user, intoId);
    },

    /**
     * DELETE /api/labels/unused: the user's labels that no task carries. No list shows them (a
     * list shows labels on tasks, and summaries only the labels of listed tasks), so no version moves.
     */
    async deleteUnused(user: UserRow): Promise<{ deleted: number }> {
      return { deleted: await base.labels.deleteUnused(user.id) };
    },
  };
}
export type LabelService = ReturnType<typeof createLabelService>;
