import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Attachment, StorageUsage } from '../../common/schemas/attachment.schema.ts';
import { attachmentIdsIn, DESCRIPTION_IMAGE_TYPES } from '../../common/attachment-links.ts';
import { LIMITS } from '../../common/limits.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createActivityRepository } from '../db/repositories/activity.repository.ts';
import { createAttachmentRepository, keysInSnapshots, type AttachmentRow } from '../db/repositories/attachment.repository.ts';
import { createAudienceRepository } from '../db/repositories/audience.repository.ts';
import type { UserRow } from '../db/repositories/user.repository.ts';
import type { Tables } from '../db/tables.ts';
import { AppError, ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { canEditTask, type TaskAccess } from '../policies/task.policy.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { cleanFileName, fileKindOf, isInlineType } from '../storage/file-kind.ts';
import type { FileStore } from '../storage/file-store.ts';
import { loadTask } from './task-access.ts';

export const ATTACHMENT_NOT_FOUND = 'File not found';
const MB = 1024 * 1024;
/** A file the orphan sweep finds without a row is left this long first: its upload may still be committing. */
const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** A staged image no saved description adopted (its dialog closed without saving) is kept this long. */
const STAGED_TTL_MS = 24 * 60 * 60 * 1000;
/** Thumbnails: at most this wide and high, as WebP. */
const THUMBNAIL_PX = 320;

/** 413 with a message the web app translates (web/i18n/locales/<language>/server.json). */
class TooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}
const fileTooLarge = () => new TooLargeError(`The file is larger than ${LIMITS.attachmentBytes / MB} MB.`);
/** The quota is the task owner's (attachment.repository.ts, usedBytes): said to whoever is uploading. */
const overQuota = (ownQuota: boolean) =>
  new TooLargeError(
    ownQuota
      ? 'This file does not fit in the storage left for your files.'
      : 'This file does not fit in the storage the task’s owner has left.',
  );

const notAnImage = () =>
  new AppError(415, 'Only PNG, JPEG, GIF, WebP and AVIF images can be put in a description.', {
    file: ['Only PNG, JPEG, GIF, WebP and AVIF images can be put in a description.'],
  });

/** Who may add files: whoever may edit the task (its owner and accepted recipients). */
const canAttach = canEditTask;
/** Who may delete a file: who added it, or the task's owner. */
const canDelete = (row: Pick<AttachmentRow, 'user_id'>, userId: number, access: TaskAccess) => row.user_id === userId || access === 'owner';

const newKey = () => {
  const hex = randomBytes(16).toString('hex');
  return `${hex.slice(0, 2)}/${hex}`;
};

export interface AttachmentServiceDeps {
  database: Database;
  clock: Clock;
  events: EventBus;
  store: FileStore;
  /** Where uploads are written while they arrive (removed after). */
  tempDir: string;
  quotaBytes: number;
  log: { warn(object: object, message: string): void };
}

export function createAttachmentService(deps: AttachmentServiceDeps) {
  const { database, clock, store } = deps;
  const repositories = (db: Kysely<Tables>) => ({
    attachments: createAttachmentRepository(db, database.dialect),
    activity: createActivityRepository(db),
    audience: createAudienceRepository(db),
  });
  const base = repositories(database.db);
  const reader = (trx: Kysely<Tables>) => ({ db: trx, dialect: database.dialect });

  /** A staged image is its uploader's alone: they see it as an owner would. */
  const present = (row: AttachmentRow & { user_name: string }, userId: number, access: TaskAccess | 'staged'): Attachment => ({
    id: row.id,
    task_id: row.task_id,
    name: row.name,
    mime: row.mime,
    size: Number(row.size),
    user_id: row.user_id,
    user_name: row.user_name,
    created_at: row.created_at,
    has_thumbnail: row.thumbnail_key !== null,
    inline: row.storage_key !== null && isInlineType(row.mime),
    link_url: row.link_url,
    can_delete: access === 'staged' || canDelete(row, userId, access),
  });

  /** After commit: whoever may open the task reloads its files and its activity. */
  async function notify(taskId: number) {
    deps.events.publish(await base.audience.viewersOf(taskId), { type: 'attachments-changed', taskId });
  }

  /** Deletes stored bytes; a failure is logged and left to the orphan sweep, never the caller's error. */
  async function deleteStored(keys: readonly string[]) {
    if (!keys.length) return;
    try {
      await store.delete(keys);
    } catch (error) {
      deps.log.warn({ err: error, keys: keys.length }, 'could not delete stored files; the orphan sweep will');
    }
  }

  /** Deletes what uploads cut short by a crash left in the temporary folder (an upload in progress writes to its file). */
  async function sweepTemporary(before: number): Promise<number> {
    const names = await fs.promises.readdir(deps.tempDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const file = path.join(deps.tempDir, name);
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (stat?.isFile() && stat.mtimeMs < before) {
        await fs.promises.rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** Writes the request's bytes to `target`, refusing (413) past the largest file. */
  async function receive(body: Readable, target: string): Promise<number> {
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > LIMITS.attachmentBytes) return done(fileTooLarge());
        done(null, chunk);
      },
    });
    await pipeline(body, counter, fs.createWriteStream(target, { flags: 'wx' }));
    return size;
  }

  /** A small WebP of an image, or nothing when sharp cannot read it (the file is kept all the same). */
  async function makeThumbnail(source: string, target: string): Promise<boolean> {
    try {
      await sharp(source, { limitInputPixels: 100_000_000 })
        .rotate()
        .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 })
        .toFile(target);
      return true;
    } catch {
      return false;
    }
  }

  return {
    async list(user: UserRow, taskId: number): Promise<Attachment[]> {
      const { access } = await loadTask(database, user, taskId);
      return (await base.attachments.listForTask(taskId)).map((row) => present(row, user.id, access));
    },

    async usage(user: UserRow): Promise<StorageUsage> {
      return {
        used_bytes: await base.attachments.usedBytes(user.id),
        quota_bytes: deps.quotaBytes,
        max_file_bytes: LIMITS.attachmentBytes,
      };
    },

    /**
     * Checks before the bytes are read: the task is one the person may add files to (else 404, as
     * for any task they may not see), and the size the client announces fits the limit and the
     * quota of the task's owner.
     */
    async checkUpload(user: UserRow, taskId: number | null, declaredBytes: number | undefined): Promise<void> {
      // A staged image (no task yet) counts on its uploader's quota.
      const { task } = taskId === null ? { task: { user_id: user.id } } : await loadTask(database, user, taskId, { may: canAttach });
      if (declaredBytes === undefined) return;
      if (declaredBytes > LIMITS.attachmentBytes) throw fileTooLarge();
      if ((await base.attachments.usedBytes(task.user_id)) + declaredBytes > deps.quotaBytes) throw overQuota(task.user_id === user.id);
    },

    /**
     * Stores an uploaded file: its bytes to a temporary file (counted), its type from its bytes, a
     * thumbnail for an image, both into the store, then the row, in one transaction that checks the
     * task and the quota again. Whatever fails after the bytes are stored deletes them again.
     *
     * With no task (`taskId` null) it is an image pasted into a description not saved yet (decision
     * 037): only a picture a browser shows in place, staged on the uploader's quota until the task
     * whose saved description links it adopts it (`adopt`).
     */
    async add(user: UserRow, taskId: number | null, rawName: string, body: Readable): Promise<Attachment> {
      await fs.promises.mkdir(deps.tempDir, { recursive: true });
      const temp = path.join(deps.tempDir, `upload-${randomBytes(12).toString('hex')}`);
      const key = newKey();
      let thumbnailKey: string | null = null;
      try {
        const size = await receive(body, temp);
        if (size === 0) throw new ValidationError({ file: ['The file is empty.'] });
        const kind = await fileKindOf(temp);
        if (taskId === null && !DESCRIPTION_IMAGE_TYPES.has(kind.mime)) throw notAnImage();
        if (kind.thumbnail && (await makeThumbnail(temp, `${temp}.thumb`))) thumbnailKey = `${key}.thumb`;
        await store.put(key, temp, kind.mime);
        if (thumbnailKey) await store.put(thumbnailKey, `${temp}.thumb`, 'image/webp');
        const name = cleanFileName(rawName);
        const now = clock.nowIso();
        const { row, access } = await database.db.transaction().execute(async (trx) => {
          const db = repositories(trx);
          const { task, access } =
            taskId === null
              ? { task: { user_id: user.id }, access: 'staged' as const }
              : await loadTask(reader(trx), user, taskId, { may: canAttach });
          if ((await db.attachments.usedBytes(task.user_id, { lock: true })) + size > deps.quotaBytes)
            throw overQuota(task.user_id === user.id);
          const row = await db.attachments.insert({
            task_id: taskId,
            user_id: user.id,
            name,
            mime: kind.mime,
            size,
            storage_key: key,
            link_url: null,
            thumbnail_key: thumbnailKey,
            created_at: now,
          });
          if (taskId !== null) await db.activity.record(taskId, user.id, { code: 'attachment_added', name }, now);
          return { row, access };
        });
        if (taskId !== null) await notify(taskId);
        return present({ ...row, user_name: user.name }, user.id, access);
      } catch (error) {
        await deleteStored(thumbnailKey ? [key, thumbnailKey] : [key]);
        throw error;
      } finally {
        await fs.promises.rm(temp, { force: true });
        await fs.promises.rm(`${temp}.thumb`, { force: true });
      }
    },

    /**
     * In the transaction that saves a task's description: the images it links that `user` staged
     * become the task's files (decision 037), each said in the activity log. They move onto the quota
     * of the task's owner, checked as an upload's is; over it, the save is refused (413) and nothing
     * is written. Answers whether any was adopted (the caller then calls `adopted` after commit).
     * Ids of someone else's images, or of files already on a task, are left alone.
     */
    async adopt(
      trx: Kysely<Tables>,
      user: UserRow,
      task: { id: number; user_id: number },
      description: string,
      now: string,
    ): Promise<boolean> {
      const db = repositories(trx);
      const staged = await db.attachments.staged(user.id, attachmentIdsIn(description));
      if (!staged.length) return false;
      if (task.user_id !== user.id) {
        const bytes = staged.reduce((sum, row) => sum + Number(row.size), 0);
        if ((await db.attachments.usedBytes(task.user_id, { lock: true })) + bytes > deps.quotaBytes) throw overQuota(false);
      }
      const moved = new Set(
        await db.attachments.adopt(
          staged.map((row) => row.id),
          task.id,
        ),
      );
      for (const row of staged) {
        if (moved.has(row.id)) await db.activity.record(task.id, user.id, { code: 'attachment_added', name: row.name }, now);
      }
      return moved.size > 0;
    },
    /** After the commit of an `adopt` that took images: the task's viewers reload its files. */
    adopted: (taskId: number) => notify(taskId),

    /**
     * A file on the person's connected drive attached as a link (issue 24): the task keeps its name
     * and address, the bytes stay on the drive (nothing on the quota). services/drive.service.ts.
     */
    async addLink(user: UserRow, taskId: number, file: { name: string; url: string; mime: string; size: number }): Promise<Attachment> {
      const name = cleanFileName(file.name);
      const now = clock.nowIso();
      const { row, access } = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const { access } = await loadTask(reader(trx), user, taskId, { may: canAttach });
        const row = await db.attachments.insert({
          task_id: taskId,
          user_id: user.id,
          name,
          mime: file.mime,
          size: file.size,
          storage_key: null,
          link_url: file.url,
          thumbnail_key: null,
          created_at: now,
        });
        await db.activity.record(taskId, user.id, { code: 'attachment_added', name }, now);
        return { row, access };
      });
      await notify(taskId);
      return present({ ...row, user_name: user.name }, user.id, access);
    },

    /** A file the person may open, with where its bytes are; 404 for anyone who may not see its task. */
    async open(user: UserRow, attachmentId: number): Promise<AttachmentRow> {
      const row = await base.attachments.findById(attachmentId);
      if (!row) throw new NotFoundError(ATTACHMENT_NOT_FOUND);
      if (row.task_id === null) {
        if (row.user_id !== user.id) throw new NotFoundError(ATTACHMENT_NOT_FOUND);
      } else {
        await loadTask(database, user, row.task_id, { notFound: ATTACHMENT_NOT_FOUND });
      }
      return row;
    },

    async remove(user: UserRow, attachmentId: number): Promise<void> {
      const now = clock.nowIso();
      const row = await database.db.transaction().execute(async (trx) => {
        const db = repositories(trx);
        const row = await db.attachments.findById(attachmentId);
        if (!row) throw new NotFoundError(ATTACHMENT_NOT_FOUND);
        // A staged image: its uploader's alone, on no task's log.
        if (row.task_id === null) {
          if (row.user_id !== user.id) throw new NotFoundError(ATTACHMENT_NOT_FOUND);
          await db.attachments.delete(row.id);
          return row;
        }
        const { access } = await loadTask(reader(trx), user, row.task_id, { notFound: ATTACHMENT_NOT_FOUND });
        if (!canDelete(row, user.id, access))
          throw new ForbiddenError('Only the person who added this file or the task owner can delete it.');
        await db.attachments.delete(row.id);
        await db.activity.record(row.task_id, user.id, { code: 'attachment_deleted', name: row.name }, now);
        return row;
      });
      await deleteStored([row.storage_key, row.thumbnail_key].filter((key): key is string => key !== null));
      if (row.task_id !== null) await notify(row.task_id);
    },

    /** The keys to delete once an account is gone (read before it goes): services/settings.service.ts. */
    async keysOfAccount(userId: number): Promise<string[]> {
      const snapshots = await database.db.selectFrom('deleted_tasks').select('snapshot').where('owner_id', '=', userId).execute();
      return [...(await base.attachments.keysOfAccount(userId)), ...keysInSnapshots(snapshots.map((row) => row.snapshot))];
    },
    deleteStored,
    /** Deleted tasks' snapshots were purged: their files cannot come back, so their bytes go. */
    snapshotsPurged: (snapshots: readonly string[]) => deleteStored(keysInSnapshots(snapshots)),

    /**
     * The orphan sweep: staged images no description adopted within a day; temporary files of
     * uploads a crash cut short; then stored files no row names, neither a file's nor one in a
     * deleted task's snapshot, older than an hour (a crash between storing and committing, or
     * before a delete reached the store). Returns how many files it deleted.
     */
    async sweep(): Promise<number> {
      const unadopted = await base.attachments.deleteStagedBefore(new Date(clock.now().getTime() - STAGED_TTL_MS).toISOString());
      await store.delete(unadopted);
      const before = clock.now().getTime() - ORPHAN_GRACE_MS;
      const temporary = await sweepTemporary(before);
      const candidates: string[] = [];
      for await (const { key, storedAt } of store.list()) if (storedAt.getTime() < before) candidates.push(key);
      if (!candidates.length) return unadopted.length + temporary;
      // A delete moves a file's row into a snapshot, an undo moves it back, each in one transaction:
      // snapshots read before and after the rows see the row wherever either move left it.
      const snapshotKeys = async () =>
        keysInSnapshots((await database.db.selectFrom('deleted_tasks').select('snapshot').execute()).map((row) => row.snapshot));
      const inSnapshotsBefore = await snapshotKeys();
      const used = await base.attachments.keysInUse(candidates);
      for (const key of [...inSnapshotsBefore, ...(await snapshotKeys())]) used.add(key);
      const orphans = candidates.filter((key) => !used.has(key));
      await store.delete(orphans);
      return unadopted.length + temporary + orphans.length;
    },
  };
}
export type AttachmentService = ReturnType<typeof createAttachmentService>;
