/**
 * A server for the bench, in its own process so that the load generator does not share its event
 * loop. `tsx bench/server.ts app` = the production app on BENCH_DATABASE_URL; `select1` = a bare
 * Fastify + pg pool answering `SELECT 1` (the floor of the machine). Listens on PORT, prints
 * "ready" when listening.
 */
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPostgres } from '../src/db/client';
import { startRecordsArchiveWorker } from '../src/modules/records/archive-worker';

const mode = process.argv[2] ?? 'app';
const url = process.env.BENCH_DATABASE_URL!;
const port = Number(process.env.PORT);
// The app's pool size (DATABASE_POOL_MAX, default 4), for the app and the floor alike.
const poolMax = loadConfig({ DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX }).databasePoolMax;

if (mode === 'select1') {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  const app = Fastify({ logger: false });
  app.get('/select1', async () => {
    const { rows } = await pool.query('select 1 as one');
    return { one: rows[0].one };
  });
  await app.listen({ port, host: '127.0.0.1' });
} else {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    APP_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: 'bench-session-secret-0123456789abcdefghij',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    // Another web build to compare (BENCH_ONLY=web work): a dist directory.
    WEB_DIST: process.env.WEB_DIST,
    DATA_DIR: process.env.DATA_DIR ?? '/tmp/renraku-bench-data',
  });
  const database = await openPostgres(url, { max: poolMax });
  const app = await buildApp(config, { database });
  // BENCH_ONLY=records-zip: the records archive worker, as main.ts starts it.
  if (process.env.BENCH_ARCHIVE_WORKER === '1') startRecordsArchiveWorker(app.ctx);
  await app.listen({ port, host: '127.0.0.1' });
}
// Exit on SIGTERM through process.exit, so that a CPU profile (BENCH_CPU_PROF) is written.
process.on('SIGTERM', () => process.exit(0));
process.stdout.write('ready\n');
