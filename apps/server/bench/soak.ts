import autocannon, { type Result } from 'autocannon';
import { allCalls, smoke, type Guardian } from './calls';
import { connections, log } from './config';
import { residentMiB, startServer, stopServer } from './processes';

/**
 * BENCH_ONLY=soak: the production app under a steady morning-rush rate for BENCH_SOAK_MINUTES
 * (10), the hot calls in turn with a different guardian on every request; per minute the
 * achieved req/s, p50/p99, errors and the server's resident memory (docs/reliability.md): both
 * must stay flat (no leak, no slow creep of the tail).
 */
export async function soak(guardians: Guardian[]) {
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
