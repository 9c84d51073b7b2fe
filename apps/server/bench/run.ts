/**
 * `npm run bench`: a fresh database with the large dataset, the production app in a child
 * process, autocannon against the hot calls with real sessions of many guardians, the two
 * baselines, the 10× step, the web's initial JavaScript per route, and Lighthouse (mobile) on
 * /login and signed-in /main. See docs/performance.md.
 *
 * Environment: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/renraku_bench),
 * BENCH_SCALE (default 1 = 300 facilities, 30,000 children; 0.01 with BENCH_ONLY=web),
 * BENCH_DURATION (seconds per call and round, default 5), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 50),
 * BENCH_SKIP_BUILD=1 (use the existing web build), BENCH_SKIP_TENFOLD=1,
 * BENCH_ONLY=web (no load runs: a small dataset, bundle sizes and Lighthouse),
 * BENCH_ONLY=kiosk (the morning rush at the gate: every facility's kiosk posting arrivals, against
 * the signed-in baseline; then the rush again through a restart of PostgreSQL, BENCH_PG_RESTART, default
 * `pg_ctlcluster --skip-systemctl-redirect 15 main restart -m immediate`, BENCH_KIOSK_RESTART=0 to skip;
 * then the records checked: none lost, none twice),
 * BENCH_SKIP_LIGHTHOUSE=1, BENCH_LIGHTHOUSE_DIR (where the reports go; the last run's), BENCH_LIGHTHOUSE_RUNS (per
 * route, default 3: the median run is shown, with every run's score).
 * For working on one call: BENCH_REUSE=1 (keep the database when it holds a dataset of this scale:
 * no drop, no generation; after a 10× step it holds the grown one), BENCH_CALLS=feed,notices (only
 * the hot calls whose names contain one of these), BENCH_CPU_PROF=dir (the app server writes a V8
 * CPU profile per run into dir), BENCH_PIN=1 (the app server on CPU 0, the load generator on CPU 1:
 * repeatable to a few per cent, for comparing two versions; PostgreSQL stays free).
 */
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { openPostgres, type Database } from '../src/db/client';
import { tokyoDate } from '@renraku/contract';
import { randomToken, sha256 } from '../src/lib/crypto';
import { SESSION_COOKIE } from '../src/lib/sessions';
import { DEVICE_COOKIE } from '../src/lib/staff-sessions';
import { randomUUID } from 'node:crypto';
import { generateDataset, growTenfold, rowCounts, shapeOf } from './dataset';
import { sendNoticesThroughStaffCalls } from './staff-notices';
import { auditRoute, lighthouseTable, type RouteAudit } from './lighthouse';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/renraku_bench';
const only = process.env.BENCH_ONLY ?? '';
if (only !== '' && only !== 'web' && only !== 'soak' && only !== 'kiosk')
  throw new Error(`BENCH_ONLY=${only}: only "web", "soak" and "kiosk" are known`);
const webOnly = only === 'web';
const scale = Number(process.env.BENCH_SCALE ?? (webOnly ? 0.01 : 1));
const lighthouseDir = process.env.BENCH_LIGHTHOUSE_DIR ?? path.join(os.tmpdir(), 'renraku-bench-lighthouse');
const duration = Number(process.env.BENCH_DURATION ?? 5);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const GUARDIANS = 1000;
const reuse = process.env.BENCH_REUSE === '1';
const callFilter = (process.env.BENCH_CALLS ?? '').split(',').filter(Boolean);
const cpuProfileDir = process.env.BENCH_CPU_PROF;

const log = (line = '') => process.stdout.write(`${line}\n`);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Drops and creates the bench database through the server's maintenance database. */
async function recreateDatabase() {
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
async function openDataset(children: number, today: string): Promise<Database> {
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

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts `node --import tsx bench/server.ts <mode>` and waits for "ready". */
async function startServer(mode: 'app' | 'select1'): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const profile = mode === 'app' && cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfileDir)}`] : [];
  const command = [process.execPath, ...profile, '--import', 'tsx', path.join(here, 'server.ts'), mode];
  if (process.env.BENCH_PIN) command.unshift('taskset', '-c', '0');
  const child = spawn(command[0]!, command.slice(1), {
    env: { ...process.env, BENCH_DATABASE_URL: url, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
  return { port, child };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface Guardian {
  userId: number;
  childIds: number[];
  token: string;
  cookie: string;
}

/**
 * Guardians of the first tenth of the facilities (the subset the 10× step grows), each with a
 * new real session row, as a browser would hold after signing in.
 */
async function signInGuardians(database: Database, facilities: number): Promise<Guardian[]> {
  const rows = rowsOf<{ user_id: number; child_ids: number[] }>(
    await database.db.execute(sql`
      select cu.user_id, array_agg(cu.child_id order by cu.sort_order, cu.child_id) as child_ids
      from child_user cu join note_children nc on nc.child_id = cu.child_id
      where cu.activated and nc.facility_id <= ${facilities}
      group by cu.user_id order by md5(cu.user_id::text) limit ${GUARDIANS}`),
  );
  await database.db.execute(sql`delete from sessions where user_agent = 'bench'`);
  const guardians = rows.map((r) => ({ userId: Number(r.user_id), childIds: r.child_ids.map(Number), token: randomToken() }));
  const expires = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  for (let i = 0; i < guardians.length; i += 500) {
    const values = guardians.slice(i, i + 500).map((g) => sql`(${sha256(g.token)}, ${g.userId}, true, ${expires}, 'bench')`);
    await database.db.execute(
      sql`insert into sessions (id, user_id, remember, expires_at, user_agent) values ${sql.join(values, sql`, `)}`,
    );
  }
  return guardians.map((g) => ({ ...g, cookie: `${SESSION_COOKIE}=${g.token}` }));
}

interface Call {
  name: string;
  path: (g: Guardian) => string;
  signedIn?: boolean;
}

const allCalls: Call[] = [
  {
    name: 'GET /api/children/content (feed)',
    path: (g) => `/api/children/content?${g.childIds.map((id) => `children[]=${id}`).join('&')}`,
  },
  { name: 'GET /api/children', path: () => '/api/children' },
  { name: 'GET /api/notices', path: () => '/api/notices' },
  { name: 'GET /api/children/{id}/schedules?month=1', path: (g) => `/api/children/${g.childIds[0]}/schedules?month=1` },
  { name: 'GET /api/families/information', path: () => '/api/families/information' },
];
const calls = callFilter.length ? allCalls.filter((c) => callFilter.some((f) => c.name.includes(f))) : allCalls;
const loginCheck: Call = { name: 'GET /api/login/check (signed-in baseline)', path: () => '/api/login/check' };
const select1: Call = { name: 'bare Fastify + pg SELECT 1', path: () => '/select1', signedIn: false };

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU ms per request of the server's process tree and of all PostgreSQL processes (Linux /proc). */
  serverMs: number | null;
  postgresMs: number | null;
  /** req/s and p99 against the signed-in baseline of the same round (medians over the rounds). */
  ratio?: number;
  p99Ratio?: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const medianOrNull = (values: (number | null)[]) => (values.some((v) => v === null) ? null : median(values as number[]));

/**
 * Each call measured in rounds that interleave with the baseline (baseline, call 1, call 2, … then
 * again): the machine's drift over a run (other load, the scheduler's placement of the processes on
 * the two cores: seen as ±25 % between back-to-back runs) reaches the baseline and the calls alike.
 * Printed: the medians over the rounds, and the ratio to the baseline as the median of the per-round ratios.
 */
async function measureInRounds(
  server: Server,
  baseline: Call,
  hot: Call[],
  guardians: Guardian[],
): Promise<[Measured, ...Measured[]]> {
  const byCall = new Map<Call, Measured[]>([baseline, ...hot].map((call) => [call, []]));
  for (let round = 0; round < rounds; round++)
    for (const call of [baseline, ...hot]) byCall.get(call)!.push(await measure(server, call, guardians));
  const base = byCall.get(baseline)!;
  const summary = (call: Call): Measured => {
    const runs = byCall.get(call)!;
    return {
      name: call.name,
      rps: median(runs.map((r) => r.rps)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
      serverMs: medianOrNull(runs.map((r) => r.serverMs)),
      postgresMs: medianOrNull(runs.map((r) => r.postgresMs)),
      ratio: median(runs.map((r, i) => r.rps / base[i]!.rps)),
      p99Ratio: median(runs.map((r, i) => r.p99 / Math.max(base[i]!.p99, 1))),
    };
  };
  return [summary(baseline), ...hot.map(summary)];
}

const TICK_MS = 1000 / 100; // USER_HZ: 100 on Linux

/** utime + stime of a process in clock ticks (0 when it is gone). */
function cpuTicks(pid: string): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/**
 * CPU ticks used so far by a server's process tree (a child process, if any, included) and by each
 * PostgreSQL process; null off Linux. Less disturbed by other load on the machine than req/s.
 */
function cpuSnapshot(serverPid: number | undefined): { server: number; postgres: Map<string, number> } | null {
  if (!serverPid || !fs.existsSync('/proc/self/stat')) return null;
  const { tree, postgres } = processTree(serverPid);
  return { server: tree.reduce((sum, pid) => sum + cpuTicks(pid), 0), postgres };
}

/** A server's process ids (its child processes included) and PostgreSQL's processes with their CPU ticks. */
function processTree(serverPid: number): { tree: string[]; postgres: Map<string, number> } {
  const parentOf = new Map<string, string>();
  const postgres = new Map<string, number>();
  for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      parentOf.set(pid, stat.split(') ')[1]!.split(' ')[1]!);
      if (stat.slice(stat.indexOf('(') + 1, stat.indexOf(')')).startsWith('postgres')) postgres.set(pid, cpuTicks(pid));
    } catch {
      // gone meanwhile
    }
  }
  const tree = new Set([String(serverPid)]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parentOf)
      if (tree.has(parent) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
  }
  return { tree: [...tree], postgres };
}

/** Resident memory (MiB) of a server's process tree; null off Linux. */
function residentMiB(serverPid: number | undefined): number | null {
  if (!serverPid || !fs.existsSync('/proc/self/status')) return null;
  let kib = 0;
  for (const pid of processTree(serverPid).tree) {
    try {
      kib += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kib / 1024;
}

/** PostgreSQL CPU between two snapshots: per process, so one that ended meanwhile does not count negative. */
function postgresTicksBetween(before: Map<string, number>, after: Map<string, number>): number {
  let ticks = 0;
  for (const [pid, now] of after) ticks += now - (before.get(pid) ?? 0);
  return ticks;
}

interface Server {
  port: number;
  child: ChildProcess;
}

async function measure(server: Server, call: Call, guardians: Guardian[], seconds = duration): Promise<Measured> {
  let next = 0;
  const before = cpuSnapshot(server.child.pid);
  const result: Result = await autocannon({
    url: `http://127.0.0.1:${server.port}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest(req) {
          const guardian = guardians[next++ % guardians.length]!;
          return {
            ...req,
            path: call.path(guardian),
            headers: (call.signedIn === false ? {} : { cookie: guardian.cookie }) as Record<string, string>,
          };
        },
      },
    ],
  });
  const after = cpuSnapshot(server.child.pid);
  const requests = Math.max(result.requests.total, 1);
  return {
    name: call.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    serverMs: before && after ? ((after.server - before.server) * TICK_MS) / requests : null,
    postgresMs: before && after ? (postgresTicksBetween(before.postgres, after.postgres) * TICK_MS) / requests : null,
  };
}

/** One request per call through fetch: fails loudly on anything but 200 before load is applied. */
async function smoke(port: number, call: Call, guardian: Guardian) {
  const response = await fetch(`http://127.0.0.1:${port}${call.path(guardian)}`, { headers: { cookie: guardian.cookie } });
  if (response.status !== 200) throw new Error(`${call.name}: ${response.status} ${await response.text()}`);
}

const pad = (value: string, width: number, right = false) => (right ? value.padStart(width) : value.padEnd(width));

function table(rows: Measured[], baseline: Measured) {
  const header = `| ${pad('call', 44)} | ${pad('req/s', 7, true)} | ${pad('p50 ms', 6, true)} | ${pad('p99 ms', 6, true)} | ${pad('errors', 6, true)} | ${pad('req/s ÷ base', 12, true)} | ${pad('p99 ÷ base', 10, true)} | ${pad('server CPU ms/req', 17, true)} | ${pad('pg CPU ms/req', 13, true)} |`;
  log(header);
  log(
    `|${'-'.repeat(46)}|${'-'.repeat(9)}|${'-'.repeat(8)}|${'-'.repeat(8)}|${'-'.repeat(8)}|${'-'.repeat(14)}|${'-'.repeat(12)}|${'-'.repeat(19)}|${'-'.repeat(15)}|`,
  );
  const ms = (value: number | null) => (value === null ? '-' : value.toFixed(2));
  for (const r of rows) {
    log(
      `| ${pad(r.name, 44)} | ${pad(r.rps.toFixed(0), 7, true)} | ${pad(r.p50.toFixed(0), 6, true)} | ${pad(r.p99.toFixed(0), 6, true)} | ${pad(String(r.errors), 6, true)} | ${pad((r.ratio ?? r.rps / baseline.rps).toFixed(2), 12, true)} | ${pad((r.p99Ratio ?? r.p99 / Math.max(baseline.p99, 1)).toFixed(2), 10, true)} | ${pad(ms(r.serverMs), 17, true)} | ${pad(ms(r.postgresMs), 13, true)} |`,
    );
  }
}

/** The load runs at 1× (floor, signed-in baseline, hot calls) and, unless skipped, at 10× data. */
async function measureLoad(
  database: Database,
  guardians: Guardian[],
  { counts, measuredFacilities, today }: { counts: Record<string, number>; measuredFacilities: number; today: string },
) {
  log(
    `## load: ${connections} connections, ${rounds} rounds of ${duration} s per call (medians), ${guardians.length} guardians with their own sessions (facilities 1–${measuredFacilities}), a different guardian on every request`,
  );
  const app = await startServer('app');
  const bare = await startServer('select1');
  try {
    for (const call of [loginCheck, ...calls]) await smoke(app.port, call, guardians[0]!);
    // Warm-up: JIT, pools and PostgreSQL's caches.
    for (const call of [loginCheck, ...calls]) await measure(app, call, guardians, 2);
    await measure(bare, select1, guardians, 2);

    const floor = await measure(bare, select1, guardians);
    const [base, ...hot] = await measureInRounds(app, loginCheck, calls, guardians);
    log();
    table([floor, base, ...hot], base);
    log();

    if (process.env.BENCH_SKIP_TENFOLD !== '1') {
      log(`## 10× data for facilities 1–${measuredFacilities} (daily notes 900 days, notices ×10 sent through the staff calls)`);
      await stopServer(app.child);
      const facilityIds = Array.from({ length: measuredFacilities }, (_, i) => i + 1);
      // Daily notes by SQL; the notices as staff send them (bench/staff-notices.ts), then analysed.
      await growTenfold(database.db, { today, facilityIds, log, notices: false });
      await sendNoticesThroughStaffCalls(database, { facilityIds, perFacility: 90, today, history: 90, log });
      await database.db.execute(sql.raw('vacuum analyze'));
      const after = await rowCounts(database.db);
      log(
        `daily_notes ${counts.daily_notes!.toLocaleString('en')} → ${after.daily_notes!.toLocaleString('en')}, notices ${counts.notices!.toLocaleString('en')} → ${after.notices!.toLocaleString('en')}, notice_targets ${counts.notice_targets!.toLocaleString('en')} → ${after.notice_targets!.toLocaleString('en')}`,
      );
      const grown = await startServer('app');
      app.child = grown.child;
      try {
        const tenfoldCalls = calls.filter((c) => c === allCalls[0] || c === allCalls[2]);
        for (const call of tenfoldCalls) await measure(grown, call, guardians, 2);
        const [base10, ...rows] = await measureInRounds(grown, loginCheck, tenfoldCalls, guardians);
        log();
        table([base10, ...rows], base10);
        log();
        // The cost at 10×: 1× req/s ÷ 10× req/s, and the same normalised by each phase's own
        // baseline (the phases are minutes apart: the machine may have drifted in between).
        log(
          `| ${pad('call at 10× vs 1×', 44)} | ${pad('req/s ratio', 11, true)} | ${pad('p50 ratio', 9, true)} | ${pad('cost (1× req/s ÷ 10× req/s)', 27, true)} | ${pad('cost, baseline-normalised', 25, true)} |`,
        );
        log(`|${'-'.repeat(46)}|${'-'.repeat(13)}|${'-'.repeat(11)}|${'-'.repeat(29)}|${'-'.repeat(27)}|`);
        for (const r of rows) {
          const one = hot.find((h) => h.name === r.name)!;
          log(
            `| ${pad(r.name, 44)} | ${pad((r.rps / one.rps).toFixed(2), 11, true)} | ${pad((r.p50 / Math.max(one.p50, 1)).toFixed(2), 9, true)} | ${pad((one.rps / r.rps).toFixed(2), 27, true)} | ${pad((one.ratio! / r.ratio!).toFixed(2), 25, true)} |`,
          );
        }
        log();
      } finally {
        await stopServer(grown.child);
      }
    }
  } finally {
    await stopServer(app.child);
    await stopServer(bare.child);
  }
}

/**
 * Lighthouse after the load runs (so it disturbs none of them), on a fresh production app that
 * serves the build just measured: /login anonymous, /main as the first bench guardian.
 */
async function measureLighthouse(guardian: Guardian) {
  log('## web: Lighthouse, mobile (default emulation and simulated throttling: Slow 4G, 4× CPU slowdown)');
  // A fresh machine has no Chromium yet: the same script as CI installs Debian's (never a download).
  if (!process.env.CHROME_PATH && !fs.existsSync('/usr/bin/chromium'))
    execSync('bash scripts/ensure-system-packages.sh', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const app = await startServer('app');
  try {
    const origin = `http://127.0.0.1:${app.port}`;
    // Each route BENCH_LIGHTHOUSE_RUNS times (default 3): the run with the median score is shown, with every score.
    const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
    const rows: RouteAudit[] = [];
    const scores: string[] = [];
    for (const [route, cookie] of [
      ['/login', undefined],
      ['/main', { name: SESSION_COOKIE, value: guardian.token }],
    ] as const) {
      const audits: RouteAudit[] = [];
      for (let run = 0; run < runs; run++) audits.push(await auditRoute(origin, route, lighthouseDir, cookie));
      const sorted = [...audits].sort((a, b) => a.performance - b.performance);
      rows.push(sorted[Math.floor((sorted.length - 1) / 2)]!);
      scores.push(
        `${route}: performance ${audits.map((a) => a.performance).join(', ')}; LCP ${audits.map((a) => a.lcp.toFixed(0)).join(', ')} ms; TBT ${audits.map((a) => a.tbt.toFixed(0)).join(', ')} ms`,
      );
    }
    log(
      `${runs} run(s) per route, the median run shown (load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );
    for (const line of lighthouseTable(rows)) log(line);
    log();
    for (const line of scores) log(line);
    log();
  } finally {
    await stopServer(app.child);
  }
}

/**
 * BENCH_ONLY=soak: the production app under a steady morning-rush rate for BENCH_SOAK_MINUTES
 * (10), the hot calls in turn with a different guardian on every request; per minute the
 * achieved req/s, p50/p99, errors and the server's resident memory (docs/reliability.md): both
 * must stay flat (no leak, no slow creep of the tail).
 */
async function soak(guardians: Guardian[]) {
  const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
  const rate = Number(process.env.BENCH_SOAK_RATE ?? 700);
  const server = await startServer('app');
  try {
    for (const call of allCalls) await smoke(server.port, call, guardians[0]!);
    log(
      `## soak: ${minutes} × 60 s at ${rate} req/s (700: the morning rush's average, docs/performance.md), ${allCalls.length} hot calls in turn, ${connections} connections`,
    );
    log(`start: server RSS ${residentMiB(server.child.pid)?.toFixed(0) ?? '?'} MiB`);
    log('| minute | req/s | p50 ms | p99 ms | errors | server RSS MiB |');
    log('| ---: | ---: | ---: | ---: | ---: | ---: |');
    let next = 0;
    for (let minute = 1; minute <= minutes; minute++) {
      const result: Result = await autocannon({
        url: `http://127.0.0.1:${server.port}`,
        connections,
        overallRate: rate,
        duration: 60,
        requests: [
          {
            method: 'GET',
            setupRequest(req) {
              const n = next++;
              const guardian = guardians[n % guardians.length]!;
              const call = allCalls[n % allCalls.length]!;
              return { ...req, path: call.path(guardian), headers: { cookie: guardian.cookie } };
            },
          },
        ],
      });
      const errors = result.non2xx + result.errors + result.timeouts;
      log(
        `| ${minute} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${errors} | ${residentMiB(server.child.pid)?.toFixed(0) ?? '?'} |`,
      );
    }
  } finally {
    await stopServer(server.child);
  }
}

/**
 * BENCH_ONLY=kiosk: the morning rush at the gate (staff.md §6, issue 19). Every facility gets a
 * paired kiosk (purpose 'kiosk'); each request is one facility's kiosk posting the arrival of its
 * next child (a new scan id, device time now; once all its children have arrived, the day before,
 * and so on), the facilities in turn, so all 300 post at once.
 * Measured in rounds against the signed-in baseline; then every scan answered 'recorded' must be in
 * kiosk_scans once, and no child has two attendance rows of the day.
 */
async function kioskRush(database: Database, guardians: Guardian[], today: string) {
  const db = database.db;
  await db.execute(sql`delete from kiosk_scans`);
  await db.execute(sql`delete from child_attendances where source = 'kiosk'`);
  await db.execute(sql`delete from push_outbox where kind = 'attendance'`);
  await db.execute(sql`delete from devices where name = 'bench kiosk'`);
  // The tables are left as the deletes leave them, not vacuumed: emptied and truncated, they are
  // planned as the tiny tables they are then, and the scan statement's plan (prepared: planned once
  // per connection) read the growing kiosk_scans and child_attendances whole on every scan, 2-3×
  // dearer in PostgreSQL than with the index (docs/performance.md, issue 19). A day of production
  // starts with the tables full of the days before.
  const enrolled = rowsOf<{ facility_id: number; company_id: number; ids: number[] }>(
    await db.execute(sql`
      select nc.facility_id, min(nc.company_id) as company_id, array_agg(nc.id order by nc.id) as ids from note_children nc
      where nc.admitted_on <= ${today} and (nc.left_on is null or nc.left_on >= ${today})
      group by nc.facility_id order by nc.facility_id`),
  );
  const kiosks = enrolled.map((f) => ({
    facilityId: Number(f.facility_id),
    children: f.ids.map(Number),
    token: randomToken(),
    next: 0,
  }));
  const values = kiosks.map(
    (k, i) => sql`(${enrolled[i]!.company_id}, ${k.facilityId}, 'bench kiosk', 'kiosk', ${sha256(k.token)}, now(), now())`,
  );
  await db.execute(
    sql`insert into devices (company_id, facility_id, name, purpose, credential_hash, paired_at, last_seen_at) values ${sql.join(values, sql`, `)}`,
  );
  log(
    `## kiosk: morning rush at the gate, ${kiosks.length} facilities’ kiosks posting arrivals at once (one scan a request), ${connections} connections, ${rounds} rounds of ${duration} s against the signed-in baseline`,
  );

  const app = await startServer('app');
  const recorded: string[] = [];
  const sentInRestart: string[] = [];
  const answers = new Map<string, number>();
  try {
    const xsrfResponse = await fetch(`http://127.0.0.1:${app.port}/sanctum/csrf-cookie`);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(xsrfResponse.headers.get('set-cookie') ?? '')?.[1];
    if (!xsrf) throw new Error('no XSRF cookie');
    let turn = 0;
    const scanRequest = () => {
      const kiosk = kiosks[turn++ % kiosks.length]!;
      const next = kiosk.next++;
      const noteChildId = kiosk.children[next % kiosk.children.length]!;
      // Once every child of the facility has arrived, the next pass over them scans the day before
      // (device time a day earlier, as a late sync), and so on: every scan is its child's first
      // arrival of that day. A fast run used to come back to children scanned seconds before, and
      // their `ignored_repeat` (no attendance, no push) is cheaper than the rush it measures.
      const pass = Math.floor(next / kiosk.children.length);
      if (pass >= 7) throw new Error('kiosk: more than 7 passes over the children (scans older than a week are refused)');
      const now = new Date().toISOString();
      const at = new Date(Date.now() - pass * 86_400_000).toISOString();
      const id = randomUUID();
      return {
        id,
        method: 'POST',
        path: '/api/kiosk/scans',
        headers: {
          'content-type': 'application/json',
          cookie: `${DEVICE_COOKIE}=${kiosk.token}; XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': xsrf,
        },
        body: JSON.stringify({
          sent_at: now,
          scans: [{ id, note_child_id: noteChildId, kind: 'arrival', at, pickup: null }],
        }),
      };
    };
    const smokeScan = scanRequest();
    const smokeAnswer = await fetch(`http://127.0.0.1:${app.port}${smokeScan.path}`, smokeScan);
    if (smokeAnswer.status !== 200) throw new Error(`kiosk scans: ${smokeAnswer.status} ${await smokeAnswer.text()}`);
    await smoke(app.port, loginCheck, guardians[0]!);

    const walStats = async () =>
      rowsOf<{ records: number; fpi: number; bytes: number; syncs: number }>(
        await db.execute(
          sql`select wal_records::float8 as records, wal_fpi::float8 as fpi, wal_bytes::float8 as bytes, wal_sync::float8 as syncs from pg_stat_wal`,
        ),
      )[0]!;
    const wal = { records: 0, fpi: 0, bytes: 0, syncs: 0, scans: 0 };
    const measureKiosk = async (seconds: number): Promise<Measured> => {
      const walBefore = await walStats();
      const before = cpuSnapshot(app.child.pid);
      const result: Result = await autocannon({
        url: `http://127.0.0.1:${app.port}`,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            setupRequest(req, context) {
              const { id, ...request } = scanRequest();
              context.id = id;
              return { ...req, ...request };
            },
            onResponse(status, body, context) {
              if (status !== 200) return;
              const result = (JSON.parse(body) as { results: { status: string }[] }).results[0]!.status;
              answers.set(result, (answers.get(result) ?? 0) + 1);
              if (result === 'recorded') recorded.push(context.id as string);
            },
          },
        ],
      });
      const after = cpuSnapshot(app.child.pid);
      const requests = Math.max(result.requests.total, 1);
      const walAfter = await walStats();
      for (const key of ['records', 'fpi', 'bytes', 'syncs'] as const) wal[key] += walAfter[key] - walBefore[key];
      wal.scans += requests;
      return {
        name: 'POST /api/kiosk/scans (morning rush, 1 scan)',
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.non2xx + result.errors + result.timeouts,
        serverMs: before && after ? ((after.server - before.server) * TICK_MS) / requests : null,
        postgresMs: before && after ? (postgresTicksBetween(before.postgres, after.postgres) * TICK_MS) / requests : null,
      };
    };

    await measure(app, loginCheck, guardians, 2);
    await measureKiosk(2);
    const base: Measured[] = [];
    const rush: Measured[] = [];
    for (let round = 0; round < rounds; round++) {
      base.push(await measure(app, loginCheck, guardians));
      rush.push(await measureKiosk(duration));
    }
    const summary = (runs: Measured[]): Measured => ({
      name: runs[0]!.name,
      rps: median(runs.map((r) => r.rps)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
      serverMs: medianOrNull(runs.map((r) => r.serverMs)),
      postgresMs: medianOrNull(runs.map((r) => r.postgresMs)),
      ratio: median(runs.map((r, i) => r.rps / base[i]!.rps)),
      p99Ratio: median(runs.map((r, i) => r.p99 / Math.max(base[i]!.p99, 1))),
    });
    const baseline = summary(base);
    log();
    table([baseline, summary(rush)], baseline);
    log();
    // The WAL of the whole server over the rush's rounds and warm-up (other databases' work included), per scan.
    const per = (value: number) => (value / Math.max(wal.scans, 1)).toFixed(2);
    log(
      `WAL per scan: ${per(wal.records)} records, ${per(wal.fpi)} full-page images, ${(wal.bytes / Math.max(wal.scans, 1) / 1024).toFixed(1)} kB; ${per(wal.syncs)} WAL flushes (scans per flush ${(wal.scans / Math.max(wal.syncs, 1)).toFixed(1)})`,
    );
    log();
    if (process.env.BENCH_KIOSK_RESTART !== '0') {
      const restart = await rushThroughRestart(app, scanRequest);
      for (const line of restart.lines) log(line);
      sentInRestart.push(...restart.sent);
      recorded.push(...restart.recorded);
    }
  } finally {
    await stopServer(app.child);
  }
  // Every scan answered 'recorded' is stored, once; no child has two rows of the day.
  const stored = rowsOf<{ rows: number; distinct_ids: number; recorded: number; attendances: number; doubled: number }>(
    await db.execute(sql`
      select (select count(*)::int from kiosk_scans) as rows, (select count(distinct id)::int from kiosk_scans) as distinct_ids,
        (select count(*)::int from kiosk_scans where status = 'recorded') as recorded,
        (select count(*)::int from child_attendances where source = 'kiosk') as attendances,
        (select count(*)::int from (select note_child_id from child_attendances where date <= ${today}
           group by note_child_id, date having count(*) > 1) d) as doubled`),
  )[0]!;
  let lost = 0;
  for (let i = 0; i < recorded.length; i += 5000) {
    const ids = recorded.slice(i, i + 5000);
    const found = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from kiosk_scans where status = 'recorded' and id in ${sql`(${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`}`,
      ),
    )[0]!.n;
    lost += ids.length - found;
  }
  log(
    `answers: ${[...answers].map(([status, n]) => `${status} ${n}`).join(', ')}; kiosk_scans ${stored.rows} rows (${stored.distinct_ids} distinct ids, ${stored.recorded} recorded), children's days arrived ${stored.attendances}`,
  );
  // Every scan sent in the restart run (answered or not, re-sent until answered) is stored.
  let missing = 0;
  for (let i = 0; i < sentInRestart.length; i += 5000) {
    const ids = sentInRestart.slice(i, i + 5000);
    const found = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(distinct id)::int as n from kiosk_scans where id in ${sql`(${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`}`,
      ),
    )[0]!.n;
    missing += ids.length - found;
  }
  log(
    `check: recorded answers lost ${lost}, scans stored twice ${stored.rows - stored.distinct_ids}, children with two attendance rows ${stored.doubled}${
      process.env.BENCH_KIOSK_RESTART === '0'
        ? ' (no PostgreSQL restart: BENCH_KIOSK_RESTART=0)'
        : `; scans sent in the restart run ${sentInRestart.length}, not stored ${missing}`
    }`,
  );
  if (lost || missing || stored.rows !== stored.distinct_ids || stored.doubled) throw new Error('kiosk: records lost or doubled');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A shell command (the PostgreSQL restart), without blocking the load generator's event loop. */
function runShell(command: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ code: null, output: String(error) }));
    child.on('exit', (code) => resolve({ code, output: output.trim() }));
  });
}

/** Whether PostgreSQL answers a query on the bench database now (a fresh connection, 1 s at most). */
async function postgresAnswers(): Promise<boolean> {
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
async function waitForPostgres(seconds: number): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    if (await postgresAnswers()) return performance.now() - started;
    await sleep(200);
  }
  return null;
}

/** PostgreSQL answering again, whatever happened: started when it does not answer (the bench never leaves it down). */
async function ensurePostgresUp(): Promise<void> {
  if ((await waitForPostgres(30)) !== null) return;
  const started = await runShell(POSTGRES_START);
  if ((await waitForPostgres(120)) === null)
    throw new Error(`PostgreSQL does not answer after \`${POSTGRES_START}\`: ${started.output}`);
}

/** How the bench restarts the local PostgreSQL (immediate: as a crash; the server must recover alone). */
const POSTGRES_RESTART = process.env.BENCH_PG_RESTART ?? 'pg_ctlcluster --skip-systemctl-redirect 15 main restart -m immediate';
const POSTGRES_START = process.env.BENCH_PG_START ?? 'pg_ctlcluster --skip-systemctl-redirect 15 main start';

type ScanRequest = { id: string; method: string; path: string; headers: Record<string, string>; body: string };

/**
 * The rush again while PostgreSQL restarts (-m immediate) in the middle of it. Like the tablet, the
 * load generator keeps every scan not answered 200 and sends it again, the same id, once the
 * database answers again (during the outage it goes on with new scans, which fail and are kept too);
 * after the run, the scans still unanswered are sent until answered. Answers the result lines, the
 * ids sent and those answered `recorded`.
 */
async function rushThroughRestart(app: Server, scanRequest: () => ScanRequest) {
  const seconds = Number(process.env.BENCH_RESTART_DURATION ?? 15);
  const restartAfter = Number(process.env.BENCH_RESTART_AFTER ?? 5);
  const requestOf = new Map<string, Omit<ScanRequest, 'id'>>();
  const answered = new Map<string, string>();
  const answers = new Map<string, number>();
  const failed = new Map<string, number>();
  const queue: string[] = [];
  const resentIds = new Set<string>();
  let resends = 0;
  let outageAnswer = '';
  let databaseBack = false;
  const note = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const settle = (id: string, status: number, body: string) => {
    if (status === 200) {
      const result = (JSON.parse(body) as { results: { status: string }[] }).results[0]!.status;
      answered.set(id, result);
      note(answers, resentIds.has(id) ? `${result} (re-sent)` : result);
    } else {
      note(failed, String(status));
      if (status === 503 && !outageAnswer) outageAnswer = body;
      queue.push(id);
    }
  };

  let restartLine = '';
  const restart = (async () => {
    await sleep(restartAfter * 1000);
    const began = performance.now();
    const result = await runShell(POSTGRES_RESTART);
    const back = await waitForPostgres(120);
    databaseBack = true;
    restartLine = `PostgreSQL restarted (\`${POSTGRES_RESTART}\`, exit ${result.code}) at ${restartAfter} s of ${seconds} s; answering again after ${back === null ? 'more than 120 s' : `${((performance.now() - began) / 1000).toFixed(1)} s`}`;
  })();

  let result: Result;
  try {
    result = await autocannon({
      url: `http://127.0.0.1:${app.port}`,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          setupRequest(req, context) {
            let id: string;
            let request: Omit<ScanRequest, 'id'>;
            if (databaseBack && queue.length) {
              id = queue.shift()!;
              request = requestOf.get(id)!;
              resentIds.add(id);
              resends++;
            } else {
              const { id: fresh, ...fresher } = scanRequest();
              id = fresh;
              request = fresher;
              requestOf.set(id, request);
            }
            context.id = id;
            return { ...req, ...request };
          },
          onResponse(status, body, context) {
            settle(context.id as string, status, body);
          },
        },
      ],
    });
  } finally {
    await restart;
    await ensurePostgresUp();
  }
  const alive = app.child.exitCode === null;

  // The tablets' queues after the run: every scan not answered 200 (failed, timed out, cut off at
  // the end) is sent again until answered.
  const unanswered = () => [...requestOf.keys()].filter((id) => !answered.has(id));
  const origin = `http://127.0.0.1:${app.port}`;
  for (let attempt = 0; attempt < 30 && unanswered().length; attempt++) {
    const pending = unanswered();
    for (let i = 0; i < pending.length; i += connections) {
      await Promise.all(
        pending.slice(i, i + connections).map(async (id) => {
          resentIds.add(id);
          resends++;
          const { path: scanPath, ...init } = requestOf.get(id)!;
          try {
            const response = await fetch(`${origin}${scanPath}`, init);
            settle(id, response.status, await response.text());
          } catch {
            note(failed, 'no answer');
          }
        }),
      );
    }
    if (unanswered().length) await sleep(1000);
  }

  const count = (map: Map<string, number>) => [...map].map(([key, n]) => `${key} ×${n}`).join(', ') || 'none';
  const lines = [
    `## kiosk: the rush through a PostgreSQL restart (${connections} connections, ${seconds} s, scans not answered 200 re-sent with the same id)`,
    `restart: ${restartLine}; app server ${alive ? 'still running (never restarted)' : 'EXITED'}`,
    `restart: ${result.requests.total} requests in the run, failed ${count(failed)} (and ${result.errors} connection errors, ${result.timeouts} timeouts); re-sent ${resentIds.size} scans (${resends} sends)`,
    `restart: the outage's answer: ${outageAnswer || '(none)'}`,
    `restart: answers ${count(answers)}; still unanswered ${unanswered().length}`,
  ];
  const recordedIds = [...answered].filter(([, status]) => status === 'recorded').map(([id]) => id);
  if (!alive || unanswered().length) lines.push('restart: FAILED (see above)');
  return { lines, sent: [...requestOf.keys()], recorded: recordedIds };
}

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
  if (only === 'kiosk') {
    try {
      await kioskRush(database, guardians, today);
    } finally {
      await database.close();
    }
    return;
  }
  if (only === 'soak') {
    try {
      await soak(guardians);
    } finally {
      await database.close();
    }
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
