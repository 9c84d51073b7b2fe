/** BENCH_ONLY=kiosk's second part: the morning rush while PostgreSQL restarts (-m immediate) in its middle. */
import autocannon, { type Result } from 'autocannon';
import { connections, sleep } from './config';
import { ensurePostgresUp, POSTGRES_RESTART, waitForPostgres } from './database';
import { runShell, type Server } from './processes';

export type ScanRequest = { id: string; method: string; path: string; headers: Record<string, string>; body: string };

/**
 * The rush again while PostgreSQL restarts (-m immediate) in the middle of it. Like the tablet, the
 * load generator keeps every scan not answered 200 and sends it again, the same id, once the
 * database answers again (during the outage it goes on with new scans, which fail and are kept too);
 * after the run, the scans still unanswered are sent until answered. Answers the result lines, the
 * ids sent and those answered `recorded`.
 */
export async function rushThroughRestart(app: Server, scanRequest: () => ScanRequest) {
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
