import { z } from 'zod';
import { LANGUAGE_CODES } from '../../common/locales.ts';
import { Attachment } from '../../common/schemas/attachment.schema.ts';
import { Comment } from '../../common/schemas/comment.schema.ts';
import { Subtask } from '../../common/schemas/subtask.schema.ts';
import { Label } from '../../common/schemas/label.schema.ts';
import { SharedPerson, Task, TaskOwner } from '../../common/schemas/task.schema.ts';

/** The task as the export shows it: the API's task with its owner always present. */
export const ExportTask = Task.pick({
  id: true,
  title: true,
  description: true,
  due_date: true,
  priority: true,
  is_completed: true,
  created_at: true,
  updated_at: true,
}).extend({
  labels: z.array(Label.pick({ id: true, name: true, color: true })),
  shared_with: z.array(SharedPerson.pick({ name: true, email: true, pivot: true })),
  owner: TaskOwner.pick({ name: true, email: true }),
  // Issue 21: the due date's time (printed with it) and the repeat rule; optional for samples made before them.
  due_time: Task.shape.due_time.optional(),
  recurrence: Task.shape.recurrence.optional(),
  recurrence_from: Task.shape.recurrence_from.optional(),
});
export type ExportTask = z.infer<typeof ExportTask>;

/** A file on the task as the export lists it (issue 24): its name, size, who added it and when, a drive link's address. */
export const ExportAttachment = Attachment.pick({
  id: true,
  name: true,
  mime: true,
  size: true,
  user_name: true,
  created_at: true,
  link_url: true,
});
export type ExportAttachment = z.infer<typeof ExportAttachment>;

/**
 * The pixels of one of the task's images (issue 24), read from the file store and already downscaled
 * and re-encoded as PNG or JPEG on the server's side (export-images.ts): the render worker does no
 * I/O and hands them to pdfkit and docx as they are.
 */
export const ExportImage = z.object({
  attachment_id: z.number(),
  format: z.enum(['png', 'jpeg']),
  /** In pixels, of `bytes` as encoded. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** A Buffer or any Uint8Array (a worker receives a plain Uint8Array); a view into a larger buffer is fine. */
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'Image bytes must be a Uint8Array'),
});
export type ExportImage = z.infer<typeof ExportImage>;

/** Everything one export needs; it crosses into a worker thread, so it stays plain data (Date survives structured clone). */
export const TaskExportData = z.object({
  task: ExportTask,
  /** Top-level comments with their replies in `children` (one level). */
  comments: z.array(Comment),
  /** The task's subtasks in order (issue 21); optional for samples made before them. */
  subtasks: z.array(Subtask.pick({ title: true, is_completed: true, due_date: true })).optional(),
  language: z.enum(LANGUAGE_CODES),
  generatedAt: z.date(),
  /**
   * The time zone of the person exporting (users.time_zone; issue 21): their today decides
   * "Overdue" and their clock the document's timestamps. Null or absent (not set yet): UTC.
   */
  timeZone: z.string().nullable().optional(),
  /** The task's files, oldest first (issue 24); absent or empty: no Attachments section. */
  attachments: z.array(ExportAttachment).optional(),
  /**
   * The pixels of the task's images that are embedded (issue 24): at most one per attachment, only
   * of attachments in `attachments`. An image without pixels here is listed, never fetched.
   */
  images: z.array(ExportImage).optional(),
});
export type TaskExportData = z.infer<typeof TaskExportData>;

export const EXPORT_FORMATS = ['pdf', 'word'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  pdf: 'application/pdf',
  word: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export const EXPORT_EXTENSIONS: Record<ExportFormat, 'pdf' | 'docx'> = { pdf: 'pdf', word: 'docx' };

/** A render request from the pool to one of its worker threads. */
export interface ExportWorkerRequest {
  id: number;
  format: ExportFormat;
  data: TaskExportData;
}

export type ExportWorkerResponse = { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; message: string };

/** Posted by a worker once it has loaded the renderer and its fonts: from then on it takes jobs. */
export const EXPORT_WORKER_READY = 'export-worker-ready';

/** Posted by a worker once it has also rendered every script in both formats: its exports run at warm speed. */
export const EXPORT_WORKER_WARM = 'export-worker-warm';
