/**
 * Starts the real server for the end-to-end tests on a fresh database with the demo data:
 * a new PostgreSQL database when TEST_DATABASE_URL is set, else PGlite in a fresh temp dir.
 * The demo data is seeded at E2E_NOW (the instant the whole run lives at, apps/web/e2e/clock.ts),
 * so that its "today" is the day the tests' X-Test-Now header says.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'renraku-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = 'test';
process.env.SEED_DEMO = '1';
process.env.LOG_LEVEL ??= 'warn';

const adminUrl = process.env.TEST_DATABASE_URL;
const E2E_APP_ROLE = 'renraku_test_app';
let dbName: string | undefined;
if (adminUrl) {
  dbName = `e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Databases of runs that were killed before they could drop theirs (older than a day).
  const stale = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname ~ '^e2e_[0-9]+$' and substr(datname, 5)::bigint < $1`,
    [Date.now() - 24 * 3600 * 1000],
  );
  for (const { datname } of stale.rows) await admin.query(`drop database if exists ${datname} with (force)`);
  await admin.query(`create database ${dbName}`);
  // The app connects as a restricted role and TEST_DATABASE_URL's role runs the migrations, as in
  // production (docs/decisions/database-roles.md). Roles are cluster-wide: one for every run, its
  // rights granted per database; two runs creating it at once is no error.
  await admin.query(`do $$ begin
    if not exists (select from pg_roles where rolname = '${E2E_APP_ROLE}') then
      create role ${E2E_APP_ROLE} login nosuperuser nocreatedb nocreaterole;
    end if;
  exception when duplicate_object or unique_violation then null;
  end $$`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  process.env.MIGRATION_DATABASE_URL = url.toString();
  url.username = E2E_APP_ROLE;
  url.password = '';
  process.env.DATABASE_URL = url.toString();
}

// The server's own SIGTERM handler exits at once, so the database is dropped from the exit hook,
// synchronously, by a short-lived node process (an exit hook cannot wait for a promise).
const dropDatabase = (adminUrl: string, name: string) =>
  spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import pg from 'pg'; const c = new pg.Client({ connectionString: process.env.ADMIN_URL });
       await c.connect(); await c.query('drop database if exists ${name} with (force)'); await c.end();`,
    ],
    { env: { ...process.env, ADMIN_URL: adminUrl }, stdio: 'ignore', timeout: 10_000, cwd: import.meta.dirname },
  );
process.on('exit', () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl && dbName) dropDatabase(adminUrl, dbName);
});

// Seeded here, at the pinned instant, before the server starts: the server then finds the
// database populated and does not seed it again at the real time.
const { loadConfig } = await import('../src/config');
const { openPglite, openPostgres } = await import('../src/db/client');
const { seedDemoIfEmpty } = await import('../src/seed');
const config = loadConfig();
const database = config.databaseUrl
  ? await openPostgres(config.databaseUrl, { max: 1, migrationUrl: config.migrationDatabaseUrl })
  : await openPglite(path.join(config.dataDir, 'pglite'));
await seedDemoIfEmpty(database.db, config, process.env.E2E_NOW ? new Date(process.env.E2E_NOW) : new Date());
await database.close();

await import('../src/main');
