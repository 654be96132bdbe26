import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { loadAiConfig, type AiConfig } from './ai/ai.config.ts';
import { parseStorageUrl } from './storage/s3-store.ts';

/**
 * The only place that reads process.env. Parsed once at start; a bad value stops the
 * process with one line naming the variable (see loadConfig).
 */
const intFrom = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(min).max(max).default(fallback);

/** Which peers' X-Forwarded-For Fastify believes (its `trustProxy`): none, hops counted from the socket, or addresses. */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

const TRUST_PROXY_MAX_HOPS = 10;
const TRUST_PROXY_HELP =
  'must be the number of proxies in front of the server (e.g. 1) or their addresses or CIDR ranges (e.g. 10.0.0.2,10.1.0.0/16)';
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry) || isIP(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  return extra === undefined && version !== 0 && /^\d{1,3}$/.test(prefix ?? '') && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (finding 18b). `true` used to make Fastify believe the left-most X-Forwarded-For,
 * which the client writes itself, so rotating it escaped the sign-in limits; it is refused now
 * rather than guessed at. A hop count N takes the address N hops from the socket (the right-most
 * one the proxies did not add); addresses take the right-most address that is not one of them.
 * Fastify 5 ignores a bare number (it cannot check the peer), so a count becomes a function.
 */
function parseTrustProxy(raw: string, ctx: z.RefinementCtx): TrustProxy {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'false') return false;
  if (value === 'true') {
    ctx.addIssue({ code: 'custom', message: `${TRUST_PROXY_HELP}; true would trust any X-Forwarded-For a client makes up` });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > TRUST_PROXY_MAX_HOPS) {
      ctx.addIssue({ code: 'custom', message: `must be a hop count from 0 to ${TRUST_PROXY_MAX_HOPS}, or addresses` });
      return z.NEVER;
    }
    return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined) {
    ctx.addIssue({ code: 'custom', message: `${TRUST_PROXY_HELP}; "${bad}" is neither` });
    return z.NEVER;
  }
  return entries;
}

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: intFrom(3000, 0, 65535),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TOKEN_TTL_DAYS: intFrom(30, 1, 3650),
  // How long a client may take to send a whole request (headers and body); then 408 and the connection closes.
  REQUEST_TIMEOUT_MS: intFrom(30_000, 1_000, 600_000),
  // How long an attachment's upload may take to arrive (issue 24): 25 MB in 10 min is about 350 kbit/s.
  UPLOAD_TIMEOUT_MS: intFrom(600_000, 1_000, 3_600_000),
  // How often each process looks for reminders and daily digests that fell due (issue 22); one comes at most this late.
  REMINDER_POLL_MS: intFrom(10_000, 100, 600_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default('./build/web'),
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  RATE_LIMIT_LOGIN_PER_MINUTE: intFrom(10, 1),
  RATE_LIMIT_SIGNUP_PER_HOUR: intFrom(1000, 1),
  RATE_LIMIT_SHARE_PER_MINUTE: intFrom(30, 1),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Taskaty <no-reply@taskaty.local>'),
  // Addresses people give the server (push endpoints) may be private or loopback, over plain HTTP
  // too: for self-hosting on a private network and for tests. Off by default (server/outbound).
  OUTBOUND_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  // Who runs this server, as push services are told (a mailto: or https: URL); from MAIL_FROM by default.
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// URL')
    .optional(),
  // Issue 24: where attachments are kept. Unset: files under DATA_DIR/files. An S3-compatible store:
  // s3://KEY:SECRET@host[:port]/bucket (HTTPS) or s3+http://… (plain HTTP, e.g. on a private network).
  // Several processes on one PostgreSQL must share one: docs/operations.md.
  STORAGE_URL: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .superRefine((value, ctx) => {
      if (value === undefined) return;
      try {
        parseStorageUrl(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  // How much one person may keep in attachments, in MB (1 GB by default); a file is at most 25 MB (common/limits.ts).
  ATTACHMENT_QUOTA_MB: intFrom(1024, 1, 10_485_760),
  // Memory caps of the per-process list caches (docs/performance.md); 0 turns one off.
  LIST_CACHE_MB: intFrom(32, 0, 4096),
  TASK_JSON_CACHE_MB: intFrom(32, 0, 4096),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sqlitePath: string;
  publicUrl: string;
  tokenTtlDays: number;
  requestTimeoutMs: number;
  uploadTimeoutMs: number;
  reminderPollMs: number;
  logLevel: string;
  webDistDir: string;
  trustProxy: TrustProxy;
  rateLimits: { loginPerMinute: number; signupPerHour: number; sharePerMinute: number };
  mail: { smtpUrl: string | undefined; from: string };
  outboundAllowPrivate: boolean;
  push: { subject: string };
  ai: AiConfig;
  cache: { listBytes: number; renderedTaskBytes: number };
  /** Issue 24: where attachments are kept (undefined: on disk under DATA_DIR/files) and each person's quota. */
  files: { storageUrl: string | undefined; diskRoot: string; quotaBytes: number };
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir,
    databaseUrl: c.DATABASE_URL,
    sqlitePath: path.join(dataDir, 'taskaty.db'),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    tokenTtlDays: c.TOKEN_TTL_DAYS,
    requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
    uploadTimeoutMs: c.UPLOAD_TIMEOUT_MS,
    reminderPollMs: c.REMINDER_POLL_MS,
    logLevel: c.LOG_LEVEL,
    webDistDir: path.resolve(c.WEB_DIST_DIR),
    trustProxy: c.TRUST_PROXY,
    rateLimits: {
      loginPerMinute: c.RATE_LIMIT_LOGIN_PER_MINUTE,
      signupPerHour: c.RATE_LIMIT_SIGNUP_PER_HOUR,
      sharePerMinute: c.RATE_LIMIT_SHARE_PER_MINUTE,
    },
    mail: { smtpUrl: c.SMTP_URL, from: c.MAIL_FROM },
    outboundAllowPrivate: c.OUTBOUND_ALLOW_PRIVATE === 'true',
    push: { subject: c.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(c.MAIL_FROM)?.[1] ?? c.MAIL_FROM.trim()}` },
    ai: loadAiConfig(env),
    cache: {
      listBytes: c.LIST_CACHE_MB * 1024 * 1024,
      renderedTaskBytes: c.TASK_JSON_CACHE_MB * 1024 * 1024,
    },
    files: { storageUrl: c.STORAGE_URL, diskRoot: path.join(dataDir, 'files'), quotaBytes: c.ATTACHMENT_QUOTA_MB * 1024 * 1024 },
  };
}
