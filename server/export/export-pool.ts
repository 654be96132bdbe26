import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  EXPORT_WORKER_READY,
  EXPORT_WORKER_WARM,
  type ExportFormat,
  type ExportWorkerRequest,
  type ExportWorkerResponse,
  type TaskExportData,
} from './export.types.ts';

/** Renders exports somewhere other than the caller's thread. */
export interface ExportRenderer {
  /**
   * `data.images`' bytes are copied to the worker with the job (at most the export's 20 MB cap):
   * transferring them instead throws on Node 24 for buffers V8 cannot detach, such as sharp's output.
   */
  render(format: ExportFormat, data: TaskExportData): Promise<Buffer>;
}

export interface ExportPoolOptions {
  /** Worker threads; by default one per core beyond the first (at least one, at most two): the event loop keeps a core. */
  size?: number;
  /** A render taking longer than this (from when a ready worker takes it) is abandoned and its worker replaced. */
  timeoutMs?: number;
  /**
   * A worker with nothing to do for this long is stopped, so a server that exports now and then
   * does not hold the renderer's fonts in memory all day; the next export starts one again (about a second).
   */
  idleMs?: number;
}

/** Where the pool reports its workers starting, warming up and stopping (a pino logger fits). */
export interface ExportPoolLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export class ExportTimeoutError extends Error {
  constructor() {
    super('Export timed out');
  }
}

interface Job {
  request: ExportWorkerRequest;
  resolve(bytes: Uint8Array): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** Sequence number, for the log. */
  number: number;
  /** False until the worker has loaded the renderer and its fonts; it takes jobs from then on. */
  ready: boolean;
  /** False until the worker has also rendered every script once (its warm-up steps run between jobs). */
  warm: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
}

/** Source files (tsx, vitest) load the worker through tsx; the compiled build loads the emitted .js directly. */
function startWorker(): Worker {
  const here = import.meta.url;
  // A small young generation: a render allocates little that lives, and the default one left
  // ~25 MB more resident after the first exports with no faster renders (docs/performance.md).
  const resourceLimits = { maxOldGenerationSizeMb: 1024, maxYoungGenerationSizeMb: 8 };
  if (!here.endsWith('.ts')) return new Worker(new URL('./export-worker.js', here), { resourceLimits });
  const require = createRequire(here);
  const tsxPackage = require('tsx/package.json') as { exports: Record<string, { import?: { default?: string } }> };
  const api = pathToFileURL(join(dirname(require.resolve('tsx/package.json')), tsxPackage.exports['./esm/api']!.import!.default!)).href;
  const entry = new URL('./export-worker.ts', here).href;
  const bootstrap = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, resourceLimits });
}

/** A small pool of render workers: exports are synchronous CPU work that would otherwise stall every other request. */
export class ExportPool implements ExportRenderer {
  private readonly size: number;
  private readonly timeoutMs: number;
  private readonly idleMs: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private warmWaiters: { count: number; resolve(): void; reject(error: Error): void }[] = [];
  private nextId = 1;
  private closed = false;
  private log: ExportPoolLog | undefined;
  private started = 0;
  private coldJobs = 0;

  constructor(options: ExportPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? Math.min(2, availableParallelism() - 1));
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.idleMs = options.idleMs ?? 10 * 60_000;
  }

  /** Worker threads alive now, starting or ready. */
  get workerCount(): number {
    return this.slots.length;
  }

  /** Worker threads alive now that have finished warming up. */
  get warmWorkerCount(): number {
    return this.slots.filter((slot) => slot.warm).length;
  }

  /** Worker threads started since the pool was made. */
  get workersStarted(): number {
    return this.started;
  }

  /** Jobs handed to a worker that had not finished warming up (they may have waited for a warm-up step). */
  get coldJobCount(): number {
    return this.coldJobs;
  }

  render(format: ExportFormat, data: TaskExportData): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('The export pool was closed'));
    return new Promise<Uint8Array>((resolve, reject) => {
      this.queue.push({ request: { id: this.nextId++, format, data }, resolve, reject });
      this.dispatch();
    }).then((bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  /** Starts every worker; resolves when all have loaded fonts and rendered every script once. */
  warmUp(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The export pool was closed'));
    while (this.slots.length < this.size) this.addSlot();
    return this.whenWarm(this.size);
  }

  /**
   * Starts a worker warming if none is running, because an export is likely soon (someone opened a task): the export
   * then finds it warm, or waits for one warm-up step at most. It stops after idleMs like any other, so an idle server
   * does not hold its ~100 MB.
   */
  prepare(log?: ExportPoolLog): void {
    if (this.closed) return;
    this.log = log ?? this.log;
    if (this.slots.length === 0) this.addSlot();
  }

  private whenWarm(count: number): Promise<void> {
    if (this.warmWorkerCount >= count) return Promise.resolve();
    return new Promise((resolve, reject) => this.warmWaiters.push({ count, resolve, reject }));
  }

  async close(): Promise<void> {
    this.closed = true;
    const closedError = new Error('The export pool was closed');
    for (const job of this.queue.splice(0)) job.reject(closedError);
    for (const waiter of this.warmWaiters.splice(0)) waiter.reject(closedError);
    for (const slot of this.slots) if (slot.idleTimer) clearTimeout(slot.idleTimer);
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private addSlot(): Slot {
    const slot: Slot = {
      worker: startWorker(),
      number: ++this.started,
      ready: false,
      warm: false,
      job: null,
      timer: null,
      idleTimer: null,
    };
    const startedAt = performance.now();
    this.log?.info({ worker: slot.number }, 'export worker starting');
    slot.worker.on('message', (message: ExportWorkerResponse | typeof EXPORT_WORKER_READY | typeof EXPORT_WORKER_WARM) => {
      if (message === EXPORT_WORKER_READY) {
        slot.ready = true;
        this.dispatch();
        // Warm-up steps alone must not keep the process alive.
        if (!slot.job) slot.worker.unref();
        return;
      }
      if (message === EXPORT_WORKER_WARM) {
        slot.warm = true;
        // Idle time counts from here: a worker stopped while warming (a loaded machine, a short idleMs)
        // would be started again for the next export and never be warm for it.
        if (!slot.job) this.idleFrom(slot);
        this.log?.info({ worker: slot.number, ms: Math.round(performance.now() - startedAt) }, 'export worker warm');
        const warm = this.warmWorkerCount;
        this.warmWaiters = this.warmWaiters.filter((waiter) => (warm >= waiter.count ? (waiter.resolve(), false) : true));
        return;
      }
      const job = slot.job;
      if (!job || job.request.id !== message.id) return;
      this.finish(slot);
      if (message.ok) job.resolve(message.bytes);
      else job.reject(new Error(message.message));
      this.dispatch();
      // One still warming goes on with its warm-up; its idle time starts when that ends.
      if (!slot.job && slot.warm) this.idleFrom(slot);
    });
    const fail = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index < 0) return;
      this.slots.splice(index, 1);
      const job = slot.job;
      this.finish(slot);
      job?.reject(error);
      this.log?.error({ worker: slot.number, err: error }, 'export worker stopped');
      if (!slot.ready) {
        // A worker that cannot even start (a broken install) would fail again: report it instead of respawning forever.
        for (const queued of this.queue.splice(0)) queued.reject(error);
        for (const waiter of this.warmWaiters.splice(0)) waiter.reject(error);
        return;
      }
      this.dispatch();
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => fail(new Error(`The export worker stopped (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot) {
    // An idle worker must not keep the process alive after the server closes.
    slot.worker.unref();
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  private dispatch() {
    while (!this.closed && this.queue.length > 0) {
      // A warm worker first; one still warming takes a job between its warm-up steps.
      const free = this.slots.filter((s) => s.ready && s.job === null);
      const slot = free.find((s) => s.warm) ?? free[0];
      if (!slot) {
        // Start another worker while the pool is not full and none is starting; queued jobs wait for a ready one.
        if (this.slots.length < this.size && this.slots.every((s) => s.ready)) this.addSlot();
        return;
      }
      const job = this.queue.shift()!;
      slot.job = job;
      if (!slot.warm) this.coldJobs++;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      // The clock starts when a loaded worker takes the job: it measures rendering (and at most one warm-up step), not start-up.
      slot.timer = setTimeout(() => this.abandon(slot), this.timeoutMs);
      slot.timer.unref();
      // A busy worker keeps the process alive until its answer arrives.
      slot.worker.ref();
      try {
        slot.worker.postMessage(job.request);
      } catch (error) {
        // A job that cannot be sent (data that cannot be cloned) fails alone: the worker stays free
        // for the next, and the error is the export's, never an uncaught one that ends the process.
        this.finish(slot);
        job.reject(error as Error);
        if (slot.warm) this.idleFrom(slot);
      }
    }
  }

  /** Stops a warm `slot` after idleMs without work, unless a job reaches it first (dispatch clears the timer). */
  private idleFrom(slot: Slot) {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      if (slot.job || this.closed) return;
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      slot.worker.removeAllListeners();
      void slot.worker.terminate();
      this.log?.info({ worker: slot.number }, 'export worker stopped after idling');
    }, this.idleMs);
    slot.idleTimer.unref();
  }

  private abandon(slot: Slot) {
    const job = slot.job;
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    this.finish(slot);
    slot.worker.removeAllListeners();
    void slot.worker.terminate();
    job?.reject(new ExportTimeoutError());
    this.dispatch();
  }
}

let defaultPool: ExportPool | undefined;

/** The process-wide pool the export routes use unless given another renderer. */
export function defaultExportPool(): ExportPool {
  defaultPool ??= new ExportPool();
  return defaultPool;
}
