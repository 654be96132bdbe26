import { renderDocx } from './docx-renderer.ts';
import { prepareEmbeddedFonts } from './docx-package.ts';
import { buildExportDocument } from './export-document.ts';
import { mixedScriptSample, typicalTaskSample } from './export-samples.ts';
import type { ExportFormat, TaskExportData } from './export.types.ts';
import { loadAllFonts } from './fonts.ts';
import { renderPdf } from './pdf-renderer.ts';

/** Renders a task as a PDF or a .docx on the calling thread (the pool runs this inside workers). */
export async function renderTaskExport(data: TaskExportData, format: ExportFormat): Promise<Buffer> {
  const model = buildExportDocument(data);
  return format === 'pdf' ? renderPdf(model) : renderDocx(model);
}

/**
 * Parses the fonts, prepares the embedded Word fonts and renders every script once, so the first real export runs at
 * warm speed (a cold first export takes about a second).
 */
export async function warmUpRenderer(): Promise<void> {
  loadAllFonts();
  prepareEmbeddedFonts();
  for (const data of [mixedScriptSample('en'), mixedScriptSample('ar'), typicalTaskSample('hi')]) {
    await renderTaskExport(data, 'pdf');
    await renderTaskExport(data, 'word');
  }
}
