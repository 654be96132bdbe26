/**
 * A job run every `pollMs` in the server process (the reminder and digest schedulers): one pass at a
 * time (a pass asked for while one runs shares it), a failed pass logged and left to the next.
 */
export function createPeriodicPass(options: {
  run: () => Promise<number>;
  pollMs: number;
  log: { warn(obj: unknown, msg?: string): void };
  failure: string;
}) {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | undefined;
  /** The pass asked for by flush() while one was running: it starts when that one ends. */
  let queued: Promise<number> | undefined;

  function pass(): Promise<number> {
    running ??= options
      .run()
      .catch((error: unknown) => {
        options.log.warn({ err: error }, options.failure);
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  /**
   * Runs one pass now, or right after the current one: whatever was committed before the call is
   * seen by the pass it resolves with (a pass already running may have looked before it).
   */
  function flush(): Promise<number> {
    if (!running) return pass();
    queued ??= running.then(() => {
      queued = undefined;
      return pass();
    });
    return queued;
  }

  return {
    /** Runs now, or joins the pass running; resolves with what the pass counted (reminders or digests taken). */
    pass,
    flush,
    start() {
      timer = setInterval(() => void pass(), options.pollMs);
      timer.unref();
      void pass();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
