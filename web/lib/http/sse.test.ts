import { describe, expect, test } from 'vitest';
import { createEventStreamParser, readEventStream, type ServerSentEvent } from './sse.ts';

/** Everything the standard's parsing rules cover, with every kind of line ending. */
const STREAM = [
  'retry: 5000\nevent: ready\ndata: {}\n\n',
  ': keep-alive\n\n',
  'event: delta\r\ndata: {"text":"مرحبا 👋 héllo"}\r\n\r\n',
  'id: 7\rdata: first line\rdata:second line\r\rdata\n\n',
  'event: task-changed\ndata:  two spaces kept as one\nunknown: ignored\nid: 8\n\n',
  'event: nothing-to-say\n\n',
  'data: the last\n\n',
  'event: cut off\ndata: never dispatched\n',
].join('');

const EXPECTED: ServerSentEvent[] = [
  { event: 'ready', data: '{}', id: '' },
  { event: 'delta', data: '{"text":"مرحبا 👋 héllo"}', id: '' },
  { event: 'message', data: 'first line\nsecond line', id: '7' },
  { event: 'message', data: '', id: '7' },
  { event: 'task-changed', data: ' two spaces kept as one', id: '8' },
  { event: 'message', data: 'the last', id: '8' },
];

function parse(chunks: string[]): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const parser = createEventStreamParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return events;
}

describe('the event-stream parser', () => {
  test('reads every field, comment and line ending as the HTML standard says', () => {
    expect(parse([STREAM])).toEqual(EXPECTED);
  });

  test('gives the same events wherever the stream is cut in two', () => {
    for (let at = 0; at <= STREAM.length; at++) {
      expect(parse([STREAM.slice(0, at), STREAM.slice(at)]), `cut at ${at}`).toEqual(EXPECTED);
    }
  });

  test('gives the same events wherever the stream is cut in three, and one character at a time', () => {
    for (let first = 0; first <= STREAM.length; first += 3) {
      for (let second = first; second <= STREAM.length; second++) {
        const chunks = [STREAM.slice(0, first), STREAM.slice(first, second), STREAM.slice(second)];
        expect(parse(chunks), `cut at ${first} and ${second}`).toEqual(EXPECTED);
      }
    }
    expect(parse([...STREAM])).toEqual(EXPECTED);
  });

  test('a CR at the end of one chunk and an LF at the start of the next are one line ending, not two', () => {
    expect(parse(['data: a\r', '\ndata: b\r', '', '\n\r', '\n'])).toEqual([{ event: 'message', data: 'a\nb', id: '' }]);
  });

  test('an id with a NUL is ignored', () => {
    expect(parse(['id: 1\n\nid: x\0y\ndata: z\n\n'])).toEqual([{ event: 'message', data: 'z', id: '1' }]);
  });
});

describe('readEventStream', () => {
  const bytes = new TextEncoder().encode(STREAM);
  const body = (chunks: Uint8Array<ArrayBuffer>[]) =>
    new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
  const collect = async (stream: ReadableStream<Uint8Array<ArrayBuffer>>) => {
    const events: ServerSentEvent[] = [];
    for await (const event of readEventStream(stream)) events.push(event);
    return events;
  };

  test('decodes UTF-8 split inside a character at any byte', async () => {
    for (let at = 0; at <= bytes.length; at++) {
      expect(await collect(body([bytes.slice(0, at), bytes.slice(at)])), `cut at byte ${at}`).toEqual(EXPECTED);
    }
  });

  test('leaving the loop early cancels the body', async () => {
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('data: again\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readEventStream(endless)) {
      expect(event.data).toBe('again');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cancelled).toBe(true);
  });
});
