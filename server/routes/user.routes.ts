import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, MessageBody } from '../../common/schemas/error.schema.ts';
import { LoginResponse, RegisterResponse, UserResponse } from '../../common/schemas/user.schema.ts';
import { LoginInput, RegisterInput } from '../../common/schemas/user-input.schema.ts';
import { isLanguageCode, matchLanguage } from '../../common/locales.ts';
import { presentUser, type AuthService } from '../services/auth.service.ts';
import { requireUser } from '../plugins/auth.ts';
import { fieldErrorsFrom } from '../plugins/error-handler.ts';
import { AppError, ValidationError } from '../errors.ts';
import type { Clock } from '../clock.ts';
import type { SharedCounterRepository } from '../db/repositories/shared-counter.repository.ts';
import { createFailureThrottle, createRecentKeys } from '../plugins/failure-throttle.ts';
import { passwordStrengthErrors } from '../services/password-policy.ts';

export interface UserRoutesOptions {
  auth: AuthService;
  rateLimits: { loginPerMinute: number; signupPerHour: number };
  /** Sign-in failures are counted where every app process counts them. */
  counters: SharedCounterRepository;
  clock: Pick<Clock, 'now'>;
}

const errorResponses = { 401: ErrorBody, 422: ErrorBody, 429: ErrorBody };

const REGISTER_FIELDS = ['name', 'email', 'password', 'password_confirmation'];
const fieldRank = (field: string) => (REGISTER_FIELDS.includes(field) ? REGISTER_FIELDS.indexOf(field) : REGISTER_FIELDS.length);
/** The form's order, so the summary message names the first field a person sees. */
const inFieldOrder = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).sort(([a], [b]) => fieldRank(a) - fieldRank(b)));

/**
 * Failed sign-ins one address may make across all e-mails, as a multiple of the per-e-mail limit
 * (finding 18c): 50 a minute by default. Trying many accounts from one address is slowed, while a
 * household or office behind one NAT, whose people sign in right nearly always, never comes near it.
 */
export const SIGN_IN_FAILURES_PER_ADDRESS_FACTOR = 5;
/** How long an address + e-mail that signed in correctly is exempt from the per-address count. */
const SIGNED_IN_MEMORY_MS = 24 * 60 * 60 * 1000;

export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, { auth, rateLimits, counters, clock }) => {
  // Per address and e-mail, failures only: guessing one account's password is slowed without
  // locking out everyone behind the same NAT, or anyone who types their password right.
  const failedSignIns = createFailureThrottle(counters, clock, {
    name: 'sign-in',
    maxFailures: rateLimits.loginPerMinute,
    windowMs: 60_000,
  });
  // Per address across e-mails, failures only: one address trying many accounts (or flooding the
  // password hasher with unknown e-mails) is slowed too. A success does not clear it (one known
  // account would reset it for the rest), but whoever signed in from this address in the last day
  // is let past it, so a stranger behind the same NAT cannot lock them out.
  const failedSignInsPerAddress = createFailureThrottle(counters, clock, {
    name: 'sign-in-address',
    maxFailures: rateLimits.loginPerMinute * SIGN_IN_FAILURES_PER_ADDRESS_FACTOR,
    windowMs: 60_000,
  });
  const signedInFrom = createRecentKeys(counters, clock, { name: 'signed-in-from', ttlMs: SIGNED_IN_MEMORY_MS });

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
      const errors = request.validationError ? fieldErrorsFrom((request.validationError as { validation?: [] }).validation ?? []) : {};
      const { name, email, password } = (request.body ?? {}) as { name?: unknown; email?: unknown; password?: unknown };
      // Strength only once the schema's own password rules hold (length, confirmation), judged
      // against what the person tells about themselves.
      if (!errors.password && typeof password === 'string') {
        const weak = await passwordStrengthErrors(
          password,
          [name, email].filter((text) => typeof text === 'string'),
        );
        if (weak.length > 0) errors.password = weak;
      }
      if (Object.keys(errors).length > 0) {
        if (!errors.email && typeof email === 'string' && (await auth.isEmailTaken(email)))
          errors.email = ['The email has already been taken.'];
        throw new ValidationError(inFieldOrder(errors));
      }
      const language = matchLanguage((request.headers['accept-language'] ?? '').split(','));
      const user = await auth.register(request.body, isLanguageCode(language) ? language : null, request.ip);
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
      const address = request.ip;
      const key = `${address}|${request.body.email.trim().toLowerCase()}`;
      const wait = Math.max(
        await failedSignIns.retryAfterSeconds(key),
        (await signedInFrom.has(key)) ? 0 : await failedSignInsPerAddress.retryAfterSeconds(address),
      );
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw new AppError(429, `Too many attempts. Please try again in ${wait} seconds.`);
      }
      let signedIn;
      try {
        signedIn = await auth.login(request.body, address, request.headers['user-agent']);
      } catch (error) {
        if (error instanceof ValidationError) {
          await failedSignIns.fail(key);
          await failedSignInsPerAddress.fail(address);
        }
        throw error;
      }
      await failedSignIns.succeed(key);
      await signedInFrom.remember(key);
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
