import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPostgres } from '../src/db/client';
import { tokyoDate } from '../src/lib/clock';
import { randomToken, sha256 } from '../src/lib/crypto';
import { generateDataset } from './dataset';

const admin = new pg.Client({ connectionString: 'postgres://root@127.0.0.1:5432/test' });
await admin.connect();
if (process.env.FRESH) { await admin.query('drop database if exists renraku_prof with (force)'); await admin.query('create database renraku_prof'); }
await admin.end();
const url = 'postgres://root@127.0.0.1:5432/renraku_prof';
const database = await openPostgres(url);
if (process.env.FRESH) await generateDataset(database.db, { scale: 0.02, today: tokyoDate(new Date()) });
const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: url, APP_URL: 'http://127.0.0.1:1', SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' });
const app = await buildApp(config, { database });
const token = randomToken();
await database.db.execute(sql`insert into sessions (id, user_id, remember, expires_at) values (${sha256(token)}, 10, true, now() + interval '30 days')`);
const urls = ['/api/login/check', '/api/children/content?children[]=10&children[]=9', '/api/children', '/api/notices', '/api/children/10/schedules?month=1', '/api/families/information'];
for (const u of urls) {
  for (let i = 0; i < 50; i++) await app.inject({ url: u, cookies: { renraku_session: token } });
  const q0 = database.queryCount();
  const t0 = performance.now(); const cpu0 = process.cpuUsage();
  const n = 300;
  let bytes = 0;
  for (let i = 0; i < n; i++) { const r = await app.inject({ url: u, cookies: { renraku_session: token } }); bytes = r.body.length; if (r.statusCode !== 200) throw new Error(r.body); }
  const cpu = process.cpuUsage(cpu0);
  console.log(u.padEnd(50), 'wall', ((performance.now() - t0) / n).toFixed(2), 'ms; node cpu', ((cpu.user + cpu.system) / 1000 / n).toFixed(2), 'ms; queries', (database.queryCount() - q0) / n, 'bytes', bytes);
}
await app.close(); await database.close();
