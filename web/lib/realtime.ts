import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { attachmentKeys } from './api/attachment-keys.ts';
import { commentKeys } from './api/comment-keys.ts';
import { notificationKeys } from './api/notification-queries.ts';
import { shareKeys } from './api/share-queries.ts';
import { markTaskDeleted, taskKeys } from './api/task-queries.ts';
import { ApiError, apiFetch } from './http/fetch-core.ts';
import { readEventStream } from './http/sse.ts';
import { useSession } from './session.tsx';

/** One server-sent event as it came off the wire. */
export interface LiveEvent {
  event: string;
  data: unknown;
}

const RECONNECT = { firstMs: 1_000, maxMs: 30_000 };
/** The server sends a comment every 25 s; this much silence means the connection is dead (a proxy dropped it). */
const SILENCE_MS = 60_000;

const dataOf = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text; // not JSON: keep the text
  }
};

export interface LiveConnectionOptions {
  token: string;
  onEvent(event: LiveEvent): void;
  url?: string;
}

/**
 * Reads GET /api/events through the fetch core, so the bearer token travels in the Authorization
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
      const response = await apiFetch(url, { token, accept: 'text/event-stream', cache: 'no-store', signal: current.signal });
      if (!response.body) return 'retry';
      heardFromServer();
      // Every chunk counts as a sign of life, the heartbeat comments included.
      const body = response.body.pipeThrough(
        new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>({
          transform(chunk, stream) {
            heardFromServer();
            stream.enqueue(chunk);
          },
        }),
      );
      for await (const { event, data } of readEventStream(body)) {
        if (event === 'ready') attempt = 0;
        onEvent({ event, data: dataOf(data) });
      }
      return 'retry';
    } catch (error) {
      // A refused token (401, which also signs out) or a closed account: reconnecting cannot help.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return 'give-up';
      return 'retry'; // network failure, an error answer, or aborted by stop() or the silence timer
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
      if (taskId !== null) {
        markTaskDeleted(taskId);
        queryClient.removeQueries({ queryKey: commentKeys.task(taskId) });
      }
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      return;
    }
    case 'notifications-changed':
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      return;
    case 'comments-changed': {
      const taskId = taskIdOf(data);
      void queryClient.invalidateQueries({ queryKey: taskId === null ? commentKeys.all : commentKeys.task(taskId) });
      return;
    }
    // Issue 24: a file added or deleted; the task's activity says so too.
    case 'attachments-changed': {
      const taskId = taskIdOf(data);
      void queryClient.invalidateQueries({ queryKey: taskId === null ? attachmentKeys.all : attachmentKeys.task(taskId) });
      if (taskId !== null) void queryClient.invalidateQueries({ queryKey: taskKeys.detail(taskId) });
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
          void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        }
        connectedBefore = true;
      },
    });
  }, [token, queryClient]);
}
