import { z } from 'zod';
import { requiredField } from './messages.ts';
import { LIMITS } from '../limits.ts';
import { stripInvisible } from '../invisible-characters.ts';

/** An e-mail address as an account holds it: no invisible characters, trimmed, lower case. */
export const EmailAddress = z
  .string({ error: requiredField('email') })
  .overwrite(stripInvisible)
  .trim()
  .min(1, 'The email field is required.')
  .max(LIMITS.emailMax, `The email must not be greater than ${LIMITS.emailMax} characters.`)
  .pipe(z.email('The email must be a valid email address.'))
  .transform((value) => value.toLowerCase());

/**
 * A person's name as others see it: without bidi controls or invisible characters (a name of
 * nothing else is blank and "required"; common/invisible-characters.ts), 1–255 characters.
 */
export const PersonName = z
  .string({ error: requiredField('name') })
  .overwrite(stripInvisible)
  .trim()
  .min(1, 'The name field is required.')
  .max(LIMITS.nameMax, `The name must not be greater than ${LIMITS.nameMax} characters.`);

/**
 * A password being chosen (sign-up, reset, change) with its confirmation: the length rules here,
 * the strength check on the server (server/services/password-policy.ts).
 */
export const newPasswordFields = {
  password: z
    .string({ error: requiredField('password') })
    .min(1, { error: 'The password field is required.', abort: true })
    .min(LIMITS.passwordMin, `The password must be at least ${LIMITS.passwordMin} characters.`)
    .max(LIMITS.passwordMax, `The password must not be greater than ${LIMITS.passwordMax} characters.`),
  password_confirmation: z.string({ error: requiredField('password confirmation') }),
};
/** A form with `newPasswordFields`, refined so that the two must match. */
export const withMatchingPasswords = <T extends { password: string; password_confirmation: string }>(schema: z.ZodType<T>) =>
  schema.refine((input) => input.password === input.password_confirmation, {
    message: 'The password field confirmation does not match.',
    path: ['password'],
  });

export const RegisterInput = withMatchingPasswords(z.object({ name: PersonName, email: EmailAddress, ...newPasswordFields }));
export type RegisterInput = z.infer<typeof RegisterInput>;

export const LoginInput = z.object({
  email: z
    .string({ error: requiredField('email') })
    .overwrite(stripInvisible)
    .trim()
    .min(1, 'The email field is required.')
    .max(LIMITS.emailMax)
    .transform((value) => value.toLowerCase()),
  password: z
    .string({ error: requiredField('password') })
    .min(1, 'The password field is required.')
    .max(LIMITS.passwordMax),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const User = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  user_photo: z.string().nullable(),
  created_at: z.string(),
  /** When the address was proven (issue 18); shares addressed to it reach the account only then. */
  email_verified_at: z.string().nullable(),
  /**
   * The person's IANA time zone (issue 21, `PUT /api/user/time-zone`); null until set, when the
   * server reads their days in UTC.
   */
  time_zone: z.string().nullable(),
});
export type User = z.infer<typeof User>;

export const UserResponse = z.object({ user: User });

export const LoginResponse = z.object({
  user: User,
  token: z.object({ plainTextToken: z.string() }),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RegisterResponse = z.object({ message: z.string(), user: User });
