import { AppError } from '../errors.ts';
import type { Clock } from '../clock.ts';
import type { LiveStreamRepository } from '../db/repositories/live-stream.repository.ts';
import type { EventBus } from './event-bus.ts';

/** Open live-update streams (GET /api/events) one account may hold, across every app process. */
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

/**
 * This process's open streams (shutdown ends them all at once), each also counted in the database
 * every process shares, under a lease this process renews while the stream is open, so the
 * per-account cap holds across processes (a process that dies stops counting once its leases run out).
 */
export function createLiveStreams(options: {
  leases: LiveStreamRepository;
  clock: Pick<Clock, 'now'>;
  log: { warn(obj: unknown, msg?: string): void };
  maxPerUser?: number;
  /** How long a stream counts without its process renewing it. */
  leaseMs?: number;
}) {
  const maxPerUser = options.maxPerUser ?? MAX_STREAMS_PER_USER;
  const leaseMs = options.leaseMs ?? 60_000;
  const byUser = new Map<number, Set<LiveStream>>();
  const leaseOf = new Map<LiveStream, number>();
  let renewal: ReturnType<typeof setInterval> | undefined;
  let closing = false;
  const leaseEnd = () => new Date(options.clock.now().getTime() + leaseMs).toISOString();

  function renewLeases() {
    const ids = [...leaseOf.values()];
    if (!ids.length) return;
    options.leases.renew(ids, leaseEnd()).catch((error: unknown) => options.log.warn({ err: error }, 'live-stream leases not renewed'));
  }

  return {
    /** Counts a new stream in, or throws 429 past the cap (and 503 once the process is shutting down). */
    async add(stream: LiveStream): Promise<void> {
      if (closing) throw new AppError(503, 'The server is restarting. Please try again in a moment.');
      const id = await options.leases.open(stream.userId, options.clock.now().toISOString(), leaseEnd(), maxPerUser);
      if (id === undefined)
        throw new AppError(
          429,
          `Too many live-update connections are open for this account (at most ${maxPerUser}). Close a tab and try again.`,
        );
      if (closing) {
        await options.leases.close(id);
        throw new AppError(503, 'The server is restarting. Please try again in a moment.');
      }
      leaseOf.set(stream, id);
      const open = byUser.get(stream.userId) ?? new Set<LiveStream>();
      open.add(stream);
      byUser.set(stream.userId, open);
      if (!renewal) {
        renewal = setInterval(renewLeases, leaseMs / 3);
        renewal.unref();
      }
    },
    remove(stream: LiveStream): void {
      const id = leaseOf.get(stream);
      leaseOf.delete(stream);
      if (id !== undefined)
        options.leases.close(id).catch((error: unknown) => options.log.warn({ err: error }, 'live-stream lease not released; it runs out'));
      const open = byUser.get(stream.userId);
      if (!open) return;
      open.delete(stream);
      if (open.size === 0) byUser.delete(stream.userId);
      if (leaseOf.size === 0 && renewal) {
        clearInterval(renewal);
        renewal = undefined;
      }
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
