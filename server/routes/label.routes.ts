import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../common/schemas/error.schema.ts';
import {
  LabelChangeResponse,
  LabelDeleteResponse,
  LabelIdParams,
  LabelMergeInput,
  LabelUpdateInput,
  UnusedLabelsDeleteResponse,
} from '../../common/schemas/label-admin.schema.ts';
import { LabelsResponse } from '../../common/schemas/label.schema.ts';
import { requireUser } from '../plugins/auth.ts';
import type { AuthService } from '../services/auth.service.ts';
import type { LabelService } from '../services/label.service.ts';

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const security = [{ bearer: [] }];

/** The spec's GET /api/labels and, beyond it, the owner's administration of their labels (issue 18, finding e). */
export const labelRoutes: FastifyPluginAsyncZod<{ auth: AuthService; labels: LabelService }> = async (app, { auth, labels }) => {
  app.addHook('onRequest', requireUser(auth));

  app.get(
    '/api/labels',
    { schema: { tags: ['labels'], summary: 'My labels with task counts', security, response: { 200: LabelsResponse, 401: ErrorBody } } },
    async (request) => ({ labels: await labels.list(request.user) }),
  );

  // A static path: the router prefers it to /api/labels/:id.
  app.delete(
    '/api/labels/unused',
    {
      schema: {
        tags: ['labels'],
        summary: 'Delete my labels that no task carries',
        security,
        response: { 200: UnusedLabelsDeleteResponse, 401: ErrorBody },
      },
    },
    async (request) => ({ message: 'Unused labels deleted', ...(await labels.deleteUnused(request.user)) }),
  );

  app.put(
    '/api/labels/:id',
    {
      schema: {
        tags: ['labels'],
        summary: 'Rename or recolour one of my labels (a name I already use is a 422 that suggests merging)',
        security,
        params: LabelIdParams,
        body: LabelUpdateInput,
        response: { 200: LabelChangeResponse, ...errors },
      },
    },
    async (request) => ({ message: 'Label updated', label: await labels.update(request.user, request.params.id, request.body) }),
  );

  app.delete(
    '/api/labels/:id',
    {
      schema: {
        tags: ['labels'],
        summary: 'Delete one of my labels: every task carrying it loses it',
        security,
        params: LabelIdParams,
        response: { 200: LabelDeleteResponse, ...errors },
      },
    },
    async (request) => ({ message: 'Label deleted', ...(await labels.delete(request.user, request.params.id)) }),
  );

  app.post(
    '/api/labels/:id/merge',
    {
      schema: {
        tags: ['labels'],
        summary: 'Merge one of my labels into another: its tasks carry the other, and it goes',
        security,
        params: LabelIdParams,
        body: LabelMergeInput,
        response: { 200: LabelChangeResponse, ...errors },
      },
    },
    async (request) => ({ message: 'Labels merged', label: await labels.merge(request.user, request.params.id, request.body.into_id) }),
  );
};
