/**
 * Opens GET /api/events with fetch (as the web client does) and tells, besides the events, whether
 * and when the server ended the stream: `ended` resolves when the body is done or the connection dies.
 */
export async function openLiveStream(url: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  const events: Array<{ event: string; data: unknown }> = [];
  let open = response.ok && response.body !== null;
  let markEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  if (open) {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let boundary: number;
          while ((boundary = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, boundary);
            buffer = buffer.slice(boundary + 2);
            const name = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (name) events.push({ event: name, data: data ? JSON.parse(data) : null });
          }
        }
      } catch {
        /* aborted or reset */
      }
      open = false;
      markEnded();
    })();
  } else {
    markEnded();
  }
  const body = open ? undefined : ((await response.json().catch(() => undefined)) as { message?: string } | undefined);
  return {
    status: response.status,
    /** The JSON answer when the stream was refused. */
    body,
    events,
    ended,
    isOpen: () => open,
    /** Whether the server ends the stream within `ms`. */
    async endsWithin(ms: number): Promise<boolean> {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const outcome = await Promise.race([
        ended.then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
      ]);
      clearTimeout(timer);
      return outcome;
    },
    async waitFor(name: string, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!events.some((e) => e.event === name)) {
        if (Date.now() > deadline)
          throw new Error(`no '${name}' event within ${timeoutMs} ms; got ${events.map((e) => e.event).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return events.find((e) => e.event === name)!;
    },
    close: () => controller.abort(),
  };
}
export type LiveStreamReader = Awaited<ReturnType<typeof openLiveStream>>;
