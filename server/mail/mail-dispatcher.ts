import type { Transporter } from 'nodemailer';
import type { Clock } from '../clock.ts';
import type { MailOutboxRepository } from '../db/repositories/mail-outbox.repository.ts';

export interface MailDispatcherOptions {
  outbox: MailOutboxRepository;
  clock: Clock;
  /** smtp://user:pass@host:port; without it messages wait in the outbox. */
  smtpUrl: string | undefined;
  from: string;
  log: { info(msg: string): void; warn(obj: unknown, msg?: string): void };
  /** Attempts before a message is marked failed. */
  maxAttempts?: number;
  /** First retry delay; doubles each attempt (capped at one hour). */
  baseRetryMs?: number;
  pollMs?: number;
}

/**
 * Sends queued mail. Shares write their message to mail_outbox in the same transaction,
 * so a share never fails because mail is down and no message is lost: this loop
 * delivers, retries with backoff, and resumes after restarts or once SMTP is configured.
 */
export function createMailDispatcher(options: MailDispatcherOptions) {
  const { outbox, clock, log } = options;
  const maxAttempts = options.maxAttempts ?? 10;
  const baseRetryMs = options.baseRetryMs ?? 5_000;
  // nodemailer loads with the first message to send: a server without SMTP never needs it.
  let transport: Promise<Transporter> | undefined;
  const openTransport = (smtpUrl: string) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      } as Parameters<typeof nodemailer.createTransport>[0]),
    ));
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | undefined;
  /** The pass asked for while one was running: it starts when that one ends. */
  let queued: Promise<number> | undefined;

  async function drain(): Promise<number> {
    if (!options.smtpUrl) return 0;
    let sent = 0;
    const now = clock.now();
    await outbox.releaseStale(new Date(now.getTime() - 5 * 60_000).toISOString());
    for (const message of await outbox.due(now.toISOString(), 50)) {
      // Not ours (another process took it), or held (quiet hours, a retry, an undo window) past what
      // it tells of, and so cancelled by the claim: not sent.
      if ((await outbox.claim(message.id, clock.nowIso())) !== 'sending') continue;
      try {
        await (
          await openTransport(options.smtpUrl)
        ).sendMail({
          from: options.from,
          to: message.to_address,
          subject: message.subject,
          text: message.text_body,
          html: message.html_body,
        });
        await outbox.markSent(message.id, clock.nowIso());
        sent++;
      } catch (error) {
        const attempts = message.attempts + 1;
        const delay = Math.min(baseRetryMs * 2 ** (attempts - 1), 3_600_000);
        const giveUp = attempts >= maxAttempts;
        await outbox.markFailed(
          message.id,
          attempts,
          (error as Error).message,
          new Date(clock.now().getTime() + delay).toISOString(),
          giveUp,
        );
        log.warn(
          { err: error, to: message.to_address, attempts },
          giveUp ? 'mail delivery failed for good' : 'mail delivery failed; will retry',
        );
      }
    }
    return sent;
  }

  /**
   * Runs one pass now, or right after the current one, and resolves with what that pass sent: a
   * message committed before the call is always tried by the pass it waits for.
   */
  function flush(): Promise<number> {
    if (running) {
      queued ??= running.then(() => {
        queued = undefined;
        return flush();
      });
      return queued;
    }
    running = drain()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'mail dispatcher pass failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    enabled: Boolean(options.smtpUrl),
    flush,
    start() {
      if (!options.smtpUrl) {
        log.info('SMTP_URL is not set: share e-mails are kept in the mail_outbox table until it is.');
        return;
      }
      timer = setInterval(() => void flush(), options.pollMs ?? 5_000);
      timer.unref();
      void flush();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
      if (transport) (await transport).close();
    },
  };
}
export type MailDispatcher = ReturnType<typeof createMailDispatcher>;
