import { z } from 'zod';
import { ConfigError } from '../config.ts';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const AiConfigSchema = z
  .object({
    AI_BASE_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v.replace(/\/+$/, '') : undefined))
      .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL, e.g. http://localhost:11434/v1' }).optional()),
    AI_API_KEY: optionalText,
    AI_MODEL: optionalText,
    AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    AI_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  })
  .superRefine((env, context) => {
    // Without a model name every request would fail at the provider; say so at start instead.
    if (env.AI_BASE_URL && !env.AI_MODEL) {
      context.addIssue({ code: 'custom', path: ['AI_MODEL'], message: 'is required when AI_BASE_URL is set' });
    }
  });

export interface AiProviderConfig {
  baseURL: string;
  apiKey: string | undefined;
  model: string;
}

export interface AiConfig {
  /** Undefined means the built-in offline writer answers. */
  provider: AiProviderConfig | undefined;
  timeoutMs: number;
  rateLimitPerMinute: number;
}

/** Reads the AI_* variables from an env record (the caller passes process.env or a test record). */
export function loadAiConfig(env: Record<string, string | undefined>): AiConfig {
  const parsed = AiConfigSchema.safeParse({
    AI_BASE_URL: env.AI_BASE_URL,
    AI_API_KEY: env.AI_API_KEY,
    AI_MODEL: env.AI_MODEL,
    // Empty strings in .env files mean "not set", as for the other variables.
    AI_TIMEOUT_MS: env.AI_TIMEOUT_MS || undefined,
    AI_RATE_LIMIT_PER_MINUTE: env.AI_RATE_LIMIT_PER_MINUTE || undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const c = parsed.data;
  return {
    provider: c.AI_BASE_URL ? { baseURL: c.AI_BASE_URL, apiKey: c.AI_API_KEY, model: c.AI_MODEL! } : undefined,
    timeoutMs: c.AI_TIMEOUT_MS,
    rateLimitPerMinute: c.AI_RATE_LIMIT_PER_MINUTE,
  };
}
