import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../common/schemas/error.schema.ts';
import {
  PushBrowsersResponse,
  PushBrowsersWriteResponse,
  PushSubscribeResponse,
  PushPublicKeyResponse,
  PushSubscriptionInput,
  PushSubscriptionParams,
} from '../../common/schemas/push.schema.ts';
import { requireUser } from '../plugins/auth.ts';
import type { AuthService } from '../services/auth.service.ts';
import type { PushService } from '../services/push.service.ts';

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const security = [{ bearer: [] }];
const tags = ['notifications'];

/** Web Push (issue 22): the server's VAPID public key and the browsers with push enabled. */
export const pushRoutes: FastifyPluginAsyncZod<{ auth: AuthService; push: PushService }> = async (app, { auth, push }) => {
  app.addHook('onRequest', requireUser(auth));

  app.get(
    '/api/push/public-key',
    {
      schema: {
        tags,
        summary: 'The VAPID public key to subscribe a browser with (applicationServerKey)',
        security,
        response: { 200: PushPublicKeyResponse, ...errors },
      },
    },
    async () => ({ public_key: await push.publicKey() }),
  );

  app.get(
    '/api/push/subscriptions',
    { schema: { tags, summary: 'The browsers you enabled push in', security, response: { 200: PushBrowsersResponse, ...errors } } },
    async (request) => ({ subscriptions: await push.list(request.user) }),
  );

  app.post(
    '/api/push/subscriptions',
    {
      schema: {
        tags,
        summary:
          'Enable push in this browser: its PushSubscription (endpoint and keys); at most 20 browsers. Answers the list and this browser’s `id`',
        security,
        body: PushSubscriptionInput,
        response: { 201: PushSubscribeResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        message: 'Push notifications enabled in this browser',
        ...(await push.subscribe(request.user, request.tokenId, request.body, request.headers['user-agent'])),
      }),
  );

  app.delete(
    '/api/push/subscriptions/:id',
    {
      schema: {
        tags,
        summary: 'Stop push in one of your browsers',
        security,
        params: PushSubscriptionParams,
        response: { 200: PushBrowsersWriteResponse, ...errors },
      },
    },
    async (request) => ({
      message: 'Push notifications removed from that browser',
      subscriptions: await push.remove(request.user, request.params.id),
    }),
  );
};
