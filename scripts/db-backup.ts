/**
 * `npm run db:backup [file]`: an online, consistent copy of the SQLite database (the server
 * may keep running: SQLite's backup API copies a snapshot page by page), and the attachments kept
 * on disk copied beside it (`<file>.files/`, issue 24). For PostgreSQL use pg_dump, and for files
 * in an S3-compatible store (STORAGE_URL) that store's own backup (see docs/operations.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { backupFiles, backupSqlite, filesBesideBackup } from '../server/db/backup.ts';
import { loadConfig } from '../server/config.ts';

const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL points at PostgreSQL: use `pg_dump --format=custom "$DATABASE_URL" > taskaty.dump` (docs/operations.md).');
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', `taskaty-${stamp}.db`));
fs.mkdirSync(path.dirname(target), { recursive: true });
await backupSqlite(config.sqlitePath, target);
console.log(`Backup written to ${target}`);
if (!config.files.storageUrl) {
  const files = await backupFiles(config.files.diskRoot, filesBesideBackup(target));
  if (files) console.log(`Attachments (${files} files) copied to ${filesBesideBackup(target)}`);
}
