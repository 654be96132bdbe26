import { parentPort } from 'node:worker_threads';
import { EXPORT_WORKER_READY, type ExportWorkerRequest, type ExportWorkerResponse } from './export.types.ts';
import { renderTaskExport, warmUpRenderer } from './task-export.ts';

async function handle(request: ExportWorkerRequest): Promise<ExportWorkerResponse> {
  const rendered = await renderTaskExport(request.data, request.format);
  // Buffers from Buffer.concat may share a pooled ArrayBuffer; only a private copy can be transferred without copying it again.
  const bytes = new Uint8Array(rendered.length);
  bytes.set(rendered);
  return { id: request.id, ok: true, bytes };
}

const port = parentPort;
if (port) {
  port.on('message', (request: ExportWorkerRequest) => {
    void handle(request).then(
      (response) => port.postMessage(response, response.ok ? [response.bytes.buffer as ArrayBuffer] : []),
      (error: unknown) => port.postMessage({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) }),
    );
  });
  // Every worker, first or replacement, warms up before it takes work, so no user waits for font parsing.
  await warmUpRenderer();
  port.postMessage(EXPORT_WORKER_READY);
}
