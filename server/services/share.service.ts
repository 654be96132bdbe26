import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isLanguageCode, type LanguageCode } from '../../common/locales.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createAccountLinkRepository } from '../db/repositories/account-link.repository.ts';
import { createActivityRepository } from '../db/repositories/activity.repository.ts';
import { createAudienceRepository } from '../db/repositories/audience.repository.ts';
import { createDataVersionRepository } from '../db/repositories/data-version.repository.ts';
import { createMailOutboxRepository } from '../db/repositories/mail-outbox.repository.ts';
import { createShareRepository } from '../db/repositories/share.repository.ts';
import { createTaskRepository } from '../db/repositories/task.repository.ts';
import { createUserRepository, type UserRow } from '../db/repositories/user.repository.ts';
import type { Tables } from '../db/tables.ts';
import { AppError, ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { shareMail } from '../mail/mail-texts.ts';
import { canAnswerShare, canRemoveShare, canShareTask } from '../policies/task.policy.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { Delivered, NotificationDelivery } from './notification-delivery.ts';
import { othersThan } from './notification.service.ts';
import { loadTask } from './task-access.ts';
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
  delivery: NotificationDelivery;
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
    audience: createAudienceRepository(db),
    links: createAccountLinkRepository(db),
  });
  /** A transaction's handle, for reading a task's access inside it. */
  const reader = (trx: Kysely<Tables>) => ({ db: trx, dialect: database.dialect });

  /**
   * Issue 22: an invitation answered is told to the task's owner and to whoever invited (they may
   * differ: an accepted recipient may invite), if they may still open the task. Whom it told.
   */
  async function tellOfAnswer(
    trx: Kysely<Tables>,
    share: { taskId: number; ownerId: number; invitedBy: number },
    actorId: number,
    kind: 'share_accepted' | 'share_declined',
    now: string,
  ): Promise<Delivered> {
    const viewers = new Set(await repositories(trx).audience.viewersOf(share.taskId));
    const told = othersThan([share.ownerId, share.invitedBy], actorId).filter((id) => viewers.has(id));
    return deps.delivery.deliver(
      trx,
      told.map((userId) => ({ userId, kind, taskId: share.taskId, actorId })),
      now,
    );
  }

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
   * `listers` when they had to be read before a share was removed.
   */
  async function listsChanged(db: ReturnType<typeof repositories>, taskIds: number[], listers?: number[]): Promise<void> {
    await db.tasks.bumpRevisions(taskIds);
    await db.versions.bump(listers ?? (await db.audience.listersOf(taskIds)));
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
        const { task, access } = await loadTask(reader(trx), user, taskId);
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
      const { ownerId, delivered } = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const { task, access, share } = await loadTask(reader(trx), user, taskId, { may: canAnswerShare });
        if (access === 'collaborator') return { ownerId: task.user_id, delivered: undefined };
        // A recipient (canAnswerShare) has a share.
        await db.shares.accept(share!.id, now);
        await db.activity.record(taskId, user.id, { code: 'share_accepted' }, now);
        await listsChanged(db, [taskId]);
        const delivered = await tellOfAnswer(
          trx,
          { taskId, ownerId: task.user_id, invitedBy: share!.shared_by },
          user.id,
          'share_accepted',
          now,
        );
        return { ownerId: task.user_id, delivered };
      });
      if (delivered) deps.delivery.afterCommit(delivered);
      events.publish([user.id], { type: 'pending-shares-changed' });
      events.publish([ownerId, user.id], { type: 'task-changed', taskId });
    },

    /** DELETE /api/tasks/{id}/remove-share: the person loses access at once. */
    async remove(user: UserRow, taskId: number, target: { userId?: number | undefined; email?: string | undefined }): Promise<void> {
      const now = clock.nowIso();
      const removedUserId = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const { access } = await loadTask(reader(trx), user, taskId);
        if (!canRemoveShare(access)) throw new ForbiddenError('Only the owner can remove people from this task.');
        const shares = await db.shares.listForTask(taskId);
        const share = shares.find((s) =>
          target.userId !== undefined ? s.user_id === target.userId : s.email === target.email?.trim().toLowerCase(),
        );
        if (!share) throw new NotFoundError('This person does not have access to the task.');
        // Read while the removed person is still among the shares.
        const listers = await db.audience.listersOf([taskId]);
        await db.shares.remove(share.id);
        await db.activity.record(taskId, user.id, { code: 'share_removed', email: share.email }, now);
        await listsChanged(db, [taskId], listers);
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
      let delivered: Delivered | undefined;
      const ownerId = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const { task, access, share } = await loadTask(reader(trx), user, taskId, { may: canAnswerShare });
        if (kind === 'decline' && access === 'collaborator')
          throw new AppError(422, 'You have already accepted this task. Leave it instead.');
        if (kind === 'leave' && access !== 'collaborator') throw new AppError(422, 'You have not accepted this task. Decline it instead.');
        const listers = await db.audience.listersOf([taskId]);
        // A recipient (canAnswerShare) has a share.
        await db.shares.remove(share!.id);
        await db.activity.record(taskId, user.id, { code: kind === 'decline' ? 'share_declined' : 'share_left' }, now);
        await listsChanged(db, [taskId], listers);
        if (kind === 'decline')
          delivered = await tellOfAnswer(
            trx,
            { taskId, ownerId: task.user_id, invitedBy: share!.shared_by },
            user.id,
            'share_declined',
            now,
          );
        return task.user_id;
      });
      if (delivered) deps.delivery.afterCommit(delivered);
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
  };
}
export type ShareService = ReturnType<typeof createShareService>;
