import { performance } from 'node:perf_hooks';
import { afterAll, describe, expect, test } from 'vitest';
import { docxMedia, pdfImages, solidPng, withAttachments } from '../../tests/support/export-attachments.ts';
import { ExportPool, ExportTimeoutError } from './export-pool.ts';
import { mixedScriptSample, typicalTaskSample } from './export-samples.ts';
import type { TaskExportData } from './export.types.ts';

describe('export worker pool', () => {
  const pool = new ExportPool({ size: 1 });
  afterAll(() => pool.close());

  test('renders PDF and Word files in a worker thread', { timeout: 120_000 }, async () => {
    const pdf = await pool.render('pdf', typicalTaskSample('en'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const docx = await pool.render('word', typicalTaskSample('hi'));
    expect(docx.subarray(0, 4)).toEqual(Buffer.from('PK\u0003\u0004', 'latin1'));
  });

  test('keeps the event loop free while it renders', { timeout: 120_000 }, async () => {
    await pool.warmUp();
    const data = mixedScriptSample('ar');
    data.task.description = data.task.description.repeat(4);
    const before = performance.eventLoopUtilization();
    await Promise.all([pool.render('pdf', data), pool.render('word', data), pool.render('pdf', mixedScriptSample('en'))]);
    const used = performance.eventLoopUtilization(before);
    // Rendering on this thread would keep the loop busy nearly all the time; here it mostly waits.
    expect(used.utilization).toBeLessThan(0.5);
  });

  test('image bytes travel with the job, copied: the caller’s buffers stay whole (issue 24)', { timeout: 120_000 }, async () => {
    const png = await solidPng(400, 200);
    const own = new Uint8Array(png.length);
    own.set(png);
    const pdf = await pool.render('pdf', withAttachments(typicalTaskSample('en'), { bytes: own, width: 400, height: 200 }));
    expect(pdfImages(pdf).map((image) => [image.width, image.height])).toEqual([
      [400, 200],
      [400, 200],
    ]);
    expect(own.byteLength).toBe(png.length);

    // A view into a larger buffer (as Node's small Buffers are) is copied; the caller's buffer stays whole.
    const larger = new Uint8Array(png.length + 16);
    larger.set(png, 8);
    const view = larger.subarray(8, 8 + png.length);
    const docx = await pool.render('word', withAttachments(typicalTaskSample('en'), { bytes: view, width: 400, height: 200 }));
    expect(docxMedia(docx)).toEqual(['word/media/image1.png']);
    expect(view.byteLength).toBe(png.length);
  });

  test('a job that cannot be sent to a worker fails alone, never as an uncaught error', { timeout: 120_000 }, async () => {
    const unclonable = { ...typicalTaskSample('en'), extra: () => undefined } as unknown as TaskExportData;
    await expect(pool.render('pdf', unclonable)).rejects.toThrow();
    const pdf = await pool.render('pdf', typicalTaskSample('de'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('reports a failed render and keeps serving the next one', { timeout: 120_000 }, async () => {
    const broken = { ...typicalTaskSample('en'), task: { ...typicalTaskSample('en').task, labels: null } } as unknown as TaskExportData;
    await expect(pool.render('pdf', broken)).rejects.toThrow();
    const pdf = await pool.render('pdf', typicalTaskSample('fr'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('stops a worker that has been idle, and starts one again for the next export', { timeout: 120_000 }, async () => {
    const thrifty = new ExportPool({ size: 1, idleMs: 300 });
    try {
      expect(thrifty.workerCount).toBe(0);
      await thrifty.render('word', typicalTaskSample('en'));
      expect(thrifty.workerCount).toBe(1);
      // Idle from the end of its warm-up, which on a loaded machine can outlast the render by seconds.
      await expect.poll(() => thrifty.workerCount, { timeout: 60_000, interval: 100 }).toBe(0);
      const again = await thrifty.render('pdf', typicalTaskSample('ar'));
      expect(again.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      await thrifty.close();
    }
  });

  test(
    'prepare() warms one worker before any export, the first export takes it, and idleness then stops it',
    { timeout: 120_000 },
    async () => {
      // Idle time longer than a warm-up here (~2 s), as in production (10 minutes).
      const pool = new ExportPool({ size: 2, idleMs: 4_000 });
      try {
        pool.prepare();
        pool.prepare();
        // One worker for a likely export, not the pool's full size; warm with no job sent.
        await expect.poll(() => pool.warmWorkerCount, { timeout: 90_000, interval: 50 }).toBe(1);
        expect(pool.workersStarted).toBe(1);
        const pdf = await pool.render('pdf', typicalTaskSample('ar'));
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        // The export went to the warm worker: none started for it, none waited for a warm-up.
        expect(pool.workersStarted).toBe(1);
        expect(pool.coldJobCount).toBe(0);
        // Idle past idleMs, it stops: an idle server does not carry the renderer.
        await expect.poll(() => pool.workerCount, { timeout: 15_000, interval: 100 }).toBe(0);
      } finally {
        await pool.close();
      }
    },
  );

  test('idle time counts from the end of the warm-up: a worker is never stopped while warming', { timeout: 120_000 }, async () => {
    // Idle time far shorter than a warm-up: stopped from its start, the worker never got warm.
    const pool = new ExportPool({ size: 1, idleMs: 1 });
    try {
      await pool.warmUp();
      expect(pool.workersStarted).toBe(1);
      await expect.poll(() => pool.workerCount, { timeout: 15_000, interval: 20 }).toBe(0);
    } finally {
      await pool.close();
    }
  });

  test('a worker takes a job before its warm-up has finished', { timeout: 120_000 }, async () => {
    const fresh = new ExportPool({ size: 1 });
    try {
      const pdf = await fresh.render('pdf', typicalTaskSample('en'));
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // Handed over as soon as the renderer was loaded, not after the six warm-up renders.
      expect(fresh.coldJobCount).toBe(1);
      await fresh.warmUp();
      expect(fresh.warmWorkerCount).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  test('abandons a render that takes too long', { timeout: 120_000 }, async () => {
    const impatient = new ExportPool({ size: 1, timeoutMs: 5 });
    try {
      await expect(impatient.render('pdf', mixedScriptSample('en'))).rejects.toBeInstanceOf(ExportTimeoutError);
    } finally {
      await impatient.close();
    }
    await expect(impatient.render('pdf', mixedScriptSample('en'))).rejects.toThrow(/closed/);
  });
});
