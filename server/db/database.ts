import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type KyselyConfig, type Migration, type SqliteDatabase } from 'kysely';
import type pgModule from 'pg';
import { initialSchema } from './migrations/001-initial-schema.ts';
import { dataVersions } from './migrations/002-data-versions.ts';
import { listSummaryIndex } from './migrations/003-list-summary-index.ts';
import { activityEvents } from './migrations/004-activity-events.ts';
import { emailVerification } from './migrations/005-email-verification.ts';
import { listEpoch } from './migrations/006-list-epoch.ts';
import { taskSearchIndex } from './migrations/007-task-search-index.ts';
import { dueTimesAndRecurrence } from './migrations/008-due-times-and-recurrence.ts';
import { subtasks } from './migrations/009-subtasks.ts';
import { deletedTasks } from './migrations/010-deleted-tasks.ts';
import { notifications } from './migrations/011-notifications.ts';
import { reminders } from './migrations/012-reminders.ts';
import { notificationSettings } from './migrations/013-notification-settings.ts';
import { sharedCounters } from './migrations/014-shared-counters.ts';
import { webPush } from './migrations/015-web-push.ts';
import { outboxRelevance } from './migrations/016-outbox-relevance.ts';
import { reminderFollowUps } from './migrations/017-reminder-follow-ups.ts';
import { taskCreateKeys } from './migrations/018-task-create-keys.ts';
import { attachments } from './migrations/019-attachments.ts';
import { driveConnections } from './migrations/020-drive-connections.ts';
import { stagedImages } from './migrations/021-staged-images.ts';
import { calendarFeeds } from './migrations/022-calendar-feeds.ts';
import { apiTokens } from './migrations/023-api-tokens.ts';
import { attachmentSizes } from './migrations/024-attachment-sizes.ts';
import type { Tables } from './tables.ts';

export type Dialect = 'sqlite' | 'postgres';

// pg loads only when DATABASE_URL asks for PostgreSQL: a SQLite server starts without it.
const loadPg = () => createRequire(import.meta.url)('pg') as typeof pgModule;

export interface Database {
  db: Kysely<Tables>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite at sqlitePath (':memory:' allowed). */
  databaseUrl?: string | undefined;
  sqlitePath?: string;
  /** Sees every executed query (diagnostics, tests that count queries or EXPLAIN them). */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
}

export function openDatabase(options: DatabaseOptions): Database {
  const log: KyselyConfig['log'] = options.onQuery
    ? (event) => {
        if (event.level === 'query') options.onQuery!(event.query.sql, event.query.parameters);
      }
    : undefined;
  if (options.databaseUrl) {
    // Keep DATE/TIMESTAMP untouched and integers as numbers; counts are cast in SQL.
    const pg = loadPg();
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Bounded waits: with the database down a request fails in seconds (503), never hangs.
      connectionTimeoutMillis: 5000,
      query_timeout: 30_000,
    });
    // An idle client losing its connection (database restarted) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on('error', () => {});
    // A checked-out client has no pool listener; its in-flight query still gets the error.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqlitePath ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // WAL + NORMAL survives process crashes without losing committed transactions.
  sqlite.pragma('synchronous = NORMAL');
  registerSqlFunctions(sqlite);
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), ...(log ? { log } : {}) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * The SQL functions our queries call, on any connection that runs them (the bench's read-only one
 * too). casefold(): lower case for every script, as JavaScript and PostgreSQL's lower() have it;
 * SQLite's own lower() and LIKE fold ASCII only, so "É" would not find "é" (task search).
 */
export function registerSqlFunctions(sqlite: SQLite.Database) {
  sqlite.function('casefold', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text));
}

/** Distinct SQL texts kept prepared; IN lists of varying length make each length its own text. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and for the small lookups of every request (the token, the
 * user) SQLite's parsing and planning cost more than running them. Statements are reused by
 * their SQL text; SQLite re-prepares one by itself after a schema change. Safe because Kysely
 * runs one query at a time on its single SQLite connection.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (sql: string): SQLite.Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      statement = sqlite.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  return { close: () => sqlite.close(), prepare };
}

function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '001-initial-schema': initialSchema(dialect),
    '002-data-versions': dataVersions(),
    '003-list-summary-index': listSummaryIndex(),
    '004-activity-events': activityEvents(),
    '005-email-verification': emailVerification(dialect),
    '006-list-epoch': listEpoch(),
    '007-task-search-index': taskSearchIndex(dialect),
    '008-due-times-and-recurrence': dueTimesAndRecurrence(),
    '009-subtasks': subtasks(dialect),
    '010-deleted-tasks': deletedTasks(),
    '011-notifications': notifications(dialect),
    '012-reminders': reminders(dialect),
    '013-notification-settings': notificationSettings(),
    '014-shared-counters': sharedCounters(dialect),
    '015-web-push': webPush(dialect),
    '016-outbox-relevance': outboxRelevance(),
    '017-reminder-follow-ups': reminderFollowUps(dialect),
    '018-task-create-keys': taskCreateKeys(),
    '019-attachments': attachments(dialect),
    '020-drive-connections': driveConnections(),
    '021-staged-images': stagedImages(dialect),
    '022-calendar-feeds': calendarFeeds(),
    '023-api-tokens': apiTokens(),
    '024-attachment-sizes': attachmentSizes(dialect),
  };
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrationsFor(database.dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error).message ?? error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
