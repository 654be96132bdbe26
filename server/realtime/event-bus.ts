import { EventEmitter } from 'node:events';
import type pg from 'pg';

/** What a signed-in browser is told about (it then refetches what it shows). */
export type RealtimeEvent =
  | { type: 'pending-shares-changed' }
  | { type: 'task-changed'; taskId: number }
  | { type: 'task-deleted'; taskId: number }
  | { type: 'comments-changed'; taskId: number }
  /** Issue 24: a file was added to or deleted from the task. */
  | { type: 'attachments-changed'; taskId: number }
  /** Issue 22: the notification centre has something new, or was read elsewhere. */
  | { type: 'notifications-changed' }
  /** Not for browsers: these sign-ins are over, their streams end (realtime/live-streams.ts). */
  | { type: 'sessions-ended'; tokenIds: number[] | 'all' };

export interface EventBus {
  publish(userIds: number[], event: RealtimeEvent): void;
  subscribe(userId: number, listener: (event: RealtimeEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'taskaty_events';
/** NOTIFY payloads are limited to 8000 bytes; events are tiny, audiences are capped. */
const MAX_AUDIENCE = 500;

function createLocalDispatch() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    deliver(userIds: number[], event: RealtimeEvent) {
      for (const id of new Set(userIds)) emitter.emit(String(id), event);
    },
    subscribe(userId: number, listener: (event: RealtimeEvent) => void) {
      emitter.on(String(userId), listener);
      return () => emitter.off(String(userId), listener);
    },
  };
}

/** SQLite: one process, so an in-memory bus is the whole story. */
export function createInProcessBus(): EventBus {
  const local = createLocalDispatch();
  return {
    publish: (userIds, event) => local.deliver(userIds, event),
    subscribe: local.subscribe,
    close: async () => {},
  };
}

/**
 * PostgreSQL: events travel through LISTEN/NOTIFY, so a share made through one app
 * process reaches a browser connected to another. Delivery is best-effort: a lost event
 * only means the browser learns of the change at its next poll.
 */
export async function createPostgresBus(connectionString: string, log: { warn(obj: unknown, msg?: string): void }): Promise<EventBus> {
  const { default: postgres } = await import('pg');
  const local = createLocalDispatch();
  const publisher = new postgres.Pool({ connectionString, max: 2 });
  let listener: pg.Client | undefined;
  let closed = false;

  async function connectListener() {
    const client = new postgres.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const { userIds, event } = JSON.parse(message.payload) as { userIds: number[]; event: RealtimeEvent };
        local.deliver(userIds, event);
      } catch (error) {
        log.warn({ err: error }, 'ignored a malformed realtime notification');
      }
    });
    client.on('error', (error) => {
      log.warn({ err: error }, 'realtime listener lost its connection; reconnecting');
      if (!closed) setTimeout(() => void connectListener().catch(() => undefined), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  }
  await connectListener();

  return {
    publish(userIds, event) {
      const audience = [...new Set(userIds)].slice(0, MAX_AUDIENCE);
      if (audience.length === 0) return;
      publisher.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ userIds: audience, event })]).catch((error: unknown) => {
        log.warn({ err: error }, 'could not publish a realtime event');
      });
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      await listener?.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}
