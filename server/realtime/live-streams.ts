import { AppError } from '../errors.ts';
import type { EventBus } from './event-bus.ts';

/** Open live-update streams (GET /api/events) one account may hold in one app process. */
export const MAX_STREAMS_PER_USER = 20;

/**
 * The one call for "these sign-ins are over": logout, sign out everywhere, sign out one session,
 * a password reset, account deletion. Call it once the tokens' rows are deleted (after commit):
 * every app process (the bus is LISTEN/NOTIFY on PostgreSQL) ends the live-update streams opened
 * with those tokens at once, instead of letting them deliver until the browser goes away.
 */
export interface Sessions {
  /** `tokenIds`: ids of the user's `personal_access_tokens` rows; `'all'`: every stream of the user. */
  ended(userId: number, tokenIds: number[] | 'all'): void;
}

export function createSessions(bus: Pick<EventBus, 'publish'>): Sessions {
  return {
    ended(userId, tokenIds) {
      if (Array.isArray(tokenIds) && tokenIds.length === 0) return;
      bus.publish([userId], { type: 'sessions-ended', tokenIds });
    },
  };
}

export interface LiveStream {
  userId: number;
  tokenId: number;
  /** Ends the response and releases everything the stream holds; safe to call twice. */
  end(): void;
}

/** This process's open streams: the per-user cap, and shutdown ending them all at once. */
export function createLiveStreams(options: { maxPerUser?: number } = {}) {
  const maxPerUser = options.maxPerUser ?? MAX_STREAMS_PER_USER;
  const byUser = new Map<number, Set<LiveStream>>();
  let closing = false;

  return {
    /** Counts a new stream in, or throws 429 past the cap (and 503 once the process is shutting down). */
    add(stream: LiveStream): void {
      if (closing) throw new AppError(503, 'The server is restarting. Please try again in a moment.');
      const open = byUser.get(stream.userId) ?? new Set<LiveStream>();
      if (open.size >= maxPerUser) {
        throw new AppError(
          429,
          `Too many live-update connections are open for this account (at most ${maxPerUser}). Close a tab and try again.`,
        );
      }
      open.add(stream);
      byUser.set(stream.userId, open);
    },
    remove(stream: LiveStream): void {
      const open = byUser.get(stream.userId);
      if (!open) return;
      open.delete(stream);
      if (open.size === 0) byUser.delete(stream.userId);
    },
    count(userId: number): number {
      return byUser.get(userId)?.size ?? 0;
    },
    /** Shutdown: no new streams, and every open one ends now (clients reconnect to another process). */
    endAll(): number {
      closing = true;
      const all = [...byUser.values()].flatMap((open) => [...open]);
      for (const stream of all) stream.end();
      return all.length;
    },
  };
}
export type LiveStreams = ReturnType<typeof createLiveStreams>;
