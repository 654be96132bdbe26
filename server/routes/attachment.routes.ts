import type { Readable } from 'node:stream';
import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import parseRange from 'range-parser';
import { z } from 'zod';
import {
  Attachment,
  AttachmentFileQuery,
  AttachmentIdParams,
  AttachmentsResponse,
  AttachmentUploadQuery,
  StorageUsage,
} from '../../common/schemas/attachment.schema.ts';
import { ErrorBody } from '../../common/schemas/error.schema.ts';
import { TaskIdParams } from '../../common/schemas/task-input.schema.ts';
import { requireUser } from '../plugins/auth.ts';
import type { AttachmentService } from '../services/attachment.service.ts';
import type { AuthService } from '../services/auth.service.ts';
import { isInlineType } from '../storage/file-kind.ts';
import type { FileStore } from '../storage/file-store.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 416: ErrorBody, 422: ErrorBody };
const security = [{ bearer: [] }];
/**
 * A stored file answered on its own terms: no page may run in it (a sandbox with nothing allowed),
 * whatever it is. The app's own CSP is for the app's pages.
 */
const FILE_CSP = "default-src 'none'; sandbox";

/** Answers stored bytes, all or the one range asked for (Range: bytes=…), as a download unless `inline`. */
async function sendStored(
  reply: FastifyReply,
  stored: { key: string; size: number | undefined; mime: string; name: string | undefined; inline: boolean },
  store: FileStore,
  headers: { range?: string | undefined; ifNoneMatch?: string | undefined },
) {
  // The key never names other bytes (keys are not reused), so it is the file's ETag.
  const etag = `"${stored.key.replace('/', '-')}"`;
  reply.header('cache-control', 'private, no-cache').header('etag', etag);
  if (headers.ifNoneMatch === etag) return reply.code(304).send();
  let range: { start: number; end: number } | undefined;
  // A thumbnail's size is not kept: it is small, sent whole, without ranges.
  if (headers.range !== undefined && stored.size !== undefined) {
    const ranges = parseRange(stored.size, headers.range, { combine: true });
    if (ranges === -1) {
      return reply.code(416).header('content-range', `bytes */${stored.size}`).send({ message: 'The requested range is not in the file.' });
    }
    // A malformed Range, or several ranges, is answered with the whole file (a server may ignore Range).
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) range = ranges[0];
  }
  const body = await store.get(stored.key, range);
  if (!body) return reply.code(404).send({ message: 'File not found' });
  reply
    .header('accept-ranges', stored.size === undefined ? 'none' : 'bytes')
    .header('content-security-policy', FILE_CSP)
    // Only what may be shown in place keeps its type; everything else is bytes to save.
    .header('content-type', stored.inline ? stored.mime : 'application/octet-stream');
  if (stored.name !== undefined) {
    reply.header('content-disposition', contentDisposition(stored.name, { type: stored.inline ? 'inline' : 'attachment' }));
  }
  if (range && stored.size !== undefined) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${stored.size}`);
    reply.header('content-length', range.end - range.start + 1);
  } else if (stored.size !== undefined) {
    reply.header('content-length', stored.size);
  }
  return reply.send(body);
}

export const attachmentRoutes: FastifyPluginAsyncZod<{ auth: AuthService; attachments: AttachmentService; store: FileStore }> = async (
  app,
  { auth, attachments, store },
) => {
  app.addHook('onRequest', requireUser(auth));
  // An upload's body is the file as it is, whatever its type (a .json file too): the route reads
  // the stream itself, counting as it goes, instead of a parser buffering or parsing it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.get(
    '/api/tasks/:id/attachments',
    {
      schema: {
        tags: ['attachments'],
        summary: 'Files on a task',
        security,
        params: TaskIdParams,
        response: { 200: AttachmentsResponse, ...errors },
      },
    },
    async (request) => ({ attachments: await attachments.list(request.user, request.params.id) }),
  );

  /** Reads an upload's body into the store, for a task or (null) staged for a description. */
  async function receiveUpload(
    request: FastifyRequest<{ Querystring: AttachmentUploadQuery }>,
    reply: FastifyReply,
    taskId: number | null,
  ) {
    const declared = request.headers['content-length'] === undefined ? undefined : Number(request.headers['content-length']);
    const body = request.body as Readable | undefined;
    try {
      await attachments.checkUpload(request.user, taskId, Number.isFinite(declared) ? declared : undefined);
      if (!body) return reply.code(422).send({ message: 'The file is empty.', errors: { file: ['The file is empty.'] } });
      const attachment = await attachments.add(request.user, taskId, request.query.name, body);
      return reply.code(201).send({ message: taskId === null ? 'Image stored' : 'File attached', attachment });
    } catch (error) {
      // Refused before its bytes were read: the rest is not waited for, the connection closes after the answer.
      if (body && !body.readableEnded) reply.header('connection', 'close');
      throw error;
    }
  }
  const uploaded = { 201: z.object({ message: z.string(), attachment: Attachment }), ...errors };

  app.post(
    '/api/tasks/:id/attachments',
    {
      // A file may take UPLOAD_TIMEOUT_MS to arrive on a slow connection (plugins/body-deadline.ts).
      config: { slowBody: true },
      schema: {
        tags: ['attachments'],
        summary: 'Attach a file: the body is its bytes (any Content-Type), its name in ?name=',
        description: 'At most 25 MB, within the quota; its type is read from its bytes.',
        security,
        params: TaskIdParams,
        querystring: AttachmentUploadQuery,
        response: uploaded,
      },
    },
    (request, reply) => receiveUpload(request, reply, request.params.id),
  );

  app.post(
    '/api/attachments',
    {
      config: { slowBody: true },
      schema: {
        tags: ['attachments'],
        summary: 'Store an image for a description not saved yet: the body is its bytes, its name in ?name=',
        description:
          'PNG, JPEG, GIF, WebP or AVIF (read from its bytes, else 415), at most 25 MB, on my quota. Only I can open it until a ' +
          'task I create or edit links it as /api/attachments/{id}/file in its description: the task then adopts it as its file. ' +
          'One no task adopts is deleted after a day.',
        security,
        querystring: AttachmentUploadQuery,
        response: { ...uploaded, 415: ErrorBody },
      },
    },
    (request, reply) => receiveUpload(request, reply, null),
  );

  app.get(
    '/api/attachments/:id/file',
    {
      compress: false,
      schema: {
        tags: ['attachments'],
        summary: 'A file’s bytes (Range requests answered); shown in place only when it is a raster image or a PDF',
        security,
        params: AttachmentIdParams,
        querystring: AttachmentFileQuery,
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const row = await attachments.open(request.user, request.params.id);
      if (row.storage_key === null) return reply.code(409).send({ message: 'This file is a link to a file on a drive.' });
      return sendStored(
        reply,
        {
          key: row.storage_key,
          size: Number(row.size),
          mime: row.mime,
          name: row.name,
          inline: isInlineType(row.mime) && request.query.download !== '1',
        },
        store,
        { range: request.headers.range, ifNoneMatch: request.headers['if-none-match'] },
      );
    },
  );

  app.get(
    '/api/attachments/:id/thumbnail',
    {
      compress: false,
      schema: {
        tags: ['attachments'],
        summary: 'A small WebP picture of an image file',
        security,
        params: AttachmentIdParams,
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const row = await attachments.open(request.user, request.params.id);
      if (!row.thumbnail_key) return reply.code(404).send({ message: 'This file has no thumbnail.' });
      return sendStored(reply, { key: row.thumbnail_key, size: undefined, mime: 'image/webp', name: undefined, inline: true }, store, {
        ifNoneMatch: request.headers['if-none-match'],
      });
    },
  );

  app.delete(
    '/api/attachments/:id',
    {
      schema: {
        tags: ['attachments'],
        summary: 'Delete a file (who added it, or the task owner)',
        security,
        params: AttachmentIdParams,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      await attachments.remove(request.user, request.params.id);
      return { message: 'File deleted' };
    },
  );

  app.get(
    '/api/user/storage',
    {
      schema: {
        tags: ['attachments'],
        summary: 'What my files take, and may take',
        security,
        response: { 200: StorageUsage, 401: ErrorBody },
      },
    },
    async (request) => attachments.usage(request.user),
  );
};
