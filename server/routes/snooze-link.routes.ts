import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../common/schemas/error.schema.ts';
import { SnoozeLinkInput, SnoozeLinkResponse } from '../../common/schemas/notification-input.schema.ts';
import type { createSnoozeLinkService } from '../services/snooze-link.service.ts';

/**
 * Snoozing a delivered reminder from its e-mail or push notification (issue 22). No session: the
 * single-use secret is the credential (a service worker has none, a phone's mail app often none).
 */
export const snoozeLinkRoutes: FastifyPluginAsyncZod<{ snoozeLinks: ReturnType<typeof createSnoozeLinkService> }> = async (
  app,
  { snoozeLinks },
) => {
  app.post(
    '/api/reminder-snoozes',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Snooze a delivered reminder with the link of its e-mail or push message (10m, 1h or tomorrow); once per link',
        body: SnoozeLinkInput,
        response: { 200: SnoozeLinkResponse, 404: ErrorBody, 410: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
      // Per client address: a person snoozes a few reminders a day; guessing a 256-bit secret is hopeless anyway.
      config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
    },
    async (request) => ({ message: 'Reminder snoozed', ...(await snoozeLinks.snooze(request.body.token, request.body.for)) }),
  );
};
