import { VerifyEmailResponse } from '../../../common/schemas/account.schema.ts';
import { MessageBody } from '../../../common/schemas/error.schema.ts';
import { LoginResponse, RegisterResponse, UserResponse } from '../../../common/schemas/user.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

export const login = (email: string, password: string) =>
  apiRequest('/api/user/login', { method: 'POST', auth: false, body: { email, password }, schema: LoginResponse });

export const register = (input: { name: string; email: string; password: string; password_confirmation: string }) =>
  apiRequest('/api/user/register', { method: 'POST', auth: false, body: input, schema: RegisterResponse });

/** POST /api/user/email/verify: the link's own proof, so no token is needed (it may be opened signed out). */
export const verifyEmail = (token: string) =>
  apiRequest('/api/user/email/verify', { method: 'POST', auth: false, body: { token }, schema: VerifyEmailResponse });

/** POST /api/user/email/resend → the server's message. */
export const resendVerification = () =>
  apiRequest('/api/user/email/resend', { method: 'POST', schema: MessageBody }).then((answer) => answer.message);

/** POST /api/invitations/claim: the signed-in account follows the link of an invitation e-mail. */
export const claimInvitation = (token: string) =>
  apiRequest('/api/invitations/claim', { method: 'POST', body: { token }, schema: UserResponse }).then((answer) => answer.user);

/** POST /api/user/forgot-password → the same message whether or not the address has an account. */
export const forgotPassword = (email: string) =>
  apiRequest('/api/user/forgot-password', { method: 'POST', auth: false, body: { email }, schema: MessageBody }).then(
    (answer) => answer.message,
  );

/** POST /api/user/reset-password → the server's message. */
export const resetPassword = (input: { token: string; password: string; password_confirmation: string }) =>
  apiRequest('/api/user/reset-password', { method: 'POST', auth: false, body: input, schema: MessageBody }).then(
    (answer) => answer.message,
  );
