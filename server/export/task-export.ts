import { renderDocx } from './docx-renderer.ts';
import { buildExportDocument } from './export-document.ts';
import { mixedScriptSample, onePageTaskSample, typicalTaskSample } from './export-samples.ts';
import type { ExportFormat, TaskExportData } from './export.types.ts';
import { loadAllFonts } from './fonts.ts';
import { renderPdf } from './pdf-renderer.ts';

/** Renders a task as a PDF or a .docx on the calling thread (the pool runs this inside workers). */
export async function renderTaskExport(data: TaskExportData, format: ExportFormat): Promise<Buffer> {
  const model = buildExportDocument(data);
  return format === 'pdf' ? renderPdf(model) : renderDocx(model);
}

/**
 * The steps that warm a renderer: each renders one sample, so that together they have shaped every script and
 * subset every embedded Word face once. Until then the first export of a script costs up to a second more (fontkit
 * decodes layout tables on first use, V8 has not compiled the hot paths). A worker runs them one at a time between
 * real jobs.
 */
export function warmUpSteps(): (() => Promise<unknown>)[] {
  loadAllFonts();
  // Small documents first, each step short: a job that arrives meanwhile waits for one step at most, and the common
  // cases (a Latin task, then one in Arabic or Hindi) are warm soonest. The mixed sample adds code, tables, symbols and
  // right-to-left layout.
  const samples: TaskExportData[] = [
    typicalTaskSample('en'),
    onePageTaskSample('arabic'),
    onePageTaskSample('devanagari'),
    mixedScriptSample('en'),
    mixedScriptSample('ar'),
  ];
  return samples.flatMap((data) => [() => renderTaskExport(data, 'pdf'), () => renderTaskExport(data, 'word')]);
}

/** Runs every warm-up step on this thread. */
export async function warmUpRenderer(): Promise<void> {
  for (const step of warmUpSteps()) await step();
}
