/**
 * The one reader of text/event-stream in the web app: live updates (web/lib/realtime.ts) and AI
 * streaming (web/lib/api/ai-queries.ts) both use it. It follows the HTML standard's rules for
 * interpreting an event stream (https://html.spec.whatwg.org/multipage/server-sent-events.html),
 * fed in chunks that may end anywhere: inside a field, a multi-byte character (the decoder keeps
 * those) or between the CR and the LF of a line ending.
 */

/** One dispatched event: its type ('message' unless the stream named one), its data lines joined by LF, the last event id. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id: string;
}

export interface EventStreamParser {
  /** Feeds the next piece of decoded text; complete events go to the listener at once. */
  push(chunk: string): void;
}

/**
 * Lines end in CRLF, LF or CR; a blank line dispatches the event being built, if it has data.
 * A line starting with ':' is a comment; `retry:` and unknown fields are ignored (the callers
 * choose their own reconnection delays). What is left without a blank line at the end of the
 * stream is never dispatched, as the standard says.
 */
export function createEventStreamParser(onEvent: (event: ServerSentEvent) => void): EventStreamParser {
  let line = '';
  // The chunk ended on a CR: an LF at the start of the next one belongs to the same line ending.
  let afterCr = false;
  let type = '';
  let data = '';
  let lastEventId = '';

  function processLine(text: string) {
    if (text === '') {
      if (data !== '') onEvent({ event: type || 'message', data: data.slice(0, -1), id: lastEventId });
      type = '';
      data = '';
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') data += `${value}\n`;
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
  }

  return {
    push(chunk) {
      if (chunk === '') return;
      let start = afterCr && chunk.startsWith('\n') ? 1 : 0;
      afterCr = false;
      for (let index = start; index < chunk.length; index++) {
        const char = chunk[index];
        if (char !== '\n' && char !== '\r') continue;
        processLine(line + chunk.slice(start, index));
        line = '';
        if (char === '\r') {
          if (index + 1 === chunk.length) afterCr = true;
          else if (chunk[index + 1] === '\n') index++;
        }
        start = index + 1;
      }
      line += chunk.slice(start);
    },
  };
}

/**
 * The events of a response body, as they arrive. Leaving the loop early (a `return` or `break`
 * in `for await`) cancels the body, which closes the connection.
 */
export async function* readEventStream(body: ReadableStream<Uint8Array<ArrayBuffer>>): AsyncGenerator<ServerSentEvent, void, undefined> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const ready: ServerSentEvent[] = [];
  const parser = createEventStreamParser((event) => ready.push(event));
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      parser.push(value);
      yield* ready.splice(0);
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
