import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { defaultExportPool } from './export/export-pool.ts';

/** In-flight requests get this long after SIGTERM/SIGINT (request bodies time out sooner: REQUEST_TIMEOUT_MS). */
const SHUTDOWN_GRACE_MS = 60_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  await migrateToLatest(database);
  // The export worker (fonts loaded, every script shaped once: ~2 s and ~100 MB) starts warming when someone opens a
  // task, where exports are asked for, and stops after its idle time: the first export does not wait for it, and an
  // idle server does not carry it.
  const app = await buildApp({
    config,
    database,
    onTaskOpened: () => defaultExportPool().prepare(app.log),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing open requests`);
    // A request that never finishes must not keep the process alive for good.
    setTimeout(() => {
      app.log.error(`still closing ${SHUTDOWN_GRACE_MS / 1000} s after ${signal}: exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // app.close() stops accepting, ends live-update streams (clients reconnect elsewhere), waits
    // for in-flight requests, then runs onClose hooks (purge, mail, event bus).
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.taskaty.mail.start();
  app.taskaty.push.start();
  // Expired sign-in tokens and account links: now, then hourly (idempotent, so every process may).
  app.taskaty.purge.start();
  // Deleted tasks' snapshots once their 10 s undo window is over: now, then every second.
  app.taskaty.deletedTaskPurge.start();
  app.taskaty.reminders.start();
  app.taskaty.digests.start();
  const where = config.databaseUrl ? 'PostgreSQL' : config.sqlitePath;
  // A plain line for people; the structured logs above are for machines.
  console.log(`Taskaty is ready on ${config.publicUrl} (database: ${where})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
