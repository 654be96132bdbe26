/**
 * Export latency: p50/p90 after warm-up for a typical task and the two-page mixed-script sample, PDF and Word, on the
 * calling thread and through the worker pool, each against a same-run baseline (a one-line pdfkit / docx document), so
 * numbers from a busy machine can still be compared. Run: npx tsx bench/export.bench.ts [iterations]
 * Targets (issue #6): typical task ≤ 100 ms PDF, ≤ 50 ms Word after warm-up.
 */
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { loadavg } from 'node:os';
import PDFDocument from 'pdfkit';
import { ExportPool } from '../server/export/export-pool.ts';
import { mixedScriptSample, typicalTaskSample } from '../server/export/export-samples.ts';
import type { ExportFormat, TaskExportData } from '../server/export/export.types.ts';
import { renderTaskExport, warmUpRenderer } from '../server/export/task-export.ts';

const iterations = Number(process.argv[2] ?? 30);

interface Timing {
  p50: number;
  p90: number;
  /** Median process CPU time per run: on a machine shared with other work, closer to the cost than wall time. */
  cpuP50: number;
}

async function measure(run: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    await run();
    const used = process.cpuUsage(cpuStarted);
    times.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  const median = (values: number[], q = 0.5) =>
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
  return { p50: median(times), p90: median(times, 0.9), cpuP50: median(cpu) };
}

function trivialPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  doc.text('Hello, world');
  return new Promise((resolve) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.end();
  });
}

function trivialDocx(): Promise<Buffer> {
  return Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph({ children: [new TextRun('Hello, world')] })] }] }));
}

const rows: (Timing & { case: string; baseline: number })[] = [];
const record = (name: string, result: Timing, baseline: number) => rows.push({ case: name, ...result, baseline });

const cold = performance.now();
await warmUpRenderer();
console.log(`warm-up on this thread: ${(performance.now() - cold).toFixed(0)} ms`);

const pdfBaselineTiming = await measure(trivialPdf);
const docxBaselineTiming = await measure(trivialDocx);
const pdfBaseline = pdfBaselineTiming.p50;
const docxBaseline = docxBaselineTiming.p50;
const cases: [string, TaskExportData][] = [
  ['typical task', typicalTaskSample('en')],
  ['mixed-script sample (2 pages)', mixedScriptSample('en')],
];
const formats: [ExportFormat, number][] = [
  ['pdf', pdfBaseline],
  ['word', docxBaseline],
];
for (const [name, data] of cases) {
  for (const [format, baseline] of formats)
    record(`${name}, ${format}, this thread`, await measure(() => renderTaskExport(data, format)), baseline);
}

const pool = new ExportPool({ size: 1 });
await pool.warmUp();
for (const [format, baseline] of formats) {
  record(`typical task, ${format}, worker pool`, await measure(() => pool.render(format, typicalTaskSample('en'))), baseline);
}
await pool.close();

console.log(
  `baselines (p50 wall / cpu): one-line pdfkit PDF ${pdfBaseline.toFixed(1)} / ${pdfBaselineTiming.cpuP50.toFixed(1)} ms, ` +
    `one-line docx ${docxBaseline.toFixed(1)} / ${docxBaselineTiming.cpuP50.toFixed(1)} ms; ${iterations} runs each; ` +
    `load average ${loadavg()[0]!.toFixed(1)}`,
);
console.table(
  rows.map((row) => ({
    case: row.case,
    'p50 ms': Number(row.p50.toFixed(1)),
    'p90 ms': Number(row.p90.toFixed(1)),
    'p50 / baseline': Number((row.p50 / row.baseline).toFixed(1)),
    // Worker renders use another thread's CPU, which this process's counter cannot attribute to one run.
    'cpu p50 ms': row.case.includes('worker') ? '-' : Number(row.cpuP50.toFixed(1)),
  })),
);
