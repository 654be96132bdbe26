import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { commentKeys } from './api/comment-queries.ts';
import { shareKeys } from './api/share-queries.ts';
import { taskKeys } from './api/task-queries.ts';
import { useSession } from './session.tsx';

/** One server-sent event as it came off the wire. */
export interface LiveEvent {
  event: string;
  data: unknown;
}

const RECONNECT = { firstMs: 1_000, maxMs: 30_000 };
/** The server sends a comment every 25 s; this much silence means the connection is dead (a proxy dropped it). */
const SILENCE_MS = 60_000;

function parseBlock(block: string): LiveEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0 && event === 'message') return null;
  const text = data.join('\n');
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { event, data: parsed };
}

/**
 * Splits a text/event-stream buffer into its complete events (blocks ending in a blank
 * line) and the incomplete rest, which waits for the next chunk.
 */
export function parseEventStream(buffer: string): { events: LiveEvent[]; rest: string } {
  // A chunk may end between '\r' and '\n'; leave that '\r' for the next round.
  const pendingCr = buffer.endsWith('\r');
  const text = (pendingCr ? buffer.slice(0, -1) : buffer).replace(/\r\n?/g, '\n');
  const events: LiveEvent[] = [];
  let start = 0;
  let boundary: number;
  while ((boundary = text.indexOf('\n\n', start)) !== -1) {
    const event = parseBlock(text.slice(start, boundary));
    if (event) events.push(event);
    start = boundary + 2;
  }
  return { events, rest: text.slice(start) + (pendingCr ? '\r' : '') };
}

export interface LiveConnectionOptions {
  token: string;
  onEvent(event: LiveEvent): void;
  url?: string;
}

/**
 * Reads GET /api/events with fetch, so the bearer token travels in the Authorization
 * header and never in a URL (EventSource cannot send headers). Reconnects with
 * exponential backoff and jitter; stops for good on 401/403. Returns a stop function.
 */
export function connectLiveUpdates({ token, onEvent, url = '/api/events' }: LiveConnectionOptions): () => void {
  let stopped = false;
  let attempt = 0;
  let controller: AbortController | null = null;
  let wake: (() => void) | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        window.removeEventListener('online', done);
        wake = null;
        resolve();
      }
      // Back online: no reason to wait out the backoff.
      window.addEventListener('online', done);
      wake = done;
    });

  async function readOnce(): Promise<'retry' | 'give-up'> {
    const current = new AbortController();
    controller = current;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heardFromServer = () => {
      clearTimeout(silence);
      silence = setTimeout(() => current.abort(), SILENCE_MS);
    };
    try {
      const response = await fetch(url, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        cache: 'no-store',
        signal: current.signal,
      });
      if (response.status === 401 || response.status === 403) return 'give-up';
      if (!response.ok || !response.body) return 'retry';
      heardFromServer();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'retry';
        heardFromServer();
        const parsed = parseEventStream(buffer + value);
        buffer = parsed.rest;
        for (const event of parsed.events) {
          if (event.event === 'ready') attempt = 0;
          onEvent(event);
        }
      }
    } catch {
      return 'retry'; // network failure, or aborted by stop() or the silence timer
    } finally {
      clearTimeout(silence);
    }
  }

  void (async () => {
    while (!stopped) {
      if ((await readOnce()) === 'give-up') return;
      if (stopped) return;
      const delay = Math.min(RECONNECT.maxMs, RECONNECT.firstMs * 2 ** attempt);
      attempt += 1;
      await pause(delay / 2 + Math.random() * (delay / 2));
    }
  })();

  return () => {
    stopped = true;
    controller?.abort();
    wake?.();
  };
}

const taskIdOf = (data: unknown): number | null => {
  const id = (data as { taskId?: unknown } | null)?.taskId;
  return typeof id === 'number' ? id : null;
};

/** What each event refreshes: the browser refetches what it shows, the event carries no data. */
export function applyLiveEvent(queryClient: QueryClient, { event, data }: LiveEvent) {
  switch (event) {
    case 'pending-shares-changed':
      void queryClient.invalidateQueries({ queryKey: shareKeys.pending });
      return;
    case 'task-changed':
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      return;
    case 'task-deleted': {
      const taskId = taskIdOf(data);
      if (taskId !== null) queryClient.removeQueries({ queryKey: commentKeys.task(taskId) });
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      return;
    }
    case 'comments-changed': {
      const taskId = taskIdOf(data);
      void queryClient.invalidateQueries({ queryKey: taskId === null ? commentKeys.all : commentKeys.task(taskId) });
      return;
    }
  }
}

/**
 * Live updates while signed in: pending shares, collaborators' edits and comments appear
 * without a reload. When the stream is down, the bell still polls every 30 s (its query's
 * refetchInterval, spec §9), and after a reconnect everything shown is refreshed once to
 * catch up on events missed in between.
 */
export function useLiveUpdates() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const token = session.status === 'authenticated' ? session.token : null;

  useEffect(() => {
    if (!token) return;
    let connectedBefore = false;
    return connectLiveUpdates({
      token,
      onEvent: (event) => {
        if (event.event !== 'ready') return applyLiveEvent(queryClient, event);
        if (connectedBefore) {
          void queryClient.invalidateQueries({ queryKey: shareKeys.pending });
          void queryClient.invalidateQueries({ queryKey: taskKeys.all });
          void queryClient.invalidateQueries({ queryKey: commentKeys.all });
        }
        connectedBefore = true;
      },
    });
  }, [token, queryClient]);
}
