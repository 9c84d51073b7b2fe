/** The guardians' hot calls, measured with autocannon against the signed-in baseline (docs/performance.md). */
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { randomToken, sha256 } from '../src/lib/crypto';
import { SESSION_COOKIE } from '../src/lib/sessions';
import { callFilter, connections, duration, GUARDIANS, loadAverage, rounds, log, rowsOf } from './config';
import { cpuSnapshot, postgresTicksBetween, TICK_MS, type Server } from './processes';

export interface Guardian {
  userId: number;
  childIds: number[];
  token: string;
  cookie: string;
}

/**
 * Guardians of the first tenth of the facilities (the subset the 10× step grows), each with a
 * new real session row, as a browser would hold after signing in.
 */
export async function signInGuardians(database: Database, facilities: number): Promise<Guardian[]> {
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

export interface Call {
  name: string;
  path: (g: Guardian) => string;
  signedIn?: boolean;
}

export const allCalls: Call[] = [
  {
    name: 'GET /api/children/content (feed)',
    path: (g) => `/api/children/content?${g.childIds.map((id) => `children[]=${id}`).join('&')}`,
  },
  { name: 'GET /api/children', path: () => '/api/children' },
  { name: 'GET /api/notices', path: () => '/api/notices' },
  { name: 'GET /api/children/{id}/schedules?month=1', path: (g) => `/api/children/${g.childIds[0]}/schedules?month=1` },
  { name: 'GET /api/families/information', path: () => '/api/families/information' },
];
export const calls = callFilter.length ? allCalls.filter((c) => callFilter.some((f) => c.name.includes(f))) : allCalls;
export const loginCheck: Call = { name: 'GET /api/login/check (signed-in baseline)', path: () => '/api/login/check' };
export const select1: Call = { name: 'bare Fastify + pg SELECT 1', path: () => '/select1', signedIn: false };

export interface Measured {
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

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
export const medianOrNull = (values: (number | null)[]) => (values.some((v) => v === null) ? null : median(values as number[]));

/**
 * Each call measured in rounds that interleave with the baseline (baseline, call 1, call 2, … then
 * again): the machine's drift over a run (other load, the scheduler's placement of the processes on
 * the two cores: seen as ±25 % between back-to-back runs) reaches the baseline and the calls alike.
 * Printed: the medians over the rounds, and the ratio to the baseline as the median of the per-round ratios.
 */
export async function measureInRounds(
  server: Server,
  baseline: Call,
  hot: Call[],
  guardians: Guardian[],
  options: { rounds?: number; seconds?: number } = {},
): Promise<[Measured, ...Measured[]]> {
  const byCall = new Map<Call, Measured[]>([baseline, ...hot].map((call) => [call, []]));
  for (let round = 0; round < (options.rounds ?? rounds); round++)
    for (const call of [baseline, ...hot]) byCall.get(call)!.push(await measure(server, call, guardians, options.seconds));
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

export async function measure(server: Server, call: Call, guardians: Guardian[], seconds = duration): Promise<Measured> {
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
export async function smoke(port: number, call: Call, guardian: Guardian) {
  const response = await fetch(`http://127.0.0.1:${port}${call.path(guardian)}`, { headers: { cookie: guardian.cookie } });
  if (response.status !== 200) throw new Error(`${call.name}: ${response.status} ${await response.text()}`);
}

export const pad = (value: string, width: number, right = false) => (right ? value.padStart(width) : value.padEnd(width));

export function table(rows: Measured[], baseline: Measured) {
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

/**
 * The short version of the main run's measurement, for the area runs ("the guardians' hot calls'
 * ratios beside it"): every hot call against the signed-in baseline, BENCH_RATIO_ROUNDS rounds (2) of
 * BENCH_RATIO_DURATION seconds (3) each, on the server as the area's run leaves it.
 */
export async function hotCallRatios(server: Server, guardians: Guardian[], title: string): Promise<Measured[]> {
  const ratioRounds = Math.max(1, Number(process.env.BENCH_RATIO_ROUNDS ?? 2));
  const seconds = Number(process.env.BENCH_RATIO_DURATION ?? 3);
  for (const call of [loginCheck, ...allCalls]) await smoke(server.port, call, guardians[0]!);
  for (const call of [loginCheck, ...allCalls]) await measure(server, call, guardians, 1);
  const rows = await measureInRounds(server, loginCheck, allCalls, guardians, { rounds: ratioRounds, seconds });
  log(
    `### guardians' hot calls, ${title}: ${ratioRounds} round(s) of ${seconds} s per call, ${connections} connections (load average ${loadAverage()})`,
  );
  table(rows, rows[0]);
  log();
  return rows;
}

/**
 * Each hot call's ratio to the baseline in two runs side by side (the area's load or data against
 * none), with the server's and PostgreSQL's CPU per request, which the machine's other load moves less.
 */
export function compareRatios(before: Measured[], after: Measured[], labels: [string, string]) {
  const [a, b] = labels.map((label) => `req/s ÷ base, ${label}`) as [string, string];
  const cpu = 'server + pg CPU ms/req';
  log(`| ${pad('call', 44)} | ${a} | ${b} | ${pad('change', 7, true)} | ${cpu}, ${labels[0]} → ${labels[1]} |`);
  log(
    `|${'-'.repeat(46)}|${'-'.repeat(a.length + 2)}|${'-'.repeat(b.length + 2)}|${'-'.repeat(9)}|${'-'.repeat(cpu.length + labels.join('').length + 7)}|`,
  );
  const ms = (r: Measured) =>
    r.serverMs === null || r.postgresMs === null ? '-' : `${r.serverMs.toFixed(2)} + ${r.postgresMs.toFixed(2)}`;
  for (const row of after.slice(1)) {
    const was = before.find((r) => r.name === row.name)!;
    const change = `${((row.ratio! / was.ratio! - 1) * 100).toFixed(0)} %`;
    log(
      `| ${pad(row.name, 44)} | ${pad(was.ratio!.toFixed(2), a.length, true)} | ${pad(row.ratio!.toFixed(2), b.length, true)} | ${pad(change, 7, true)} | ${pad(`${ms(was)} → ${ms(row)}`, cpu.length + labels.join('').length + 5, true)} |`,
    );
  }
  log();
}
