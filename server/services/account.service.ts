import { hash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '../../common/locales.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createAccountLinkRepository, type LinkPurpose } from '../db/repositories/account-link.repository.ts';
import { createMailOutboxRepository } from '../db/repositories/mail-outbox.repository.ts';
import { createUserRepository, type UserRow } from '../db/repositories/user.repository.ts';
import type { Tables } from '../db/tables.ts';
import { AppError, ValidationError } from '../errors.ts';
import { accountMail } from '../mail/account-mail-texts.ts';
import { personShownChanged } from './profile-changes.ts';

/** How long each kind of link works (issue 18). */
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  verify_email: 24 * 3_600_000,
  change_email: 24 * 3_600_000,
  reset_password: 3_600_000,
  invitation: 30 * 24 * 3_600_000,
};
/** Mails of one kind to one address within an hour; past it nothing more is sent (the answer is unchanged). */
export const MAILS_PER_ADDRESS_PER_HOUR: Record<LinkPurpose, number> = {
  verify_email: 3,
  change_email: 3,
  reset_password: 3,
  invitation: 5,
};

export const INVALID_LINK = 'This link is invalid or has expired.';

/** SHA-256 (hex) of a link's secret: what the database keeps. */
export const hashLinkSecret = (secret: string) => hash('sha256', secret, 'hex');

export interface AccountServiceDeps {
  database: Database;
  clock: Clock;
  publicUrl: string;
  /** Wakes the mail dispatcher after a mail was committed to the outbox. */
  onMailQueued?: () => void;
  /** After an address is proven: invitations to it become the account's pending shares. */
  claimInvitations: (user: UserRow) => Promise<void>;
  hashPassword: (password: string) => Promise<string>;
  /** Every session of the user ends (tokens deleted, live streams closed). */
  signOutEverywhere: (userId: number) => Promise<void>;
  /** Whether this is the account's password (an e-mail change asks for it). */
  checkPassword: (user: UserRow, password: string) => Promise<boolean>;
  /** After the account's address changed: lists that show it are read anew (profile-changes.ts). */
}

export function createAccountService(deps: AccountServiceDeps) {
  const { database, clock } = deps;
  const repositories = (db: Kysely<Tables>) => ({
    users: createUserRepository(db),
    links: createAccountLinkRepository(db),
    outbox: createMailOutboxRepository(db),
  });
  const languageOf = (user: UserRow, fallback: LanguageCode = DEFAULT_LANGUAGE): LanguageCode =>
    isLanguageCode(user.language) ? user.language : fallback;

  /**
   * A new link mailed to the address, in the same transaction as the mail; false (nothing sent)
   * when the address already had its hour's share of these mails.
   */
  async function mailLink(
    db: ReturnType<typeof repositories>,
    user: UserRow,
    purpose: 'verify_email' | 'change_email' | 'reset_password',
    path: string,
    language: LanguageCode,
    to: string = user.email,
  ): Promise<boolean> {
    const now = clock.now();
    const since = new Date(now.getTime() - 3_600_000).toISOString();
    if ((await db.links.countSentTo(to, purpose, since)) >= MAILS_PER_ADDRESS_PER_HOUR[purpose]) return false;
    // Only the newest link of a kind works: an older mail read later cannot undo a newer step.
    await db.links.spendAllOf(user.id, purpose, now.toISOString());
    const secret = randomBytes(32).toString('base64url');
    await db.links.create({
      userId: user.id,
      purpose,
      email: to,
      secretHash: hashLinkSecret(secret),
      expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS[purpose]).toISOString(),
      now: now.toISOString(),
    });
    const link = `${deps.publicUrl}${path}?token=${secret}`;
    await db.outbox.enqueue({ to, ...accountMail(purpose, { language, name: user.name, link }) }, now.toISOString());
    return true;
  }

  /** Spends a single-use link of this purpose, or throws the one message every bad link gets. */
  async function spendLink(db: ReturnType<typeof repositories>, token: string, purposes: LinkPurpose[]) {
    const now = clock.nowIso();
    const link = await db.links.findLive(hashLinkSecret(token), purposes, now);
    if (!link || link.used_at !== null || !(await db.links.spend(link.id, now))) throw invalidLink();
    return link;
  }

  return {
    /** After sign-up, and on request: a link that proves the address. */
    async sendVerification(user: UserRow, language?: LanguageCode): Promise<{ sent: boolean }> {
      const sent = await database.db
        .transaction()
        .execute(async (trx) => mailLink(repositories(trx), user, 'verify_email', '/verify-email', language ?? languageOf(user)));
      if (sent) deps.onMailQueued?.();
      return { sent };
    },

    /** POST /api/user/email/resend. */
    async resendVerification(user: UserRow): Promise<void> {
      if (user.email_verified_at) throw new AppError(422, 'Your e-mail address is already verified.');
      const { sent } = await this.sendVerification(user);
      if (!sent) throw new AppError(429, 'Too many e-mails were sent to this address. Please try again in an hour.');
    },

    /**
     * POST /api/user/email/verify: the link's address is proven. A sign-up's link proves the
     * account's address; an e-mail change's link makes its new address the account's.
     */
    async verifyEmail(token: string): Promise<UserRow> {
      const now = clock.nowIso();
      const user = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const link = await spendLink(db, token, ['verify_email', 'change_email']);
        const user = link.user_id === null ? undefined : await db.users.findById(link.user_id);
        if (!user) throw invalidLink();
        if (link.purpose === 'change_email') {
          // Someone may have taken the address since the mail was sent.
          if ((await db.users.findByEmail(link.email)) && user.email !== link.email)
            throw new ValidationError({ email: ['The email has already been taken.'] });
          await db.users.changeEmail(user.id, link.email, now);
          if (user.email !== link.email) await personShownChanged(trx, user.id);
          return (await db.users.findById(user.id))!;
        }
        // An address changed since the mail was sent is not proven by it.
        if (user.email !== link.email) throw invalidLink();
        await db.users.markEmailVerified(user.id, user.email, now);
        return (await db.users.findById(user.id))!;
      });
      await deps.claimInvitations(user);
      return user;
    },

    /** POST /api/user/email: the new address takes effect once the link mailed to it is followed. */
    async requestEmailChange(user: UserRow, email: string, password: string): Promise<void> {
      if (!(await deps.checkPassword(user, password))) throw new ValidationError({ password: ['The password is incorrect.'] });
      if (email === user.email) throw new ValidationError({ email: ['This is already your e-mail address.'] });
      const sent = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        if (await db.users.findByEmail(email)) throw new ValidationError({ email: ['The email has already been taken.'] });
        return mailLink(db, user, 'change_email', '/verify-email', languageOf(user), email);
      });
      if (!sent) throw new AppError(429, 'Too many e-mails were sent to this address. Please try again in an hour.');
      deps.onMailQueued?.();
    },

    /** POST /api/invitations/claim: the invitation's link was mailed to this account's address. */
    async claimInvitation(user: UserRow, token: string): Promise<UserRow> {
      const now = clock.nowIso();
      const db = repositories(database.db);
      // Not single-use: the mail may be opened twice, and only the mailbox's owner holds it.
      const link = await db.links.findLive(hashLinkSecret(token), ['invitation'], now);
      if (!link) throw invalidLink();
      if (link.email !== user.email)
        throw new ValidationError({ token: ['This invitation was sent to another e-mail address. Sign in with that address to see it.'] });
      await db.users.markEmailVerified(user.id, user.email, now);
      const proven = (await db.users.findById(user.id))!;
      await deps.claimInvitations(proven);
      return proven;
    },

    /** POST /api/user/forgot-password: the same answer for every address; a link only to a real account. */
    async requestPasswordReset(email: string, requestLanguage: LanguageCode): Promise<void> {
      const sent = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const user = await db.users.findByEmail(email);
        if (!user) return false;
        return mailLink(db, user, 'reset_password', '/reset-password', languageOf(user, requestLanguage));
      });
      if (sent) deps.onMailQueued?.();
    },

    /** POST /api/user/reset-password: a new password, every session signed out, the address proven. */
    async resetPassword(
      token: string,
      password: string,
      passwordErrors?: (password: string, userInputs: string[]) => Promise<string[]> | string[],
    ): Promise<void> {
      // A weak password is refused without spending the link, so the person can try another.
      const db = repositories(database.db);
      const link = await db.links.findLive(hashLinkSecret(token), ['reset_password'], clock.nowIso());
      const owner = link && link.used_at === null && link.user_id !== null ? await db.users.findById(link.user_id) : undefined;
      if (!link || !owner || owner.email !== link.email) throw invalidLink();
      const problems = passwordErrors ? await passwordErrors(password, [owner.name, owner.email]) : [];
      if (problems.length) throw new ValidationError({ password: problems });
      const passwordHash = await deps.hashPassword(password);
      const now = clock.nowIso();
      const user = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const spent = await spendLink(db, token, ['reset_password']);
        const user = spent.user_id === null ? undefined : await db.users.findById(spent.user_id);
        if (!user || user.email !== spent.email) throw invalidLink();
        await db.users.setPasswordHash(user.id, passwordHash, now);
        // The reset mail reached the address: it is proven as much as by a verification link.
        await db.users.markEmailVerified(user.id, user.email, now);
        return (await db.users.findById(user.id))!;
      });
      await deps.signOutEverywhere(user.id);
      await deps.claimInvitations(user);
    },

    async purgeExpiredLinks(): Promise<number> {
      return createAccountLinkRepository(database.db).deleteExpired(clock.nowIso());
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;

const invalidLink = () => new ValidationError({ token: [INVALID_LINK] });
