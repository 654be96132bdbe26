import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Clock } from '../clock.ts';
import type { SharedCounterRepository } from '../db/repositories/shared-counter.repository.ts';

/** What @fastify/rate-limit hands a store: the limit's options, and for a route's own limit the route. */
interface StoreOptions {
  timeWindow?: unknown;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store for @fastify/rate-limit (its documented `store` option) that counts in the database every
 * app process shares (migration 014), so a limit is one budget however many processes serve the
 * client. Each route's limit counts apart (its method and path name its keys), as the plugin's
 * in-memory store does with one store per route; a limit made with `app.rateLimit()` has no route
 * and is named by its key generator.
 */
export function sharedRateLimitStore(counters: SharedCounterRepository, clock: Pick<Clock, 'now'>): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly windowMs: number;
    private readonly scope: string;

    constructor(options: unknown) {
      const { timeWindow, routeInfo } = (options ?? {}) as StoreOptions;
      this.windowMs = typeof timeWindow === 'number' ? timeWindow : 60_000;
      this.scope = routeInfo?.url ? `${[routeInfo.method ?? ''].flat().join(',')} ${routeInfo.url}` : 'limit';
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      const now = clock.now();
      counters.hit(`rate|${this.scope}|${key}`, now, this.windowMs).then(
        (state) => callback(null, { current: state.count, ttl: Math.max(0, Date.parse(state.windowEndsAt) - now.getTime()) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      return new SharedRateLimitStore(routeOptions);
    }
  }
  return SharedRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
