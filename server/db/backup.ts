import fs from 'node:fs';
import SQLite from 'better-sqlite3';

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
  return kept;
}
