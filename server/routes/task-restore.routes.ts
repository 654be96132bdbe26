import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../common/schemas/error.schema.ts';
import { Task } from '../../common/schemas/task.schema.ts';
import { TaskIdParams } from '../../common/schemas/task-input.schema.ts';
import { requireUser } from '../plugins/auth.ts';
import type { AuthService } from '../services/auth.service.ts';
import type { TaskRestoreService } from '../services/task-restore.service.ts';

/**
 * Beyond the spec (issue 21 §6, decision 021): Undo of a delete. The spec's DELETE answers as it
 * always did; for a few seconds after it the owner who deleted the task may put it back.
 */
export const taskRestoreRoutes: FastifyPluginAsyncZod<{ auth: AuthService; restore: TaskRestoreService }> = async (
  app,
  { auth, restore },
) => {
  app.addHook('onRequest', requireUser(auth));

  app.post(
    '/api/tasks/:id/restore',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Undo a delete: the task back with its ids and everything of it (its owner, within 10 s of the delete; 404 after)',
        security: [{ bearer: [] }],
        params: TaskIdParams,
        response: { 200: z.object({ message: z.string(), task: Task }), 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ({ message: 'Task restored', task: await restore.restore(request.user, request.params.id) }),
  );
};
