import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isLanguageCode, type LanguageCode } from '../../common/locales.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createAccountLinkRepository } from '../db/repositories/account-link.repository.ts';
import { createActivityRepository } from '../db/repositories/activity.repository.ts';
import { createDataVersionRepository } from '../db/repositories/data-version.repository.ts';
import { createMailOutboxRepository } from '../db/repositories/mail-outbox.repository.ts';
import { createShareRepository } from '../db/repositories/share.repository.ts';
import { createTaskRepository } from '../db/repositories/task.repository.ts';
import { createUserRepository, type UserRow } from '../db/repositories/user.repository.ts';
import type { Tables } from '../db/tables.ts';
import { AppError, ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { shareMail } from '../mail/mail-texts.ts';
import { canRemoveShare, canShareTask, canViewTask, taskAccessOf } from '../policies/task.policy.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { TASK_NOT_FOUND } from './task.service.ts';
import { hashLinkSecret, LINK_LIFETIME_MS, MAILS_PER_ADDRESS_PER_HOUR } from './account.service.ts';

/** Documented limit: people one task can be shared with (abuse guard). */
export const MAX_SHARES_PER_TASK = 50;

export interface ShareServiceDeps {
  database: Database;
  clock: Clock;
  events: EventBus;
  publicUrl: string;
  /** Wakes the mail dispatcher after a share committed its messages. */
  onMailQueued?: () => void;
}

export function createShareService(deps: ShareServiceDeps) {
  const { database, clock, events } = deps;
  const repositories = (db: Kysely<Tables>) => ({
    tasks: createTaskRepository(db, database.dialect),
    shares: createShareRepository(db),
    users: createUserRepository(db),
    activity: createActivityRepository(db),
    outbox: createMailOutboxRepository(db),
    versions: createDataVersionRepository(db),
    links: createAccountLinkRepository(db),
  });

  /**
   * The invitation mail's link (`/invitation?token=…`): following it while signed in with the
   * address proves the mailbox. Undefined, and no mail, once the address had its hour's share of
   * invitations, so nobody can flood a stranger's inbox by sharing with it.
   */
  async function invitationLink(db: ReturnType<typeof repositories>, email: string, now: Date): Promise<string | undefined> {
    const since = new Date(now.getTime() - 3_600_000).toISOString();
    if ((await db.links.countSentTo(email, 'invitation', since)) >= MAILS_PER_ADDRESS_PER_HOUR.invitation) return undefined;
    const secret = randomBytes(32).toString('base64url');
    await db.links.create({
      userId: null,
      purpose: 'invitation',
      email,
      secretHash: hashLinkSecret(secret),
      expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS.invitation).toISOString(),
      now: now.toISOString(),
    });
    return `${deps.publicUrl}/invitation?token=${secret}`;
  }

  /**
   * A share change shows in the task's `shared_with` and moves it between lists: the task is
   * rendered again and everyone who lists it reads a new version. Last in the transaction;
   * `audience` when it had to be read before a share was removed.
   */
  async function listsChanged(db: ReturnType<typeof repositories>, taskIds: number[], audience?: number[]): Promise<void> {
    await db.tasks.bumpRevisions(taskIds);
    await db.versions.bump(audience ?? (await db.versions.audienceOf(taskIds)));
  }

  async function accessFor(db: ReturnType<typeof repositories>, user: UserRow, taskId: number) {
    const task = await db.tasks.findById(taskId);
    if (!task) throw new NotFoundError(TASK_NOT_FOUND);
    const share = task.user_id === user.id ? undefined : await db.shares.findForRecipient(taskId, user.id);
    return { task, share, access: taskAccessOf(task, user.id, share?.status) };
  }

  return {
    /** POST /api/tasks/{id}/share: invitations (pending until accepted) and one e-mail each. */
    async share(
      user: UserRow,
      taskId: number,
      emails: string[],
      requestLanguage: LanguageCode,
    ): Promise<{ message: string; added: number }> {
      const normalized = emails.map((email) => email.trim().toLowerCase());
      const own = normalized.findIndex((email) => email === user.email);
      if (own !== -1) throw new ValidationError({ [`email_ids.${own}`]: ['You cannot share a task with yourself.'] });

      const now = clock.nowIso();
      const result = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const { task, access } = await accessFor(db, user, taskId);
        if (!canViewTask(access)) throw new NotFoundError(TASK_NOT_FOUND);
        if (!canShareTask(access)) throw new ForbiddenError('Only the owner can share this task.');
        // A recipient who invites people may name the owner, who already has the task.
        if (task.user_id !== user.id) {
          const owner = await db.users.findById(task.user_id);
          const index = owner ? normalized.indexOf(owner.email.toLowerCase()) : -1;
          if (index !== -1) throw new ValidationError({ [`email_ids.${index}`]: ['This person owns the task.'] });
        }
        const existing = await db.shares.listForTask(taskId);
        const known = new Set(existing.map((share) => share.email));
        const fresh = normalized.filter((email) => !known.has(email));
        if (existing.length + fresh.length > MAX_SHARES_PER_TASK) {
          throw new ValidationError({ email_ids: [`A task can be shared with at most ${MAX_SHARES_PER_TASK} people.`] });
        }
        // A share reaches an account only once its address is proven (issue 18): until then it
        // waits as an invitation to the address, like one to an address with no account.
        const recipients = await Promise.all(fresh.map((email) => db.users.findVerifiedByEmail(email)));
        const added = await db.shares.addMany(
          fresh.map((email, index) => ({ taskId, userId: recipients[index]?.id ?? null, email, sharedBy: user.id })),
          now,
        );
        let mailed = 0;
        for (const share of added) {
          const link = await invitationLink(db, share.email, clock.now());
          if (!link) continue;
          const recipient = recipients[fresh.indexOf(share.email)] ?? (await db.users.findByEmail(share.email));
          const language = recipient && isLanguageCode(recipient.language) ? recipient.language : requestLanguage;
          await db.outbox.enqueue({ to: share.email, ...shareMail({ language, sharerName: user.name, taskTitle: task.title, link }) }, now);
          mailed += 1;
        }
        if (added.length) {
          await db.activity.record(taskId, user.id, { code: 'shared', emails: added.map((s) => s.email) }, now);
          await listsChanged(db, [taskId]);
        }
        return { added, recipients, ownerId: task.user_id, mailed };
      });

      const notified = result.added.map((share) => share.user_id).filter((id): id is number => id !== null);
      if (notified.length) events.publish(notified, { type: 'pending-shares-changed' });
      // The owner's open dialog shows the new people too when a recipient invited them.
      events.publish([...new Set([result.ownerId, user.id])], { type: 'task-changed', taskId });
      if (result.mailed) deps.onMailQueued?.();
      return { message: 'Task shared successfully!', added: result.added.length };
    },

    async accept(user: UserRow, taskId: number): Promise<void> {
      const now = clock.nowIso();
      const task = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const { task, share } = await accessFor(db, user, taskId);
        if (!share) throw new NotFoundError(TASK_NOT_FOUND);
        if (share.status === 'accepted') return task;
        await db.shares.accept(share.id, now);
        await db.activity.record(taskId, user.id, { code: 'share_accepted' }, now);
        await listsChanged(db, [taskId]);
        return task;
      });
      events.publish([user.id], { type: 'pending-shares-changed' });
      events.publish([task.user_id, user.id], { type: 'task-changed', taskId });
    },

    /** DELETE /api/tasks/{id}/remove-share: the person loses access at once. */
    async remove(user: UserRow, taskId: number, target: { userId?: number | undefined; email?: string | undefined }): Promise<void> {
      const now = clock.nowIso();
      const removedUserId = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const { access } = await accessFor(db, user, taskId);
        if (!canViewTask(access)) throw new NotFoundError(TASK_NOT_FOUND);
        if (!canRemoveShare(access)) throw new ForbiddenError('Only the owner can remove people from this task.');
        const shares = await db.shares.listForTask(taskId);
        const share = shares.find((s) =>
          target.userId !== undefined ? s.user_id === target.userId : s.email === target.email?.trim().toLowerCase(),
        );
        if (!share) throw new NotFoundError('This person does not have access to the task.');
        // Read while the removed person is still among the shares.
        const audience = await db.versions.audienceOf([taskId]);
        await db.shares.remove(share.id);
        await db.activity.record(taskId, user.id, { code: 'share_removed', email: share.email }, now);
        await listsChanged(db, [taskId], audience);
        return share.user_id;
      });
      if (removedUserId !== null) {
        events.publish([removedUserId], { type: 'pending-shares-changed' });
        events.publish([removedUserId], { type: 'task-deleted', taskId });
      }
      events.publish([user.id], { type: 'task-changed', taskId });
    },

    /**
     * POST /api/tasks/{id}/decline-share (a pending share) and /leave-share (an accepted one): the
     * recipient's own way out. The share is gone, so the owner may invite the address again.
     */
    async withdraw(user: UserRow, taskId: number, kind: 'decline' | 'leave'): Promise<void> {
      const now = clock.nowIso();
      const ownerId = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const task = await db.tasks.findById(taskId);
        const share = task ? await db.shares.findForRecipient(taskId, user.id) : undefined;
        if (!task || !share) throw new NotFoundError(TASK_NOT_FOUND);
        if (kind === 'decline' && share.status === 'accepted')
          throw new AppError(422, 'You have already accepted this task. Leave it instead.');
        if (kind === 'leave' && share.status !== 'accepted')
          throw new AppError(422, 'You have not accepted this task. Decline it instead.');
        const audience = await db.versions.audienceOf([taskId]);
        await db.shares.remove(share.id);
        await db.activity.record(taskId, user.id, { code: kind === 'decline' ? 'share_declined' : 'share_left' }, now);
        await listsChanged(db, [taskId], audience);
        return task.user_id;
      });
      events.publish([user.id], { type: 'pending-shares-changed' });
      events.publish([user.id], { type: 'task-deleted', taskId });
      events.publish([ownerId], { type: 'task-changed', taskId });
    },

    /** Once an address is proven: invitations to it become the account's pending shares. */
    async claimInvitations(user: UserRow): Promise<void> {
      const taskIds = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const claimed = await db.shares.claimInvitations(user.id, user.email, clock.nowIso());
        // The owners' `shared_with` now names the new account, and its pending list fills.
        await listsChanged(db, claimed);
        return claimed;
      });
      if (taskIds.length) events.publish([user.id], { type: 'pending-shares-changed' });
    },

    /** Everyone who should hear about a change to this task. */
    async audienceOf(taskId: number): Promise<number[]> {
      const db = repositories(database.db);
      const task = await db.tasks.findById(taskId);
      if (!task) return [];
      const shares = await db.shares.listForTask(taskId);
      return [task.user_id, ...shares.filter((s) => s.status === 'accepted' && s.user_id !== null).map((s) => s.user_id!)];
    },
  };
}
export type ShareService = ReturnType<typeof createShareService>;
