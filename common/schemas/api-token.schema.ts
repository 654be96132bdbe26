import { z } from 'zod';
import { recordIdParams } from './ids.ts';
import { requiredField } from './messages.ts';

/**
 * Personal API tokens (issue 25, decision 039): made in Settings for scripts and other apps, sent as
 * `Authorization: Bearer <token>`, shown once, revoked there. `read` may only read; `write` may do
 * what a signed-in person may, but manage the account's sign-ins.
 */
export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const API_TOKEN_NAME_MAX = 100;
/** At most this many per person: a token per script or app, not per request. */
export const API_TOKENS_MAX = 20;

export const ApiToken = z.object({
  id: z.number(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;

export const ApiTokensResponse = z.object({ tokens: z.array(ApiToken) });

export const ApiTokenInput = z.object({
  name: z
    .string({ error: requiredField('name') })
    .trim()
    .min(1, 'The name field is required.')
    .max(API_TOKEN_NAME_MAX, `The name must not be greater than ${API_TOKEN_NAME_MAX} characters.`),
  scope: z.enum(API_TOKEN_SCOPES, { error: 'The scope must be read or write.' }),
});
export type ApiTokenInput = z.infer<typeof ApiTokenInput>;

/** The new token's secret, shown this once. */
export const ApiTokenCreated = z.object({ message: z.string(), token: z.string(), api_token: ApiToken });

export const ApiTokenIdParams = recordIdParams('This API token has already been revoked.');
