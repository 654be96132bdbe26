import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateToLatest, openDatabase, type Database, type Dialect } from '../../server/db/database.ts';

/** The databases every server test runs on: SQLite always, PostgreSQL when the setup started one. */
export function testDialects(): Dialect[] {
  return inject('postgresUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database of the given kind; close() drops it. */
export async function openTestDatabase(dialect: Dialect, onQuery?: (sql: string) => void): Promise<Database & { url?: string }> {
  if (dialect === 'sqlite') {
    const database = openDatabase({ sqlitePath: ':memory:', ...(onQuery ? { onQuery } : {}) });
    await migrateToLatest(database);
    return database;
  }
  const name = `taskaty_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = inject('postgresUrl').replace(/\/[^/]*$/, `/${name}`);
  const database = openDatabase({ databaseUrl: url, ...(onQuery ? { onQuery } : {}) });
  await migrateToLatest(database);
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
