/**
 * Deletes rows that can never be used again (expired sign-in tokens, expired account links) at
 * start and then every `intervalMs`. Each job is one idempotent DELETE, so several app processes
 * on one database may run it side by side; a failed pass is logged and tried at the next tick.
 */
export interface ExpiredPurgeOptions {
  /** Name → a DELETE of what expired by now, resolving with how many rows went. */
  jobs: Record<string, () => Promise<number>>;
  intervalMs?: number;
  log: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}

export function createExpiredPurge(options: ExpiredPurgeOptions) {
  const { jobs, log } = options;
  let timer: ReturnType<typeof setInterval> | undefined;
  let last: Promise<unknown> = Promise.resolve();

  async function pass(): Promise<Record<string, number>> {
    const deleted: Record<string, number> = {};
    for (const [name, job] of Object.entries(jobs)) {
      try {
        deleted[name] = await job();
      } catch (error) {
        log.warn({ err: error, job: name }, 'purge of expired rows failed; will retry');
      }
    }
    if (Object.values(deleted).some((n) => n > 0)) log.info({ deleted }, 'purged expired rows');
    return deleted;
  }

  /** One pass, after any pass already running: rows deleted per job. */
  function run(): Promise<Record<string, number>> {
    const next = last.then(pass);
    last = next;
    return next;
  }

  return {
    run,
    start() {
      if (timer) return;
      timer = setInterval(() => void run(), options.intervalMs ?? 3_600_000);
      timer.unref();
      void run();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await last;
    },
  };
}
export type ExpiredPurge = ReturnType<typeof createExpiredPurge>;
