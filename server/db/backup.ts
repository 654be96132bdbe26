import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Tables } from './tables.ts';

/** An online backup: consistent even while the server writes (SQLite backup API). */
export async function backupSqlite(databaseFile: string, target: string): Promise<void> {
  if (!fs.existsSync(databaseFile)) throw new Error(`No database at ${databaseFile}`);
  const source = new SQLite(databaseFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(target);
  } finally {
    source.close();
  }
  assertIntact(target);
}

function assertIntact(file: string) {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`${file} failed integrity_check: ${String(result)}`);
  } finally {
    db.close();
  }
}

/** Replaces the database with a checked backup; returns where the previous file was kept. */
export async function restoreSqlite(backupFile: string, databaseFile: string): Promise<string | undefined> {
  assertIntact(backupFile);
  let kept: string | undefined;
  if (fs.existsSync(databaseFile)) {
    // Fold the WAL into the main file so the kept copy is complete on its own.
    const current = new SQLite(databaseFile);
    current.pragma('wal_checkpoint(TRUNCATE)');
    current.close();
    kept = `${databaseFile}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(databaseFile, kept);
  }
  for (const suffix of ['-wal', '-shm']) fs.rmSync(databaseFile + suffix, { force: true });
  fs.copyFileSync(backupFile, databaseFile);
  // The restored versions are older than ETags handed out since the backup: a new list epoch
  // (migration 006) makes those tags stale. A backup from before the epoch existed gets a new
  // one from the migration at the next start.
  const restored = new SQLite(databaseFile);
  try {
    const hasEpoch = restored.prepare("select 1 from sqlite_master where type = 'table' and name = 'instance'").get();
    if (hasEpoch) restored.prepare("update instance set value = ? where name = 'list_epoch'").run(randomBytes(9).toString('base64url'));
  } finally {
    restored.close();
  }
  return kept;
}

/** The database's list epoch (migration 006): part of every list ETag. */
export async function readListEpoch(db: Kysely<Tables>): Promise<string> {
  const row = await db.selectFrom('instance').select('value').where('name', '=', 'list_epoch').executeTakeFirst();
  return row?.value ?? '';
}

/**
 * After a restore: versions went back to the backup's, so ETags handed out since could match
 * other lists; a new epoch makes every one of them stale.
 */
export async function renewListEpoch(db: Kysely<Tables>): Promise<string> {
  const epoch = randomBytes(9).toString('base64url');
  await db.updateTable('instance').set({ value: epoch }).where('name', '=', 'list_epoch').execute();
  return epoch;
}

/** Where a backup's attachments go beside it: `taskaty-<time>.db` → `taskaty-<time>.files/` (issue 24). */
export const filesBesideBackup = (backupFile: string) => backupFile.replace(/\.db$/, '') + '.files';

/**
 * Copies the attachments on disk (DATA_DIR/files) beside a database backup. Run after the database
 * copy: a stored file is never changed and its name never reused, so every file the backup's rows
 * name is there unless it was deleted in between. Returns how many files were copied.
 */
export async function backupFiles(filesRoot: string, target: string): Promise<number> {
  if (!fs.existsSync(filesRoot)) return 0;
  await fs.promises.cp(filesRoot, target, {
    recursive: true,
    // Files still being written (`.partial`) are not part of any row yet.
    filter: (source) => !source.endsWith('.partial'),
  });
  return (await fs.promises.readdir(target, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
}

/** Puts a backup's attachments back in place of the current ones, which are kept beside them. */
export async function restoreFiles(backupFiles: string, filesRoot: string): Promise<string | undefined> {
  let kept: string | undefined;
  if (fs.existsSync(filesRoot)) {
    kept = `${filesRoot}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await fs.promises.rename(filesRoot, kept);
  }
  await fs.promises.mkdir(path.dirname(filesRoot), { recursive: true });
  await fs.promises.cp(backupFiles, filesRoot, { recursive: true });
  return kept;
}
