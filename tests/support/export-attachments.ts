import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { readZip } from '../../server/export/docx-package.ts';
import type { ExportAttachment, ExportImage, TaskExportData } from '../../server/export/export.types.ts';

/** Issue 24: what the export tests look for in a document's images, and a task with files to export. */

/** The images a PDF draws, one row per drawing, as poppler's `pdfimages -list` reports them. */
export function pdfImages(pdf: Buffer): { page: number; width: number; height: number; encoding: string; object: number }[] {
  const directory = mkdtempSync(join(tmpdir(), 'taskaty-pdfimages-'));
  try {
    const file = join(directory, 'export.pdf');
    writeFileSync(file, pdf);
    const listing = execFileSync('/usr/bin/pdfimages', ['-list', file], { encoding: 'utf8' });
    return listing
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const columns = line.trim().split(/\s+/);
        return {
          page: Number(columns[0]),
          width: Number(columns[3]),
          height: Number(columns[4]),
          encoding: columns[8]!,
          object: Number(columns[10]),
        };
      });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** The media parts of a .docx (word/media/…). */
export function docxMedia(docx: Buffer): string[] {
  return readZip(docx)
    .map((entry) => entry.name)
    .filter((name) => name.startsWith('word/media/'));
}

/** A plain PNG of one colour: easy to find on a rendered page. */
export const solidPng = (width: number, height: number, color = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

export const SAMPLE_FILES: ExportAttachment[] = [
  {
    id: 501,
    name: 'whiteboard.png',
    mime: 'image/png',
    size: 48_213,
    user_name: 'Amira Haddad',
    created_at: '2026-03-03T10:00:00Z',
    link_url: null,
  },
  {
    id: 502,
    name: 'ميزانية الربع.xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    size: 2_400_000,
    user_name: 'أمير حداد',
    created_at: '2026-03-04T11:30:00Z',
    link_url: null,
  },
  {
    id: 503,
    name: 'Roadmap 2026.pdf',
    mime: 'application/pdf',
    size: 0,
    user_name: 'Rahul Verma',
    created_at: '2026-03-05T09:15:00Z',
    link_url: 'https://drive.example.com/file/d/roadmap-2026/view',
  },
];

/**
 * `data` with three files (a PNG, an Arabic-named spreadsheet, a drive link), the PNG's pixels, and a description that
 * shows the PNG between two paragraphs and links another task's file (id 999) as an image.
 */
export function withAttachments(data: TaskExportData, png: { bytes: Uint8Array; width: number; height: number }): TaskExportData {
  const image: ExportImage = { attachment_id: 501, format: 'png', ...png };
  return {
    ...data,
    task: {
      ...data.task,
      description:
        'Before the board\n\n![whiteboard](/api/attachments/501/file)\n\nAfter the board ![elsewhere](/api/attachments/999/file)',
    },
    attachments: SAMPLE_FILES,
    images: [image],
  };
}
