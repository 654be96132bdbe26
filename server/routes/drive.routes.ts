import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DriveAttachInput,
  DriveAttachResponse,
  DriveConnectInput,
  DriveFilesQuery,
  DriveListing,
  DriveState,
} from '../../common/schemas/drive.schema.ts';
import { ErrorBody } from '../../common/schemas/error.schema.ts';
import { TaskIdParams } from '../../common/schemas/task-input.schema.ts';
import { requireUser } from '../plugins/auth.ts';
import type { AuthService } from '../services/auth.service.ts';
import type { DriveService } from '../services/drive.service.ts';

const errors = { 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 422: ErrorBody, 429: ErrorBody, 502: ErrorBody };
const security = [{ bearer: [] }];
const tags = ['drive'];

/** Issue 24: the connected WebDAV drive, its files, and attaching them to tasks. */
export const driveRoutes: FastifyPluginAsyncZod<{ auth: AuthService; drive: DriveService }> = async (app, { auth, drive }) => {
  app.addHook('onRequest', requireUser(auth));

  app.get(
    '/api/drive',
    { schema: { tags, summary: 'The connected drive, if any (never its password)', security, response: { 200: DriveState, ...errors } } },
    async (request) => drive.state(request.user),
  );

  app.put(
    '/api/drive',
    {
      // Each attempt makes the server ask an address for a WebDAV answer.
      config: {
        rateLimit: { max: 30, timeWindow: '1 hour', keyGenerator: (request) => `drive-connect:${request.user?.id ?? request.ip}` },
      },
      schema: {
        tags,
        summary: 'Connect a WebDAV drive: its address, user name and an app password; checked before it is kept',
        description:
          'Replaces any drive connected before. 422 on `password` when the drive refuses them, on `url` when it cannot be reached.',
        security,
        body: DriveConnectInput,
        response: { 200: DriveState, ...errors },
      },
    },
    async (request) => drive.connect(request.user, request.body),
  );

  app.delete(
    '/api/drive',
    {
      schema: { tags, summary: 'Disconnect the drive (its saved password is deleted)', security, response: { 200: DriveState, ...errors } },
    },
    async (request) => drive.disconnect(request.user),
  );

  app.get(
    '/api/drive/files',
    {
      config: {
        rateLimit: { max: 120, timeWindow: '1 minute', keyGenerator: (request) => `drive-files:${request.user?.id ?? request.ip}` },
      },
      schema: {
        tags,
        summary: 'A folder of the drive, or with `search` what is below it by name; filtered by kind',
        description:
          'A search walks at most 500 items and 4 folders deep (`truncated` when it stopped early). 409 when no drive is connected, 502 when the drive fails.',
        security,
        querystring: DriveFilesQuery,
        response: { 200: DriveListing, ...errors },
      },
    },
    async (request) => drive.files(request.user, request.query),
  );

  app.post(
    '/api/tasks/:id/attachments/from-drive',
    {
      schema: {
        tags: ['attachments', ...tags],
        summary: 'Attach a file of the connected drive: a copy of its bytes (as an upload) or a link to it on the drive',
        security,
        params: TaskIdParams,
        body: DriveAttachInput,
        response: { 201: DriveAttachResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ message: 'File attached', attachment: await drive.attach(request.user, request.params.id, request.body) }),
  );
};
