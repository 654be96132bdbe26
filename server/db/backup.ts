import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
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
