import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '../common/limits.ts';
import { PRODUCT_NAME } from '../common/constants.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createTokenRepository } from './db/repositories/token.repository.ts';
import { createUserRepository } from './db/repositories/user.repository.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { commentRoutes } from './routes/comment.routes.ts';
import { eventRoutes } from './routes/event.routes.ts';
import { shareRoutes } from './routes/share.routes.ts';
import { taskRoutes } from './routes/task.routes.ts';
import { userRoutes } from './routes/user.routes.ts';
import { createAuthService } from './services/auth.service.ts';
import { createCommentService } from './services/comment.service.ts';
import { createShareService } from './services/share.service.ts';
import { createTaskService } from './services/task.service.ts';
import { createMailOutboxRepository } from './db/repositories/mail-outbox.repository.ts';
import { createMailDispatcher, type MailDispatcher } from './mail/mail-dispatcher.ts';
import { createInProcessBus, createPostgresBus, type EventBus } from './realtime/event-bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background parts main.ts starts and tests drive directly. */
    taskaty: { mail: MailDispatcher; bus: EventBus };
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Defaults to LISTEN/NOTIFY on PostgreSQL (DATABASE_URL), in-process otherwise. */
  bus?: EventBus;
  /** Pino options or false; tests pass false to keep output readable. */
  logger?: boolean | object;
}

/** Builds the whole server (API + web app) around an opened, migrated database. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: LIMITS.requestBodyBytes,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  // Clients send `Content-Type: application/json` on every call (spec §7), also on
  // body-less PUT/POST such as complete or accept-share: an empty body is no body.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return defaultJsonParser(request, body as string, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await registerSecurityHeaders(app);
  await app.register(rateLimit, {
    global: false,
    // After body parsing, so sign-in can be limited per e-mail as well as per address.
    hook: 'preHandler',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0', description: 'Tasks, labels, sharing, comments, export and AI helpers.' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: '`<id>|<secret>` from POST /api/user/login' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const bus = deps.bus ?? (config.databaseUrl ? await createPostgresBus(config.databaseUrl, app.log) : createInProcessBus());
  const mail = createMailDispatcher({
    outbox: createMailOutboxRepository(database.db),
    clock,
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    log: app.log,
  });
  app.decorate('taskaty', { mail, bus });
  app.addHook('onClose', async () => {
    await mail.stop();
    await bus.close();
  });

  const users = createUserRepository(database.db);
  const tokens = createTokenRepository(database.db);
  const tasks = createTaskService({
    database,
    clock,
    events: { taskChanged: (taskId, audience) => bus.publish(audience, { type: 'task-changed', taskId }) },
  });
  const shares = createShareService({ database, clock, events: bus, publicUrl: config.publicUrl, onMailQueued: () => void mail.flush() });
  const comments = createCommentService({ database, clock, events: bus, audienceOf: (taskId) => shares.audienceOf(taskId) });
  const auth = createAuthService({
    users,
    tokens,
    clock,
    tokenTtlDays: config.tokenTtlDays,
    onRegistered: (user) => shares.claimInvitations(user),
  });

  await app.register(userRoutes, { auth, rateLimits: config.rateLimits });
  await app.register(taskRoutes, { auth, tasks });
  await app.register(shareRoutes, { auth, shares, tasks, sharePerMinute: config.rateLimits.sharePerMinute });
  await app.register(commentRoutes, { auth, comments });
  await app.register(eventRoutes, { auth, bus });

  await registerWebApp(app, config.webDistDir);
  return app;
}
