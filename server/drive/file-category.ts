import type { DriveCategory } from '../../common/schemas/drive.schema.ts';

/**
 * The drive listing's categories (spec §9: folders, images, documents, videos, other), from the type
 * the drive names for a file and, when that says nothing we know (none, or a generic one such as
 * application/octet-stream or a .docx served as application/zip), from its extension.
 */
const DOCUMENT_TYPES = new Set([
  'application/pdf',
  'application/rtf',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/epub+zip',
]);
/** Office Open XML (docx, xlsx, pptx…) and OpenDocument (odt, ods, odp…) families. */
const DOCUMENT_TYPE_PREFIXES = ['text/', 'application/vnd.openxmlformats-officedocument.', 'application/vnd.oasis.opendocument.'];

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'bmp', 'tif', 'tiff', 'heic', 'heif', 'svg', 'ico']);
const VIDEO_EXTENSIONS = new Set(['mp4', 'm4v', 'mov', 'webm', 'mkv', 'avi', 'wmv', 'mpg', 'mpeg', '3gp', 'ogv']);
const DOCUMENT_EXTENSIONS = new Set([
  'pdf',
  'txt',
  'md',
  'markdown',
  'csv',
  'tsv',
  'rtf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'odg',
  'epub',
]);

function categoryOfType(mime: string): DriveCategory | undefined {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (DOCUMENT_TYPES.has(mime) || DOCUMENT_TYPE_PREFIXES.some((prefix) => mime.startsWith(prefix))) return 'document';
  return undefined;
}

function categoryOfExtension(name: string): DriveCategory | undefined {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const extension = name.slice(dot + 1).toLowerCase();
  if (IMAGE_EXTENSIONS.has(extension)) return 'image';
  if (VIDEO_EXTENSIONS.has(extension)) return 'video';
  if (DOCUMENT_EXTENSIONS.has(extension)) return 'document';
  return undefined;
}

export function driveCategoryOf(item: { kind: 'folder' | 'file'; name: string; mime: string | null }): DriveCategory {
  if (item.kind === 'folder') return 'folder';
  return (item.mime ? categoryOfType(item.mime) : undefined) ?? categoryOfExtension(item.name) ?? 'other';
}
