import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../common/schemas/error.schema.ts';
import { SubtasksResponse, SubtaskWriteResponse } from '../../common/schemas/subtask.schema.ts';
import { SubtaskAddInput, SubtaskOrderInput, SubtaskParams, SubtaskUpdateInput } from '../../common/schemas/subtask-input.schema.ts';
import { TaskIdParams } from '../../common/schemas/task-input.schema.ts';
import { requireUser } from '../plugins/auth.ts';
import type { AuthService } from '../services/auth.service.ts';
import type { SubtaskService } from '../services/subtask.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const security = [{ bearer: [] }];
const tags = ['subtasks'];

/**
 * A task's subtasks (issue 21, part 5), under the task: read by whoever may open it, written by
 * whoever may edit it. Every write answers the task's subtasks in order after it.
 */
export const subtaskRoutes: FastifyPluginAsyncZod<{ auth: AuthService; subtasks: SubtaskService }> = async (app, { auth, subtasks }) => {
  app.addHook('onRequest', requireUser(auth));

  app.get(
    '/api/tasks/:id/subtasks',
    {
      schema: {
        tags,
        summary: 'Subtasks of a task, in order',
        security,
        params: TaskIdParams,
        response: { 200: SubtasksResponse, ...errors },
      },
    },
    async (request) => ({ subtasks: await subtasks.list(request.user, request.params.id) }),
  );

  app.post(
    '/api/tasks/:id/subtasks',
    {
      schema: {
        tags,
        summary: `Add a subtask (title) or several (titles) at the end of the list; at most 100 per task`,
        security,
        params: TaskIdParams,
        body: SubtaskAddInput,
        response: { 201: SubtaskWriteResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await subtasks.add(request.user, request.params.id, request.body);
      return reply.code(201).send({ message: result.subtask ? 'Subtask added' : 'Subtasks added', ...result });
    },
  );

  // A static segment: the router prefers it to the subtask id below, so "order" is never read as an id.
  app.put(
    '/api/tasks/:id/subtasks/order',
    {
      schema: {
        tags,
        summary: 'Reorder the subtasks: every id in its new order, or one id moved to an index',
        security,
        params: TaskIdParams,
        body: SubtaskOrderInput,
        response: { 200: SubtaskWriteResponse, ...errors },
      },
    },
    async (request) => ({ message: 'Subtasks reordered', ...(await subtasks.reorder(request.user, request.params.id, request.body)) }),
  );

  app.put(
    '/api/tasks/:id/subtasks/:subtaskId',
    {
      schema: {
        tags,
        summary: 'Change a subtask: its title, whether it is done, its due date',
        security,
        params: SubtaskParams,
        body: SubtaskUpdateInput,
        response: { 200: SubtaskWriteResponse, ...errors },
      },
    },
    async (request) => ({
      message: 'Subtask updated',
      ...(await subtasks.update(request.user, request.params.id, request.params.subtaskId, request.body)),
    }),
  );

  app.delete(
    '/api/tasks/:id/subtasks/:subtaskId',
    {
      schema: {
        tags,
        summary: 'Delete a subtask',
        security,
        params: SubtaskParams,
        response: { 200: SubtaskWriteResponse, ...errors },
      },
    },
    async (request) => ({
      message: 'Subtask deleted',
      ...(await subtasks.delete(request.user, request.params.id, request.params.subtaskId)),
    }),
  );
};
