import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  bankAccountMessages as A,
  billingMessages as M,
  debitMessages as D,
  getBillingAccounts,
  getStaffBillingAccounts,
  getStaffCollection,
  getStaffDebitSettings,
  postStaffBillingPayment,
  postStaffDebitRequest,
  postStaffDebitRequestWithdraw,
  postStaffDebitResults,
  putBillingAccount,
  putStaffBillingAccount,
  putStaffDebitSettings,
} from '@renraku/contract';
import { auditLog, billingBankAccounts, billingDebitRequests, billingPayments, billingStatements } from '../src/db/schema';
import { buildStaffWorld, buildUser } from './factories';
import { call, callRaw, setupApp, type Agent, type StaffPersona } from './harness';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';
import { resultFileOf } from './billing-result-file';
import { buildBillingWorld, signInFamily } from './billing-world';

const t = setupApp();
const db = () => t.db;
const clock = { 'x-test-now': '2026-11-20T03:00:00.000Z' };
const manage = (ok: number) => statuses(ok, { office: ok, classStaff: 403 });

let w: Awaited<ReturnType<typeof buildStaffWorld>>;
let as: Record<StaffPersona, Agent>;
let g: Record<'main' | 'writable' | 'readOnly' | 'unrelated' | 'second', Agent>;
let second: Awaited<ReturnType<typeof buildUser>>;

const account = {
  bank_code: '0001',
  branch_code: '123',
  account_type: 'ordinary' as const,
  account_number: '1234',
  holder: 'やまだ　たろう',
};
const debitSettings = {
  consignor_code: '1234567890',
  consignor_name: 'シャカイフクシホウジン サクラカイ',
  bank_code: '0005',
  bank_name: 'ミツビシ',
  branch_code: '001',
  branch_name: 'ホンテン',
  account_type: 'ordinary' as const,
  account_number: '7654321',
};
const facility = () => ({ facilityId: w.facilityId });
const month = () => ({ facilityId: w.facilityId, month: '2026-10' });
const n = async (table: typeof billingPayments | typeof billingBankAccounts | typeof billingDebitRequests) =>
  (await db().select({ n: count() }).from(table))[0]!.n;
const fileUrl = (m = '2026-10') => `/api/staff/facilities/${w.facilityId}/billing/months/${m}/debit-request.txt`;

beforeAll(async () => {
  ({ w, as, second } = await buildBillingWorld(t, clock));
  g = { ...(await signInFamily(t, w, clock)), second: await t.signIn(second, clock) };
}, 120_000);

describe('the payer’s account for 口座振替', () => {
  it('guardian: the main guardian registers it (カナ normalised, number masked and sealed); others refused', async () => {
    const put = (agent: Agent, body: unknown = account) => callRaw(agent, putBillingAccount, { params: facility(), body });
    expect((await put(g.writable)).statusCode).toBe(403);
    const ro = await put(g.readOnly);
    expect([ro.statusCode, ro.json().message]).toEqual([403, A.notMain]);
    expect((await put(g.unrelated)).statusCode).toBe(404);
    expect((await put(t.agent(clock))).statusCode).toBe(401);
    expect((await put(as.office)).statusCode).toBe(401);
    expect(await n(billingBankAccounts)).toBe(0);
    const res = await put(g.main);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      facility_id: w.facilityId,
      account: {
        bank_code: '0001',
        branch_code: '123',
        account_type: 'ordinary',
        account_number_masked: '****234',
        holder: 'ﾔﾏﾀﾞ ﾀﾛｳ',
        entered_by: 'guardian',
      },
    });
    const [row] = await db().select().from(billingBankAccounts);
    expect(row!.numberSealed).not.toContain('0001234');
    expect(JSON.stringify((await call(g.main, getBillingAccounts)).data)).not.toContain('0001234');
    expect((await call(g.main, getBillingAccounts)).data).toHaveLength(1);
    expect((await call(g.writable, getBillingAccounts)).data).toEqual([]);
    // The unrelated guardian sees only the facility of their own child.
    expect((await call(g.unrelated, getBillingAccounts)).data.map((f) => f.facility_id)).not.toContain(w.facilityId);
    expect((await call(t.agent(clock), getBillingAccounts)).statusCode).toBe(401);
  });

  it('guardian: bad input answers each field in Japanese and writes nothing new', async () => {
    const put = (body: unknown) => callRaw(g.second, putBillingAccount, { params: facility(), body });
    expectInvalid(await put({ ...account, bank_code: '12' }), 'bank_code', A.bankCode);
    expectInvalid(await put({ ...account, branch_code: '12a' }), 'branch_code', A.branchCode);
    expectInvalid(await put({ ...account, account_type: 'savings' }), 'account_type', A.accountType);
    expectInvalid(await put({ ...account, account_number: '12345678' }), 'account_number', A.accountNumber);
    expectInvalid(await put({ ...account, holder: '山田太郎' }), 'holder', A.holder);
    expectInvalid(await put({ ...account, holder: '　' }), 'holder', A.holder);
    expect(await n(billingBankAccounts)).toBe(1);
    const ok = await call(g.second, putBillingAccount, {
      params: facility(),
      body: { ...account, holder: 'キャッシュ・ハナコ', account_number: '0000987' },
    });
    expect(ok.data.account).toMatchObject({ holder: 'ｷﾔﾂｼﾕ ﾊﾅｺ', account_number_masked: '****987' });
  });

  it('staff: 事務 enters it from the paper form (audited, number masked); 保育士 403; not a payer 422', async () => {
    await expectMatrix(as, manage(200), (agent) => call(agent, getStaffBillingAccounts, { params: facility() }));
    const put = (agent: Agent, userId = w.family.writable.id, body: unknown = { ...account, holder: 'ｻﾄｳ ｼﾞﾛｳ' }) =>
      callRaw(agent, putStaffBillingAccount, { params: { facilityId: w.facilityId, userId }, body });
    await expectMatrix(as, manage(200), (agent) => put(agent));
    expectInvalid(await put(as.office, w.family.readOnly.id), 'user_id', A.notPayer);
    expectInvalid(await put(as.office, w.family.writable.id, { ...account, bank_code: 'abcd' }), 'bank_code', A.bankCode);
    const list = await call(as.office, getStaffBillingAccounts, { params: facility() });
    const writable = list.data.find((p) => p.user_id === w.family.writable.id)!;
    expect(writable.account).toMatchObject({ holder: 'ｻﾄｳ ｼﾞﾛｳ', account_number_masked: '****234', entered_by: 'staff' });
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'billing.account.update'));
    expect(audits).toHaveLength(3);
    expect(JSON.stringify(audits[0]!.details)).toContain('****234');
    expect(JSON.stringify(audits.map((a) => a.details))).not.toContain('0001234');
  });
});

describe('the 全銀 request file and the bank’s result', () => {
  it('debit settings: 事務, 園長, 法人管理者; bad input 422', async () => {
    await expectMatrix(as, manage(200), (agent) => call(agent, getStaffDebitSettings, { params: facility() }));
    expectInvalid(
      await callRaw(as.office, putStaffDebitSettings, { params: facility(), body: { ...debitSettings, consignor_code: '123' } }),
      'consignor_code',
      D.consignorCode,
    );
    expectInvalid(await callRaw(as.office, postStaffDebitRequest, { params: month() }), 'month', D.noSettings);
    await expectMatrix(as, manage(200), (agent) =>
      call(agent, putStaffDebitSettings, { params: facility(), body: debitSettings }),
    );
    const res = await call(as.office, getStaffDebitSettings, { params: facility() });
    expect(res.data.settings).toMatchObject({ consignor_name: 'ｼﾔｶｲﾌｸｼﾎｳｼﾞﾝ ｻｸﾗｶｲ', bank_name: 'ﾐﾂﾋﾞｼ' });
  });

  it('creates the month’s request once: statements 引落予定, the same file on every download', async () => {
    expectInvalid(
      await callRaw(as.office, postStaffDebitRequest, { params: { ...month(), month: '2026-11' } }),
      'month',
      D.notClosed,
    );
    expect((await as.office.get(fileUrl())).statusCode).toBe(404);
    await expectMatrix(as, manage(200), (agent) => call(agent, postStaffDebitRequest, { params: month() }));
    expect(await n(billingDebitRequests)).toBe(1);
    const got: Record<string, number> = {};
    for (const persona of Object.keys(as) as StaffPersona[]) got[persona] = (await as[persona].get(fileUrl())).statusCode;
    expect(got).toEqual(manage(200));
    const first = await as.office.get(fileUrl());
    expect(first.headers['content-disposition']).toContain('.txt');
    const again = await call(as.director, postStaffDebitRequest, { params: month() });
    expect(again.data.request).toMatchObject({ count: 2, debit_date: '2026-11-27' });
    expect((await as.office.get(fileUrl())).rawPayload.equals(first.rawPayload)).toBe(true);
    const file = first.rawPayload;
    expect(file.length).toBe(5 * 122);
    const statements = await db().select().from(billingStatements).where(eq(billingStatements.month, '2026-10-01'));
    expect(statements.map((s) => s.status)).toEqual(['scheduled', 'scheduled']);
    const data = file.subarray(122, 244).toString('latin1');
    expect(data.slice(91, 111)).toBe(String(statements[0]!.id).padStart(20, '0'));
    expect(data.slice(42, 50)).toBe('10001234');
    // Paid at the office while the bank may debit: refused (no double payment).
    const office = await callRaw(as.office, postStaffBillingPayment, {
      params: { statementId: statements[0]!.id },
      body: { method: 'cash', paid_on: '2026-11-20', amount: 100 },
    });
    expect([office.statusCode, office.json().message]).toEqual([409, M.debitPending]);
  });

  it('取り下げ before any result: statements 未払い again, the file gone; made again, the same file', async () => {
    const before = (await as.office.get(fileUrl())).rawPayload;
    const withdraw = (agent: Agent) => callRaw(agent, postStaffDebitRequestWithdraw, { params: month() });
    const refused: Record<string, number> = {};
    for (const p of ['classStaffA', 'otherFacility', 'ended', 'guardian', 'anonymous'] as const)
      refused[p] = (await withdraw(as[p])).statusCode;
    expect(refused).toEqual({ classStaffA: 403, otherFacility: 404, ended: 401, guardian: 401, anonymous: 401 });
    const res = await withdraw(as.office);
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toBeNull();
    const statements = await db().select().from(billingStatements).where(eq(billingStatements.month, '2026-10-01'));
    expect(statements.map((s) => s.status)).toEqual(['unpaid', 'unpaid']);
    expect((await as.office.get(fileUrl())).statusCode).toBe(404);
    expect((await withdraw(as.office)).statusCode).toBe(404);
    expect((await db().select().from(auditLog).where(eq(auditLog.action, 'billing.debit.withdraw'))).length).toBe(1);
    expect((await call(as.office, postStaffDebitRequest, { params: month() })).statusCode).toBe(200);
    expect((await as.office.get(fileUrl())).rawPayload.equals(before)).toBe(true);
  });

  it('a malformed or foreign result file writes nothing and names the line (400)', async () => {
    const file = (await as.office.get(fileUrl())).rawPayload;
    const upload = (bytes: Buffer) =>
      callRaw(as.office, postStaffDebitResults, { params: month(), body: { file_base64: bytes.toString('base64') } });
    const short = Buffer.concat([file.subarray(0, 244), file.subarray(245)]);
    const bad = await upload(short);
    expect([bad.statusCode, bad.json().message]).toEqual([400, '3行目：レコード長が119バイトです（120バイト）']);
    const foreign = resultFileOf(file, ['0', '0']);
    foreign.write('99999999999999999999', 122 + 91, 'latin1');
    const unknown = await upload(foreign);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^2行目：この月の口座振替依頼に含まれない顧客番号です/);
    expectInvalid(
      await callRaw(as.office, postStaffDebitResults, { params: month(), body: { file_base64: '' } }),
      'file_base64',
      D.file,
    );
    expect(await n(billingPayments)).toBe(0);
    expect(
      (await callRaw(as.classStaffA, postStaffDebitResults, { params: month(), body: { file_base64: file.toString('base64') } }))
        .statusCode,
    ).toBe(403);
  });

  it('round trip: 振替済 becomes a payment (支払済), 資金不足 引落不能 with the reason; twice = once; no yen lost', async () => {
    const file = (await as.office.get(fileUrl())).rawPayload;
    const result = resultFileOf(file, ['0', '1']);
    const res = await call(as.office, postStaffDebitResults, {
      params: month(),
      body: { file_base64: result.toString('base64') },
    });
    expect(res.statusCode).toBe(200);
    const statements = await db().select().from(billingStatements).where(eq(billingStatements.month, '2026-10-01'));
    const [s1, s2] = statements.sort((a, b) => a.number.localeCompare(b.number));
    expect(res.data).toMatchObject({
      paid: { count: 1, amount: s1!.total },
      failed: { count: 1, amount: s2!.total },
      unchanged: 0,
      failures: [{ number: s2!.number, code: '1', reason: '資金不足' }],
    });
    expect(res.data.collection.rows.map((r) => [r.status, r.result?.label, r.method])).toEqual([
      ['paid', '振替済', 'debit'],
      ['failed', '資金不足', 'debit'],
    ]);
    const again = await call(as.office, postStaffDebitResults, {
      params: month(),
      body: { file_base64: result.toString('base64') },
    });
    expect(again.data).toMatchObject({ paid: { count: 0 }, failed: { count: 0 }, unchanged: 2 });
    const payments = await db().select().from(billingPayments);
    expect(payments.map((p) => [p.statementId, p.amount, p.method, p.paidOn])).toEqual([
      [s1!.id, s1!.total, 'debit', '2026-11-27'],
    ]);
    // Statements = the request's trailer = payments + what failed.
    const trailer = file.subarray(3 * 122, 3 * 122 + 120).toString('latin1');
    expect(Number(trailer.slice(7, 19))).toBe(s1!.total + s2!.total);
    expect(payments.reduce((sum, p) => sum + p.amount, 0) + res.data.failed.amount).toBe(Number(trailer.slice(7, 19)));
    const mine = await call(g.main, getBillingAccounts);
    expect(mine.statusCode).toBe(200);
    const col = await call(as.office, getStaffCollection, { params: month() });
    expect(col.data.rows.map((r) => r.paid)).toEqual([s1!.total, 0]);
    await expectMatrix(as, manage(200), (agent) => call(agent, getStaffCollection, { params: month() }));
    const late = await callRaw(as.office, postStaffDebitRequestWithdraw, { params: month() });
    expect([late.statusCode, late.json().message]).toEqual([409, D.withdrawAnswered]);
  });
});
