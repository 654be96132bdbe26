import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { recordIdParams } from './ids.ts';
import { requiredField } from './messages.ts';
import { EmailAddress, newPasswordFields, withMatchingPasswords, PersonName } from './user.schema.ts';

/** Account settings beside the spec's user card (issue 18). */

export const ProfileInput = z.object({ name: PersonName });

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
