import { randomUUID } from 'node:crypto';
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { randomToken, sha256 } from '../src/lib/crypto';
import { DEVICE_COOKIE } from '../src/lib/staff-sessions';
import { loginCheck, measure, median, medianOrNull, smoke, table, type Guardian, type Measured } from './calls';
import { connections, duration, log, rounds, rowsOf, sleep } from './config';
import { ensureStaff, signInStaff } from './dataset-staff';
import { POLL_MS, ratioScreens, type ProbeFacility } from './kiosk-ratio';
import { checkStaffClocks, STAFF_EVERY, staffClockRequests } from './kiosk-staff';
import { rushThroughRestart } from './kiosk-restart';
import { addStatements, statementLines, statementSnapshot, type StatementSnapshot } from './pg-statements';
import { cpuSnapshot, postgresTicksBetween, startServer, stopServer, TICK_MS } from './processes';

/**
 * BENCH_ONLY=kiosk: the morning rush at the gate (staff.md §6, issue 19). Every facility gets a
 * paired kiosk (purpose 'kiosk'); each request is one facility's kiosk posting the arrival of its
 * next child (a new scan id, device time now; once all its children have arrived, the day before,
 * and so on), the facilities in turn, so all 300 post at once; one request in 7 is a staff 打刻
 * (kiosk-staff.ts). Every facility's 園長 screen polls the live ratio meanwhile, and probes at a few
 * facilities kept out of the rush time a scan or 打刻 until that screen shows it (kiosk-ratio.ts).
 * Measured in rounds against the signed-in baseline; then every scan answered 'recorded' must be in
 * kiosk_scans once, every 打刻 so in staff_time_entries, and no child has two attendance rows of the day.
 */
export async function kioskRush(database: Database, guardians: Guardian[], today: string) {
  const db = database.db;
  await db.execute(sql`delete from kiosk_scans`);
  await db.execute(sql`delete from child_attendances where source = 'kiosk'`);
  await db.execute(sql`delete from push_outbox where kind = 'attendance'`);
  await db.execute(sql`delete from staff_time_entries where source = 'kiosk'`);
  // The gate's 打刻 are audited with the device (the audit log is append-only): the last run's kiosks are revoked.
  await db.execute(sql`update devices set name = 'bench kiosk (earlier run)', revoked_at = now() where name = 'bench kiosk'`);
  const staff = await ensureStaff(db, today);
  const directors = await signInStaff(
    db,
    staff.map((f) => f.director),
  );
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
  const staffOf = new Map(staff.map((f) => [f.facilityId, f.all]));
  const everyKiosk = enrolled.map((f) => ({
    facilityId: Number(f.facility_id),
    children: f.ids.map(Number),
    token: randomToken(),
    next: 0,
    staff: staffOf.get(Number(f.facility_id)) ?? [],
    staffNext: 0,
  }));
  // The probes' facilities (the last ones) stay out of the rush: only the probes change their ratio.
  const probeCount = Math.min(
    everyKiosk.length - 1,
    Number(process.env.BENCH_KIOSK_PROBES ?? Math.max(1, Math.round(everyKiosk.length / 30))),
  );
  const kiosks = everyKiosk.slice(0, everyKiosk.length - probeCount);
  const probeKiosks = everyKiosk.slice(everyKiosk.length - probeCount);
  const classOf = new Map(
    rowsOf<{ id: number; class_id: number }>(
      await db.execute(
        sql`select id, class_id from note_children where facility_id in ${sql`(${sql.join(
          probeKiosks.map((k) => sql`${k.facilityId}`),
          sql`, `,
        )})`}`,
      ),
    ).map((r) => [Number(r.id), Number(r.class_id)]),
  );
  // The 園長 screens polling: every facility's, or BENCH_RATIO_SCREENS of the rush's and the probes' own.
  const screenCount = Number(process.env.BENCH_RATIO_SCREENS ?? staff.length);
  const probeIds = new Set(probeKiosks.map((k) => k.facilityId));
  const screens = [
    ...staff.filter((f) => !probeIds.has(f.facilityId)).slice(0, screenCount),
    ...staff.filter((f) => probeIds.has(f.facilityId)),
  ];
  const probes: ProbeFacility[] = probeKiosks.map((k) => ({
    facilityId: k.facilityId,
    kioskToken: k.token,
    children: k.children.map((id) => ({ noteChildId: id, classId: classOf.get(id)! })),
    staff: k.staff,
  }));
  const values = everyKiosk.map(
    (k, i) => sql`(${enrolled[i]!.company_id}, ${k.facilityId}, 'bench kiosk', 'kiosk', ${sha256(k.token)}, now(), now())`,
  );
  await db.execute(
    sql`insert into devices (company_id, facility_id, name, purpose, credential_hash, paired_at, last_seen_at) values ${sql.join(values, sql`, `)}`,
  );
  log(
    `## kiosk: morning rush at the gate, ${kiosks.length} facilities’ kiosks posting arrivals and ${STAFF_EVERY === Infinity ? '(BENCH_KIOSK_STAFF_EVERY=0) no' : `(1 request in ${STAFF_EVERY})`} staff 打刻 at once (one a request), ${connections} connections, ${rounds} rounds of ${duration} s against the signed-in baseline; ${screens.length} 園長 screens polling the live ratio every ${POLL_MS} ms; probes at ${probes.length} facilities out of the rush`,
  );

  const app = await startServer('app');
  const recorded: string[] = [];
  const sentInRestart: string[] = [];
  const answers = new Map<string, number>();
  const staffRecorded: string[] = [];
  let watch: ReturnType<typeof ratioScreens> | null = null;
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
    const staffClockRequest = staffClockRequests(kiosks, xsrf);
    const smokeScan = scanRequest();
    const smokeAnswer = await fetch(`http://127.0.0.1:${app.port}${smokeScan.path}`, smokeScan);
    if (smokeAnswer.status !== 200) throw new Error(`kiosk scans: ${smokeAnswer.status} ${await smokeAnswer.text()}`);
    await smoke(app.port, loginCheck, guardians[0]!);
    // One 園長 screen's calls alone (every facility's in turn) against the baseline: what each one costs.
    const screenCallers = staff.map((f) => ({
      userId: f.director,
      childIds: [f.facilityId],
      token: '',
      cookie: directors.get(f.director)!,
    }));
    const ratioCall = {
      name: 'GET …/ratio (refetched when it moves)',
      path: (g: Guardian) => `/api/staff/facilities/${g.childIds[0]}/ratio`,
    };
    // What a screen polls (the fingerprint) and what it fetches when that moves (the ratio).
    const versionCall = {
      name: "GET …/ratio-version (a 園長 screen's poll)",
      path: (g: Guardian) => `/api/staff/facilities/${g.childIds[0]}/ratio-version`,
    };
    await measure(app, ratioCall, screenCallers, 2);
    await measure(app, versionCall, screenCallers, 2);
    const ratioBase = await measure(app, loginCheck, guardians);
    table([ratioBase, await measure(app, versionCall, screenCallers), await measure(app, ratioCall, screenCallers)], ratioBase);
    log();
    watch = ratioScreens(
      `http://127.0.0.1:${app.port}`,
      screens.map((f) => ({ facilityId: f.facilityId, cookie: directors.get(f.director)! })),
      probes,
      xsrf,
    );

    const walStats = async () =>
      rowsOf<{ records: number; fpi: number; bytes: number; syncs: number }>(
        await db.execute(
          sql`select wal_records::float8 as records, wal_fpi::float8 as fpi, wal_bytes::float8 as bytes, wal_sync::float8 as syncs from pg_stat_wal`,
        ),
      )[0]!;
    const wal = { records: 0, fpi: 0, bytes: 0, syncs: 0, scans: 0 };
    let requests = 0;
    // Where PostgreSQL's time goes in the rush's rounds (pg-statements.ts; with the extension only).
    const rushStatements: StatementSnapshot = new Map();
    let rushRequests = 0;
    const measureKiosk = async (seconds: number, counted = false): Promise<Measured> => {
      const walBefore = await walStats();
      const statementsBefore = counted ? await statementSnapshot(db) : null;
      const before = cpuSnapshot(app.child.pid);
      const result: Result = await autocannon({
        url: `http://127.0.0.1:${app.port}`,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            setupRequest(req, context) {
              const clock = ++requests % STAFF_EVERY === 0;
              const { id, ...request } = clock ? staffClockRequest() : scanRequest();
              context.id = id;
              context.clock = clock;
              return { ...req, ...request };
            },
            onResponse(status, body, context) {
              if (status !== 200) return;
              const result = (JSON.parse(body) as { results: { status: string }[] }).results[0]!.status;
              const key = context.clock ? `打刻 ${result}` : result;
              answers.set(key, (answers.get(key) ?? 0) + 1);
              if (result === 'recorded') (context.clock ? staffRecorded : recorded).push(context.id as string);
            },
          },
        ],
      });
      const after = cpuSnapshot(app.child.pid);
      const total = Math.max(result.requests.total, 1);
      if (statementsBefore) {
        addStatements(rushStatements, statementsBefore, (await statementSnapshot(db))!);
        rushRequests += result.requests.total;
      }
      const walAfter = await walStats();
      for (const key of ['records', 'fpi', 'bytes', 'syncs'] as const) wal[key] += walAfter[key] - walBefore[key];
      wal.scans += total;
      return {
        name:
          STAFF_EVERY === Infinity
            ? 'POST kiosk scans (rush, no staff 打刻)'
            : `POST kiosk scans + 1 in ${STAFF_EVERY} staff-clocks (rush)`,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.non2xx + result.errors + result.timeouts,
        serverMs: before && after ? ((after.server - before.server) * TICK_MS) / total : null,
        postgresMs: before && after ? (postgresTicksBetween(before.postgres, after.postgres) * TICK_MS) / total : null,
      };
    };

    await measure(app, loginCheck, guardians, 2);
    await measureKiosk(2);
    // The screens' polls with nothing else running: their own CPU a second (unchanged versions mostly).
    const quietBefore = cpuSnapshot(app.child.pid);
    const quietStatements = await statementSnapshot(db);
    await sleep(duration * 1000);
    const quietAfter = cpuSnapshot(app.child.pid);
    if (quietBefore && quietAfter)
      log(
        `the ${screens.length} 園長 screens polling alone (${duration} s, no rush): server ${(((quietAfter.server - quietBefore.server) * TICK_MS) / duration).toFixed(0)} ms/s, PostgreSQL ${((postgresTicksBetween(quietBefore.postgres, quietAfter.postgres) * TICK_MS) / duration).toFixed(0)} ms/s of CPU`,
      );
    if (quietStatements) {
      const quiet: StatementSnapshot = new Map();
      addStatements(quiet, quietStatements, (await statementSnapshot(db))!);
      for (const line of statementLines(quiet, duration, 6)) log(line.replace('per request', 'per second'));
      log();
    }
    const base: Measured[] = [];
    const rush: Measured[] = [];
    for (let round = 0; round < rounds; round++) {
      base.push(await measure(app, loginCheck, guardians));
      watch.startProbes();
      rush.push(await measureKiosk(duration, true));
      await watch.stopProbes();
    }
    await watch.stop();
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
    const rushed = summary(rush);
    table([baseline, rushed], baseline);
    log();
    for (const line of watch.report()) log(line);
    const seen = watch.result();
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    if (rushStatements.size) {
      for (const line of statementLines(rushStatements, rushRequests)) log(line);
      log();
    }
    log(
      `goals: kiosk req/s ÷ baseline ≥ 0.5 ${met(rushed.ratio! >= 0.5)} (${rushed.ratio!.toFixed(2)}); p99 ≤ 4× baseline ${met(rushed.p99Ratio! <= 4)} (${rushed.p99Ratio!.toFixed(2)}); shown on the 園長 screen p99 ≤ 5 s ${met(seen.p99 <= 5000 && seen.missed === 0)} (${seen.p99.toFixed(0)} ms, ${seen.samples} probes)`,
    );
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
    await watch?.stop();
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
  const clocks = await checkStaffClocks(db, staffRecorded);
  log(
    `check: staff 打刻 answered recorded ${staffRecorded.length}, lost ${clocks.lost}, stored twice ${clocks.twice} (staff_time_entries from the kiosks ${clocks.rows})`,
  );
  if (lost || missing || stored.rows !== stored.distinct_ids || stored.doubled || clocks.lost || clocks.twice)
    throw new Error('kiosk: records lost or doubled');
}
