import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { LIMITS } from '../../common/limits.ts';
import type { ExportAttachment, ExportImage } from './export.types.ts';
import { attachmentIdsIn } from '../../common/attachment-links.ts';

/**
 * The pixels of a task's images for its export (issue 24), read and shrunk here, on the server's
 * side of the render pool: the worker gets finished PNG or JPEG bytes in the job and does no I/O.
 * This module is the only part of the export that reads files; the renderers never import it.
 */

const MB = 1024 * 1024;

export const EXPORT_IMAGE_LIMITS = {
  /**
   * Longest side in pixels after downscaling: the page's text column is ~480 pt, so 1600 px is
   * well over 200 dpi there, sharp enough for a screenshot, and a photo is ~150–400 kB as JPEG.
   */
  maxSide: 1600,
  jpegQuality: 80,
  /** A PNG (a screenshot, a diagram) stays PNG unless it comes out larger than this: then it is a photo, and JPEG if smaller. */
  pngBytes: 1 * MB,
  /** All embedded images of one export together, as encoded: a larger task lists the rest without their pictures. */
  totalBytes: 20 * MB,
  /** Images read per export at most: each costs a read and a decode before the render starts. */
  count: 40,
  /** Decompression bombs: an image of more pixels than this is not decoded (as for thumbnails). */
  inputPixels: 100_000_000,
};
export type ExportImageLimits = typeof EXPORT_IMAGE_LIMITS;

/** Raster types an export embeds (converted to PNG or JPEG, which pdfkit and Word take). Never SVG. */
const EMBEDDED_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);
/** Types that are usually drawn rather than photographed: kept lossless unless that is much larger. */
const LOSSLESS_TYPES = new Set(['image/png', 'image/gif']);

/** A stored file (not a drive link) of a type the export can draw. */
export const isEmbeddableImage = (file: Pick<ExportAttachment, 'mime' | 'link_url'>) =>
  file.link_url === null && EMBEDDED_TYPES.has(file.mime);

async function readAll(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      size += bytes.length;
      if (size > maxBytes) throw new Error('The stored file is larger than an attachment may be');
      chunks.push(bytes);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks, size);
}

/**
 * An image as the export embeds it: turned by its EXIF orientation, at most `maxSide` pixels on
 * its longer side (never enlarged), flattened on white (the page), in sRGB, without metadata;
 * JPEG at `jpegQuality` for photos, PNG for PNG and GIF (the first frame) unless that is a photo.
 */
export async function shrinkImage(
  source: Buffer,
  mime: string,
  limits: ExportImageLimits = EXPORT_IMAGE_LIMITS,
): Promise<Omit<ExportImage, 'attachment_id'>> {
  const pipeline = sharp(source, { limitInputPixels: limits.inputPixels })
    .rotate()
    .resize({ width: limits.maxSide, height: limits.maxSide, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb');
  const jpeg = async () => {
    const { data, info } = await pipeline.clone().jpeg({ quality: limits.jpegQuality }).toBuffer({ resolveWithObject: true });
    return { format: 'jpeg' as const, width: info.width, height: info.height, bytes: data };
  };
  if (!LOSSLESS_TYPES.has(mime)) return jpeg();
  const { data, info } = await pipeline.clone().png().toBuffer({ resolveWithObject: true });
  const png = { format: 'png' as const, width: info.width, height: info.height, bytes: data };
  if (data.length <= limits.pngBytes) return png;
  const lossy = await jpeg();
  return lossy.bytes.length < png.bytes.length ? lossy : png;
}

export interface LoadExportImagesOptions {
  limits?: ExportImageLimits;
  log?: { warn(details: object, message: string): void };
}

/**
 * The embedded images of a task's export: of its stored raster files, those its description shows
 * first, then the rest in its order, each read once through `read` (undefined: the bytes are gone)
 * and shrunk. A file that cannot be read or decoded, or no longer fits the caps, is left out: the
 * export lists it without its picture, and never fails for it.
 */
export async function loadExportImages(
  files: readonly ExportAttachment[],
  description: string,
  read: (file: ExportAttachment) => Promise<Readable | undefined>,
  options: LoadExportImagesOptions = {},
): Promise<ExportImage[]> {
  const limits = options.limits ?? EXPORT_IMAGE_LIMITS;
  const candidates = files.filter(isEmbeddableImage);
  const byId = new Map(candidates.map((file) => [file.id, file]));
  const described = attachmentIdsIn(description).flatMap((id) => byId.get(id) ?? []);
  const ordered = [...new Set([...described, ...candidates])].slice(0, limits.count);

  const images: ExportImage[] = [];
  let total = 0;
  // One at a time: each holds a file (up to 25 MB) and its decoded pixels in memory.
  for (const file of ordered) {
    try {
      const stream = await read(file);
      if (!stream) {
        options.log?.warn({ attachmentId: file.id }, 'an image in an export has no stored bytes');
        continue;
      }
      const image = await shrinkImage(await readAll(stream, LIMITS.attachmentBytes), file.mime, limits);
      if (total + image.bytes.length > limits.totalBytes) continue;
      total += image.bytes.length;
      images.push({ attachment_id: file.id, ...image });
    } catch (error) {
      options.log?.warn({ err: error, attachmentId: file.id }, 'an image was left out of an export');
    }
  }
  return images;
}
