import { z } from 'zod';
import { requiredField } from './messages.ts';
import { User } from './user.schema.ts';
import { EmailAddress, newPasswordFields, withMatchingPasswords } from './user-input.schema.ts';

/** The secret of a link mailed to an address (base64url of 32 random bytes: 43 characters). */
export const linkToken = z
  .string({ error: requiredField('token') })
  .trim()
  .min(1, 'The token field is required.')
  .max(100, 'This link is invalid or has expired.')
  .regex(/^[A-Za-z0-9_-]+$/, 'This link is invalid or has expired.');

/** POST /api/user/email/verify and POST /api/invitations/claim. */
export const LinkTokenInput = z.object({ token: linkToken });
export type LinkTokenInput = z.infer<typeof LinkTokenInput>;

/** POST /api/user/forgot-password: answered the same whether or not the address has an account. */
export const ForgotPasswordInput = z.object({ email: EmailAddress });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

/** POST /api/user/reset-password: the same password rules as sign-up. */
export const ResetPasswordInput = withMatchingPasswords(z.object({ token: linkToken, ...newPasswordFields }));
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

export const VerifyEmailResponse = z.object({ message: z.string(), user: User });
