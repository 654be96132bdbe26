/** Reads a server-sent event stream with fetch (as the web client does) and collects events. */
export async function openEventStream(url: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
  const events: Array<{ event: string; data: unknown }> = [];
  const waiters: Array<() => void> = [];
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
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
          if (name) {
            events.push({ event: name, data: data ? JSON.parse(data) : null });
            waiters.splice(0).forEach((wake) => wake());
          }
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return {
    events,
    async waitFor(name: string, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!events.some((e) => e.event === name)) {
        if (Date.now() > deadline)
          throw new Error(`no '${name}' event within ${timeoutMs} ms; got ${events.map((e) => e.event).join(', ')}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return events.find((e) => e.event === name)!;
    },
    close: () => controller.abort(),
  };
}
