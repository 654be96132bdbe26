import webpush from 'web-push';
import type { Clock } from '../clock.ts';
import type { PushRepository } from '../db/repositories/push.repository.ts';
import { guardedRequest, OutboundRefusedError } from '../outbound/guarded-request.ts';
import { createPeriodicPass } from '../services/periodic-pass.ts';
import type { VapidKeys } from './vapid-keys.ts';

/** How long a push service keeps a message for a browser that is offline. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * Sends queued push messages (issue 22), as the mail dispatcher sends mail: each is written to
 * push_outbox in the transaction of what it tells of; this loop claims it (an atomic update, so
 * one process sends it), encrypts it to the browser's keys (RFC 8291, aes128gcm) and signs it with
 * the server's VAPID key (the web-push library), sends it through the outbound guard, and retries
 * with backoff. A push service answering 404 or 410 says the browser unsubscribed: its
 * subscription goes, with whatever else waits for it.
 */
export function createPushDispatcher(options: {
  push: PushRepository;
  clock: Clock;
  vapid: () => Promise<VapidKeys>;
  subject: string;
  allowPrivate: boolean;
  log: { warn(obj: unknown, msg?: string): void };
  maxAttempts?: number;
  baseRetryMs?: number;
  pollMs?: number;
}) {
  const { push, clock, log } = options;
  const maxAttempts = options.maxAttempts ?? 8;
  const baseRetryMs = options.baseRetryMs ?? 5_000;

  async function drain(): Promise<number> {
    let sent = 0;
    const now = clock.now();
    await push.releaseStale(new Date(now.getTime() - 5 * 60_000).toISOString());
    const due = await push.due(now.toISOString(), 50);
    if (!due.length) return 0;
    const keys = await options.vapid();
    for (const message of due) {
      // Not ours (another process took it), or held (quiet hours, a retry, an undo window) past what
      // it tells of, and so cancelled by the claim: not sent.
      if ((await push.claim(message.id, clock.nowIso())) !== 'sending') continue;
      try {
        const request = webpush.generateRequestDetails(
          { endpoint: message.endpoint, keys: { p256dh: message.p256dh, auth: message.auth } },
          message.payload,
          {
            vapidDetails: { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
            TTL: PUSH_TTL_SECONDS,
            contentEncoding: 'aes128gcm',
          },
        );
        const answer = await guardedRequest(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string | number>,
          ...(request.body ? { body: request.body } : {}),
          timeoutMs: 10_000,
          allowPrivate: options.allowPrivate,
        });
        if (answer.status === 404 || answer.status === 410) {
          await push.removeById(message.subscription_id);
          continue;
        }
        if (answer.status < 200 || answer.status > 299) throw new PushServiceError(answer.status, answer.body);
        await push.markSent(message.id, message.subscription_id, clock.nowIso());
        sent++;
      } catch (error) {
        const attempts = message.attempts + 1;
        // A refused address or a message the service will never take (400, 403, 413) is not retried.
        const permanent =
          error instanceof OutboundRefusedError ||
          (error instanceof PushServiceError && error.status >= 400 && error.status < 500 && error.status !== 429);
        const giveUp = permanent || attempts >= maxAttempts;
        const delay = Math.min(baseRetryMs * 2 ** (attempts - 1), 3_600_000);
        await push.markFailed(
          message.id,
          attempts,
          (error as Error).message,
          new Date(clock.now().getTime() + delay).toISOString(),
          giveUp,
        );
        log.warn({ err: error, attempts }, giveUp ? 'push delivery failed for good' : 'push delivery failed; will retry');
      }
    }
    return sent;
  }

  return createPeriodicPass({ run: drain, pollMs: options.pollMs ?? 5_000, log, failure: 'push dispatcher pass failed' });
}
export type PushDispatcher = ReturnType<typeof createPushDispatcher>;

class PushServiceError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`The push service answered ${status}${body ? `: ${body.slice(0, 200)}` : ''}`);
  }
}
