import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, MessageBody } from '../../common/schemas/error.schema.ts';
import { CompleteTaskInput, ReopenTaskInput } from '../../common/schemas/subtask-input.schema.ts';
import {
  CompleteResponse,
  CompletionResponse,
  SharedTasksPage,
  SkipOccurrenceResponse,
  RescheduleResponse,
  TasksPage,
  TaskSummary,
  Task,
} from '../../common/schemas/task.schema.ts';
import { TaskDetailResponse } from '../../common/schemas/task-detail.schema.ts';
import {
  RescheduleInput,
  TaskIdParams,
  TaskInput,
  TaskUpdateInput,
  TaskListQuery,
  TaskSummaryQuery,
} from '../../common/schemas/task-input.schema.ts';
import { TaskChangedResponse, TaskCreateHeaders, TaskWriteHeaders, revisionTag } from '../../common/schemas/task-revision.schema.ts';
import {
  listCacheHeaders,
  matchesIfNoneMatch,
  NotModified,
  sendNotModified,
  type ListResponseCache,
} from '../cache/list-response.cache.ts';
import { requireUser } from '../plugins/auth.ts';
import type { AuthService } from '../services/auth.service.ts';
import type { TaskService } from '../services/task.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const security = [{ bearer: [] }];
const TaskWithMessage = z.object({ message: z.string(), task: Task });
/**
 * The answers a write that takes If-Match adds (decision 031): a malformed header, and a task whose
 * revision is no longer the one the write was based on.
 */
const revisionErrors = { 400: ErrorBody, 412: TaskChangedResponse };
/** `*` (null) asks for no revision, as no header does. */
const expectedRevisionOf = (headers: { 'if-match'?: number | null | undefined }) => headers['if-match'] ?? undefined;

export const taskRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  tasks: TaskService;
  lists: ListResponseCache;
  /** Called when someone opens a task: its dialog is where exports are asked for (main.ts warms the export worker). */
  onTaskOpened?: (() => void) | undefined;
}> = async (app, { auth, tasks, lists, onTaskOpened }) => {
  app.addHook('onRequest', requireUser(auth));

  // Lists answer with stored, pre-compressed bodies (list-response.cache.ts), so the compression
  // plugin stays out of their way.
  app.get(
    '/api/tasks',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Own tasks',
        security,
        querystring: TaskListQuery,
        response: { 200: TasksPage, 304: NotModified, ...errors },
      },
      compress: false,
    },
    async (request, reply) =>
      lists.send(request, reply, { list: 'tasks', userId: request.user.id, version: request.user.data_version, query: request.query }, () =>
        tasks.listOwn(request.user, request.query),
      ),
  );

  app.get(
    '/api/tasks/shared',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Tasks shared with me (accepted)',
        security,
        querystring: TaskListQuery,
        response: { 200: SharedTasksPage, 304: NotModified, ...errors },
      },
      compress: false,
    },
    async (request, reply) =>
      lists.send(
        request,
        reply,
        { list: 'shared_tasks', userId: request.user.id, version: request.user.data_version, query: request.query },
        () => tasks.listSharedWith(request.user, request.query),
      ),
  );

  // Beyond the spec: what a dashboard shows about a whole list (counters, how many tasks match,
  // label options) without loading it. Tagged with the data version like the lists, so an
  // unchanged summary is a 304.
  for (const [url, scope, summarize] of [
    ['/api/tasks/summary', 'tasks_summary', tasks.summarizeOwn],
    ['/api/tasks/shared/summary', 'shared_tasks_summary', tasks.summarizeSharedWith],
  ] as const) {
    app.get(
      url,
      {
        schema: {
          tags: ['tasks'],
          summary:
            scope === 'tasks_summary' ? 'Counters and label options of my tasks' : 'Counters and label options of tasks shared with me',
          security,
          querystring: TaskSummaryQuery,
          response: { 200: TaskSummary, 304: NotModified, ...errors },
        },
      },
      async (request, reply) => {
        // Without the viewer's date "due today" is today in their time zone (UTC until they set one):
        // the tag then changes at their midnight.
        const query = { ...request.query, today: request.query.today ?? tasks.today(request.user) };
        const cacheHeaders = listCacheHeaders(
          lists.tag({ list: scope, userId: request.user.id, version: request.user.data_version, query }),
        );
        if (matchesIfNoneMatch(request.headers['if-none-match'], cacheHeaders.etag)) return sendNotModified(reply, cacheHeaders);
        const summary = await summarize(request.user, query);
        return reply.headers(cacheHeaders).send(summary);
      },
    );
  }

  app.get(
    '/api/task/:id',
    {
      schema: {
        tags: ['tasks'],
        summary: 'One task with its activity',
        security,
        params: TaskIdParams,
        response: { 200: TaskDetailResponse, ...errors },
      },
    },
    // No ETag here, unlike the writes: the detail carries the task's activity, which moves without
    // its revision (a comment, an AI suggestion recorded), so the revision does not name this answer
    // and a tag of it would let a conditional read keep an old one. The revision is in the task.
    async (request) => {
      const detail = await tasks.get(request.user, request.params.id);
      onTaskOpened?.();
      return detail;
    },
  );

  app.post(
    '/api/tasks/add',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Create a task',
        security,
        headers: TaskCreateHeaders,
        body: TaskInput,
        response: { 201: TaskWithMessage, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        message: 'Task created',
        task: await tasks.create(request.user, request.body, { idempotencyKey: request.headers['idempotency-key'] }),
      }),
  );

  app.put(
    '/api/tasks/update/:id',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Update a task',
        security,
        params: TaskIdParams,
        headers: TaskWriteHeaders,
        body: TaskUpdateInput,
        response: { 200: TaskWithMessage, ...errors, ...revisionErrors },
      },
    },
    async (request, reply) => {
      const task = await tasks.update(request.user, request.params.id, request.body, {
        expectedRevision: expectedRevisionOf(request.headers),
      });
      return reply.header('ETag', revisionTag(task.revision)).send({ message: 'Task updated', task });
    },
  );

  app.put(
    '/api/tasks/complete/:id',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Mark a task completed (a repeating task: its next occurrence is created, as next_occurrence)',
        security,
        params: TaskIdParams,
        headers: TaskWriteHeaders,
        // Optional (the spec sends no body): `complete_subtasks: true` completes the open subtasks with it.
        body: CompleteTaskInput,
        response: { 200: CompleteResponse, ...errors, ...revisionErrors },
      },
    },
    async (request, reply) => {
      const completed = await tasks.complete(request.user, request.params.id, {
        completeSubtasks: request.body.complete_subtasks,
        expectedRevision: expectedRevisionOf(request.headers),
      });
      // The completed task's tag, not its next occurrence's.
      return reply.header('ETag', revisionTag(completed.task.revision)).send(completed);
    },
  );

  // Beyond the spec (issue 21): "skip this one" for a repeating task. Stopping is an update with `recurrence: null`.
  app.post(
    '/api/tasks/:id/skip-occurrence',
    {
      schema: {
        tags: ['tasks'],
        summary: "Move a repeating task's due date to its next occurrence (422 when it does not repeat)",
        security,
        params: TaskIdParams,
        response: { 200: SkipOccurrenceResponse, ...errors },
      },
    },
    async (request) => ({ message: 'Occurrence skipped', task: await tasks.skipOccurrence(request.user, request.params.id) }),
  );

  app.post(
    '/api/tasks/reschedule',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Move several tasks to one due date, all or none (issue 21: "move all overdue to today")',
        security,
        body: RescheduleInput,
        response: { 200: RescheduleResponse, ...errors },
      },
    },
    async (request) => ({
      message: 'Tasks rescheduled',
      rescheduled: await tasks.reschedule(request.user, request.body.task_ids, request.body.due_date),
    }),
  );

  app.put(
    '/api/tasks/uncomplete/:id',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Reopen a task',
        security,
        params: TaskIdParams,
        headers: TaskWriteHeaders,
        // Optional (the spec sends no body): `reopen_subtasks` reopens those subtasks with it (undo of "Complete all").
        body: ReopenTaskInput,
        response: { 200: CompletionResponse, ...errors, ...revisionErrors },
      },
    },
    async (request, reply) => {
      const task = await tasks.setCompleted(request.user, request.params.id, false, {
        reopenSubtasks: request.body.reopen_subtasks,
        takeBackOccurrence: request.body.take_back_occurrence,
        expectedRevision: expectedRevisionOf(request.headers),
      });
      return reply.header('ETag', revisionTag(task.revision)).send({ task });
    },
  );

  app.delete(
    '/api/tasks/delete/:id',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Delete a task (owner only)',
        security,
        params: TaskIdParams,
        headers: TaskWriteHeaders,
        // No ETag on success: nothing is left to tag.
        response: { 200: MessageBody, ...errors, ...revisionErrors },
      },
    },
    async (request) => {
      await tasks.delete(request.user, request.params.id, { expectedRevision: expectedRevisionOf(request.headers) });
      return { message: 'Task deleted' };
    },
  );
};
