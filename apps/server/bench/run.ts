/**
 * `npm run bench`: a fresh database with the large dataset, the production app in a child
 * process, autocannon against the hot calls with real sessions of many guardians, the two
 * baselines, the 10× step, the web's initial JavaScript per route, and Lighthouse (mobile) on
 * /login and signed-in /main. See docs/performance.md. One file per run beside this one (load.ts,
 * web.ts, soak.ts, kiosk.ts, records.ts, billing.ts) and the shared parts (config.ts, database.ts,
 * processes.ts, calls.ts, the datasets dataset.ts, dataset-staff.ts, dataset-billing.ts).
 *
 * Environment: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/renraku_bench),
 * BENCH_SCALE (default 1 = 300 facilities, 30,000 children; 0.01 with BENCH_ONLY=web),
 * BENCH_DURATION (seconds per call and round, default 5), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 50),
 * BENCH_SKIP_BUILD=1 (use the existing web build), BENCH_SKIP_TENFOLD=1,
 * BENCH_ONLY=web (no load runs: a small dataset, bundle sizes and Lighthouse),
 * BENCH_ONLY=kiosk (the morning rush at the gate: every facility's kiosk posting arrivals and, one request in
 * BENCH_KIOSK_STAFF_EVERY (7), a staff 打刻 by 職員QR, against the signed-in baseline, while every 園長 screen polls
 * the live ratio's fingerprint every BENCH_RATIO_POLL_MS (3000), refetching the ratio when it moved
 * (BENCH_RATIO_FULL_POLL=1: the ratio itself every time, as the app did before), and probes at BENCH_KIOSK_PROBES facilities kept out of the
 * rush (1 in 30) time a scan or 打刻 from the POST's answer until that screen shows it (p99 ≤ 5 s); then the rush
 * again through a restart of PostgreSQL, BENCH_PG_RESTART, default
 * `pg_ctlcluster --skip-systemctl-redirect 15 main restart -m immediate`, BENCH_KIOSK_RESTART=0 to skip;
 * then the records checked: none lost, none twice),
 * BENCH_ONLY=records (co-editing on one app server: BENCH_RECORDS_DOCUMENTS (50) 月案 × 3 editors over the real
 * socket typing BENCH_RECORDS_RATE (2) words/s each for BENCH_RECORDS_SECONDS (20): keystroke → other editors p99
 * ≤ 250 ms, server CPU per update; opening BENCH_RECORDS_OPENS (100) documents of BENCH_RECORDS_UPDATES (5,000)
 * stored updates, p99 ≤ 200 ms; the guardians' hot calls alone and beside the typing; every copy checked),
 * BENCH_ONLY=billing (確定 of a month of recorded attendance for every facility through close.ts,
 * BENCH_BILLING_CONCURRENCY (2) at once: time, statements/s; a BENCH_ZENGIN_RECORDS (10,000) record 全銀 file
 * generated and parsed back; the hot calls before and after), BENCH_ONLY=soak (docs/reliability.md),
 * BENCH_ONLY=records-zip (scale 0.01 by default: a 年長 class of BENCH_ZIP_CHILDREN (25) children's 要録 ZIP and
 * inspection archive built on the app server with its archive worker: wall time, RSS every 100 ms; records-zip.ts).
 * The area runs' hot-call ratios are the main run's measurement, short: BENCH_RATIO_ROUNDS (2) rounds of
 * BENCH_RATIO_DURATION (3) s.
 * BENCH_SKIP_LIGHTHOUSE=1, BENCH_LIGHTHOUSE_DIR (where the reports go; the last run's), BENCH_LIGHTHOUSE_RUNS (per
 * route, default 3: the median run is shown, with every run's score).
 * For working on one call: BENCH_REUSE=1 (keep the database when it holds a dataset of this scale:
 * no drop, no generation; after a 10× step it holds the grown one; the area runs make their own rows
 * again), BENCH_CALLS=feed,notices (only the hot calls whose names contain one of these),
 * BENCH_CPU_PROF=dir (the app server writes a V8 CPU profile per run into dir), BENCH_PIN=1 (the app server on
 * CPU 0, the load generator on CPU 1: repeatable to a few per cent, for comparing two versions; PostgreSQL stays free).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tokyoDate } from '@renraku/contract';
import { signInGuardians } from './calls';
import { log, only, root, scale, url, webOnly } from './config';
import { openDataset } from './database';
import { rowCounts, shapeOf } from './dataset';
import { kioskRush } from './kiosk';
import { measureLoad } from './load';
import { recordsRun } from './records';
import { recordsZipRun } from './records-zip';
import { billingRun } from './billing';
import { soak } from './soak';
import { measureLighthouse } from './web';

async function main() {
  const started = performance.now();
  if (process.env.BENCH_PIN) execSync(`taskset -pc 1 ${process.pid}`, { stdio: 'ignore' });
  const today = tokyoDate(new Date());
  const shape = shapeOf(scale);
  log(`# npm run bench — ${new Date().toISOString()}`);
  log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}; load generator on the same machine`,
  );
  log(
    `database: ${url.replace(/\/\/[^@]*@/, '//…@')}; scale ${scale}: ${shape.facilities} facilities, ${shape.children} children, ${shape.guardians} guardians`,
  );
  log();

  log('## dataset');
  const database = await openDataset(shape.children, today);
  const counts = await rowCounts(database.db);
  log(
    Object.entries(counts)
      .map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
      .join(', '),
  );
  log();

  const measuredFacilities = Math.max(1, Math.round(shape.facilities / 10));
  const guardians = await signInGuardians(database, measuredFacilities);
  const areaRuns = {
    kiosk: () => kioskRush(database, guardians, today),
    soak: () => soak(guardians),
    records: () => recordsRun(database, guardians, today),
    'records-zip': () => recordsZipRun(database, today),
    billing: () => billingRun(database, guardians, today),
  };
  if (only && only !== 'web') {
    try {
      await areaRuns[only]();
    } finally {
      await database.close();
    }
    log(`bench done in ${((performance.now() - started) / 1000 / 60).toFixed(1)} min`);
    return;
  }
  try {
    if (webOnly) log('## load: skipped (BENCH_ONLY=web)\n');
    else await measureLoad(database, guardians, { counts, measuredFacilities, today });
  } finally {
    await database.close();
  }

  log('## web: initial JavaScript per route (gzip)');
  const built = fs.existsSync(path.join(root, 'apps/web/dist/.vite/manifest.json'));
  if (process.env.BENCH_SKIP_BUILD !== '1' || !built)
    execSync('npm run build', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  log(execSync('node scripts/bundle-report.mjs', { cwd: root, encoding: 'utf8' }).trimEnd());
  log();
  if (process.env.BENCH_SKIP_LIGHTHOUSE !== '1') await measureLighthouse(guardians[0]!);
  log(`bench done in ${((performance.now() - started) / 1000 / 60).toFixed(1)} min`);
}

await main();
