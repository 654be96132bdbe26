import type { Readable } from 'node:stream';
import type { Attachment } from '../../common/schemas/attachment.schema.ts';
import {
  DRIVE_FAILED,
  DRIVE_NOT_CONNECTED,
  DRIVE_PASSWORD_REJECTED,
  type DriveAttachInput,
  type DriveConnectInput,
  type DriveFilesQuery,
  type DriveFilter,
  type DriveItem,
  type DriveListing,
  type DriveState,
} from '../../common/schemas/drive.schema.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/repositories/user.repository.ts';
import type { DriveConnectionsTable } from '../db/tables.ts';
import { driveCategoryOf } from '../drive/file-category.ts';
import { createSecretBox, loadDriveSecretKey, SecretBoxError, type SecretBox } from '../drive/secret-box.ts';
import { createWebdavDrive, DriveError, parentOfDrivePath, type DriveEntry, type WebdavDrive } from '../drive/webdav-drive.ts';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../errors.ts';

/**
 * A person's connected WebDAV drive (issue 24): connecting it (checked before it is kept, its app
 * password sealed), its files listed and searched, and a file attached to a task, as a copy kept
 * here (through the attachments service, so the 25 MB limit, the quota, type sniffing, thumbnails
 * and access all hold as for an upload) or as a link to it on the drive.
 */

const WRONG_CREDENTIALS = 'The drive did not accept this user name and app password.';
const NOT_A_DRIVE = 'Could not reach a WebDAV drive at this address.';
const PRIVATE_NETWORK = 'This address is on a private network, which this server does not allow.';
const NOT_ON_DRIVE = 'The drive has no file or folder at this path.';
const NOT_A_FOLDER = 'This path is a file, not a folder.';
const FOLDER_NOT_ATTACHABLE = 'Only a file can be attached, not a folder.';
/** `checked_at` is written again after a successful listing at most this often, not on every one. */
const CHECKED_REFRESH_MS = 5 * 60 * 1000;

/** What the service needs of the attachments service (services/attachment.service.ts). */
export interface DriveAttachments {
  checkUpload(user: UserRow, taskId: number, declaredBytes: number | undefined): Promise<void>;
  add(user: UserRow, taskId: number, rawName: string, body: Readable): Promise<Attachment>;
  addLink(user: UserRow, taskId: number, file: { name: string; url: string; mime: string; size: number }): Promise<Attachment>;
}

export interface DriveServiceDeps {
  database: Database;
  clock: Clock;
  attachments: DriveAttachments;
  /** OUTBOUND_ALLOW_PRIVATE: drives on loopback and private networks (self-hosting, tests). */
  allowPrivate: boolean;
  /** Per request to a drive; 10 s when not given. */
  timeoutMs?: number;
  log: { warn(object: object, message: string): void };
}

type ConnectionRow = DriveConnectionsTable;

const DISCONNECTED: DriveState = {
  provider: 'webdav',
  status: 'disconnected',
  url: null,
  username: null,
  connected_at: null,
  checked_at: null,
};

const stateOf = (row: ConnectionRow | undefined): DriveState =>
  row
    ? {
        provider: 'webdav',
        status: 'connected',
        url: row.url,
        username: row.username,
        connected_at: row.created_at,
        checked_at: row.checked_at,
      }
    : DISCONNECTED;

/** A sealed password opens only in its own account's row. */
const secretContext = (userId: number) => `drive_connections:${userId}`;

/** Why a connection attempt failed, as a field error on the form's address or password. */
function connectFailure(error: DriveError): ValidationError {
  switch (error.reason) {
    case 'credentials':
    case 'forbidden':
      return new ValidationError({ password: [WRONG_CREDENTIALS] });
    case 'private-address':
      return new ValidationError({ url: [PRIVATE_NETWORK] });
    case 'refused':
      // refusalOf's own words: "The address must start with https://." and the like.
      return new ValidationError({ url: [error.message] });
    default:
      return new ValidationError({ url: [NOT_A_DRIVE] });
  }
}

const FILTERS: Record<DriveFilter, (item: DriveItem) => boolean> = {
  all: () => true,
  folders: (item) => item.kind === 'folder',
  images: (item) => item.category === 'image',
  documents: (item) => item.category === 'document',
  videos: (item) => item.category === 'video',
  other: (item) => item.category === 'other',
};

/** Folders first, then files, each by name. */
const byKindThenName = (a: DriveItem, b: DriveItem) =>
  (a.kind === b.kind ? 0 : a.kind === 'folder' ? -1 : 1) || a.name.localeCompare(b.name) || a.path.localeCompare(b.path);

const itemOf = (entry: DriveEntry): DriveItem => ({ ...entry, category: driveCategoryOf(entry) });

export function createDriveService(deps: DriveServiceDeps) {
  const { database, clock } = deps;
  const db = database.db;
  let box: Promise<SecretBox> | undefined;

  /** The key is made or read once, on first use; a failed read is tried again next time. */
  function secretBox(): Promise<SecretBox> {
    box ??= loadDriveSecretKey(db, clock.nowIso())
      .then(createSecretBox)
      .catch((error: unknown) => {
        box = undefined;
        throw error;
      });
    return box;
  }

  const findConnection = (userId: number) =>
    db.selectFrom('drive_connections').selectAll().where('user_id', '=', userId).executeTakeFirst();

  async function connectionOf(user: UserRow): Promise<ConnectionRow> {
    const row = await findConnection(user.id);
    if (!row) throw new ConflictError(DRIVE_NOT_CONNECTED);
    return row;
  }

  async function openDrive(row: ConnectionRow): Promise<WebdavDrive> {
    let password: string;
    try {
      password = (await secretBox()).open(row.secret, secretContext(row.user_id));
    } catch (error) {
      // A secret that does not open (changed, or sealed under a key since lost) is one to enter again.
      if (error instanceof SecretBoxError) throw new AppError(502, DRIVE_PASSWORD_REJECTED);
      throw error;
    }
    return createWebdavDrive(
      { url: row.url, username: row.username, password },
      { allowPrivate: deps.allowPrivate, timeoutMs: deps.timeoutMs },
    );
  }

  /** A connected drive's failure as the API answers it; anything not the drive's passes as it is. */
  function driveProblem(error: unknown, row: ConnectionRow): unknown {
    if (!(error instanceof DriveError)) return error;
    switch (error.reason) {
      case 'credentials':
        return new AppError(502, DRIVE_PASSWORD_REJECTED);
      case 'not-found':
        return new NotFoundError(NOT_ON_DRIVE);
      case 'not-a-folder':
        return new ValidationError({ path: [NOT_A_FOLDER] });
      default:
        deps.log.warn({ userId: row.user_id, reason: error.reason, err: error }, 'drive request failed');
        return new AppError(502, DRIVE_FAILED);
    }
  }

  async function noteChecked(row: ConnectionRow) {
    const now = clock.now();
    if (now.getTime() - Date.parse(row.checked_at) < CHECKED_REFRESH_MS) return;
    await db.updateTable('drive_connections').set({ checked_at: now.toISOString() }).where('user_id', '=', row.user_id).execute();
  }

  return {
    async state(user: UserRow): Promise<DriveState> {
      return stateOf(await findConnection(user.id));
    },

    /** Checks the drive with these credentials, then keeps them (the password sealed), replacing any earlier drive. */
    async connect(user: UserRow, input: DriveConnectInput): Promise<DriveState> {
      let url: string;
      try {
        const drive = createWebdavDrive(
          { url: new URL(input.url).href, username: input.username, password: input.password },
          { allowPrivate: deps.allowPrivate, timeoutMs: deps.timeoutMs },
        );
        url = await drive.check();
      } catch (error) {
        if (error instanceof DriveError) throw connectFailure(error);
        throw error;
      }
      const now = clock.nowIso();
      const row: ConnectionRow = {
        user_id: user.id,
        provider: 'webdav',
        url,
        username: input.username,
        secret: (await secretBox()).seal(input.password, secretContext(user.id)),
        created_at: now,
        checked_at: now,
      };
      const { user_id: _userId, ...changes } = row;
      await db
        .insertInto('drive_connections')
        .values(row)
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(changes))
        .execute();
      return stateOf(row);
    },

    async disconnect(user: UserRow): Promise<DriveState> {
      await db.deleteFrom('drive_connections').where('user_id', '=', user.id).execute();
      return DISCONNECTED;
    },

    /** A folder's items, or with `search` the items below it whose names hold the text; then the filter. */
    async files(user: UserRow, query: DriveFilesQuery): Promise<DriveListing> {
      const row = await connectionOf(user);
      const drive = await openDrive(row);
      const text = query.search?.trim();
      let found: { items: DriveEntry[]; truncated: boolean };
      try {
        found = text ? await drive.search(query.path, text) : { items: await drive.list(query.path), truncated: false };
      } catch (error) {
        throw driveProblem(error, row);
      }
      await noteChecked(row);
      return {
        path: query.path,
        parent: parentOfDrivePath(query.path),
        items: found.items.map(itemOf).filter(FILTERS[query.filter]).sort(byKindThenName),
        truncated: found.truncated,
      };
    },

    /**
     * Attaches a drive file to a task. The task is checked first (404 for whoever may not add files
     * to it), before the drive is asked anything. A copy is refused on the size the drive announces
     * (25 MB, the quota) before any byte is fetched, and counted again as it arrives.
     */
    async attach(user: UserRow, taskId: number, input: DriveAttachInput): Promise<Attachment> {
      await deps.attachments.checkUpload(user, taskId, undefined);
      const row = await connectionOf(user);
      const drive = await openDrive(row);
      let entry: DriveEntry;
      try {
        entry = await drive.stat(input.path);
      } catch (error) {
        throw driveProblem(error, row);
      }
      if (entry.kind === 'folder') throw new ValidationError({ path: [FOLDER_NOT_ATTACHABLE] });
      if (input.mode === 'link') {
        return deps.attachments.addLink(user, taskId, {
          name: entry.name,
          url: drive.urlOf(entry.path),
          mime: entry.mime ?? 'application/octet-stream',
          size: entry.size ?? 0,
        });
      }
      if (entry.size !== null) await deps.attachments.checkUpload(user, taskId, entry.size);
      let stream: Readable;
      try {
        ({ stream } = await drive.download(entry.path));
      } catch (error) {
        throw driveProblem(error, row);
      }
      try {
        return await deps.attachments.add(user, taskId, entry.name, stream);
      } catch (error) {
        // The drive failing mid-copy comes out of the stream as a DriveError; the rest is the attachment's own (413, 422).
        throw driveProblem(error, row);
      } finally {
        stream.destroy();
      }
    },
  };
}
export type DriveService = ReturnType<typeof createDriveService>;
