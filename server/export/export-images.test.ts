import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { EXPORT_IMAGE_LIMITS, isEmbeddableImage, loadExportImages, shrinkImage } from './export-images.ts';
import type { ExportAttachment } from './export.types.ts';

const solid = (width: number, height: number, options: { alpha?: boolean; noise?: boolean } = {}) =>
  sharp({
    create: {
      width,
      height,
      channels: options.alpha ? 4 : 3,
      background: options.alpha ? { r: 51, g: 102, b: 204, alpha: 0.5 } : '#3366cc',
      ...(options.noise ? { noise: { type: 'gaussian' as const, mean: 128, sigma: 60 } } : {}),
    },
  });

const file = (id: number, mime: string, extra: Partial<ExportAttachment> = {}): ExportAttachment => ({
  id,
  name: `file-${id}`,
  mime,
  size: 1000,
  user_name: 'Amira',
  created_at: '2026-03-03T10:00:00Z',
  link_url: null,
  ...extra,
});

describe('images for an export (issue 24)', () => {
  test('a large photo is turned by its EXIF orientation and shrunk to 1600 px as JPEG', async () => {
    // Stored landscape, shown portrait (orientation 6: turned a quarter clockwise).
    const photo = await solid(3200, 2400, { noise: true }).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    const image = await shrinkImage(photo, 'image/jpeg');
    expect(image).toMatchObject({ format: 'jpeg', width: 1200, height: 1600 });
    const meta = await sharp(image.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 1600, space: 'srgb' });
    expect(meta.orientation).toBeUndefined();
    expect(image.bytes.length).toBeLessThan(photo.length / 3);
  });

  test('a screenshot stays PNG, flattened on white, never enlarged; WebP becomes JPEG and GIF PNG', async () => {
    const png = await shrinkImage(await solid(300, 200, { alpha: true }).png().toBuffer(), 'image/png');
    expect(png).toMatchObject({ format: 'png', width: 300, height: 200 });
    const meta = await sharp(png.bytes).metadata();
    expect(meta.hasAlpha).toBe(false);
    // Half-transparent blue on white.
    const { data } = await sharp(png.bytes).raw().toBuffer({ resolveWithObject: true });
    [153, 178, 230].forEach((channel, index) => expect(Math.abs(data[index]! - channel)).toBeLessThanOrEqual(3));

    expect(await shrinkImage(await solid(64, 48).webp().toBuffer(), 'image/webp')).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(await shrinkImage(await solid(64, 48).gif().toBuffer(), 'image/gif')).toMatchObject({ format: 'png', width: 64, height: 48 });
  });

  test('a photo saved as PNG becomes JPEG when the PNG would be large', async () => {
    const photoPng = await solid(1200, 900, { noise: true }).png().toBuffer();
    const image = await shrinkImage(photoPng, 'image/png');
    expect(image.format).toBe('jpeg');
    expect(image.bytes.length).toBeLessThan(EXPORT_IMAGE_LIMITS.pngBytes);
  });

  test('only stored raster images are embedded', () => {
    expect(isEmbeddableImage(file(1, 'image/png'))).toBe(true);
    expect(isEmbeddableImage(file(1, 'image/webp'))).toBe(true);
    expect(isEmbeddableImage(file(1, 'image/svg+xml'))).toBe(false);
    expect(isEmbeddableImage(file(1, 'application/pdf'))).toBe(false);
    expect(isEmbeddableImage(file(1, 'image/png', { link_url: 'https://drive.example.com/x' }))).toBe(false);
  });

  test('reads the described images first, skips what is missing or broken, and never reads other files', async () => {
    const bytes = await solid(40, 30).png().toBuffer();
    const files = [
      file(1, 'image/png'),
      file(2, 'application/pdf'),
      file(3, 'image/png', { link_url: 'https://drive.example.com/3' }),
      file(4, 'image/png'),
      file(5, 'image/jpeg'),
      file(6, 'image/png'),
    ];
    const read: number[] = [];
    const warnings: object[] = [];
    const images = await loadExportImages(
      files,
      'Look: ![four](/api/attachments/4/file) and ![elsewhere](/api/attachments/77/file)',
      async (attachment) => {
        read.push(attachment.id);
        if (attachment.id === 5) return undefined; // its bytes are gone
        if (attachment.id === 6) return Readable.from([Buffer.from('not an image')]);
        return Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]);
      },
      { log: { warn: (details) => warnings.push(details) } },
    );
    expect(read).toEqual([4, 1, 5, 6]);
    expect(images.map((image) => [image.attachment_id, image.format, image.width, image.height])).toEqual([
      [4, 'png', 40, 30],
      [1, 'png', 40, 30],
    ]);
    expect(warnings).toEqual([{ attachmentId: 5 }, expect.objectContaining({ attachmentId: 6 })]);
  });

  test('stops at the caps: total bytes and the number of images', async () => {
    const bytes = await solid(40, 30).png().toBuffer();
    const one = (await shrinkImage(bytes, 'image/png')).bytes.length;
    const files = [1, 2, 3, 4].map((id) => file(id, 'image/png'));
    const read = async () => Readable.from([bytes]);
    const byBytes = await loadExportImages(files, '', read, { limits: { ...EXPORT_IMAGE_LIMITS, totalBytes: 2 * one + 1 } });
    expect(byBytes.map((image) => image.attachment_id)).toEqual([1, 2]);
    const byCount = await loadExportImages(files, '![c](/api/attachments/3/file)', read, { limits: { ...EXPORT_IMAGE_LIMITS, count: 2 } });
    expect(byCount.map((image) => image.attachment_id)).toEqual([3, 1]);
  });
});
