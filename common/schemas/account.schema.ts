import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { requiredField } from './messages.ts';
import { User } from './user.schema.ts';

/** The secret of a link mailed to an address (base64url of 32 random bytes: 43 characters). */
const linkToken = z
  .string({ error: requiredField('token') })
  .trim()
  .min(1, 'The token field is required.')
  .max(100, 'This link is invalid or has expired.')
  .regex(/^[A-Za-z0-9_-]+$/, 'This link is invalid or has expired.');

/** POST /api/user/email/verify and POST /api/invitations/claim. */
export const LinkTokenInput = z.object({ token: linkToken });
export type LinkTokenInput = z.infer<typeof LinkTokenInput>;

/** POST /api/user/forgot-password: answered the same whether or not the address has an account. */
export const ForgotPasswordInput = z.object({
  email: z
    .string({ error: requiredField('email') })
    .trim()
    .min(1, 'The email field is required.')
    .max(LIMITS.emailMax, `The email must not be greater than ${LIMITS.emailMax} characters.`)
    .pipe(z.email('The email must be a valid email address.'))
    .transform((value) => value.toLowerCase()),
});
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

/** POST /api/user/reset-password: the same password rules as sign-up. */
export const ResetPasswordInput = z
  .object({
    token: linkToken,
    password: z
      .string({ error: requiredField('password') })
      .min(1, { error: 'The password field is required.', abort: true })
      .min(LIMITS.passwordMin, `The password must be at least ${LIMITS.passwordMin} characters.`)
      .max(LIMITS.passwordMax, `The password must not be greater than ${LIMITS.passwordMax} characters.`),
    password_confirmation: z.string({ error: requiredField('password confirmation') }),
  })
  .refine((input) => input.password === input.password_confirmation, {
    message: 'The password field confirmation does not match.',
    path: ['password'],
  });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

export const VerifyEmailResponse = z.object({ message: z.string(), user: User });
