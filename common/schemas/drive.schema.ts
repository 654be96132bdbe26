import { z } from 'zod';
import { Attachment } from './attachment.schema.ts';
import { requiredField } from './messages.ts';

/**
 * A connected drive (issue 24): one WebDAV drive per person (Nextcloud, ownCloud, a NAS…), reached
 * with a user name and an app password, whose files can be attached to tasks as copies or links.
 */

export const DRIVE_URL_MAX = 2000;
export const DRIVE_USERNAME_MAX = 200;
export const DRIVE_PASSWORD_MAX = 500;
export const DRIVE_PATH_MAX = 1000;
export const DRIVE_SEARCH_MAX = 200;

export const DRIVE_NOT_CONNECTED = 'No drive is connected.';
/** The spec's "Failed to load Google Drive files. Please try again.", for any drive. */
export const DRIVE_FAILED = 'Failed to load drive files. Please try again.';
export const DRIVE_PASSWORD_REJECTED = 'The drive no longer accepts the saved app password. Connect it again in Settings.';

const PATH_MESSAGES = {
  absolute: 'The path must start with /.',
  parent: 'The path must not contain .. segments.',
  nul: 'The text must not contain NUL characters.',
  unicode: 'The path must be valid Unicode text.',
  long: `The path must not be greater than ${DRIVE_PATH_MAX} characters.`,
};

/** Half of a UTF-16 surrogate pair without its other half: no character, and no name can be encoded with it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a drive path is refused, or undefined: absolute, no `..` segment, no NUL, at most DRIVE_PATH_MAX characters. */
export function drivePathProblem(path: string): string | undefined {
  if (path.length > DRIVE_PATH_MAX) return PATH_MESSAGES.long;
  if (path.includes('\u0000')) return PATH_MESSAGES.nul;
  if (LONE_SURROGATE.test(path)) return PATH_MESSAGES.unicode;
  if (!path.startsWith('/')) return PATH_MESSAGES.absolute;
  if (path.split('/').includes('..')) return PATH_MESSAGES.parent;
  return undefined;
}

/** A valid path in one spelling: `/` for the root, else `/a/b` (no empty or `.` segments, no trailing slash). */
export function normalizeDrivePath(path: string): string {
  return `/${path
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/')}`;
}

/** A path on the drive, from its root (the connection's address): checked, then normalized. */
export const DrivePath = z
  .string({ error: requiredField('path') })
  .min(1, 'The path field is required.')
  .superRefine((path, ctx) => {
    const problem = drivePathProblem(path);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: path });
  })
  .transform(normalizeDrivePath);

const urlMessage = 'The address must be a web address starting with http:// or https://.';

/** PUT /api/drive: the drive's WebDAV address, the drive account and an app password made for Taskaty. */
export const DriveConnectInput = z.object({
  url: z
    .string({ error: requiredField('address') })
    .trim()
    .min(1, 'The address field is required.')
    .max(DRIVE_URL_MAX, `The address must not be greater than ${DRIVE_URL_MAX} characters.`)
    .superRefine((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: urlMessage, input: value });
        return;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') ctx.addIssue({ code: 'custom', message: urlMessage, input: value });
      // The password travels apart and sealed; one written into the address would be kept in clear.
      else if (url.username || url.password)
        ctx.addIssue({ code: 'custom', message: 'The address must not contain a user name or password.', input: value });
    }),
  username: z
    .string({ error: requiredField('user name') })
    .min(1, 'The user name field is required.')
    .max(DRIVE_USERNAME_MAX, `The user name must not be greater than ${DRIVE_USERNAME_MAX} characters.`),
  password: z
    .string({ error: requiredField('password') })
    .min(1, 'The password field is required.')
    .max(DRIVE_PASSWORD_MAX, `The password must not be greater than ${DRIVE_PASSWORD_MAX} characters.`),
});
export type DriveConnectInput = z.infer<typeof DriveConnectInput>;

/** GET/PUT/DELETE /api/drive: the connection as Settings shows it, never its password. */
export const DriveState = z.object({
  provider: z.literal('webdav'),
  status: z.enum(['connected', 'disconnected']),
  url: z.string().nullable(),
  username: z.string().nullable(),
  connected_at: z.string().nullable(),
  /** When the drive last accepted the saved app password. */
  checked_at: z.string().nullable(),
});
export type DriveState = z.infer<typeof DriveState>;

/** The spec's drive file filters: all files, folders, images, documents, videos, other. */
export const DRIVE_FILTERS = ['all', 'folders', 'images', 'documents', 'videos', 'other'] as const;
export type DriveFilter = (typeof DRIVE_FILTERS)[number];
export const DRIVE_CATEGORIES = ['folder', 'image', 'document', 'video', 'other'] as const;
export type DriveCategory = (typeof DRIVE_CATEGORIES)[number];

/** GET /api/drive/files: a folder's items, or with `search` the items below it whose names hold the text. */
export const DriveFilesQuery = z.object({
  path: DrivePath.default('/'),
  filter: z.enum(DRIVE_FILTERS, { error: 'The filter must be one of all, folders, images, documents, videos, other.' }).default('all'),
  search: z
    .string({ error: 'The search must be text.' })
    .trim()
    .max(DRIVE_SEARCH_MAX, `The search must not be greater than ${DRIVE_SEARCH_MAX} characters.`)
    .optional(),
});
export type DriveFilesQuery = z.output<typeof DriveFilesQuery>;

export const DriveItem = z.object({
  /** From the drive's root, to list (a folder) or attach (a file) with. */
  path: z.string(),
  name: z.string(),
  kind: z.enum(['folder', 'file']),
  /** Bytes, as the drive says; null for folders and files it gives no size for. */
  size: z.number().nullable(),
  /** The type the drive names (by the file's extension, usually); null for folders. */
  mime: z.string().nullable(),
  modified: z.string().nullable(),
  category: z.enum(DRIVE_CATEGORIES),
});
export type DriveItem = z.infer<typeof DriveItem>;

export const DriveListing = z.object({
  path: z.string(),
  /** The folder above `path`; null at the root. */
  parent: z.string().nullable(),
  /** Folders first, then files, each by name. */
  items: z.array(DriveItem),
  /** A search stopped before it looked everywhere (too many items, or too deep): there may be more. */
  truncated: z.boolean(),
});
export type DriveListing = z.infer<typeof DriveListing>;

/** POST /api/tasks/:id/attachments/from-drive: a copy of the file's bytes, or a link to it on the drive. */
export const DriveAttachInput = z.object({
  path: DrivePath,
  mode: z.enum(['copy', 'link'], { error: 'The mode must be copy or link.' }),
});
export type DriveAttachInput = z.output<typeof DriveAttachInput>;

export const DriveAttachResponse = z.object({ message: z.string(), attachment: Attachment });
