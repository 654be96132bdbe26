/**
 * Renders the mixed-script sample task (every markdown feature in English, Arabic, Hindi, Spanish and French) as PDF
 * and Word, in an English and an Arabic export, and writes page images to docs/export-reference/ for review:
 *   PDF pages:  pdftoppm -png -r 60 (poppler-utils)
 *   Word pages: soffice --headless --convert-to pdf, then the same pdftoppm (skipped when LibreOffice is missing)
 * Run: npx tsx scripts/render-export-samples.ts [output directory]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { LanguageCode } from '../common/locales.ts';
import { mixedScriptSample } from '../server/export/export-samples.ts';
import { renderTaskExport } from '../server/export/task-export.ts';

const output = resolve(process.argv[2] ?? 'docs/export-reference');
const languages: LanguageCode[] = ['en', 'ar'];
const MAX_IMAGE_BYTES = 300 * 1024;

function findOnPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const candidate = join(dir, command);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

const pdftoppm = findOnPath('pdftoppm');
if (!pdftoppm) throw new Error('pdftoppm not found: install poppler-utils');
const soffice = findOnPath('soffice') ?? findOnPath('libreoffice');

const work = mkdtempSync(join(tmpdir(), 'taskaty-export-samples-'));
mkdirSync(output, { recursive: true });
for (const file of readdirSync(output)) if (file.endsWith('.png')) rmSync(join(output, file));

try {
  for (const language of languages) {
    const data = mixedScriptSample(language);
    const pdf = join(work, `pdf-${language}.pdf`);
    writeFileSync(pdf, await renderTaskExport(data, 'pdf'));
    execFileSync(pdftoppm, ['-png', '-r', '60', pdf, join(output, `pdf-${language}`)]);

    const docx = join(work, `word-${language}.docx`);
    writeFileSync(docx, await renderTaskExport(data, 'word'));
    if (soffice) {
      execFileSync(soffice, ['--headless', '--convert-to', 'pdf', '--outdir', work, docx], { stdio: 'ignore', timeout: 120_000 });
      execFileSync(pdftoppm, ['-png', '-r', '60', join(work, `word-${language}.pdf`), join(output, `word-${language}`)]);
    }
  }
  if (!soffice) console.warn('LibreOffice (soffice) not found: Word pages were not rendered.');

  for (const file of readdirSync(output)
    .filter((f) => f.endsWith('.png'))
    .sort()) {
    const size = statSync(join(output, file)).size;
    console.log(`${file}  ${(size / 1024).toFixed(0)} kB${size > MAX_IMAGE_BYTES ? '  (over 300 kB: lower the resolution)' : ''}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
