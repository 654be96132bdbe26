import type { Kysely } from 'kysely';
import type { ActivityChange, ActivityEvent, ActivityLog } from '../../common/schemas/activity.schema.ts';
import type { Task, TaskSummary } from '../../common/schemas/task.schema.ts';
import type { TaskWithActivity } from '../../common/schemas/task-detail.schema.ts';
import type { TaskInputParsed, TaskListQuery, TaskSummaryQuery, TaskUpdateInputParsed } from '../../common/schemas/task-input.schema.ts';
import { DUE_TIME_NEEDS_DATE_MESSAGE } from '../../common/schemas/task-input.schema.ts';
import { SUBTASK_LIMIT_MESSAGE, SUBTASK_TITLES_NAMED, SUBTASKS_PER_TASK_MAX, type Subtask } from '../../common/schemas/subtask.schema.ts';
import { parseRecurrence, RECURRENCE_MESSAGE } from '../../common/schemas/recurrence.ts';
import { localDate } from '../../common/time-zone.ts';
import type { RenderedTaskCache } from '../cache/rendered-task.cache.ts';
import type { Priority, RecurrenceFrom } from '../../common/constants.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createActivityRepository } from '../db/repositories/activity.repository.ts';
import { createAudienceRepository } from '../db/repositories/audience.repository.ts';
import { createDataVersionRepository } from '../db/repositories/data-version.repository.ts';
import { createDeletedTaskRepository, taskSchemaOf } from '../db/repositories/deleted-task.repository.ts';
import { createLabelRepository, labelKey } from '../db/repositories/label.repository.ts';
import { createTaskCreateKeyRepository } from '../db/repositories/task-create-key.repository.ts';
import { createShareRepository } from '../db/repositories/share.repository.ts';
import { createNotificationSettingsRepository } from '../db/repositories/notification-settings.repository.ts';
import { createReminderRepository, fireAt } from '../db/repositories/reminder.repository.ts';
import { createSubtaskRepository } from '../db/repositories/subtask.repository.ts';
import {
  createTaskRepository,
  type TaskListFilter,
  type TaskListKey,
  type TaskSetFilter,
  type TaskWithRelations,
} from '../db/repositories/task.repository.ts';
import { createUserRepository, type UserRow } from '../db/repositories/user.repository.ts';
import type { Tables } from '../db/tables.ts';
import { ConflictError, ForbiddenError, NotFoundError, TaskChangedError, ValidationError } from '../errors.ts';
import { canCompleteTask, canDeleteTask, canEditTask, canViewTask } from '../policies/task.policy.ts';
import type { AttachmentService } from './attachment.service.ts';
import { loadTask, TASK_NOT_FOUND, taskAccess } from './task-access.ts';
import { presentTask } from './task.presenter.ts';
import { presentSubtask } from './subtask.service.ts';
import { decodeCursor, encodeCursor } from './task-cursor.ts';
import { othersThan } from './notification.service.ts';
import type { Delivered, NotificationDelivery } from './notification-delivery.ts';
import { firstOccurrence, nextOccurrence, occurrenceAfterCompletion, rruleAgrees } from './recurrence.ts';
import { RESTORE_WINDOW_MS, restorableUntil } from './task-restore.service.ts';

/** What changed in an update, for the activity log. */
function describeChanges(before: TaskWithRelations, after: TaskInputParsed): ActivityChange[] {
  const changes: ActivityChange[] = [];
  if (before.title !== after.title) changes.push({ kind: 'renamed', from: before.title, to: after.title });
  if (before.description !== after.description) changes.push({ kind: 'description' });
  if (before.due_date !== after.due_date)
    changes.push(after.due_date ? { kind: 'due_date', date: after.due_date } : { kind: 'due_date_removed' });
  if (before.priority !== after.priority)
    changes.push({ kind: 'priority', from: before.priority as Priority, to: after.priority as Priority });
  const beforeLabels = before.labels.map((l) => labelKey(l.name)).join('\n');
  const afterLabels = after.labels.map(labelKey).join('\n');
  if (beforeLabels !== afterLabels)
    changes.push(after.labels.length ? { kind: 'labels', labels: after.labels } : { kind: 'labels_removed' });
  if (before.due_time !== after.due_time)
    changes.push(after.due_time ? { kind: 'due_time', time: after.due_time } : { kind: 'due_time_removed' });
  if (before.recurrence !== after.recurrence || (after.recurrence && before.recurrence_from !== after.recurrence_from))
    changes.push(
      after.recurrence ? { kind: 'recurrence', rule: after.recurrence, from: after.recurrence_from } : { kind: 'recurrence_removed' },
    );
  return changes;
}

/** A task's date, time and repeat rule, as a request asks for them and as they are stored. */
interface Schedule {
  due_date: string | null;
  due_time: string | null;
  recurrence: string | null;
  recurrence_from: RecurrenceFrom;
}

const recurrenceError = () => new ValidationError({ recurrence: [RECURRENCE_MESSAGE] });

/**
 * The schedule as it will be stored, or a 422 naming the field: a rule must read the same to rrule
 * and have a date to go on to from the task's; a repeating task given no date gets its rule's
 * first from its owner's today; a time needs a date.
 */
async function resolveSchedule(wanted: Schedule, ownerToday: () => Promise<string>): Promise<Schedule> {
  let dueDate = wanted.due_date;
  if (wanted.recurrence !== null) {
    const rule = parseRecurrence(wanted.recurrence);
    if (!rule || !rruleAgrees(wanted.recurrence)) throw recurrenceError();
    dueDate ??= firstOccurrence(rule, await ownerToday()) ?? null;
    if (dueDate === null) throw recurrenceError();
    const next = wanted.recurrence_from === 'completion' ? occurrenceAfterCompletion(rule, dueDate) : nextOccurrence(rule, dueDate);
    if (next === undefined) throw recurrenceError();
  }
  if (wanted.due_time !== null && dueDate === null) throw new ValidationError({ due_time: [DUE_TIME_NEEDS_DATE_MESSAGE] });
  return { ...wanted, due_date: dueDate };
}

const recurrenceFromOf = (row: { recurrence_from: string }): RecurrenceFrom =>
  row.recurrence_from === 'completion' ? 'completion' : 'due_date';

/** Tasks fetched per query when rendering what the cache lacks (bounded IN lists on both databases). */
const RENDER_BATCH = 500;

export interface TaskEvents {
  /** Something about this task changed; the screens of those who list it (its listers) should refresh. */
  taskChanged(taskId: number, listerIds: number[]): void;
}

/** Who reads a list. */
export type ListReader = Pick<UserRow, 'id'>;

const COMMA = 0x2c;

/** `head`, the items' JSON joined by commas, `tail`: one allocation, a task deleted since the list was read left out. */
function joinJson(head: string, items: readonly (Buffer | undefined)[], tail: string): Buffer {
  const present = items.filter((item) => item !== undefined);
  let length = Buffer.byteLength(head) + Buffer.byteLength(tail) + Math.max(present.length - 1, 0);
  for (const item of present) length += item.length;
  const body = Buffer.allocUnsafe(length);
  let offset = body.write(head, 0);
  present.forEach((item, index) => {
    if (index > 0) body[offset++] = COMMA;
    body.set(item, offset);
    offset += item.length;
  });
  body.write(tail, offset);
  return body;
}

export function createTaskService(deps: {
  database: Database;
  clock: Clock;
  events?: TaskEvents;
  /** Rendered tasks kept between list reads; without it every list renders every task. */
  renderedTasks?: RenderedTaskCache;
  /** Tells a repeating task's people of its next occurrence (issue 22). */
  delivery: NotificationDelivery;
  /** Images staged for a description, adopted by the task whose saved description links them (decision 037). */
  images?: Pick<AttachmentService, 'adopt' | 'adopted'>;
}) {
  const { database, clock, renderedTasks } = deps;
  const repositories = (db: Kysely<Tables>) => ({
    tasks: createTaskRepository(db, database.dialect),
    labels: createLabelRepository(db, database.dialect),
    activity: createActivityRepository(db),
    versions: createDataVersionRepository(db),
    audience: createAudienceRepository(db),
    shares: createShareRepository(db),
    users: createUserRepository(db),
    subtasks: createSubtaskRepository(db),
    reminders: createReminderRepository(db, database.dialect),
    createKeys: createTaskCreateKeyRepository(db),
  });
  const base = repositories(database.db);
  /** Issue 22: after a task's date, time or completion changed, in that transaction, its reminders fall due when they now should. */
  const followReminders = async (db: ReturnType<typeof repositories>, taskId: number, now: string) => {
    const task = await db.tasks.findById(taskId);
    if (task) await db.reminders.follow(taskId, task, now);
  };
  /** A transaction's handle, for reading a task's access inside it. */
  const reader = (trx: Kysely<Tables>) => ({ db: trx, dialect: database.dialect });

  /** The detail of GET /api/task/{id}, read from `db` (a transaction's repositories inside one). */
  async function withActivity(
    taskId: number,
    db: ReturnType<typeof repositories> = base,
  ): Promise<{ task: TaskWithActivity; activity_logs: ActivityLog[]; subtasks: Subtask[] }> {
    const [row, logs, subtasks] = await Promise.all([
      db.tasks.findWithRelations(taskId),
      db.activity.listForTask(taskId),
      db.subtasks.listForTask(taskId),
    ]);
    if (!row) throw new NotFoundError(TASK_NOT_FOUND);
    return { task: { ...presentTask(row), activity_logs: logs }, activity_logs: logs, subtasks: subtasks.map(presentSubtask) };
  }

  /**
   * If-Match (decision 031), first in a write's transaction: with a revision to check, the task's row
   * is locked before the write reads it, so the revision compared and the fields it keeps are those
   * it changes, and two writes based on the same revision cannot both pass. Without one (no header,
   * or `*`) nothing is locked and the write is the spec's.
   */
  async function lockIfMatching(db: ReturnType<typeof repositories>, taskId: number, expected: number | undefined): Promise<void> {
    if (expected !== undefined) await db.tasks.lockRevision(taskId);
  }

  /**
   * After the access checks (someone who may not see or change the task gets the 404 or 403 they
   * always did, never the task): a 412 with the task as it is now, read under the lock, unless its
   * revision is still the one the write was based on. Nothing has been written yet.
   */
  async function expectRevision(
    db: ReturnType<typeof repositories>,
    task: { id: number; revision: number },
    expected: number | undefined,
  ): Promise<void> {
    if (expected === undefined || task.revision === expected) return;
    throw new TaskChangedError((await withActivity(task.id, db)).task);
  }

  /** After commit: the task's listers, read in its transaction, refresh what they show. */
  function notify(taskId: number, listers: number[]) {
    deps.events?.taskChanged(taskId, listers);
  }

  /** Each task's API JSON, in list order: from the cache at its revision, or rendered now; undefined once deleted. */
  async function renderTasks(keys: TaskListKey[]): Promise<(Buffer | undefined)[]> {
    const parts = keys.map((key) => renderedTasks?.get(key.id, key.revision));
    const missing = keys.filter((_, index) => parts[index] === undefined).map((key) => key.id);
    if (missing.length) {
      const fresh = new Map<number, Buffer>();
      for (let start = 0; start < missing.length; start += RENDER_BATCH) {
        for (const row of await base.tasks.findManyWithRelations(missing.slice(start, start + RENDER_BATCH))) {
          // The same JSON the route's serializer made of presentTask before lists were cached.
          const json = Buffer.from(JSON.stringify(presentTask(row)));
          renderedTasks?.set(row.id, row.revision, json);
          fresh.set(row.id, json);
        }
      }
      keys.forEach((key, index) => (parts[index] ??= fresh.get(key.id)));
    }
    return parts;
  }

  /** A list answer's JSON: `{ "<key>": [tasks] }`, plus `next_cursor` when paged. */
  async function listBody(
    key: string,
    filter: TaskListFilter,
    page: { limit?: number | undefined; cursor?: string | undefined },
  ): Promise<Buffer> {
    const paged = page.limit !== undefined || page.cursor !== undefined;
    const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor);
    let keys = await base.tasks.listKeys(filter, { limit: page.limit === undefined ? undefined : page.limit + 1, after });
    const more = page.limit !== undefined && keys.length > page.limit;
    if (more) keys = keys.slice(0, page.limit);
    let tail = ']}';
    if (paged) {
      const position = more ? await base.tasks.positionOf(keys.at(-1)!.id) : undefined;
      tail = `],"next_cursor":${position ? JSON.stringify(encodeCursor(position)) : 'null'}}`;
    }
    return joinJson(`{"${key}":[`, await renderTasks(keys), tail);
  }

  /** Which tasks of a list a query keeps (the spec's label and priority, and the dashboard's search, status and day). */
  const setFilterOf = (query: Omit<TaskSummaryQuery, 'today'>) => ({
    labelKey: query.label ? labelKey(query.label) : undefined,
    priority: query.priority && query.priority !== 'all' ? query.priority : undefined,
    search: query.search ? query.search.toLowerCase() : undefined,
    completed: query.status === 'pending' ? (0 as const) : query.status === 'completed' ? (1 as const) : undefined,
    dueDate: query.due_date,
  });
  const filterOf = (query: TaskListQuery) => ({
    ...setFilterOf(query),
    dueFrom: query.due_from,
    dueTo: query.due_to,
    sort: query.sort,
    direction: query.direction,
  });

  /** A person's today: the calendar day now in their time zone (UTC until they set one). */
  const todayOf = (person: Pick<UserRow, 'time_zone'>) => localDate(clock.now(), person.time_zone);
  /**
   * A new task's own subtasks (quick add's pasted lines), after the `copied` ones of a duplicate:
   * within the limit per task, recorded as one activity entry. The task's subtask count after them.
   */
  async function addNewTaskSubtasks(
    db: ReturnType<typeof repositories>,
    user: UserRow,
    taskId: number,
    titles: string[],
    copied: number,
    now: string,
  ) {
    if (copied + titles.length > SUBTASKS_PER_TASK_MAX) throw new ValidationError({ subtasks: [SUBTASK_LIMIT_MESSAGE] });
    if (titles.length > 0) {
      await db.subtasks.append(taskId, titles, null, now);
      await db.activity.record(
        taskId,
        user.id,
        { code: 'subtasks_added', titles: titles.slice(0, SUBTASK_TITLES_NAMED), count: titles.length },
        now,
      );
    }
    return copied + titles.length;
  }

  /** The today of a task's owner, who may not be the one writing (a collaborator): repeat rules follow the owner's days. */
  const ownerToday = async (db: ReturnType<typeof repositories>, ownerId: number, user: UserRow) =>
    localDate(clock.now(), ownerId === user.id ? user.time_zone : await db.users.timeZoneOf(ownerId));
  /** A summary's query with the day "due today" means: the viewer's, or the server's when none was given. */
  type DatedSummaryQuery = TaskSummaryQuery & { today: string };

  /** Counters, total and label names of a list (GET /api/tasks/summary, /api/tasks/shared/summary). */
  async function summarize(list: Pick<TaskSetFilter, 'ownerId' | 'recipient'>, query: DatedSummaryQuery): Promise<TaskSummary> {
    const wanted = setFilterOf(query);
    // The counters follow label and priority only, as the spec's counters over the loaded list did.
    const counted = { ...list, labelKey: wanted.labelKey, priority: wanted.priority };
    const counts = await base.tasks.countTasks(counted, query.today);
    const narrower = wanted.search !== undefined || wanted.dueDate !== undefined;
    const total = narrower
      ? await base.tasks.countMatching({ ...list, ...wanted })
      : wanted.completed === 0
        ? counts.pending
        : wanted.completed === 1
          ? counts.done
          : counts.pending + counts.done;
    // One option per name whatever its case (labels of several owners may share a name), by name.
    const names = new Map<string, string>();
    for (const name of await base.tasks.labelNamesOn(list)) if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
    const labels = [...names.values()].sort((a, b) => a.localeCompare(b));
    return { pending: counts.pending, done: counts.done, due_today: counts.dueOn, total, labels };
  }

  /**
   * Settings → Notifications' default reminder (issue 22): a new task with a time gets its
   * creator's, unless that moment has already passed.
   */
  async function addDefaultReminder(
    trx: Kysely<Tables>,
    user: UserRow,
    taskId: number,
    due: { due_date: string | null; due_time: string | null },
    now: string,
  ): Promise<void> {
    if (due.due_time === null) return;
    const minutes = (await createNotificationSettingsRepository(trx, database.dialect).read(user.id)).default_reminder_minutes;
    if (minutes === null) return;
    const at = fireAt({ offset_minutes: minutes, remind_at: null }, due, user.time_zone);
    if (at === null || at <= now) return;
    await repositories(trx).reminders.insert({
      taskId,
      userId: user.id,
      offsetMinutes: minutes,
      remindAt: null,
      fireAt: at,
      state: 'pending',
      now,
    });
  }

  return {
    listOwn: (user: ListReader, query: TaskListQuery): Promise<Buffer> =>
      listBody('tasks', { ownerId: user.id, ...filterOf(query) }, query),

    listSharedWith: (user: ListReader, query: TaskListQuery): Promise<Buffer> =>
      listBody('shared_tasks', { recipient: { userId: user.id, status: 'accepted' }, ...filterOf(query) }, query),

    /** The viewer's date in their time zone, for a summary asked without it. */
    today: todayOf,

    summarizeOwn: (user: Pick<UserRow, 'id'>, query: DatedSummaryQuery): Promise<TaskSummary> => summarize({ ownerId: user.id }, query),

    summarizeSharedWith: (user: Pick<UserRow, 'id'>, query: DatedSummaryQuery): Promise<TaskSummary> =>
      summarize({ recipient: { userId: user.id, status: 'accepted' as const } }, query),

    /** Spec §7: pending shares carry owner, labels and description for the preview. */
    listPendingFor: (user: ListReader): Promise<Buffer> =>
      listBody('pending_tasks', { recipient: { userId: user.id, status: 'pending' }, sort: 'created_at', direction: 'desc' }, {}),

    async get(user: UserRow, taskId: number) {
      await loadTask(database, user, taskId);
      return withActivity(taskId);
    },

    /**
     * `idempotencyKey` (decision 034): a create sent again with the key of one already made answers
     * that task (as it is now) and makes none.
     */
    async create(user: UserRow, input: TaskInputParsed, options: { idempotencyKey?: string | undefined } = {}): Promise<Task> {
      const now = clock.nowIso();
      const schedule = await resolveSchedule(
        { due_date: input.due_date, due_time: input.due_time, recurrence: input.recurrence, recurrence_from: input.recurrence_from },
        async () => todayOf(user),
      );
      const key = options.idempotencyKey;
      const created = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        if (key) {
          const claim = await db.createKeys.claim(user.id, key, now);
          const madeBefore = !claim.claimed && claim.taskId !== null ? await db.tasks.findWithRelations(claim.taskId) : undefined;
          if (madeBefore) return { madeBefore };
        }
        const row = await db.tasks.insert({
          userId: user.id,
          title: input.title,
          description: input.description,
          dueDate: schedule.due_date,
          dueTime: schedule.due_time,
          recurrence: schedule.recurrence,
          recurrenceFrom: schedule.recurrence_from,
          priority: input.priority,
          now,
        });
        const labels = await db.labels.ensure(user.id, input.labels, now);
        await db.labels.setTaskLabels(
          row.id,
          labels.map((label) => label.id),
        );
        let event: ActivityEvent = { code: 'created' };
        let copied = 0;
        if (input.duplicated_from) {
          const source = await taskAccess(reader(trx), user, input.duplicated_from);
          if (source && canViewTask(source.access)) {
            event = { code: 'created_copy', title: source.task.title };
            copied = await db.subtasks.copyToTask(source.task.id, row.id, now);
          }
        }
        await db.activity.record(row.id, user.id, event, now);
        const adopted = (await deps.images?.adopt(trx, user, { id: row.id, user_id: user.id }, input.description, now)) ?? false;
        const subtasks = await addNewTaskSubtasks(db, user, row.id, input.subtasks ?? [], copied, now);
        await addDefaultReminder(trx, user, row.id, schedule, now);
        if (key) await db.createKeys.attach(user.id, key, row.id);
        // A new task has no shares yet: only its owner's lists change.
        await db.versions.bump([user.id]);
        return {
          ...row,
          labels,
          shares: [],
          owner_name: user.name,
          owner_email: user.email,
          owner_photo: user.user_photo,
          subtasks_total: subtasks,
          subtasks_done: 0,
          adopted,
        };
      });
      if ('madeBefore' in created && created.madeBefore) return presentTask(created.madeBefore);
      if (created.adopted) await deps.images?.adopted(created.id);
      // Everything it shows was just written: no need to read it back. Kept rendered for the
      // owner's next list read, which follows every create in the web app.
      const task = presentTask(created);
      renderedTasks?.set(created.id, created.revision, Buffer.from(JSON.stringify(task)));
      notify(created.id, [user.id]);
      return task;
    },

    /** `expectedRevision`: If-Match's revision (decision 031); a 412 with the task as it is now when it has another. */
    async update(
      user: UserRow,
      taskId: number,
      update: TaskUpdateInputParsed,
      options: { expectedRevision?: number | undefined } = {},
    ): Promise<Task> {
      const now = clock.nowIso();
      const { listers, adopted } = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        await lockIfMatching(db, taskId, options.expectedRevision);
        const { task, access } = await loadTask(reader(trx), user, taskId, { relations: true });
        if (!canEditTask(access)) throw new ForbiddenError('You do not have permission to edit this task.');
        await expectRevision(db, task, options.expectedRevision);
        // What the body leaves out keeps its value; clearing the due date clears its time.
        const dueDate = update.due_date === undefined ? task.due_date : update.due_date;
        const schedule = await resolveSchedule(
          {
            due_date: dueDate,
            due_time: update.due_time !== undefined ? update.due_time : dueDate === null ? null : task.due_time,
            recurrence: update.recurrence === undefined ? task.recurrence : update.recurrence,
            recurrence_from: update.recurrence_from ?? recurrenceFromOf(task),
          },
          () => ownerToday(db, task.user_id, user),
        );
        const input: TaskInputParsed = {
          title: update.title,
          description: update.description ?? task.description,
          ...schedule,
          priority: update.priority ?? (task.priority as Priority),
          labels: update.labels ?? task.labels.map((label) => label.name),
        };
        const changes = describeChanges(task, input);
        await db.tasks.update(
          taskId,
          {
            title: input.title,
            description: input.description,
            due_date: input.due_date,
            due_time: input.due_time,
            recurrence: input.recurrence,
            recurrence_from: input.recurrence_from,
            priority: input.priority as Priority,
          },
          now,
        );
        await followReminders(db, taskId, now);
        // Labels belong to the task's owner, also when a collaborator edits.
        const labels = await db.labels.ensure(task.user_id, input.labels, now);
        await db.labels.setTaskLabels(
          taskId,
          labels.map((label) => label.id),
        );
        await db.activity.record(taskId, user.id, changes.length ? { code: 'updated', changes } : { code: 'unchanged' }, now);
        const adopted = update.description !== undefined && ((await deps.images?.adopt(trx, user, task, update.description, now)) ?? false);
        const listers = await db.audience.listersOf([taskId]);
        await db.versions.bump(listers);
        return { listers, adopted };
      });
      if (adopted) await deps.images?.adopted(taskId);
      const row = (await base.tasks.findWithRelations(taskId))!;
      notify(taskId, listers);
      return presentTask(row);
    },

    /**
     * Completes a task (PUT /api/tasks/complete/{id}). A repeating one stays completed with its date
     * and stops repeating (reopening it forks nothing), and in the same transaction its next
     * occurrence is created: the same title, description, priority, labels, time, rule and people
     * (accepted as accepted, pending as pending), due on the rule's next date after its due date, or
     * the interval after today in the owner's zone for a rule counted from completion. One step per
     * completion, also when that date is already past (decision 020). With `completeSubtasks` its open
     * subtasks are completed with it; a next occurrence gets the same subtasks, all open (issue 21).
     */
    async complete(
      user: UserRow,
      taskId: number,
      options: { completeSubtasks?: boolean | undefined; expectedRevision?: number | undefined } = {},
    ): Promise<{ task: Task; next_occurrence: Task | null; completed_subtask_ids: number[] }> {
      const now = clock.nowIso();
      let subtasksDone: number[] = [];
      let delivered: Delivered | undefined;
      const { listers, nextId } = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        await lockIfMatching(db, taskId, options.expectedRevision);
        const { task, access } = await loadTask(reader(trx), user, taskId, { relations: true });
        if (!canCompleteTask(access)) throw new ForbiddenError('You do not have permission to change this task.');
        // Also when it is already completed: the person decides on what changed since (decision 031).
        await expectRevision(db, task, options.expectedRevision);
        // Already so: nothing is written; open screens are told all the same, so a stale one catches up.
        const unchanged = async () => ({ listers: await db.audience.listersOf([taskId]), nextId: null });
        if (task.is_completed) return unchanged();
        const rule = task.recurrence === null ? undefined : parseRecurrence(task.recurrence);
        // Completed only if still open: of two completions at once (a double click, two people), the
        // one that waited on the other's row lock (PostgreSQL) finds it done and forks nothing.
        if (!(await db.tasks.completeIfOpen(taskId, rule ? { recurrence: null } : {}, now))) return unchanged();
        await followReminders(db, taskId, now);
        // In the task's revision just raised: its progress shows every subtask done.
        subtasksDone = options.completeSubtasks ? await db.subtasks.completeOpen(taskId, now) : [];
        if (subtasksDone.length > 0)
          await db.activity.record(taskId, user.id, { code: 'subtasks_completed', count: subtasksDone.length }, now);
        if (!rule) {
          await db.activity.record(taskId, user.id, { code: 'completed' }, now);
        } else {
          const today = await ownerToday(db, task.user_id, user);
          const nextDate =
            recurrenceFromOf(task) === 'completion' ? occurrenceAfterCompletion(rule, today) : nextOccurrence(rule, task.due_date ?? today);
          await db.activity.record(taskId, user.id, { code: 'completed_repeating', next_date: nextDate ?? null }, now);
          if (nextDate !== undefined) {
            // The owner's task, whoever completed it; their labels, and the people as they are.
            const next = await db.tasks.insert({
              userId: task.user_id,
              title: task.title,
              description: task.description,
              dueDate: nextDate,
              dueTime: task.due_time,
              recurrence: task.recurrence,
              recurrenceFrom: recurrenceFromOf(task),
              priority: task.priority as Priority,
              now,
            });
            await db.labels.setTaskLabels(
              next.id,
              task.labels.map((label) => label.id),
            );
            await db.shares.copyToTask(taskId, next.id, now);
            await db.subtasks.copyToTask(taskId, next.id, now);
            await db.reminders.copyToTask(taskId, next.id, { due_date: nextDate, due_time: task.due_time }, now);
            await db.activity.record(next.id, user.id, { code: 'created_occurrence', title: task.title, after: task.due_date }, now);
            // Issue 22: the task's other people hear that it came round again (its Undo deletes the
            // occurrence, and the notification with it).
            const told = othersThan(await db.audience.viewersOf(next.id), user.id);
            delivered = await deps.delivery.deliver(
              trx,
              told.map((userId) => ({ userId, kind: 'occurrence', taskId: next.id, actorId: user.id })),
              now,
            );
            // Both tasks have the same people: one audience, one bump.
            const listers = await db.audience.listersOf([taskId, next.id]);
            await db.versions.bump(listers);
            return { listers, nextId: next.id };
          }
        }
        const listers = await db.audience.listersOf([taskId]);
        await db.versions.bump(listers);
        return { listers, nextId: null };
      });
      const [row, nextRow] = await Promise.all([
        base.tasks.findWithRelations(taskId),
        nextId === null ? undefined : base.tasks.findWithRelations(nextId),
      ]);
      notify(taskId, listers);
      if (nextId !== null) notify(nextId, listers);
      if (delivered) deps.delivery.afterCommit(delivered);
      return { task: presentTask(row!), next_occurrence: nextRow ? presentTask(nextRow) : null, completed_subtask_ids: subtasksDone };
    },

    /**
     * "Skip this one" (POST /api/tasks/{id}/skip-occurrence): a repeating task's due date moves to
     * its rule's next date after it; 422 when the task does not repeat. Whoever may edit it may.
     */
    async skipOccurrence(user: UserRow, taskId: number): Promise<Task> {
      const now = clock.nowIso();
      const listers = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        // Each skip moves one step from the date it read. Two at once (two people, a double press)
        // both read the same date: the one that finds it moved reads again and moves one step on
        // from there, so neither step is lost. Each try follows a write that committed meanwhile; a
        // date moved under it twenty times in a row is answered as a conflict rather than waited on.
        for (let tries = 0; ; tries++) {
          if (tries === 20) throw new ConflictError('The task changed meanwhile. Please try again.');
          const { task, access } = await loadTask(reader(trx), user, taskId);
          if (!canEditTask(access)) throw new ForbiddenError('You do not have permission to edit this task.');
          const rule = task.recurrence === null ? undefined : parseRecurrence(task.recurrence);
          if (!rule) throw new ValidationError({ recurrence: ['This task does not repeat.'] });
          const next = nextOccurrence(rule, task.due_date ?? (await ownerToday(db, task.user_id, user)));
          if (next === undefined) throw new ValidationError({ recurrence: ['The repeat rule has no later date.'] });
          if (!(await db.tasks.moveDueDateIf(taskId, task.due_date, next, now))) continue;
          await db.activity.record(taskId, user.id, { code: 'occurrence_skipped', from: task.due_date, to: next }, now);
          await followReminders(db, taskId, now);
          break;
        }
        const listers = await db.audience.listersOf([taskId]);
        await db.versions.bump(listers);
        return listers;
      });
      const row = (await base.tasks.findWithRelations(taskId))!;
      notify(taskId, listers);
      return presentTask(row);
    },

    /**
     * Moves several tasks to one due date (issue 21: "move all overdue to today"), all or none: a
     * task the person may not see is a 404 and one they may not edit a 403, before anything moves.
     * Times and repeat rules stay; each moved task gets its activity entry and its lists their
     * versions, as an edit of its date would.
     */
    async reschedule(user: UserRow, taskIds: readonly number[], dueDate: string): Promise<number> {
      const now = clock.nowIso();
      const moved = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const moving: number[] = [];
        for (const taskId of new Set(taskIds)) {
          const { task, access } = await loadTask(reader(trx), user, taskId);
          if (!canEditTask(access)) throw new ForbiddenError('You do not have permission to edit this task.');
          if (task.due_date !== dueDate) moving.push(taskId);
        }
        for (const taskId of moving) {
          await db.tasks.update(taskId, { due_date: dueDate }, now);
          await followReminders(db, taskId, now);
          await db.activity.record(taskId, user.id, { code: 'updated', changes: [{ kind: 'due_date', date: dueDate }] }, now);
        }
        // Each task's own audience hears of it; every list that shows one of them gets a new version.
        const audiences = new Map<number, number[]>();
        for (const taskId of moving) audiences.set(taskId, await db.audience.listersOf([taskId]));
        await db.versions.bump([...new Set([...audiences.values()].flat())]);
        return audiences;
      });
      for (const [taskId, listers] of moved) notify(taskId, listers);
      return moved.size;
    },

    /**
     * Reopening only: `reopenSubtasks` reopen with it (the undo of "Complete all"); `takeBackOccurrence`
     * is the occurrence its completion created, deleted as the task gets its rule back (the undo of a
     * repeating task's completion, by whoever may reopen it: decision 023).
     */
    async setCompleted(
      user: UserRow,
      taskId: number,
      completed: boolean,
      options: {
        reopenSubtasks?: number[] | undefined;
        takeBackOccurrence?: number | undefined;
        /** If-Match's revision (decision 031). */
        expectedRevision?: number | undefined;
      } = {},
    ): Promise<Task> {
      const now = clock.nowIso();
      let takenBack: { id: number; listers: number[] } | undefined;
      const listers = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        await lockIfMatching(db, taskId, options.expectedRevision);
        const { task, access } = await loadTask(reader(trx), user, taskId);
        if (!canCompleteTask(access)) throw new ForbiddenError('You do not have permission to change this task.');
        await expectRevision(db, task, options.expectedRevision);
        // Already so: nothing is written; open screens are told all the same, so a stale one catches up.
        if (Boolean(task.is_completed) === completed) return db.audience.listersOf([taskId]);
        let rule: { recurrence: string; recurrence_from: RecurrenceFrom } | undefined;
        if (!completed && options.takeBackOccurrence !== undefined) {
          const next = await db.tasks.findById(options.takeBackOccurrence);
          // Only the occurrence this task's completion made, and nothing since: written in that
          // transaction (its creation time is the completion's), for the same owner, untouched, and
          // within the undo window. Anything else is not this undo's to delete.
          const made =
            next !== undefined &&
            next.user_id === task.user_id &&
            next.recurrence !== null &&
            next.is_completed === 0 &&
            next.created_at === task.updated_at &&
            next.updated_at === next.created_at &&
            Date.parse(now) - Date.parse(next.created_at) <= RESTORE_WINDOW_MS;
          if (!made) throw new ConflictError('The next occurrence has changed or is too old to take back.');
          rule = { recurrence: next.recurrence!, recurrence_from: recurrenceFromOf(next) };
          // Read before the delete: its people lose it from their lists. Its shares, subtasks and
          // activity go with it (ON DELETE CASCADE).
          takenBack = { id: next.id, listers: await db.audience.listersOf([next.id]) };
          await db.tasks.delete(next.id);
        }
        await db.tasks.update(taskId, { is_completed: completed ? 1 : 0, ...rule }, now);
        await followReminders(db, taskId, now);
        await db.activity.record(taskId, user.id, { code: completed ? 'completed' : 'reopened' }, now);
        const reopened = completed ? 0 : await db.subtasks.reopen(taskId, options.reopenSubtasks ?? [], now);
        if (reopened > 0) await db.activity.record(taskId, user.id, { code: 'subtasks_reopened', count: reopened }, now);
        if (rule) {
          const change = { kind: 'recurrence' as const, rule: rule.recurrence, from: rule.recurrence_from };
          await db.activity.record(taskId, user.id, { code: 'updated', changes: [change] }, now);
        }
        const listers = [...new Set([...(await db.audience.listersOf([taskId])), ...(takenBack?.listers ?? [])])];
        await db.versions.bump(listers);
        return listers;
      });
      const row = (await base.tasks.findWithRelations(taskId))!;
      notify(taskId, listers);
      if (takenBack) notify(takenBack.id, takenBack.listers);
      return presentTask(row);
    },

    /** `expectedRevision`: If-Match's revision (decision 031); a 412 with the task as it is now when it has another. */
    async delete(user: UserRow, taskId: number, options: { expectedRevision?: number | undefined } = {}): Promise<void> {
      const { access } = await loadTask(database, user, taskId);
      if (!canDeleteTask(access)) throw new ForbiddenError('Only the owner can delete this task.');
      const schema = await taskSchemaOf(database);
      const now = clock.now();
      const listers = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        if (options.expectedRevision !== undefined) {
          // Its owner, checked above; the revision under the row's lock, so the snapshot and the
          // delete are of the revision compared. Gone meanwhile: the 404 it would be without the header.
          const revision = await db.tasks.lockRevision(taskId);
          if (revision === undefined) throw new NotFoundError(TASK_NOT_FOUND);
          await expectRevision(db, { id: taskId, revision }, options.expectedRevision);
        }
        // Its owner may undo this for a few seconds (decision 021): the task and all of it kept
        // aside in this transaction, restorable until then and purged after.
        await createDeletedTaskRepository(trx, database.dialect, schema).keep(taskId, user.id, now.toISOString(), restorableUntil(now));
        // Read before the delete: its shares name the recipients whose lists lose it.
        const listers = await db.audience.listersOf([taskId]);
        // Shares, comments, labels links and activity go with it (ON DELETE CASCADE).
        await db.tasks.delete(taskId);
        await db.versions.bump(listers);
        return listers;
      });
      notify(taskId, listers);
    },

    recordActivity: async (taskId: number, userId: number, event: ActivityEvent) =>
      base.activity.record(taskId, userId, event, clock.nowIso()),
  };
}
export type TaskService = ReturnType<typeof createTaskService>;
