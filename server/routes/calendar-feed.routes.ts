import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CalendarFeedParams, CalendarFeedState } from '../../common/schemas/calendar-feed.schema.ts';
import { ErrorBody } from '../../common/schemas/error.schema.ts';
import { requireUser } from '../plugins/auth.ts';
import type { AuthService } from '../services/auth.service.ts';
import type { CalendarFeedService } from '../services/calendar-feed.service.ts';

const security = [{ bearer: [] }];
const tags = ['calendar'];
const errors = { 401: ErrorBody, 429: ErrorBody };

/** Issue 25: a private calendar feed per person, turned on, renewed and off in Settings. */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{ auth: AuthService; calendarFeeds: CalendarFeedService }> = async (
  app,
  { auth, calendarFeeds },
) => {
  const signedIn = requireUser(auth);

  app.get(
    '/api/user/calendar-feed',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'My calendar feed’s address, or null while it is off',
        security,
        response: { 200: CalendarFeedState, ...errors },
      },
    },
    async (request) => calendarFeeds.state(request.user),
  );

  app.post(
    '/api/user/calendar-feed',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Turn my calendar feed on, or give it a new address (the old one stops working at once)',
        security,
        response: { 200: CalendarFeedState, ...errors },
      },
    },
    async (request) => calendarFeeds.renew(request.user),
  );

  app.delete(
    '/api/user/calendar-feed',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Turn my calendar feed off', security, response: { 200: CalendarFeedState, ...errors } },
    },
    async (request) => calendarFeeds.turnOff(request.user),
  );

  app.get(
    '/api/calendar/:feed',
    {
      // Calendar apps read a feed every few hours; guessing a 256-bit token is hopeless anyway.
      config: { rateLimit: { max: 120, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'A calendar feed (iCalendar): the tasks with a due date, as events. No session: the address is the credential',
        description:
          'Open tasks, and tasks completed in the last 90 days (ticked), owned or shared with the feed’s owner; a date alone is ' +
          'an all-day event, a due time a 30-minute event in the task owner’s time zone; a task repeating on its due date carries its RRULE.',
        params: CalendarFeedParams,
        response: { 404: ErrorBody, 429: ErrorBody },
      },
    },
    // The body is iCalendar text, not JSON: the reply is Fastify's plain one, outside the JSON schemas.
    async (request: FastifyRequest<{ Params: { feed: string } }>, reply: FastifyReply) => {
      const ics = await calendarFeeds.render(request.params.feed);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="taskaty.ics"')
        .send(ics);
    },
  );
};
