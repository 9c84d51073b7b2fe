/**
 * The fuzz suite (issue 21; docs/decisions/tests-fuzz-suite.md): every call of the contract, signed
 * out and signed in (a guardian for the guardian calls, a director for the staff calls), with
 * FUZZ_RUNS generated inputs each (fuzz/inputs.ts), over one app and one database. Every answer
 * must be below 500, and its body the contract's: the call's response schema on a success, the one
 * error shape (with a Japanese message) otherwise. Failures are collected and listed together, one
 * example per call, status and message.
 *
 * FUZZ_RUNS (default 200) and FUZZ_SEED (default fixed, so a run can be repeated) tune it.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getTableColumns, sql } from 'drizzle-orm';
import { getTableName, is, Table } from 'drizzle-orm';
import * as contract from '@renraku/contract';
import { addDays, errorSchema, postLogin, postStaffLogin, tokyoDate, type Call } from '@renraku/contract';
import * as schema from '../src/db/schema';
import { setupApp } from './harness';
import {
  buildDailyNote,
  buildEvent,
  buildGrowth,
  buildNotice,
  buildSchedule,
  buildScheduleWindow,
  buildStaffWorld,
  enableFunctions,
  TEST_PASSWORD,
  threeQuestions,
  tinyJpeg,
} from './factories';
import { requestsOf, type FuzzRequest, type Pools } from './fuzz/inputs';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 8);

const t = setupApp();

/** Every call of the contract: the exports with a method, a path and a response schema. */
const calls = (Object.entries(contract) as [string, unknown][])
  .filter(([, v]) => !!v && typeof v === 'object' && 'method' in v && 'path' in v && 'response' in v)
  .map(([name, v]) => ({ name, call: v as Call }))
  .sort((a, b) => a.name.localeCompare(b.name));

const isStaffCall = (c: Call) => c.path.startsWith('/api/staff/');

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/;
const strictError = errorSchema.strict();

interface Session {
  cookies: Record<string, string>;
  /** Signs in again when the fuzz ended the session (a logout call, say). */
  renew: () => Promise<void>;
  alive: () => Promise<boolean>;
}

let address = 0;
/** A client address per request: the sign-in and mail limits count per address, so they do not end the fuzz of a call early. */
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

async function xsrfCookie(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
  return res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
}

async function signedIn(loginCall: Call, email: string, xsrf: string, probeUrl: string): Promise<Session> {
  const session: Session = {
    cookies: { 'XSRF-TOKEN': xsrf },
    renew: async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: loginCall.path,
        remoteAddress: nextAddress(),
        headers: { 'x-xsrf-token': xsrf },
        cookies: { 'XSRF-TOKEN': xsrf },
        payload: { email, password: TEST_PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
      session.cookies = { 'XSRF-TOKEN': xsrf, ...Object.fromEntries(res.cookies.map((c) => [c.name, c.value])) };
    },
    alive: async () => (await t.app.inject({ method: 'GET', url: probeUrl, cookies: session.cookies })).statusCode === 200,
  };
  await session.renew();
  return session;
}

/** Ids of every table's rows, dates around today and the world's strings: what makes inputs meet real rows. */
async function poolsOf(strings: string[]): Promise<Pools> {
  const ids = new Set<number>([1, 2, 3]);
  for (const table of Object.values(schema)) {
    if (!is(table, Table) || !('id' in getTableColumns(table))) continue;
    const rows = await t.db.execute<{ id: number }>(
      sql`select id from ${sql.identifier(getTableName(table))} order by id limit 20`,
    );
    for (const row of (rows as unknown as { rows?: { id: number }[] }).rows ?? (rows as unknown as { id: number }[])) {
      if (typeof row.id === 'number') ids.add(row.id);
    }
  }
  const today = tokyoDate(new Date());
  const dates = [-30, -7, -1, 0, 1, 2, 3, 7, 14, 30, 60, 400].map((d) => addDays(today, d));
  return {
    ids: [...ids],
    dates: [...dates, '2024-02-29', '2020-04-01'],
    months: [...new Set(dates.map((d) => d.slice(0, 7)))],
    strings: [...strings, 'テスト', 'てすと', 'さくら', '08:30', '17:00', 'a@example.com'],
  };
}

/** The world the signed-in calls meet: a facility with classes, staff, a family, a notice, schedules, notes, events, growths. */
async function buildWorld() {
  const w = await buildStaffWorld(t.db);
  const noteChild = { id: w.family.noteChild.id, companyId: w.companyId };
  const today = tokyoDate(new Date());
  await enableFunctions(t.db, { id: w.facilityId, companyId: w.companyId });
  await buildNotice(t.db, t.storage, {
    facilityId: w.facilityId,
    noteChildIds: [w.family.noteChild.id],
    files: [{ name: '写真.jpg', data: await tinyJpeg() }],
    questionnaire: threeQuestions(new Date(Date.now() + 30 * 86_400_000)),
  });
  await buildScheduleWindow(t.db, {
    facilityId: w.facilityId,
    firstDay: addDays(today, 1),
    lastDay: addDays(today, 30),
    deadline: addDays(today, 20),
  });
  await buildSchedule(t.db, { noteChild, date: addDays(today, 2) });
  await buildDailyNote(t.db, noteChild, addDays(today, -1));
  await buildEvent(t.db, { facilityId: w.facilityId, date: addDays(today, 3) });
  await buildGrowth(t.db, { child: w.family.child, measuredOn: addDays(today, -10) });
  return w;
}

interface Failure {
  call: string;
  who: string;
  status: number;
  problem: string;
  request: FuzzRequest;
  body: string;
}

/** What is wrong with an answer, or null: a 5xx, a success body that is not the contract's, an error body that is not the error shape. */
function problemOf(c: Call, status: number, payload: string, contentType: string | undefined): string | null {
  if (status >= 500) return '5xx';
  if (status >= 200 && status < 300) {
    if (payload === '') return c.status === 204 || status === 204 ? null : 'empty success body';
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch {
      return 'success body is not JSON';
    }
    const parsed = c.response.safeParse(json);
    return parsed.success
      ? null
      : `success body is not the contract's: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`;
  }
  if (!contentType?.includes('application/json')) return `error answer is ${contentType ?? 'no content type'}`;
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return 'error body is not JSON';
  }
  const parsed = strictError.safeParse(json);
  if (!parsed.success) return `error body is not the error shape: ${payload.slice(0, 120)}`;
  if (!JAPANESE.test(parsed.data.message)) return `error message is not Japanese: ${parsed.data.message}`;
  return null;
}

describe('fuzz: every call of the contract, signed out and signed in', () => {
  it(`answers ${RUNS} generated inputs per call, signed out and signed in by turns, without a 5xx, every body as documented`, async () => {
    const started = Date.now();
    const cpuStarted = process.cpuUsage();
    const w = await buildWorld();
    const xsrf = await xsrfCookie();
    const guardian = await signedIn(postLogin, w.family.main.email, xsrf, '/api/users');
    const director = await signedIn(postStaffLogin, w.staff.director.user.email, xsrf, '/api/staff/me');
    const anonymous: Session = { cookies: { 'XSRF-TOKEN': xsrf }, renew: async () => {}, alive: async () => true };
    const pools = await poolsOf([w.family.child.firstName, w.family.main.email, w.staff.office.user.email]);

    const failures: Failure[] = [];
    let requests = 0;
    const statuses = new Map<number, number>();
    const timings: [string, number][] = [];
    for (const [i, { name, call }] of calls.entries()) {
      const callStarted = Date.now();
      const inputs = fc.sample(requestsOf(call, pools), { numRuns: RUNS, seed: SEED + i });
      const signedInAs = isStaffCall(call) ? director : guardian;
      // Each input once, signed out and signed in by turns: 200 inputs per call in half the requests
      // of sending every input twice (the suite runs on both databases in CI's time).
      const callers = [
        ['signed out', anonymous],
        [isStaffCall(call) ? 'director' : 'guardian', signedInAs],
      ] as const;
      // A few requests in flight at once: PostgreSQL (another process) and argon2 (its own threads) work meanwhile.
      for (let at = 0; at < inputs.length; at += CONCURRENCY) {
        await Promise.all(
          inputs.slice(at, at + CONCURRENCY).map(async (request, j) => {
            const [who, session] = callers[(at + j) % 2]!;
            const res = await t.app.inject({
              method: call.method,
              url: request.url,
              remoteAddress: nextAddress(),
              // The session's own token: an XSRF token is bound to its session (auth-xsrf-bound-to-session.md).
              headers: { 'x-xsrf-token': session.cookies['XSRF-TOKEN'] ?? xsrf, ...request.headers },
              cookies: session.cookies,
              ...(request.body !== undefined ? { payload: request.body } : {}),
            });
            requests += 1;
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            const problem = problemOf(call, res.statusCode, res.payload, res.headers['content-type'] as string | undefined);
            if (problem)
              failures.push({ call: name, who, status: res.statusCode, problem, request, body: res.payload.slice(0, 300) });
          }),
        );
      }
      // A logout, a 2FA setup or the like may have ended the session: the next call starts signed in again.
      if (!(await signedInAs.alive())) await signedInAs.renew();
      timings.push([name, Date.now() - callStarted]);
    }
    if (process.env.FUZZ_TIMINGS) console.log(timings.sort((a, b) => b[1] - a[1]).slice(0, 25));

    const seconds = (Date.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuStarted);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const serverErrors = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    console.log(
      `fuzz: ${calls.length} calls × ${RUNS} inputs (signed out and signed in by turns) = ${requests} requests in ${seconds.toFixed(1)} s (this process's CPU: ${cpuSeconds.toFixed(1)} s); ` +
        `5xx: ${serverErrors}; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    // One example per call, caller, status and problem.
    const examples = new Map<string, Failure>();
    for (const f of failures) examples.set(`${f.call} ${f.who} ${f.status} ${f.problem}`, f);
    expect(
      [...examples.values()].map(
        (f) => `${f.call} (${f.who}) → ${f.status}: ${f.problem}\n  ${JSON.stringify(f.request).slice(0, 400)}\n  ${f.body}`,
      ),
    ).toEqual([]);
    expect(requests).toBe(calls.length * RUNS);
  }, 900_000);
});
