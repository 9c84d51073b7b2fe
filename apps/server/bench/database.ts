/** The bench database: made anew with its dataset (or reused), and PostgreSQL's restart helpers. */
import { sql } from 'drizzle-orm';
import { openPostgres, type Database } from '../src/db/client';
import { log, reuse, rowsOf, scale, sleep, url } from './config';
import { generateDataset } from './dataset';
import { runShell } from './processes';

/** Drops and creates the bench database through the server's maintenance database. */
export async function recreateDatabase() {
  const { default: pg } = await import('pg');
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name ${name}`);
  let lastError: unknown;
  for (const maintenance of ['postgres', 'test', 'template1']) {
    const admin = new URL(url);
    admin.pathname = `/${maintenance}`;
    const client = new pg.Client({ connectionString: admin.toString() });
    try {
      await client.connect();
    } catch (error) {
      lastError = error;
      continue;
    }
    try {
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`create database ${name}`);
      return;
    } finally {
      await client.end();
    }
  }
  throw lastError;
}

/** The bench database with its dataset: generated anew, or the existing one with BENCH_REUSE=1. */
export async function openDataset(children: number, today: string): Promise<Database> {
  if (reuse) {
    try {
      const database = await openPostgres(url, { max: 4 });
      const held = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from children`))[0]!.n;
      if (held === children) {
        log(`reusing the dataset in the database (BENCH_REUSE=1; ${held} children)`);
        return database;
      }
      await database.close();
    } catch {
      // no such database yet: generate it
    }
  }
  await recreateDatabase();
  const database = await openPostgres(url, { max: 4 });
  const version = rowsOf<{ v: string }>(await database.db.execute(sql`select current_setting('server_version') as v`))[0]!.v;
  const generated = performance.now();
  await generateDataset(database.db, { scale, today, log });
  log(`generated in ${((performance.now() - generated) / 1000).toFixed(0)} s (PostgreSQL ${version})`);
  return database;
}

/** Whether PostgreSQL answers a query on the bench database now (a fresh connection, 1 s at most). */
export async function postgresAnswers(): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Waits until PostgreSQL answers; the milliseconds it took, or null after `seconds`. */
export async function waitForPostgres(seconds: number): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    if (await postgresAnswers()) return performance.now() - started;
    await sleep(200);
  }
  return null;
}

/** PostgreSQL answering again, whatever happened: started when it does not answer (the bench never leaves it down). */
export async function ensurePostgresUp(): Promise<void> {
  if ((await waitForPostgres(30)) !== null) return;
  const started = await runShell(POSTGRES_START);
  if ((await waitForPostgres(120)) === null)
    throw new Error(`PostgreSQL does not answer after \`${POSTGRES_START}\`: ${started.output}`);
}

/** How the bench restarts the local PostgreSQL (immediate: as a crash; the server must recover alone). */
export const POSTGRES_RESTART =
  process.env.BENCH_PG_RESTART ?? 'pg_ctlcluster --skip-systemctl-redirect 15 main restart -m immediate';
export const POSTGRES_START = process.env.BENCH_PG_START ?? 'pg_ctlcluster --skip-systemctl-redirect 15 main start';
