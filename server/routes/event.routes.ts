import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../clock.ts';
import { requireUser } from '../plugins/auth.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { LiveStream, LiveStreams } from '../realtime/live-streams.ts';
import type { AuthService } from '../services/auth.service.ts';

/** setTimeout's longest wait; a token valid for longer is looked at again after it. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface EventRoutesOptions {
  auth: AuthService;
  bus: EventBus;
  streams: LiveStreams;
  clock: Clock;
  /** When the token expires (ISO text), or undefined once it is gone (signed out meanwhile). */
  tokenExpiresAt: (tokenId: number) => Promise<string | undefined>;
  heartbeatMs?: number;
}

/**
 * GET /api/events: a server-sent event stream per signed-in user (pending shares, changes
 * to tasks they can see). The web client reads it with fetch so the token stays in the
 * Authorization header, never in a URL. A stream lives only as long as its sign-in: it ends
 * when its token expires, when the token is signed out (`sessions-ended` on the bus, from any
 * process) and when this process shuts down; an account holds at most MAX_STREAMS_PER_USER.
 */
export const eventRoutes: FastifyPluginAsyncZod<EventRoutesOptions> = async (
  app,
  { auth, bus, streams, clock, tokenExpiresAt, heartbeatMs = 25_000 },
) => {
  app.addHook('onRequest', requireUser(auth));

  app.get(
    '/api/events',
    { schema: { tags: ['realtime'], summary: 'Server-sent events for the signed-in user', security: [{ bearer: [] }] } },
    async (request, reply) => {
      const userId = request.user.id;
      const tokenId = request.tokenId;
      const res = reply.raw;
      let ended = false;
      const timers: { heartbeat?: ReturnType<typeof setInterval>; expiry?: ReturnType<typeof setTimeout> } = {};
      let unsubscribe = () => {};
      const stream: LiveStream = {
        userId,
        tokenId,
        end() {
          if (ended) return;
          ended = true;
          clearInterval(timers.heartbeat);
          clearTimeout(timers.expiry);
          unsubscribe();
          streams.remove(stream);
          if (!res.writableEnded) res.end();
        },
      };
      // Throws 429 past the cap, answered as usual since nothing is sent yet.
      await streams.add(stream);

      reply.hijack();
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.write(`retry: 5000\nevent: ready\ndata: {}\n\n`);
      unsubscribe = bus.subscribe(userId, (event) => {
        if (event.type === 'sessions-ended') {
          if (event.tokenIds === 'all' || event.tokenIds.includes(tokenId)) stream.end();
          return;
        }
        res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      });
      timers.heartbeat = setInterval(() => res.write(': keep-alive\n\n'), heartbeatMs);
      request.raw.on('close', stream.end);
      res.on('error', stream.end);

      // Looked up after subscribing: a sign-out that lands before this is seen here, one after it on the bus.
      const expiresAt = await tokenExpiresAt(tokenId).catch(() => undefined);
      // The token's time left by the app's clock, counted down from here on this machine's.
      const deadline = expiresAt ? performance.now() + (Date.parse(expiresAt) - clock.now().getTime()) : 0;
      const armExpiry = () => {
        if (ended) return;
        const left = deadline - performance.now();
        if (left <= 0) return stream.end();
        timers.expiry = setTimeout(armExpiry, Math.min(Math.ceil(left), MAX_TIMER_MS));
      };
      armExpiry();
    },
  );
};
