/**
 * Starts the real server for the end-to-end tests on a fresh database with the demo data:
 * a new PostgreSQL database when TEST_DATABASE_URL is set, else PGlite in a fresh temp dir.
 */
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
let dbName: string | undefined;
if (adminUrl) {
  dbName = `e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  process.env.DATABASE_URL = url.toString();
}

const cleanUp = async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl && dbName) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
};
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanUp().finally(() => process.exit(0)));

await import('../src/main');
