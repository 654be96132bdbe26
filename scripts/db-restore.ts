/**
 * `npm run db:restore <file>`: replaces the SQLite database with a backup. Stop the server
 * first; the backup is checked (integrity_check) before anything is replaced, and the
 * current database is kept next to it as taskaty.db.before-restore-<time>.
 */
import { restoreSqlite } from '../server/db/backup.ts';
import { loadConfig } from '../server/config.ts';

const source = process.argv[2];
if (!source) {
  console.error('Usage: npm run db:restore -- <backup file>');
  process.exit(1);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL points at PostgreSQL: use `pg_restore --clean --dbname "$DATABASE_URL" taskaty.dump` (docs/operations.md).');
  process.exit(1);
}
const kept = await restoreSqlite(source, config.sqlitePath);
console.log(`Restored ${source} into ${config.sqlitePath}${kept ? ` (previous database kept as ${kept})` : ''}`);
