import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, matchLanguage, type LanguageCode } from '../../common/locales.ts';
import { ErrorBody } from '../../common/schemas/error.schema.ts';
import { TaskIdParams } from '../../common/schemas/task-input.schema.ts';
import type { UserRow } from '../db/repositories/user.repository.ts';
import { AppError, NotFoundError } from '../errors.ts';
import { contentDisposition, exportFileName } from '../export/export-file-name.ts';
import { defaultExportPool, type ExportRenderer } from '../export/export-pool.ts';
import { EXPORT_CONTENT_TYPES, EXPORT_EXTENSIONS, TaskExportData, type ExportFormat } from '../export/export.types.ts';
import { requireUser } from '../plugins/auth.ts';
import type { AuthService } from '../services/auth.service.ts';

export interface ExportRoutesOptions {
  auth: AuthService;
  /** The task as the user may see it, with comments; throws NotFoundError('Task not found') for anyone else. */
  loadTaskForExport(user: UserRow, taskId: number): Promise<TaskExportData>;
  /** Where rendering runs; the shared worker pool by default. */
  renderer?: ExportRenderer;
}

/** The best supported language of an Accept-Language header, honouring q-values; en when none is supported. */
export function exportLanguage(header: string | undefined): LanguageCode {
  const ranked = String(header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return matchLanguage(ranked.map((entry) => entry.tag)) ?? DEFAULT_LANGUAGE;
}

const ExportParams = z.object({ id: z.string().describe('Task id') });

export const exportRoutes: FastifyPluginAsyncZod<ExportRoutesOptions> = async (app, { auth, loadTaskForExport, renderer }) => {
  const render = renderer ?? defaultExportPool();

  const sendExport = (format: ExportFormat) => async (request: FastifyRequest, reply: FastifyReply) => {
    // A malformed id names no task the user can see: the same 404 as someone else's task, never a 422 that tells them apart.
    const id = TaskIdParams.safeParse(request.params);
    if (!id.success) throw new NotFoundError('Task not found');
    const loaded = await loadTaskForExport(request.user, id.data.id);
    // The document is read by whoever exports it: their language, and their time zone for "today"
    // (overdue), the timestamps and the file name's date (issue 21).
    const data = TaskExportData.parse({
      ...loaded,
      language: exportLanguage(request.headers['accept-language']),
      timeZone: request.user.time_zone,
    });

    let bytes: Buffer;
    try {
      bytes = await render.render(format, data);
    } catch (error) {
      request.log.error({ err: error, taskId: data.task.id, format }, 'export failed');
      throw new AppError(500, 'Export failed');
    }
    const name = exportFileName(data.task.title, data.generatedAt, EXPORT_EXTENSIONS[format], data.timeZone);
    return (
      reply
        .header('content-type', EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', contentDisposition(name))
        .header('content-length', bytes.length)
        // The file holds a private task: no shared cache may keep it.
        .header('cache-control', 'private, no-store')
        .send(bytes)
    );
  };

  const routeConfig = {
    // Rendering costs far more than any other request, so one account cannot queue up the workers for everyone.
    rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `export:${request.user?.id ?? request.ip}` },
  };

  await app.register(async (scope) => {
    scope.addHook('onRequest', requireUser(auth));

    scope.get(
      '/api/tasks/:id/pdf',
      {
        schema: {
          tags: ['export'],
          summary: 'Export a task as PDF',
          description:
            "Answers application/pdf with a Content-Disposition file name taskaty-<title>-YYYY-MM-DD.pdf. Labels follow Accept-Language; the date, timestamps and overdue follow the user's time zone (UTC until they set one).",
          security: [{ bearer: [] }],
          params: ExportParams,
          response: { 401: ErrorBody, 404: ErrorBody, 500: ErrorBody },
        },
        config: routeConfig,
      },
      sendExport('pdf'),
    );

    scope.get(
      '/api/tasks/:id/word',
      {
        schema: {
          tags: ['export'],
          summary: 'Export a task as a Word document',
          description:
            "Answers a .docx with a Content-Disposition file name taskaty-<title>-YYYY-MM-DD.docx. Labels follow Accept-Language; the date, timestamps and overdue follow the user's time zone (UTC until they set one).",
          security: [{ bearer: [] }],
          params: ExportParams,
          response: { 401: ErrorBody, 404: ErrorBody, 500: ErrorBody },
        },
        config: routeConfig,
      },
      sendExport('word'),
    );
  });
};
