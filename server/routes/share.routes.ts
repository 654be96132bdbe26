import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, MessageBody } from '../../common/schemas/error.schema.ts';
import { RemoveShareInput, ShareInput } from '../../common/schemas/share.schema.ts';
import { Task } from '../../common/schemas/task.schema.ts';
import { TaskIdParams } from '../../common/schemas/task-input.schema.ts';
import { NotModified, type ListResponseCache } from '../cache/list-response.cache.ts';
import { requireUser } from '../plugins/auth.ts';
import { requestLanguage } from '../plugins/request-language.ts';
import type { AuthService } from '../services/auth.service.ts';
import type { ShareService } from '../services/share.service.ts';
import type { TaskService } from '../services/task.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody };
const security = [{ bearer: [] }];

export interface ShareRoutesOptions {
  auth: AuthService;
  shares: ShareService;
  tasks: TaskService;
  lists: ListResponseCache;
  sharePerMinute: number;
}

export const shareRoutes: FastifyPluginAsyncZod<ShareRoutesOptions> = async (app, { auth, shares, tasks, lists, sharePerMinute }) => {
  app.addHook('onRequest', requireUser(auth));

  app.post(
    '/api/tasks/:id/share',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Share a task by e-mail (pending until accepted)',
        security,
        params: TaskIdParams,
        body: ShareInput,
        response: { 200: MessageBody, ...errors },
      },
      config: {
        rateLimit: { max: sharePerMinute, timeWindow: '1 minute', keyGenerator: (request) => `share:${request.user?.id ?? request.ip}` },
      },
    },
    async (request) => {
      const { message } = await shares.share(request.user, request.params.id, request.body.email_ids, requestLanguage(request));
      return { message };
    },
  );

  app.get(
    '/api/tasks/pending-shares',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Tasks shared with me that I have not accepted yet',
        security,
        response: { 200: z.object({ pending_tasks: z.array(Task) }), 304: NotModified, 401: ErrorBody },
      },
      // Polled every 30 s by every open tab: an unchanged answer is a 304 from the data version alone.
      compress: false,
    },
    async (request, reply) =>
      lists.send(request, reply, { list: 'pending_tasks', userId: request.user.id, version: request.user.data_version, query: {} }, () =>
        tasks.listPendingFor(request.user),
      ),
  );

  app.post(
    '/api/tasks/:id/accept-share',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Accept a task shared with me',
        security,
        params: TaskIdParams,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => {
      await shares.accept(request.user, request.params.id);
      return { message: 'Share accepted successfully!' };
    },
  );

  // The recipient's own ways out (issue 18): a pending share declined, an accepted one left.
  for (const [kind, summary, message] of [
    ['decline', 'Decline a task shared with me that I have not accepted', 'Share declined'],
    ['leave', 'Leave a task shared with me that I had accepted', 'You left the task'],
  ] as const) {
    app.post(
      `/api/tasks/:id/${kind}-share`,
      { schema: { tags: ['sharing'], summary, security, params: TaskIdParams, response: { 200: MessageBody, ...errors } } },
      async (request) => {
        await shares.withdraw(request.user, request.params.id, kind);
        return { message };
      },
    );
  }

  app.delete(
    '/api/tasks/:id/remove-share',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Remove a person from a task (owner only); `email` removes an invitation without an account',
        security,
        params: TaskIdParams,
        body: RemoveShareInput,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => {
      await shares.remove(request.user, request.params.id, { userId: request.body.user_id, email: request.body.email });
      return { message: 'User removed from task' };
    },
  );
};
