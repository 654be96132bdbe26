import { z } from 'zod';
import { recordIdParams } from './ids.ts';

/**
 * Web Push (issue 22): the browsers a person allowed to show Taskaty's notifications. A browser's
 * subscription is its push service's endpoint and the keys messages to it are encrypted with
 * (RFC 8291): `p256dh`, a P-256 public key (65 bytes), and `auth`, a 16-byte secret, base64url.
 */

/** Browsers one person may have push enabled in. */
export const PUSH_SUBSCRIPTIONS_MAX = 20;

const base64url = (field: string, bytes: number) =>
  z
    .string({ error: `The ${field} key is required.` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `The ${field} key must be base64url.`)
    .refine((value) => Math.floor((value.replace(/=+$/, '').length * 3) / 4) === bytes, `The ${field} key must be ${bytes} bytes.`);

export const PushSubscriptionInput = z.object({
  endpoint: z
    .string({ error: 'The endpoint is required.' })
    .min(1, 'The endpoint is required.')
    .max(2048, 'The endpoint must not be longer than 2048 characters.')
    // Bytes too: PostgreSQL's unique index refuses an entry much over 2.7 kB, which 2,048 CJK characters are.
    .refine((value) => new TextEncoder().encode(value).length <= 2048, 'The endpoint must not be longer than 2048 characters.'),
  keys: z.object({ p256dh: base64url('p256dh', 65), auth: base64url('auth', 16) }, { error: 'The keys are required.' }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

export const PushBrowser = z.object({
  id: z.number().int(),
  /** From the browser's User-Agent when it subscribed; null when it named none we know. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  created_at: z.string(),
  /** When a message last reached it. */
  last_used_at: z.string().nullable(),
});
export type PushBrowser = z.infer<typeof PushBrowser>;

export const PushBrowsersResponse = z.object({ subscriptions: z.array(PushBrowser) });
export const PushBrowsersWriteResponse = z.object({ message: z.string(), subscriptions: z.array(PushBrowser) });
/** Enabling push also names this browser's row (the app marks it, and forgets it when it is removed). */
export const PushSubscribeResponse = PushBrowsersWriteResponse.extend({ id: z.number().int() });
export const PushPublicKeyResponse = z.object({ public_key: z.string() });
export const PUSH_SUBSCRIPTION_NOT_FOUND = 'Browser not found';
export const PushSubscriptionParams = recordIdParams(PUSH_SUBSCRIPTION_NOT_FOUND);
