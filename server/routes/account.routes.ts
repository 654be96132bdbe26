import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ForgotPasswordInput, LinkTokenInput, ResetPasswordInput, VerifyEmailResponse } from '../../common/schemas/account.schema.ts';
import { ErrorBody, MessageBody } from '../../common/schemas/error.schema.ts';
import { UserResponse } from '../../common/schemas/user.schema.ts';
import { requireUser } from '../plugins/auth.ts';
import { requestLanguage } from '../plugins/request-language.ts';
import type { AccountService } from '../services/account.service.ts';
import { presentUser, type AuthService } from '../services/auth.service.ts';

export interface AccountRoutesOptions {
  auth: AuthService;
  accounts: AccountService;
  /** Checked after the schema: the strength of a new password, as field errors (empty when fine). */
  passwordErrors?: (password: string, userInputs: string[]) => Promise<string[]> | string[];
}

const errors = { 401: ErrorBody, 422: ErrorBody, 429: ErrorBody };
const security = [{ bearer: [] }];
/** Per client address: a person asks for a handful of links, a script for thousands. */
const linkRequestLimit = { max: 10, timeWindow: '1 hour' };

export const FORGOT_PASSWORD_ANSWER = 'If an account exists for this address, we have sent it a link to choose a new password.';

/** Verified e-mail addresses, invitation links and password recovery (issue 18). */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { auth, accounts, passwordErrors }) => {
  // The link in the e-mail is enough: it may be opened on a device that is not signed in.
  app.post(
    '/api/user/email/verify',
    {
      schema: {
        tags: ['user'],
        summary: 'Prove the e-mail address with the link mailed to it',
        body: LinkTokenInput,
        response: { 200: VerifyEmailResponse, ...errors },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
    },
    async (request) => {
      const user = await accounts.verifyEmail(request.body.token);
      return { message: 'Your e-mail address is verified.', user: presentUser(user) };
    },
  );

  app.post(
    '/api/user/forgot-password',
    {
      schema: {
        tags: ['user'],
        summary: 'Mail a link to choose a new password (the same answer for every address)',
        body: ForgotPasswordInput,
        response: { 200: MessageBody, ...errors },
      },
      config: { rateLimit: linkRequestLimit },
    },
    async (request) => {
      await accounts.requestPasswordReset(request.body.email, requestLanguage(request));
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    '/api/user/reset-password',
    {
      schema: {
        tags: ['user'],
        summary: 'Choose a new password with the mailed link; every session is signed out',
        body: ResetPasswordInput,
        response: { 200: MessageBody, ...errors },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
    },
    async (request) => {
      await accounts.resetPassword(request.body.token, request.body.password, passwordErrors);
      return { message: 'Your password has been changed. Sign in with the new password.' };
    },
  );

  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('onRequest', requireUser(auth));

    signedIn.post(
      '/api/user/email/resend',
      {
        schema: { tags: ['user'], summary: 'Send the verification e-mail again', security, response: { 200: MessageBody, ...errors } },
        config: { rateLimit: { max: 5, timeWindow: '1 hour', keyGenerator: (request) => `resend:${request.user?.id ?? request.ip}` } },
      },
      async (request) => {
        await accounts.resendVerification(request.user);
        return { message: 'We have sent you a new verification e-mail.' };
      },
    );

    signedIn.post(
      '/api/invitations/claim',
      {
        schema: {
          tags: ['sharing'],
          summary: 'Follow the link of an invitation e-mail: proves this account’s address and shows its shares',
          security,
          body: LinkTokenInput,
          response: { 200: UserResponse, ...errors },
        },
      },
      async (request) => ({ user: presentUser(await accounts.claimInvitation(request.user, request.body.token)) }),
    );
  });
};
