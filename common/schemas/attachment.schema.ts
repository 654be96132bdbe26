import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { recordIdParams } from './ids.ts';

/** Issue 24: a file on a task, as the detail dialog's Files section shows it. */
export const Attachment = z.object({
  id: z.number(),
  /** Null for an image staged for a description not saved yet (decision 037). */
  task_id: z.number().nullable(),
  /** The cleaned name it is shown and downloaded by. */
  name: z.string(),
  /** The type sniffed from its bytes. */
  mime: z.string(),
  size: z.number(),
  user_id: z.number(),
  user_name: z.string(),
  created_at: z.string(),
  /** GET /api/attachments/:id/thumbnail has a small picture of it. */
  has_thumbnail: z.boolean(),
  /** May be shown in place (a raster image or a PDF); everything else is only downloaded. */
  inline: z.boolean(),
  /** A file left on a connected drive, attached as a link: its address there (no bytes kept here). */
  link_url: z.string().nullable(),
  /** The caller may delete it: they added it, or the task is theirs. */
  can_delete: z.boolean(),
});
export type Attachment = z.infer<typeof Attachment>;

export const AttachmentsResponse = z.object({ attachments: z.array(Attachment) });

export const AttachmentIdParams = recordIdParams('File not found');

/** The file's name travels in the query: the body is the file's bytes, as they are. */
export const AttachmentUploadQuery = z.object({
  name: z
    .string({ error: 'The file name is required.' })
    .min(1, 'The file name is required.')
    .max(1000, 'The file name must not be longer than 1000 characters.'),
});
export type AttachmentUploadQuery = z.infer<typeof AttachmentUploadQuery>;

/** `?download=1` asks for a download even of a file that may be shown in place. */
export const AttachmentFileQuery = z.object({
  download: z.enum(['0', '1'], { error: 'download must be 0 or 1.' }).optional(),
});

/** What a person's files take and may take, for Settings. */
export const StorageUsage = z.object({
  used_bytes: z.number(),
  quota_bytes: z.number(),
  max_file_bytes: z.number(),
});
export type StorageUsage = z.infer<typeof StorageUsage>;

export const ATTACHMENT_MAX_BYTES = LIMITS.attachmentBytes;
