import { z } from 'zod';

/**
 * A person's private calendar feed (issue 25, decision 038): an iCalendar address with a secret in
 * it, for Google Calendar, Apple Calendar or Thunderbird to subscribe to. `url` is null while the
 * feed is off.
 */
export const CalendarFeedState = z.object({
  url: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type CalendarFeedState = z.infer<typeof CalendarFeedState>;

export const CALENDAR_FEED_NOT_FOUND = 'Calendar feed not found';

/** `<user id>-<token>.ics`: the token is 43 base64url characters (an HMAC-SHA256). */
export const CALENDAR_FEED_FILE = /^([1-9]\d{0,9})-([A-Za-z0-9_-]{43})\.ics$/;

/** Any file name up to 100 characters: one that is not a live feed's is the same 404 whatever its shape. */
export const CalendarFeedParams = z.object({
  feed: z.string().max(100, CALENDAR_FEED_NOT_FOUND),
});
