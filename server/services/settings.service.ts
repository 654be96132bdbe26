import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { UAParser } from 'ua-parser-js';
import type { Session } from '../../common/schemas/settings.schema.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createAccountLinkRepository } from '../db/repositories/account-link.repository.ts';
import { createAudienceRepository } from '../db/repositories/audience.repository.ts';
import { createDataVersionRepository } from '../db/repositories/data-version.repository.ts';
import { createTokenRepository } from '../db/repositories/token.repository.ts';
import { personShownChanged } from './profile-changes.ts';
import { followDigestToZone } from './notification-settings.service.ts';
import { createReminderRepository } from '../db/repositories/reminder.repository.ts';
import { createUserRepository, type UserRow } from '../db/repositories/user.repository.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { profilePhotoFrom } from './profile-photo.ts';

/** Events one deletion sends one person at most: past it their screens refresh on the next poll. */
const MAX_EVENTS_PER_PERSON = 20;
export const PHOTO_PATH_PREFIX = '/api/user-photos/';

export interface SettingsServiceDeps {
  database: Database;
  clock: Clock;
  events: EventBus;
  checkPassword: (user: UserRow, password: string) => Promise<boolean>;
  hashPassword: (password: string) => Promise<string>;
  passwordErrors: (password: string, userInputs: string[]) => Promise<string[]>;
  /** These sign-ins are over: their live streams end in every process (realtime/live-streams.ts). */
  sessionsEnded: (userId: number, tokenIds: number[] | 'all') => void;
  /** Issue 24: the stored files an account's deletion takes (read before), and their deletion after it. */
  files: { keysOfAccount(userId: number): Promise<string[]>; deleteStored(keys: readonly string[]): Promise<void> };
}

/** Account settings beside the spec's user card (issue 18): profile, password, sessions, deletion. */
export function createSettingsService(deps: SettingsServiceDeps) {
  const { database, clock, events } = deps;
  const users = createUserRepository(database.db);
  const tokens = createTokenRepository(database.db);

  async function requirePassword(user: UserRow, password: string, field: string) {
    if (!(await deps.checkPassword(user, password))) throw new ValidationError({ [field]: ['The password is incorrect.'] });
  }

  return {
    async rename(user: UserRow, name: string): Promise<UserRow> {
      if (name !== user.name) {
        await database.db.transaction().execute(async (trx) => {
          await createUserRepository(trx).setName(user.id, name, clock.nowIso());
          await personShownChanged(trx, user.id);
        });
      }
      return (await users.findById(user.id))!;
    },

    /**
     * The zone the server reads this person's days in (issue 21): the summary's "due today" when the
     * viewer sends no date, a repeating task's first date, a completion's day. Nothing listed shows it,
     * so no list version moves.
     */
    async setTimeZone(user: UserRow, timeZone: string | null): Promise<UserRow> {
      if (timeZone !== user.time_zone) {
        const now = clock.nowIso();
        // Issue 22: the person's reminders and digest follow their days to the new zone, in the same transaction.
        await database.db.transaction().execute(async (trx) => {
          await createUserRepository(trx).setTimeZone(user.id, timeZone, now);
          await createReminderRepository(trx, database.dialect).followPerson(user.id, timeZone, now);
          await followDigestToZone(trx, database.dialect, user.id, timeZone, new Date(now));
        });
      }
      return (await users.findById(user.id))!;
    },

    /** A new photo (any JPEG, PNG, WebP or GIF; 256×256 WebP is kept) under a new address. */
    async setPhoto(user: UserRow, upload: Buffer): Promise<UserRow> {
      const content = await profilePhotoFrom(upload);
      const key = randomBytes(18).toString('base64url');
      const now = clock.nowIso();
      await database.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('user_photos').where('user_id', '=', user.id).execute();
        await trx.insertInto('user_photos').values({ user_id: user.id, photo_key: key, content, created_at: now }).execute();
        await createUserRepository(trx).setPhoto(user.id, `${PHOTO_PATH_PREFIX}${key}.webp`, now);
        await personShownChanged(trx, user.id);
      });
      return (await users.findById(user.id))!;
    },

    async removePhoto(user: UserRow): Promise<UserRow> {
      const now = clock.nowIso();
      await database.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('user_photos').where('user_id', '=', user.id).execute();
        await createUserRepository(trx).setPhoto(user.id, null, now);
        if (user.user_photo !== null) await personShownChanged(trx, user.id);
      });
      return (await users.findById(user.id))!;
    },

    /** GET /api/user-photos/{key}.webp: the bytes, or undefined. */
    async photo(key: string): Promise<Buffer | undefined> {
      const row = await database.db.selectFrom('user_photos').select('content').where('photo_key', '=', key).executeTakeFirst();
      return row ? Buffer.from(row.content) : undefined;
    },

    /**
     * PUT /api/user/password: the current password proves the person; other sessions end, and so
     * does any reset link mailed before, so an old mail (or whoever read it) cannot undo the change.
     */
    async changePassword(user: UserRow, currentTokenId: number, current: string, password: string): Promise<void> {
      await requirePassword(user, current, 'current_password');
      const problems = await deps.passwordErrors(password, [user.name, user.email]);
      if (problems.length) throw new ValidationError({ password: problems });
      const passwordHash = await deps.hashPassword(password);
      const now = clock.nowIso();
      const ended = await database.db.transaction().execute(async (trx) => {
        await createUserRepository(trx).setPasswordHash(user.id, passwordHash, now);
        await createAccountLinkRepository(trx).spendAllOf(user.id, 'reset_password', now);
        return createTokenRepository(trx).deleteAllExcept(user.id, currentTokenId);
      });
      deps.sessionsEnded(user.id, ended);
    },

    async sessions(user: UserRow, currentTokenId: number): Promise<Session[]> {
      const rows = await tokens.listForUser(user.id, clock.nowIso());
      return rows.map((row) => {
        const agent = row.user_agent ? new UAParser(row.user_agent).getResult() : undefined;
        return {
          id: row.id,
          browser: agent?.browser.name ?? null,
          os: agent?.os.name ?? null,
          created_at: row.created_at,
          last_used_at: row.last_used_at,
          current: row.id === currentTokenId,
        };
      });
    },

    async endSession(user: UserRow, tokenId: number): Promise<void> {
      if (!(await tokens.deleteOwn(user.id, tokenId))) throw new NotFoundError('This session has already ended.');
      deps.sessionsEnded(user.id, [tokenId]);
    },

    async endAllSessions(user: UserRow): Promise<void> {
      await tokens.deleteAllForUser(user.id);
      deps.sessionsEnded(user.id, 'all');
    },

    /**
     * DELETE /api/user: the account, its tasks (with their labels, shares, comments and activity),
     * its comments and its shares go. Recipients of its tasks lose them at once; owners of tasks
     * shared with it see it gone; people it invited to others' tasks keep their invitation, from
     * the task's owner.
     */
    async deleteAccount(user: UserRow, password: string): Promise<void> {
      await requirePassword(user, password, 'password');
      // The files on the person's tasks, those in their deleted tasks' snapshots and those they added
      // to others' tasks. Read first: a file added meanwhile is left to the orphan sweep.
      const storedKeys = await deps.files.keysOfAccount(user.id);
      const result = await database.db.transaction().execute(async (trx) => {
        const recipients = await trx
          .selectFrom('task_shares')
          .innerJoin('tasks', 'tasks.id', 'task_shares.task_id')
          .select(['task_shares.task_id', 'task_shares.user_id'])
          .where('tasks.user_id', '=', user.id)
          .where('task_shares.user_id', 'is not', null)
          .$narrowType<{ user_id: number }>()
          .execute();
        // Others' tasks that show the person (shared with them) or carry their comments, and who
        // lists each of them. Subqueries, not id lists: any number of tasks is one statement.
        const othersTasks = trx
          .selectFrom('task_shares')
          .select('task_id')
          .where('user_id', '=', user.id)
          .union(
            trx
              .selectFrom('comments')
              .innerJoin('tasks', 'tasks.id', 'comments.task_id')
              .select('comments.task_id')
              .where('comments.user_id', '=', user.id)
              .where('tasks.user_id', '<>', user.id),
          );
        const listers = await createAudienceRepository(trx).listersByTask(othersTasks);
        const versions = createDataVersionRepository(trx);
        // Invitations the person sent on others' tasks stay, as the owner's.
        await trx
          .updateTable('task_shares')
          .set({ shared_by: sql<number>`(select t.user_id from tasks t where t.id = task_shares.task_id)` })
          .where('shared_by', '=', user.id)
          .where('task_id', 'not in', trx.selectFrom('tasks').select('id').where('user_id', '=', user.id))
          .execute();
        await trx
          .updateTable('tasks')
          .set({ revision: sql<number>`revision + 1` })
          .where('id', 'in', othersTasks)
          .execute();
        await createUserRepository(trx).delete(user.id);
        const others = listers.filter((lister) => lister.userId !== user.id);
        await versions.bump([...others.map((lister) => lister.userId), ...recipients.map((r) => r.user_id)]);
        return { recipients, others };
      });
      deps.sessionsEnded(user.id, 'all');
      await deps.files.deleteStored(storedKeys);
      const told = new Map<number, number>();
      const tell = (userId: number, event: Parameters<EventBus['publish']>[1]) => {
        const count = told.get(userId) ?? 0;
        if (count >= MAX_EVENTS_PER_PERSON) return;
        told.set(userId, count + 1);
        events.publish([userId], event);
      };
      for (const userId of new Set(result.recipients.map((r) => r.user_id))) tell(userId, { type: 'pending-shares-changed' });
      for (const { task_id, user_id } of result.recipients) tell(user_id, { type: 'task-deleted', taskId: task_id });
      for (const { taskId, userId } of result.others) tell(userId, { type: 'task-changed', taskId });
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
