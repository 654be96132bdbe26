import { parentPort } from 'node:worker_threads';
import { EXPORT_WORKER_READY, EXPORT_WORKER_WARM, type ExportWorkerRequest, type ExportWorkerResponse } from './export.types.ts';
import { renderTaskExport, warmUpSteps } from './task-export.ts';

async function handle(request: ExportWorkerRequest): Promise<ExportWorkerResponse> {
  const rendered = await renderTaskExport(request.data, request.format);
  // Buffers from Buffer.concat may share a pooled ArrayBuffer; only a private copy can be transferred without copying it again.
  const bytes = new Uint8Array(rendered.length);
  bytes.set(rendered);
  return { id: request.id, ok: true, bytes };
}

const port = parentPort;
if (port) {
  let active = 0;
  const idle: (() => void)[] = [];
  port.on('message', (request: ExportWorkerRequest) => {
    active++;
    void handle(request)
      .then(
        (response) => port.postMessage(response, response.ok ? [response.bytes.buffer as ArrayBuffer] : []),
        (error: unknown) =>
          port.postMessage({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        active--;
        if (active === 0) for (const wake of idle.splice(0)) wake();
      });
  });
  /** Resolves once jobs that have arrived are done: a real export never waits behind more than one warm-up step. */
  const untilIdle = async () => {
    // A macrotask turn first, so messages that arrived during the last step are taken before the next one.
    await new Promise((resolve) => setImmediate(resolve));
    while (active > 0) await new Promise<void>((resolve) => idle.push(resolve));
  };

  // The modules and fonts are loaded: jobs are taken from here on, and warm-up steps run between them, so an export
  // that arrives while the worker warms up waits for one step at most rather than the whole warm-up.
  const steps = warmUpSteps();
  port.postMessage(EXPORT_WORKER_READY);
  for (const step of steps) {
    await untilIdle();
    await step();
  }
  port.postMessage(EXPORT_WORKER_WARM);
}
