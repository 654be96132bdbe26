import { ValidationError } from '../errors.ts';

/** What an upload may be, by its content (sharp reads the bytes, not the client's word). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/** Larger images are refused before they are decoded (a 40-megapixel phone photo still passes). */
const MAX_INPUT_PIXELS = 50_000_000;
export const PROFILE_PHOTO_SIZE = 256;
export const MAX_PHOTO_UPLOAD_BYTES = 5 * 1024 * 1024;

const unreadable = () => new ValidationError({ photo: ['The photo must be a JPEG, PNG, WebP or GIF image.'] });

/**
 * The stored form of a profile photo: turned upright (EXIF), cropped to a square around its
 * centre, 256×256 WebP, with no metadata (no location leaks to collaborators). SVG and anything
 * else that is not a plain raster image is refused.
 */
export async function profilePhotoFrom(upload: Buffer): Promise<Buffer> {
  // Loaded with the first photo (~0.1 s and libvips' memory): most processes never need it.
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  try {
    format = (await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw unreadable();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw unreadable();
  try {
    return await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(PROFILE_PHOTO_SIZE, PROFILE_PHOTO_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw unreadable();
  }
}
