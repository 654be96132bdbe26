import fs from 'node:fs';
import { mailDir, startMailbox } from './mailbox.ts';

/** Starts the loopback SMTP server the e2e server mails to (see mailbox.ts); stopped, and its files removed, after the run. */
export default async function globalSetup() {
  const smtp = await startMailbox(Number(process.env.E2E_SMTP_PORT));
  return async () => {
    await smtp.stop();
    fs.rmSync(mailDir(), { recursive: true, force: true });
  };
}
