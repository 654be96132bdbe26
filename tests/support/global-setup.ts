import type { TestProject } from 'vitest/node';
import { findPostgresBinDir, startTestPostgres } from '../../scripts/test-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/**
 * Gives every server test a real PostgreSQL besides SQLite: TEST_DATABASE_URL if set,
 * else a throwaway cluster started here. CI must have it; locally a skip is announced.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return;
  }
  if (!findPostgresBinDir()) {
    if (process.env.CI) throw new Error('CI requires PostgreSQL for the test suite, but no server binaries were found.');
    console.warn('\n*** PostgreSQL not found: server tests run on SQLite ONLY. Install postgresql or set TEST_DATABASE_URL. ***\n');
    project.provide('postgresUrl', '');
    return;
  }
  const pg = await startTestPostgres();
  project.provide('postgresUrl', pg.url);
  return () => pg.stop();
}
