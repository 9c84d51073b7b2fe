import path from 'node:path';
import { buildApp } from './app';
import { devMailboxKey, loadConfig } from './config';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres } from './db/client';
import { appendOnlyViolations } from './db/roles';
import { seedDemoIfEmpty } from './seed';
import { databaseCounter, redisCounter } from './lib/rate-limit';
import { startMailWorker } from './lib/mail';
import { startPushWorker } from './lib/push';
import { workerClock } from './lib/clock';
import { activeGuardiansOf } from './modules/access';
import { startExportWorker } from './modules/exports/service';
import { startFileCleanupWorker } from './modules/files/cleanup';
import { startRecordsArchiveWorker } from './modules/records/archive-worker';
import { startWishReminderWorker } from './modules/staffing/service';

const config = loadConfig();
const database = config.databaseUrl
  ? await openPostgres(config.databaseUrl, { max: config.databasePoolMax, migrationUrl: config.migrationDatabaseUrl })
  : await openPglite(path.join(config.dataDir, 'pglite'));

// Production keeps the audit log out of the app's reach (docs/decisions/database-roles.md).
if (config.env === 'production' && database.kind === 'postgres') {
  const violations = await appendOnlyViolations({ query: (text) => database.db.execute(sql.raw(text)) });
  if (violations.length > 0) {
    console.error(
      `The role of DATABASE_URL can erase the audit log (${violations.join(', ')}): run the migrations as the owner ` +
        'role with MIGRATION_DATABASE_URL and connect the app as its own role (README, docs/decisions/database-roles.md).',
    );
    process.exit(1);
  }
}

if (config.seedDemo) await seedDemoIfEmpty(database.db, config);

// Rate-limit counters shared through Redis when several instances run (DESIGN §10), else in the database.
const counter = config.redisUrl
  ? redisCounter(new (await import('ioredis')).Redis(config.redisUrl))
  : databaseCounter(database.db);
const app = await buildApp(config, { database, counter });

const stopMailWorker = startMailWorker(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
// Pushes (lib/push.ts): web push with the VAPID keys, which always exist (VAPID_* or generated into DATA_DIR).
const stopPushWorker = startPushWorker(database.db, { vapid: config.vapid, log: app.log, guardiansOf: activeGuardiansOf });
// The generated files' workers: the real time, or the e2e run's flowing from its pinned instant (lib/clock.ts).
const filesClock = workerClock(config.workerClockStart);
// Children's archives (modules/exports): prepared in the background, one at a time per instance.
const stopExportWorker = startExportWorker(app.ctx, 5000, filesClock);
// Inspection archives (modules/records/archive-worker.ts): built in the background, one at a time per instance.
const stopRecordsArchiveWorker = startRecordsArchiveWorker(app.ctx, 2000, filesClock);
// Expired generated files (modules/files/cleanup.ts): removed from storage, one instance at a time (an advisory lock).
const stopFileCleanupWorker = startFileCleanupWorker(app.ctx, 10 * 60_000, filesClock);
// 希望休の締切のお知らせ (modules/staffing/wish-reminders.ts): mails through the outbox, once per person and month.
const stopWishReminderWorker = startWishReminderWorker(app.ctx);

const shutdown = async (signal: string) => {
  stopMailWorker();
  stopPushWorker();
  stopExportWorker();
  stopRecordsArchiveWorker();
  stopFileCleanupWorker();
  stopWishReminderWorker();
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await counter.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`れんらくノート: ${config.appUrl} (${config.embedded ? 'embedded PGlite' : 'PostgreSQL'})`);
if (config.devMailbox) {
  // The only way into the outbox: whoever can read this console (docs/decisions/platform-dev-mailbox-key-only.md).
  console.log(
    `開発用メールボックス（このURLを知っている人だけが開けます）: ${new URL(`/dev/mailbox#key=${devMailboxKey(config)}`, config.appUrl)}`,
  );
}
