import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, MessageBody } from '../../common/schemas/error.schema.ts';
import { LoginInput, LoginResponse, RegisterInput, RegisterResponse, UserResponse } from '../../common/schemas/user.schema.ts';
import { isLanguageCode, matchLanguage } from '../../common/locales.ts';
import { presentUser, type AuthService } from '../services/auth.service.ts';
import { requireUser } from '../plugins/auth.ts';
import { fieldErrorsFrom } from '../plugins/error-handler.ts';
import { AppError, ValidationError } from '../errors.ts';
import { FailureThrottle } from '../plugins/failure-throttle.ts';

export interface UserRoutesOptions {
  auth: AuthService;
  rateLimits: { loginPerMinute: number; signupPerHour: number };
}

const errorResponses = { 401: ErrorBody, 422: ErrorBody, 429: ErrorBody };

export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, { auth, rateLimits }) => {
  // Per address and e-mail, failures only: guessing one account's password is slowed without
  // locking out everyone behind the same NAT, or anyone who types their password right.
  const failedSignIns = new FailureThrottle({ maxFailures: rateLimits.loginPerMinute, windowMs: 60_000 });

  app.post(
    '/api/user/register',
    {
      schema: { tags: ['user'], summary: 'Create an account', body: RegisterInput, response: { 201: RegisterResponse, ...errorResponses } },
      config: { rateLimit: { max: rateLimits.signupPerHour, timeWindow: '1 hour' } },
      // Validation is finished in the handler so a taken e-mail is reported together
      // with the other field errors, not only once they are fixed.
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) {
        const errors = fieldErrorsFrom((request.validationError as { validation?: [] }).validation ?? []);
        const email = (request.body as { email?: unknown } | null)?.email;
        if (!errors.email && typeof email === 'string' && (await auth.isEmailTaken(email)))
          errors.email = ['The email has already been taken.'];
        throw new ValidationError(errors);
      }
      const language = matchLanguage((request.headers['accept-language'] ?? '').split(','));
      const user = await auth.register(request.body, isLanguageCode(language) ? language : null);
      return reply.code(201).send({ message: 'Account created successfully! You can now sign in.', user });
    },
  );

  app.post(
    '/api/user/login',
    {
      schema: {
        tags: ['user'],
        summary: 'Sign in and receive a bearer token',
        body: LoginInput,
        response: { 200: LoginResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const key = `${request.ip}|${request.body.email.trim().toLowerCase()}`;
      const wait = failedSignIns.retryAfterSeconds(key);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw new AppError(429, `Too many attempts. Please try again in ${wait} seconds.`);
      }
      let signedIn;
      try {
        signedIn = await auth.login(request.body);
      } catch (error) {
        if (error instanceof ValidationError) failedSignIns.fail(key);
        throw error;
      }
      failedSignIns.succeed(key);
      const { user, plainTextToken } = signedIn;
      return { user, token: { plainTextToken } };
    },
  );

  await app.register(async (protectedScope) => {
    protectedScope.addHook('onRequest', requireUser(auth));

    protectedScope.get(
      '/api/user',
      {
        schema: {
          tags: ['user'],
          summary: 'The signed-in user',
          security: [{ bearer: [] }],
          response: { 200: UserResponse, 401: ErrorBody },
        },
      },
      async (request) => ({ user: presentUser(request.user) }),
    );

    protectedScope.post(
      '/api/user/logout',
      {
        schema: {
          tags: ['user'],
          summary: 'Revoke the token used for this request',
          security: [{ bearer: [] }],
          response: { 200: MessageBody, 401: ErrorBody },
        },
      },
      async (request) => {
        await auth.logout(request.tokenId);
        return { message: 'Logged out' };
      },
    );
  });
};
