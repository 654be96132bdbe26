import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { startLoopbackSmtp, type ReceivedMail } from '../support/loopback-smtp.ts';

/**
 * The browser tests' mailbox (issue 18): the e2e server sends its real mail (SMTP_URL in
 * playwright.config.ts) to a loopback SMTP server that the global setup starts in the runner
 * process; each message it receives is written to a file in E2E_MAIL_DIR, where the tests (in
 * their worker processes) read them and follow their links as a person would.
 */
export const mailDir = () => {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the browser tests through playwright.config.ts');
  return dir;
};

let written = 0;
/** Global setup: the SMTP server that files every message it receives. */
export async function startMailbox(port: number) {
  const dir = mailDir();
  fs.mkdirSync(dir, { recursive: true });
  return startLoopbackSmtp(port, (mail) => {
    written += 1;
    // Arrival order is the file name's order; written whole, then renamed, so a reader never sees half a message.
    const name = `${String(Date.now()).padStart(15, '0')}-${String(written).padStart(6, '0')}`;
    fs.writeFileSync(path.join(dir, `${name}.tmp`), JSON.stringify(mail));
    fs.renameSync(path.join(dir, `${name}.tmp`), path.join(dir, `${name}.json`));
  });
}

/** Every message received for `address` so far, oldest first. */
export function mailsTo(address: string): ReceivedMail[] {
  const dir = mailDir();
  const wanted = address.toLowerCase();
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as ReceivedMail)
    .filter((mail) => mail.to.some((to) => to.toLowerCase() === wanted));
}

/** The links of a message's text that open `pathname` of the web app (`/verify-email`, `/invitation`, …). */
export function linksIn(mail: ReceivedMail, pathname: string): string[] {
  return [...mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]).filter((link) => new URL(link).pathname === pathname);
}

/**
 * Waits for a message to `address` with a link to `pathname` that is newer than the first
 * `after` messages to that address, and returns it with its link (an absolute URL).
 */
export async function waitForMailedLink(address: string, pathname: string, { after = 0 } = {}) {
  let found: { mail: ReceivedMail; link: string } | undefined;
  await expect
    .poll(
      () => {
        const mail = mailsTo(address)
          .slice(after)
          .findLast((candidate) => linksIn(candidate, pathname).length > 0);
        found = mail && { mail, link: linksIn(mail, pathname)[0]! };
        return Boolean(found);
      },
      { message: `a mail to ${address} with a link to ${pathname}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
