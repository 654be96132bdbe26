import fs from 'node:fs';
import { mailDir, startMailbox } from './mailbox.ts';

/**
 * Starts the loopback SMTP server the e2e server mails to (see mailbox.ts); after the run it is
 * stopped, and its files and the SQLite server's data directory (playwright.config.ts) removed.
 */
export default async function globalSetup() {
  const smtp = await startMailbox(Number(process.env.E2E_SMTP_PORT));
  return async () => {
    await smtp.stop();
    fs.rmSync(mailDir(), { recursive: true, force: true });
    if (process.env.E2E_DATA_DIR) fs.rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
  };
}
