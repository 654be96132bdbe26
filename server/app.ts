import http from 'node:http';
import path from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { createLiveStreamRepository } from './db/repositories/live-stream.repository.ts';
import { createSharedCounterRepository } from './db/repositories/shared-counter.repository.ts';
import { sharedRateLimitStore } from './plugins/shared-rate-limit-store.ts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '../common/limits.ts';
import { PRODUCT_NAME } from '../common/constants.ts';
import { createListResponseCache } from './cache/list-response.cache.ts';
import { createRenderedTaskCache } from './cache/rendered-task.cache.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import { readListEpoch } from './db/backup.ts';
import type { Database } from './db/database.ts';
import { createTokenRepository } from './db/repositories/token.repository.ts';
import { createUserRepository } from './db/repositories/user.repository.ts';
import { ValidationError } from './errors.ts';
import type { AiWriter } from './ai/ai.types.ts';
import { createAiWriter } from './ai/ai.writer.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerBodyDeadline } from './plugins/body-deadline.ts';
import { loggerOptions, registerRequestLog } from './plugins/request-log.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { accountRoutes } from './routes/account.routes.ts';
import { settingsRoutes } from './routes/settings.routes.ts';
import { aiRoutes } from './routes/ai.routes.ts';
import { commentRoutes } from './routes/comment.routes.ts';
import { eventRoutes } from './routes/event.routes.ts';
import { labelRoutes } from './routes/label.routes.ts';
import { exportRoutes } from './routes/export.routes.ts';
import { loadExportImages } from './export/export-images.ts';
import { shareRoutes } from './routes/share.routes.ts';
import { notificationRoutes } from './routes/notification.routes.ts';
import { snoozeLinkRoutes } from './routes/snooze-link.routes.ts';
import { reminderRoutes } from './routes/reminder.routes.ts';
import { subtaskRoutes } from './routes/subtask.routes.ts';
import { taskRoutes } from './routes/task.routes.ts';
import { taskRestoreRoutes } from './routes/task-restore.routes.ts';
import { userRoutes } from './routes/user.routes.ts';
import { createAccountService, LINK_LIFETIME_MS } from './services/account.service.ts';
import { passwordHasher } from './services/password-hasher.ts';
import { passwordStrengthErrors } from './services/password-policy.ts';
import { createSettingsService } from './services/settings.service.ts';
import { createAuthService } from './services/auth.service.ts';
import { createNotificationDelivery } from './services/notification-delivery.ts';
import { createNotificationService } from './services/notification.service.ts';
import { createReminderScheduler, type ReminderScheduler } from './services/reminder.scheduler.ts';
import { createDigestScheduler, type DigestScheduler } from './services/digest.scheduler.ts';
import { createPushRepository } from './db/repositories/push.repository.ts';
import { createPushDispatcher, type PushDispatcher } from './push/push-dispatcher.ts';
import { loadVapidKeys } from './push/vapid-keys.ts';
import { pushRoutes } from './routes/push.routes.ts';
import { createPushService } from './services/push.service.ts';
import { createNotificationSettingsService } from './services/notification-settings.service.ts';
import { createReminderService } from './services/reminder.service.ts';
import { createSnoozeLinkService } from './services/snooze-link.service.ts';
import { createTaskCreateKeyRepository } from './db/repositories/task-create-key.repository.ts';
import { createSnoozeLinkRepository } from './db/repositories/snooze-link.repository.ts';
import { createCommentService } from './services/comment.service.ts';
import { createLabelService } from './services/label.service.ts';
import { createShareService } from './services/share.service.ts';
import { createSubtaskService } from './services/subtask.service.ts';
import { createTaskService } from './services/task.service.ts';
import { createTaskRestoreService } from './services/task-restore.service.ts';
import { loadTask } from './services/task-access.ts';
import { presentTask } from './services/task.presenter.ts';
import { createMailOutboxRepository } from './db/repositories/mail-outbox.repository.ts';
import { createMailDispatcher, type MailDispatcher } from './mail/mail-dispatcher.ts';
import { createInProcessBus, createPostgresBus, type EventBus } from './realtime/event-bus.ts';
import { createLiveStreams, createSessions, type Sessions } from './realtime/live-streams.ts';
import { createExpiredPurge, type ExpiredPurge } from './db/expired-purge.ts';
import { closeSilentConnections, reapIdleConnections } from './http-connections.ts';
import { attachmentRoutes } from './routes/attachment.routes.ts';
import { driveRoutes } from './routes/drive.routes.ts';
import { calendarFeedRoutes } from './routes/calendar-feed.routes.ts';
import { apiTokenRoutes } from './routes/api-token.routes.ts';
import { createCalendarFeedService } from './services/calendar-feed.service.ts';
import { createDriveService } from './services/drive.service.ts';
import { createAttachmentService } from './services/attachment.service.ts';
import { createDiskStore } from './storage/disk-store.ts';
import type { FileStore } from './storage/file-store.ts';
import { createS3Store } from './storage/s3-store.ts';
import { claimFileStore } from './storage/store-identity.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background parts main.ts starts and tests drive directly. */
    taskaty: {
      mail: MailDispatcher;
      bus: EventBus;
      /** `sessions.ended(userId, tokenIds | 'all')`: call after deleting sign-in tokens (realtime/live-streams.ts). */
      sessions: Sessions;
      /** Deletes expired tokens and links: main.ts starts it (at start, then hourly), tests call `run()`. */
      purge: ExpiredPurge;
      /** Deletes deleted tasks' snapshots past their undo window (decision 021): main.ts starts it (every second), tests call `run()`. */
      deletedTaskPurge: ExpiredPurge;
      /** Delivers reminders that fell due (issue 22): main.ts starts it (every 10 s), tests call `pass()`. */
      reminders: ReminderScheduler;
      /** Sends queued Web Push messages (issue 22): main.ts starts it, tests call `flush()`. */
      push: PushDispatcher;
      /** Mails daily digests at each person's time (issue 22): main.ts starts it (every REMINDER_POLL_MS), tests call `pass()`. */
      digests: DigestScheduler;
      /** Where attachments' bytes are (issue 24): tests look inside. */
      files: FileStore;
    };
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Defaults to LISTEN/NOTIFY on PostgreSQL (DATABASE_URL), in-process otherwise. */
  bus?: EventBus;
  /** Defaults to the provider in config.ai, or the built-in offline writer. */
  aiWriter?: AiWriter;
  /** Pino options or false; tests pass false to keep output readable. */
  logger?: boolean | object;
  /** Called when a task is opened, where an export is likely next (main.ts: start the export worker warming). */
  onTaskOpened?: () => void;
  /** Time between passes of the expired-row purge once started; hourly when not given (tests shorten it). */
  purgeIntervalMs?: number;
  /** Time between passes of the deleted tasks' purge once started; a second when not given. */
  deletedTaskPurgeIntervalMs?: number;
  /**
   * The list format list ETags carry, `listFormatOf(Task)` (this build's) when not given. A seam for
   * tests only: an app given another stands for a build whose lists look different.
   */
  listFormat?: string;
}

/** Where a parsed JSON body holds a string with a NUL character (dotted paths). */
function nulPaths(value: unknown, path = 'body', found: string[] = [], depth = 0): string[] {
  if (depth > 64 || found.length > 20) return found;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => nulPaths(item, path === 'body' ? String(index) : `${path}.${index}`, found, depth + 1));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) nulPaths(item, path === 'body' ? key : `${path}.${key}`, found, depth + 1);
  }
  return found;
}

/** Fastify's compiler factories typed for ajv and fast-json-stringify; ours hand back zod's compilers. */
type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
/** How long a sent, cancelled or given-up e-mail or push message is kept: the longest link lifetime (an invitation's). */
const OUTBOX_KEPT_MS = LINK_LIFETIME_MS.invitation;
/** How long a task creation's Idempotency-Key is kept (decision 034): the offline copy's age limit, a week. */
const TASK_CREATE_KEY_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/** Builds the whole server (API + web app) around an opened, migrated database. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    // The server Fastify would make, with a request timeout checked often enough to hold to a quarter.
    serverFactory: (handler, factoryOptions) => {
      // Fastify hands its options with its defaults filled in; these are the ones it sets on its own server.
      const options = factoryOptions as {
        keepAliveTimeout: number;
        requestTimeout: number;
        connectionTimeout: number;
        maxRequestsPerSocket: number;
      };
      const server = http.createServer(
        {
          // Headers and body must arrive within it (408, then the socket closes); a request fully received, such as
          // GET /api/events, is not timed, so live streams live on.
          requestTimeout: options.requestTimeout,
          // Headers keep the short allowance; only a body may take an upload's (plugins/body-deadline.ts).
          headersTimeout: config.requestTimeoutMs,
          connectionsCheckingInterval: Math.min(1_000, Math.max(100, Math.floor(config.requestTimeoutMs / 4))),
        },
        handler,
      );
      closeSilentConnections(server, config.requestTimeoutMs);
      server.keepAliveTimeout = options.keepAliveTimeout;
      server.setTimeout(options.connectionTimeout);
      if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },
    logger: deps.logger ?? loggerOptions(config.logLevel),
    // Every schema is zod's (fastify-type-provider-zod). Given here, Fastify never loads its default
    // compilers (ajv and fast-json-stringify), which were ~15 % of the cold start.
    schemaController: { compilersFactory: ZOD_COMPILERS },
    // One access-log line per answer, written by plugins/request-log.ts.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: LIMITS.requestBodyBytes,
    // The longest a body may take (an upload's); other requests are held to REQUEST_TIMEOUT_MS by registerBodyDeadline.
    requestTimeout: Math.max(config.requestTimeoutMs, config.uploadTimeoutMs),
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors the router raises before any route runs get the API's usual body, without echoing the address.
    frameworkErrors: (error, _request, reply) => {
      const send = reply as unknown as FastifyReply;
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send.code(414).send({ message: 'The address is too long.' });
      return send.code(400).send({ message: 'The address is not valid.' });
    },
  });
  // Clients send `Content-Type: application/json` on every call (spec §7), also on
  // body-less PUT/POST such as complete or accept-share: an empty body is no body.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return defaultJsonParser(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      // PostgreSQL cannot store NUL in text; refuse it on every field, on both databases.
      const paths = nulPaths(value);
      if (paths.length)
        return done(
          new ValidationError(Object.fromEntries(paths.map((p) => [p, ['The text must not contain NUL characters.']]))),
          undefined,
        );
      return done(null, value);
    });
  });
  app.addHook('preValidation', async (request) => {
    // A call sent without a body is validated as an empty one, so it gets the same field
    // errors ("The title field is required.") as `{}` instead of a complaint about its type.
    if ((request.body === undefined || request.body === null) && request.routeOptions.schema?.body) request.body = {};
    const paths = [...nulPaths(request.query), ...nulPaths(request.params)];
    if (paths.length) throw new ValidationError(Object.fromEntries(paths.map((p) => [p, ['The text must not contain NUL characters.']])));
  });
  registerErrorHandler(app);
  registerRequestLog(app);
  registerBodyDeadline(app, config.requestTimeoutMs);

  await registerSecurityHeaders(app);
  // Counted in the database every process shares (migration 014), so several processes keep one budget.
  const counters = createSharedCounterRepository(database.db);
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(counters, clock),
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

  // Issue 24: attachments' bytes on disk under DATA_DIR, or in the S3-compatible store STORAGE_URL names.
  const fileStore = config.files.storageUrl ? createS3Store(config.files.storageUrl) : createDiskStore(config.files.diskRoot);
  await fileStore.open();
  // Several processes on one PostgreSQL must share the store: one on another disk refuses to start.
  if (config.databaseUrl) await claimFileStore(database.db, fileStore.kind, config.files.diskRoot);
  const bus = deps.bus ?? (config.databaseUrl ? await createPostgresBus(config.databaseUrl, app.log) : createInProcessBus());
  const mail = createMailDispatcher({
    outbox: createMailOutboxRepository(database.db),
    clock,
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    log: app.log,
  });
  // Issue 22: the server's VAPID key pair, made on first start and kept in the database.
  const vapidKeys = await loadVapidKeys(database.db, clock.nowIso());
  const pushDispatcher = createPushDispatcher({
    push: createPushRepository(database.db),
    clock,
    vapid: async () => vapidKeys,
    subject: config.push.subject,
    allowPrivate: config.outboundAllowPrivate,
    log: app.log,
  });
  const sessions = createSessions(bus);
  const streams = createLiveStreams({ leases: createLiveStreamRepository(database.db, database.dialect), clock, log: app.log });
  const outboxKeptSince = () => new Date(clock.now().getTime() - OUTBOX_KEPT_MS).toISOString();
  // Run as the repositories below are defined; nothing calls it before buildApp returns.
  const purge = createExpiredPurge({
    jobs: {
      tokens: () => tokens.deleteExpired(clock.nowIso()),
      rate_limit_counters: () => counters.purgeEnded(clock.now()),
      live_streams: () => createLiveStreamRepository(database.db, database.dialect).purgeExpired(clock.nowIso()),
      account_links: () => accounts.purgeExpiredLinks(),
      snooze_links: () => createSnoozeLinkRepository(database.db).deleteExpired(clock.nowIso()),
      // A create is sent again within the offline copy's week (decision 034), never after.
      task_create_keys: () =>
        createTaskCreateKeyRepository(database.db).deleteOlderThan(new Date(clock.now().getTime() - TASK_CREATE_KEY_KEPT_MS).toISOString()),
      // Sent messages are kept for as long as the longest link they can carry lives (an invitation's 30 days).
      mail_outbox: () => createMailOutboxRepository(database.db).deleteFinished(outboxKeptSince()),
      push_outbox: () => createPushRepository(database.db).deleteFinished(outboxKeptSince()),
      // Stored files no row names any more (a crash between storing and deleting): issue 24.
      attachment_orphans: () => attachments.sweep(),
    },
    intervalMs: deps.purgeIntervalMs,
    log: app.log,
  });
  // A deleted task is kept for its owner's Undo for 10 s (decision 021): a pass every second keeps it no longer than that.
  const deletedTaskPurge = createExpiredPurge({
    jobs: {
      deleted_tasks: async () => {
        const purged = await restore.purgeExpired();
        // Past the undo window a deleted task's files cannot come back: their bytes go with it.
        await attachments.snapshotsPurged(purged);
        return purged.length;
      },
    },
    intervalMs: deps.deletedTaskPurgeIntervalMs ?? 1000,
    log: app.log,
  });
  // Issue 22: delivers reminders as they fall due; main.ts starts it, tests call `pass()`.
  const reminderScheduler = createReminderScheduler({
    database,
    clock,
    events: bus,
    publicUrl: config.publicUrl,
    onMailQueued: () => void mail.flush(),
    onPushQueued: () => void pushDispatcher.flush(),
    log: app.log,
    pollMs: config.reminderPollMs,
  });
  // Issue 22: mails each person's daily digest at their chosen time; main.ts starts it, tests call `pass()`.
  const digestScheduler = createDigestScheduler({
    database,
    clock,
    publicUrl: config.publicUrl,
    onMailQueued: () => void mail.flush(),
    log: app.log,
    pollMs: config.reminderPollMs,
  });
  app.decorate('taskaty', {
    mail,
    push: pushDispatcher,
    bus,
    sessions,
    purge,
    deletedTaskPurge,
    reminders: reminderScheduler,
    digests: digestScheduler,
    files: fileStore,
  });
  // Open live-update streams would hold app.close() (and SIGTERM) forever: they end first, and
  // connections are closed as they go idle, so the close waits for in-flight requests only.
  app.addHook('preClose', async () => {
    streams.endAll();
    if (app.server.listening) reapIdleConnections(app.server);
  });
  app.addHook('onClose', async () => {
    await purge.stop();
    await deletedTaskPurge.stop();
    await reminderScheduler.stop();
    await digestScheduler.stop();
    await pushDispatcher.stop();
    await mail.stop();
    await bus.close();
  });

  const users = createUserRepository(database.db);
  const tokens = createTokenRepository(database.db);
  const taskEvents = {
    taskChanged: (taskId: number, audience: number[]) => bus.publish(audience, { type: 'task-changed', taskId }),
  };
  // Issue 22: notifications into the bell and by e-mail, as each person's settings say.
  const delivery = createNotificationDelivery({
    dialect: database.dialect,
    publicUrl: config.publicUrl,
    events: bus,
    onMailQueued: () => void mail.flush(),
    onPushQueued: () => void pushDispatcher.flush(),
  });
  const attachments = createAttachmentService({
    database,
    clock,
    events: bus,
    store: fileStore,
    tempDir: path.join(config.dataDir, 'uploads'),
    quotaBytes: config.files.quotaBytes,
    log: app.log,
  });
  const tasks = createTaskService({
    database,
    clock,
    events: taskEvents,
    delivery,
    renderedTasks: createRenderedTaskCache(config.cache.renderedTaskBytes),
    images: attachments,
  });
  const restore = createTaskRestoreService({ database, clock, events: bus });
  const subtasks = createSubtaskService({ database, clock, events: taskEvents });
  const lists = createListResponseCache({
    maxBytes: config.cache.listBytes,
    epoch: await readListEpoch(database.db),
    format: deps.listFormat,
  });
  const shares = createShareService({
    database,
    clock,
    events: bus,
    publicUrl: config.publicUrl,
    onMailQueued: () => void mail.flush(),
    delivery,
  });
  const labels = createLabelService({ database, clock, events: bus });
  const comments = createCommentService({ database, clock, events: bus, delivery });
  const reminders = createReminderService({ database, clock });
  const drive = createDriveService({ database, clock, attachments, allowPrivate: config.outboundAllowPrivate, log: app.log });
  const notifications = createNotificationService({ database, clock, events: bus, reminders });
  const snoozeLinks = createSnoozeLinkService({ database, clock, events: bus, reminders });
  const notificationSettings = createNotificationSettingsService({
    database,
    clock,
    publicUrl: config.publicUrl,
    onMailQueued: () => void mail.flush(),
    onPushQueued: () => void pushDispatcher.flush(),
  });
  const push = createPushService({ database, clock, vapid: async () => vapidKeys, allowPrivate: config.outboundAllowPrivate });
  const auth = createAuthService({
    users,
    tokens,
    clock,
    tokenTtlDays: config.tokenTtlDays,
    // Shares to the address reach the account once it is proven: the mail's link does that.
    onRegistered: async (user) => void (await accounts.sendVerification(user)),
    sessions,
  });
  const accounts = createAccountService({
    database,
    clock,
    publicUrl: config.publicUrl,
    onMailQueued: () => void mail.flush(),
    claimInvitations: (user) => shares.claimInvitations(user),
    hashPassword: (password) => auth.hashPassword(password),
    signOutEverywhere: async (userId) => {
      await tokens.deleteAllForUser(userId);
      sessions.ended(userId, 'all');
    },
    checkPassword: (user, password) => passwordHasher.verify(user.password_hash, password),
  });
  const settings = createSettingsService({
    database,
    clock,
    events: bus,
    checkPassword: (user, password) => passwordHasher.verify(user.password_hash, password),
    hashPassword: (password) => passwordHasher.hash(password),
    passwordErrors: passwordStrengthErrors,
    sessionsEnded: (userId, tokenIds) => sessions.ended(userId, tokenIds),
    files: attachments,
  });

  // The API's JSON is compressed in a scope of its own: the web app compresses its files in
  // another (plugins/web-app.ts), and Fastify takes the plugin only once along a scope chain.
  // Not text/event-stream (the plugin's default types leave it out), not request bodies.
  await app.register(async (api) => {
    await api.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
    await api.register(userRoutes, { auth, rateLimits: config.rateLimits, counters, clock });
    await api.register(accountRoutes, { auth, accounts, passwordErrors: passwordStrengthErrors });
    await api.register(settingsRoutes, { auth, accounts, settings });
    await api.register(apiTokenRoutes, { auth });
    await api.register(taskRoutes, { auth, tasks, lists, onTaskOpened: deps.onTaskOpened });
    await api.register(taskRestoreRoutes, { auth, restore });
    await api.register(labelRoutes, { auth, labels });
    await api.register(shareRoutes, { auth, shares, tasks, lists, sharePerMinute: config.rateLimits.sharePerMinute });
    await api.register(commentRoutes, { auth, comments });
    await api.register(subtaskRoutes, { auth, subtasks });
    await api.register(attachmentRoutes, { auth, attachments, store: fileStore });
    await api.register(driveRoutes, { auth, drive });
    await api.register(calendarFeedRoutes, {
      auth,
      calendarFeeds: createCalendarFeedService({ database, clock, publicUrl: config.publicUrl }),
    });
    await api.register(notificationRoutes, { auth, notifications, notificationSettings });
    await api.register(pushRoutes, { auth, push });
    await api.register(reminderRoutes, { auth, reminders });
    await api.register(snoozeLinkRoutes, { snoozeLinks });
    await api.register(eventRoutes, {
      auth,
      bus,
      streams,
      clock,
      tokenExpiresAt: async (tokenId) => (await tokens.findById(tokenId))?.expires_at,
    });
    await api.register(exportRoutes, {
      auth,
      // Whoever may open the task may export it, with the same comments the detail dialog shows.
      async loadTaskForExport(user, taskId) {
        const { task: row } = await loadTask(database, user, taskId, { relations: true });
        const task = presentTask(row);
        // Issue 24: the task's files, and its images' pixels read from the store and shrunk here, so
        // the render worker does no I/O. `open` checks each file against this person's access again.
        const files = await attachments.list(user, taskId);
        const images = await loadExportImages(
          files,
          task.description,
          async (file) => {
            const stored = await attachments.open(user, file.id);
            return stored.storage_key === null ? undefined : fileStore.get(stored.storage_key);
          },
          { log: app.log },
        );
        return {
          task: { ...task, owner: { name: row.owner_name, email: row.owner_email } },
          comments: await comments.list(user, taskId),
          subtasks: await subtasks.listOf(taskId),
          attachments: files,
          images,
          language: 'en',
          generatedAt: clock.now(),
        };
      },
    });
    await api.register(aiRoutes, {
      auth,
      writer: deps.aiWriter ?? createAiWriter(config.ai),
      rateLimitPerMinute: config.ai.rateLimitPerMinute,
      tasks: {
        async getTaskForAi(user, taskId) {
          const { task } = await loadTask(database, user, taskId);
          return { id: task.id, title: task.title, description: task.description };
        },
        // A suggestion is recorded, never saved: the user reviews it in the edit dialog (decision 001).
        recordAiChange: (user, taskId, _text, kind) =>
          tasks.recordActivity(taskId, user.id, { code: kind === 'rewrite' ? 'ai_rewrite' : 'ai_content' }),
      },
    });
  });

  await registerWebApp(app, config.webDistDir, { publicUrl: config.publicUrl });
  return app;
}
