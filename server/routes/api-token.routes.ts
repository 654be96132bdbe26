import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiTokenCreated,
  ApiTokenIdParams,
  ApiTokenInput,
  ApiTokensResponse,
  type ApiToken,
} from '../../common/schemas/api-token.schema.ts';
import { ErrorBody, MessageBody } from '../../common/schemas/error.schema.ts';
import type { TokenRow } from '../db/repositories/token.repository.ts';
import { requireUser } from '../plugins/auth.ts';
import type { AuthService } from '../services/auth.service.ts';

const tags = ['account'];
const security = [{ bearer: [] }];
const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody };

const present = (row: TokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  scope: row.scope === 'write' ? 'write' : 'read',
  created_at: row.created_at,
  last_used_at: row.last_used_at,
});

/**
 * Issue 25, decision 039: personal API tokens, made, listed and revoked by a signed-in session (an
 * API token cannot make or see others: `sessionOnly`).
 */
export const apiTokenRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.addHook('onRequest', requireUser(auth));

  app.get(
    '/api/user/api-tokens',
    {
      config: { sessionOnly: true },
      schema: { tags, summary: 'My personal API tokens (never their secrets)', security, response: { 200: ApiTokensResponse, ...errors } },
    },
    async (request) => ({ tokens: (await auth.listApiTokens(request.user.id)).map(present) }),
  );

  app.post(
    '/api/user/api-tokens',
    {
      config: {
        sessionOnly: true,
        rateLimit: { max: 30, timeWindow: '1 hour', keyGenerator: (request) => `api-token:${request.user?.id ?? request.ip}` },
      },
      schema: {
        tags,
        summary: 'Make a personal API token: named, `read` or `write`; its secret is in this answer only',
        description:
          'Send it as `Authorization: Bearer <token>`. A `read` token gets 403 on anything but GET; no API token may change the ' +
          'password, e-mail, sessions or API tokens, or delete the account. At most 20 per person.',
        security,
        body: ApiTokenInput,
        response: { 201: ApiTokenCreated, ...errors },
      },
    },
    async (request, reply) => {
      const { plainTextToken, row } = await auth.createApiToken(request.user.id, request.body.name, request.body.scope);
      return reply
        .code(201)
        .send({ message: 'API token made. Copy it now: it is not shown again.', token: plainTextToken, api_token: present(row) });
    },
  );

  app.delete(
    '/api/user/api-tokens/:id',
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        summary: 'Revoke a personal API token',
        security,
        params: ApiTokenIdParams,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => {
      await auth.revokeApiToken(request.user.id, request.params.id);
      return { message: 'API token revoked' };
    },
  );
};
