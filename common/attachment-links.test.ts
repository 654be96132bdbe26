import { describe, expect, test } from 'vitest';
import { attachmentFileUrl, attachmentIdOfUrl, attachmentIdsIn } from './attachment-links.ts';

describe('attachment links', () => {
  test("only the app's own file address names an attachment", () => {
    expect(attachmentIdOfUrl(attachmentFileUrl(42))).toBe(42);
    expect(attachmentIdOfUrl(' /api/attachments/42/file ')).toBe(42);
    for (const other of [
      '/api/attachments/0/file',
      '/api/attachments/042/file',
      '/api/attachments/4e2/file',
      '/api/attachments/2147483648/file',
      '/api/attachments/42/thumbnail',
      'api/attachments/42/file',
      'https://example.com/api/attachments/42/file',
      undefined,
      null,
    ]) {
      expect(attachmentIdOfUrl(other), String(other)).toBeNull();
    }
  });

  test('a text names its images in order of first use, each once', () => {
    expect(attachmentIdsIn('![a](/api/attachments/9/file) ![b](/api/attachments/3/file) ![c](/api/attachments/9/file)')).toEqual([9, 3]);
    expect(attachmentIdsIn('no images, /api/attachments/0/file')).toEqual([]);
    expect(attachmentIdsIn('![a](/api/attachments/3000000000/file) ![b](/api/attachments/2147483647/file)')).toEqual([2147483647]);
  });
});
