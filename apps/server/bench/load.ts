/** The main run's load: the hot calls against the signed-in baseline at 1× and at 10× data (docs/performance.md). */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { allCalls, calls, loginCheck, measure, measureInRounds, pad, select1, smoke, table, type Guardian } from './calls';
import { connections, duration, log, rounds } from './config';
import { growTenfold, rowCounts } from './dataset';
import { startServer, stopServer } from './processes';
import { sendNoticesThroughStaffCalls } from './staff-notices';

/** The load runs at 1× (floor, signed-in baseline, hot calls) and, unless skipped, at 10× data. */
export async function measureLoad(
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
