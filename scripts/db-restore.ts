/**
 * `npm run db:restore <file>`: replaces the database with a backup. Stop the server(s) first.
 * - SQLite: the backup is checked (integrity_check) before anything is replaced, and the current
 *   database is kept next to it as taskaty.db.before-restore-<time>.
 * - PostgreSQL (DATABASE_URL): `pg_restore --clean --if-exists --no-owner` of a `pg_dump --format=custom` file.
 * Either way the list epoch is renewed, so no list ETag handed out before the restore earns a 304.
 * Attachments on disk backed up beside a SQLite backup (`<file>.files/`) are put back too, the
 * current ones kept as files.before-restore-<time>.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { filesBesideBackup, renewListEpoch, restoreFiles, restoreSqlite } from '../server/db/backup.ts';
import { loadConfig } from '../server/config.ts';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';

const source = process.argv[2];
if (!source) {
  console.error('Usage: npm run db:restore -- <backup file>');
  process.exit(1);
}
const config = loadConfig();
if (config.databaseUrl) {
  const restored = spawnSync('pg_restore', ['--clean', '--if-exists', '--no-owner', '--dbname', config.databaseUrl, source], {
    stdio: 'inherit',
  });
  if (restored.error || restored.status !== 0) {
    console.error(`pg_restore failed${restored.error ? `: ${restored.error.message}` : ` with exit code ${restored.status}`}`);
    process.exit(1);
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl });
  // A dump from before migration 006 has no epoch yet: the migration makes a new one.
  await migrateToLatest(database);
  await renewListEpoch(database.db);
  await database.close();
  console.log(`Restored ${source} into the PostgreSQL database`);
} else {
  const kept = await restoreSqlite(source, config.sqlitePath);
  console.log(`Restored ${source} into ${config.sqlitePath}${kept ? ` (previous database kept as ${kept})` : ''}`);
  const files = filesBesideBackup(source);
  if (!config.files.storageUrl && fs.existsSync(files)) {
    const keptFiles = await restoreFiles(files, config.files.diskRoot);
    console.log(`Restored the attachments from ${files}${keptFiles ? ` (previous files kept as ${keptFiles})` : ''}`);
  }
}
