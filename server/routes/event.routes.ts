import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../plugins/auth.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { AuthService } from '../services/auth.service.ts';

/**
 * GET /api/events: a server-sent event stream per signed-in user (pending shares, changes
 * to tasks they can see). The web client reads it with fetch so the token stays in the
 * Authorization header, never in a URL.
 */
export const eventRoutes: FastifyPluginAsyncZod<{ auth: AuthService; bus: EventBus; heartbeatMs?: number }> = async (
  app,
  { auth, bus, heartbeatMs = 25_000 },
) => {
  app.addHook('onRequest', requireUser(auth));

  app.get(
    '/api/events',
    { schema: { tags: ['realtime'], summary: 'Server-sent events for the signed-in user', security: [{ bearer: [] }] } },
    (request, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.write(`retry: 5000\nevent: ready\ndata: {}\n\n`);
      const unsubscribe = bus.subscribe(request.user.id, (event) => {
        res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), heartbeatMs);
      const close = () => {
        clearInterval(heartbeat);
        unsubscribe();
      };
      request.raw.on('close', close);
      res.on('error', close);
    },
  );
};
