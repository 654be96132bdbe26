import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives (tests send real mail to it);
 * `onMail` also hears of each message (the browser tests' mailbox writes them to files).
 */
export async function startLoopbackSmtp(
  port = 0,
  onMail?: (mail: ReceivedMail) => void,
): Promise<{ url: string; port: number; received: ReceivedMail[]; stop(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to.flatMap((a) => a.value) : (mail.to?.value ?? []);
          const message = {
            to: to.map((a) => a.address ?? ''),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          };
          received.push(message);
          onMail?.(message);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}?ignoreTLS=true`,
    port: actualPort,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
