import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { canonicalTimeZone } from '../time-zone.ts';
import { recordIdParams } from './ids.ts';
import { requiredField } from './messages.ts';
import { EmailAddress, newPasswordFields, withMatchingPasswords, PersonName } from './user-input.schema.ts';

/** Account settings beside the spec's user card (issue 18). */

export const ProfileInput = z.object({ name: PersonName });

export const TIME_ZONE_MESSAGE = 'The time zone must be an IANA time zone, such as Europe/Berlin.';

/**
 * PUT /api/user/time-zone (issue 21): an IANA zone that Intl knows (at most 64 characters), kept as
 * Intl writes it (`europe/berlin` → `Europe/Berlin`); null goes back to none (read as UTC).
 */
export const TimeZoneInput = z.object({
  time_zone: z.union([z.string(), z.null()], { error: requiredField('time zone') }).transform((value, context) => {
    if (value === null) return null;
    const zone = canonicalTimeZone(value.trim());
    if (zone === undefined) {
      context.issues.push({ code: 'custom', message: TIME_ZONE_MESSAGE, input: value });
      return z.NEVER;
    }
    return zone;
  }),
});

const password = (field: string) =>
  z
    .string({ error: requiredField(field) })
    .min(1, `The ${field} field is required.`)
    .max(LIMITS.passwordMax, `The ${field} must not be greater than ${LIMITS.passwordMax} characters.`);

export const EmailChangeInput = z.object({ email: EmailAddress, password: password('password') });

export const PasswordChangeInput = withMatchingPasswords(
  z.object({ current_password: password('current password'), ...newPasswordFields }),
);

export const DeleteAccountInput = z.object({ password: password('password') });

export const Session = z.object({
  id: z.number().int(),
  /** From the browser's User-Agent at sign-in; null when it named none we know. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type Session = z.infer<typeof Session>;
export const SessionsResponse = z.object({ sessions: z.array(Session) });

export const SessionIdParams = recordIdParams('This session has already ended.');

export const PhotoKeyParams = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{24}\.webp$/) });
