import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { grantAppRole } from './roles';

export type Schema = typeof schema;
/** Common type of the PGlite and node-postgres Drizzle databases. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Counts statements sent, for query-budget tests. */
  queryCount: () => number;
  close: () => Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

function counterLogger() {
  let count = 0;
  return { logger: { logQuery: () => void count++ }, count: () => count };
}

export interface PostgresOptions {
  max?: number;
  /**
   * The owner role's URL (MIGRATION_DATABASE_URL): migrations run over it, then the role of `url`
   * gets its rights (db/roles.ts). Unset: one role migrates and serves (development, tests of old).
   */
  migrationUrl?: string;
}

/** A PostgreSQL server through node-postgres. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // random_page_cost 1.1: the working set is in memory or on SSD, where a random page costs about
  // what a sequential one does; with the default 4 the planner scans small tables whole instead of
  // probing their primary key (docs/decisions/database-random-page-cost.md).
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, options: '-c random_page_cost=1.1' });
  // An idle connection closed by the server (restart, failover, test teardown) must not crash
  // the process; the pool opens a new one on the next query.
  pool.on('error', () => {});
  // The same for a connection checked out of the pool (a transaction between two statements):
  // pg-pool takes its listener off while the connection is lent, so a server restart at that moment
  // emitted an unhandled 'error' and ended the process (found by `npm run faults`). The statement
  // that runs next fails instead (503, lib/database-outage.ts) and the pool drops the connection.
  pool.on('connect', (client) => client.on('error', () => {}));
  const counter = counterLogger();
  const db = drizzle(pool, { schema, casing: 'snake_case', logger: counter.logger });
  if (options.migrationUrl) {
    const { rows } = await pool.query<{ role: string }>('select current_user as role');
    await migrateAsOwner(options.migrationUrl, rows[0]!.role);
  } else {
    await migrate(db, { migrationsFolder });
  }
  return { db: db, kind: 'postgres', queryCount: counter.count, close: () => pool.end() };
}

/** Migrations over the owner's own short connection, then the app role's grants (db/roles.ts). */
async function migrateAsOwner(ownerUrl: string, appRole: string): Promise<void> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const owner = new pg.Client({ connectionString: ownerUrl });
  owner.on('error', () => {});
  await owner.connect();
  try {
    await migrate(drizzle(owner), { migrationsFolder });
    const { rows } = await owner.query<{ role: string }>('select current_user as role');
    if (rows[0]!.role !== appRole) await grantAppRole(owner, appRole);
  } finally {
    await owner.end();
  }
}

/**
 * PGlite (PostgreSQL in WASM). `dataDir` undefined = in memory (tests). Nothing stops two
 * processes from opening one data dir, so we hold a lock file while it is open.
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let releaseLock = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = lockDataDir(dataDir);
  }
  const client = new PGlite(dataDir);
  const counter = counterLogger();
  const db = drizzle(client, { schema, casing: 'snake_case', logger: counter.logger });
  await migrate(db, { migrationsFolder });
  return {
    db: db,
    kind: 'pglite',
    queryCount: counter.count,
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, '..', `${path.basename(dataDir)}.lock`);
  const tryLock = () => fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  try {
    tryLock();
  } catch {
    const holder = Number(fs.readFileSync(lockFile, 'utf8'));
    if (holder && isAlive(holder)) {
      throw new Error(`The data directory ${dataDir} is in use by process ${holder}`);
    }
    fs.rmSync(lockFile, { force: true });
    tryLock();
  }
  return () => fs.rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
