import { z } from 'zod';
import { requiredField } from './messages.ts';
import { LIMITS } from '../limits.ts';
import { stripInvisible } from '../invisible-characters.ts';

/*
 * What a person types about their account: sign-up, sign-in, a name, an address, a new password.
 * Apart from the answers' schemas (user.schema.ts): zod builds a schema when its module is
 * imported, and the dashboard's first load reads the user, never these (decision 025).
 */

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
