/** The main run's web part: Lighthouse (mobile) on /login and signed-in /main against a fresh production app. */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { SESSION_COOKIE } from '../src/lib/sessions';
import type { Guardian } from './calls';
import { lighthouseDir, loadAverage, log, root } from './config';
import { auditRoute, lighthouseTable, type RouteAudit } from './lighthouse';
import { startServer, stopServer } from './processes';

/**
 * Lighthouse after the load runs (so it disturbs none of them), on a fresh production app that
 * serves the build just measured: /login anonymous, /main as the first bench guardian.
 */
export async function measureLighthouse(guardian: Guardian) {
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
    log(`${runs} run(s) per route, the median run shown (load average ${loadAverage()})`);
    for (const line of lighthouseTable(rows)) log(line);
    log();
    for (const line of scores) log(line);
    log();
  } finally {
    await stopServer(app.child);
  }
}
