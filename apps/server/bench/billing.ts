/**
 * BENCH_ONLY=billing (issue 34): closing a month (確定) for every facility of the dataset (300 × 100
 * children at BENCH_SCALE=1) from a month of recorded attendance through the real close code
 * (modules/billing/close.ts: the month claimed, the inputs read, the statements computed, written and
 * numbered, the payers' pushes queued, the audit entry), BENCH_BILLING_CONCURRENCY facilities at once
 * (2) on a pool of as many connections; the money checked (no yen between the lines and the totals
 * lost, a second close refused); a 10,000-record 全銀 口座振替 request file generated and a result file
 * of it parsed back (modules/billing/zengin.ts); and the guardians' hot calls against the baseline
 * before the month's data and after the close.
 */
import { addMonths } from '@renraku/contract';
import { sql } from 'drizzle-orm';
import { openPostgres, type Database } from '../src/db/client';
import { HttpError } from '../src/lib/errors';
import { closeMonth } from '../src/modules/billing/close';
import { customerNumberOf } from '../src/modules/billing/collection';
import { parseZenginResult, zenginRequestFile, type ZenginRequest } from '../src/modules/billing/zengin';
import { resultFileOf } from '../test/billing-result-file';
import { compareRatios, hotCallRatios, type Guardian } from './calls';
import { loadAverage, log, rowsOf, url } from './config';
import { clearBillingMonth, prepareBillingMonth } from './dataset-billing';
import { ensureStaff } from './dataset-staff';
import { cpuSnapshot, postgresTicksBetween, startServer, stopServer, TICK_MS } from './processes';
import { percentile } from './records-clients';

const CONCURRENCY = Math.max(1, Number(process.env.BENCH_BILLING_CONCURRENCY ?? 2));
const ZENGIN_RECORDS = Number(process.env.BENCH_ZENGIN_RECORDS ?? 10_000);
const HOLDERS = [
  'サトウ ハルト',
  'スズキ ユイ',
  'タカハシ アオイ',
  'タナカ リン',
  'イトウ ミナト',
  'ワタナベ ヒマリ',
  'ヤマモト レン',
];

async function ratiosOnApp(guardians: Guardian[], title: string) {
  const app = await startServer('app');
  try {
    return await hotCallRatios(app, guardians, title);
  } finally {
    await stopServer(app.child);
  }
}

export async function billingRun(database: Database, guardians: Guardian[], today: string) {
  const db = database.db;
  const month = addMonths(today.slice(0, 7), -1);
  const staff = await ensureStaff(db, today);
  await clearBillingMonth(db, month);
  log(
    `## billing: closing ${month} for ${staff.length} facilities, ${CONCURRENCY} at once; the 全銀 file of ${ZENGIN_RECORDS.toLocaleString('en')} records`,
  );
  const before = await ratiosOnApp(guardians, 'before the billing month');
  await prepareBillingMonth(db, month);

  // 確定 of every facility as its 事務 would (the close code itself, in this process: the app server is stopped).
  const names = new Map(
    rowsOf<{ id: number; name: string }>(await db.execute(sql`select id, name from facilities`)).map((f) => [
      Number(f.id),
      f.name,
    ]),
  );
  const closeDatabase = await openPostgres(url, { max: CONCURRENCY });
  const closeOne = (i: number) => {
    const f = staff[i]!;
    const viewer = { userId: f.office, today, deviceId: null, device: null, ip: '127.0.0.1' };
    const grant = {
      facilityId: f.facilityId,
      companyId: f.companyId,
      facilityName: names.get(f.facilityId)!,
      role: 'office' as const,
      classIds: [],
      scopeClassId: null,
      pinSession: false,
      chief: false,
    };
    return closeMonth(closeDatabase.db, viewer, grant, month, new Date(), {
      appName: 'れんらくノート',
      appUrl: 'http://localhost:3000',
    });
  };
  const times: number[] = [];
  let closed = 0;
  const cpuBefore = cpuSnapshot(process.pid);
  const started = performance.now();
  try {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < staff.length; i = next++) {
          const t = performance.now();
          const answer = await closeOne(i);
          times.push(performance.now() - t);
          closed += answer.statements.length;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = cpuSnapshot(process.pid);
    log(
      `close: ${staff.length} facilities, ${closed.toLocaleString('en')} statements in ${seconds.toFixed(1)} s: ${(closed / seconds).toFixed(0)} statements/s; per facility p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (load average ${loadAverage()})`,
    );
    if (cpuBefore && cpuAfter)
      log(
        `close CPU per statement: this process (the close code and its answer) ${(((cpuAfter.server - cpuBefore.server) * TICK_MS) / closed).toFixed(2)} ms, PostgreSQL ${((postgresTicksBetween(cpuBefore.postgres, cpuAfter.postgres) * TICK_MS) / closed).toFixed(2)} ms`,
      );
    // Issued once: a second close of the same month is refused.
    const again = await closeOne(0).then(
      () => 'closed again (WRONG)',
      (error: unknown) => (error instanceof HttpError ? `${error.status} ${error.message}` : String(error)),
    );
    log(`close again (facility ${staff[0]!.facilityId}): ${again}`);
    if (!again.startsWith('409')) throw new Error('billing: a closed month closed again');
  } finally {
    await closeDatabase.close();
  }

  // The money: statements per payer, their totals the sum of their lines.
  const check = rowsOf<{
    statements: number;
    payers: number;
    total: number;
    lines: number;
    extension_days: number;
    days: number;
  }>(
    await db.execute(sql`select
      (select count(*)::int from billing_statements where month = ${`${month}-01`}) as statements,
      (select count(distinct (facility_id, payer_user_id))::int from billing_child_attributes) as payers,
      (select coalesce(sum(total), 0)::bigint from billing_statements where month = ${`${month}-01`}) as total,
      (select coalesce(sum((l->>'amount')::int), 0)::bigint from billing_statements s, jsonb_array_elements(s.lines) l where s.month = ${`${month}-01`}) as lines,
      (select coalesce(sum(jsonb_array_length(l->'days')), 0)::int from billing_statements s, jsonb_array_elements(s.lines) l where s.month = ${`${month}-01`} and l->>'kind' = 'extension') as extension_days,
      (select count(*)::int from child_attendances where date >= ${`${month}-01`}::date and date < ${`${month}-01`}::date + interval '1 month') as days`),
  )[0]!;
  log(
    `check: ${check.statements.toLocaleString('en')} statements for ${check.payers.toLocaleString('en')} payers; total ${Number(check.total).toLocaleString('en')} 円 = the lines' sum ${Number(check.lines).toLocaleString('en')} 円; 延長 on ${check.extension_days.toLocaleString('en')} of ${check.days.toLocaleString('en')} attended days`,
  );
  if (check.statements !== check.payers || Number(check.total) !== Number(check.lines))
    throw new Error('billing: statements and payers or totals and lines differ');
  await checkAnnouncements(db, month);
  log();

  await zengin(db, month);
  const after = await ratiosOnApp(guardians, 'after the close (a month of attendance and its statements stored)');
  compareRatios(before, after, ['before', 'after the close']);
}

/**
 * "A push or mail when a statement is issued" at scale: each issued statement's payer is told once,
 * by a push (queued in push_outbox, keyed by the statement) or else a mail (mail_outbox), in the
 * 確定's transaction; a verified payer told neither (their mail switch off) is counted.
 */
async function checkAnnouncements(db: Database['db'], month: string) {
  const [row] = rowsOf<{ statements: number; pushed: number; mailed: number; both: number; twice: number; unreachable: number }>(
    await db.execute(sql`with s as (select id, payer_user_id from billing_statements where month = ${`${month}-01`}),
      p as (select split_part(dedupe_key, ':', 2)::int as id, count(*)::int as n from push_outbox
        where kind = 'billing_statement' group by 1),
      m as (select dedupe_key::int as id, count(*)::int as n from mail_outbox where kind = 'billing_statement' group by 1)
      select count(*)::int as statements,
        count(p.id)::int as pushed,
        count(m.id)::int as mailed,
        count(*) filter (where p.id is not null and m.id is not null)::int as both,
        count(*) filter (where p.n > 1 or m.n > 1)::int as twice,
        count(*) filter (where p.id is null and m.id is null and exists (
          select 1 from users u where u.id = s.payer_user_id and u.email_verified_at is not null))::int as unreachable
      from s left join p on p.id = s.id left join m on m.id = s.id`),
  );
  const r = row!;
  log(
    `announce: ${r.statements.toLocaleString('en')} statements issued: ${r.pushed.toLocaleString('en')} pushes and ${r.mailed.toLocaleString('en')} mails queued in the 確定's transactions (both ${r.both}, twice ${r.twice}; a verified payer told neither ${r.unreachable})`,
  );
  if (r.both > 0 || r.twice > 0) throw new Error('billing: a payer told twice');
}

/** The 全銀 request file of ZENGIN_RECORDS statements (cycled when fewer), and the bank's result file parsed back. */
async function zengin(db: Database['db'], month: string) {
  const statements = rowsOf<{ id: number; total: number }>(
    await db.execute(
      sql`select id, total from billing_statements where month = ${`${month}-01`} order by id limit ${ZENGIN_RECORDS}`,
    ),
  );
  const request: ZenginRequest = {
    consignorCode: '1234567890',
    consignorName: 'カブシキガイシャ ホイクサンプル',
    debitDate: `${addMonths(month, 1)}-27`,
    account: {
      bankCode: '0005',
      bankName: 'ミツビシユーエフジェイ',
      branchCode: '001',
      branchName: 'ホンテン',
      type: 1,
      number: '1234567',
    },
    records: Array.from({ length: ZENGIN_RECORDS }, (_, i) => {
      const s = statements[i % statements.length]!;
      return {
        account: {
          bankCode: '0009',
          bankName: 'ミツイスミトモ',
          branchCode: String(100 + (i % 800)).padStart(3, '0'),
          branchName: 'シブヤ',
          type: 1 as const,
          number: String(1_000_000 + i).slice(-7),
        },
        holder: HOLDERS[i % HOLDERS.length]!,
        amount: Number(s.total),
        customerNumber: customerNumberOf(Number(s.id)),
        firstTime: i % 12 === 0,
      };
    }),
  };
  const runs = 5;
  const generateTimes: number[] = [];
  let file: Buffer = Buffer.alloc(0);
  for (let run = 0; run < runs; run++) {
    const t = performance.now();
    file = zenginRequestFile(request);
    generateTimes.push(performance.now() - t);
  }
  // The bank's answer: 資金不足 on one in 25, 預金取引なし on one in 97, the rest 振替済.
  const codes = request.records.map((_, i) => (i % 97 === 0 ? '2' : i % 25 === 0 ? '1' : '0'));
  const result = resultFileOf(file, codes);
  const parseTimes: number[] = [];
  let parsed: ReturnType<typeof parseZenginResult> = [];
  for (let run = 0; run < runs; run++) {
    const t = performance.now();
    parsed = parseZenginResult(result);
    parseTimes.push(performance.now() - t);
  }
  const sent = request.records.reduce((sum, r) => sum + r.amount, 0);
  const back = parsed.reduce((sum, r) => sum + r.amount, 0);
  const same =
    parsed.length === request.records.length && parsed.every((r, i) => r.customerNumber === request.records[i]!.customerNumber);
  const paid = parsed.filter((r) => r.code === '0').reduce((sum, r) => sum + r.amount, 0);
  log(
    `全銀 request file: ${request.records.length.toLocaleString('en')} records (of ${statements.length.toLocaleString('en')} statements), ${file.length.toLocaleString('en')} bytes, generated in ${percentile(generateTimes, 50).toFixed(1)} ms (median of ${runs}; first ${generateTimes[0]!.toFixed(1)} ms)`,
  );
  log(
    `全銀 result file parsed back in ${percentile(parseTimes, 50).toFixed(1)} ms (median of ${runs}; first ${parseTimes[0]!.toFixed(1)} ms): ${parsed.length.toLocaleString('en')} results, ${sent.toLocaleString('en')} 円 sent = ${back.toLocaleString('en')} 円 back (振替済 ${paid.toLocaleString('en')} 円); 顧客番号 in order ${same ? 'yes' : 'NO'}`,
  );
  if (!same || sent !== back || file.length !== (request.records.length + 3) * 122)
    throw new Error('billing: the 全銀 file does not round-trip');
  log();
}
