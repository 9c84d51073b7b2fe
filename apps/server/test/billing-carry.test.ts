import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  billingMessages as M,
  getBillingStatement,
  getStaffBillingMonth,
  postStaffBillingMonthClose,
  postStaffBillingPayment,
  postStaffBillingStatementCarry,
} from '@renraku/contract';
import { auditLog, billingAdjustments, billingStatements } from '../src/db/schema';
import { call, callRaw, setupApp, type Agent, type StaffPersona } from './harness';
import { expectInvalid } from './staff-persona-matrix';
import { buildBillingWorld, pinTablet } from './billing-world';

/**
 * 繰越 (spec/billing.md §4, issue 34; docs/decisions/billing-carry-over.md): the unpaid rest of a
 * statement moves onto the first open month's statement of the family, once; no yen is lost on the way.
 */

const t = setupApp();
const db = () => t.db;
const clock = { 'x-test-now': '2026-11-20T03:00:00.000Z' };
// October's statements are due on 11/27: from the 28th they are overdue.
const overdue = { 'x-test-now': '2026-11-28T03:00:00.000Z' };
const december = { 'x-test-now': '2026-12-05T03:00:00.000Z' };

let built: Awaited<ReturnType<typeof buildBillingWorld>>;
let as: Record<StaffPersona, Agent>;
/** The same staff signed in on the 28th and in December (a session does not live for days). */
let late: Record<StaffPersona, Agent>;
let dec: Record<StaffPersona, Agent>;
let first: typeof billingStatements.$inferSelect;
let second: typeof billingStatements.$inferSelect;

const carry = (agent: Agent, statementId: number) => callRaw(agent, postStaffBillingStatementCarry, { params: { statementId } });
/**
 * Every persona signed in again on a later day (the ended membership cannot sign in: its old agent,
 * 401). A sign-in prunes the sessions expired by its clock, so each day signs in when its tests start.
 */
async function signedInOn(headers: Record<string, string>): Promise<Record<StaffPersona, Agent>> {
  const s = built.w.staff;
  return {
    companyAdmin: await t.signInStaff(s.companyAdmin.user, headers),
    director: await t.signInStaff(s.director.user, headers),
    office: await t.signInStaff(s.office.user, headers),
    classStaffA: await t.signInStaff(s.classStaffA.user, headers),
    classStaffB: await t.signInStaff(s.classStaffB.user, headers),
    otherFacility: await t.signInStaff(s.otherFacility.user, headers),
    ended: as.ended,
    guardian: await t.signIn(built.w.family.main, headers),
    anonymous: t.agent(headers),
  };
}
const statement = async (id: number) => (await db().select().from(billingStatements).where(eq(billingStatements.id, id)))[0]!;

beforeAll(async () => {
  built = await buildBillingWorld(t, clock);
  as = built.as;
  const rows = await db().select().from(billingStatements);
  first = rows.find((r) => r.payerUserId === built.w.family.main.id)!;
  second = rows.find((r) => r.payerUserId === built.second.id)!;
  expect([first.dueDate, second.dueDate]).toEqual(['2026-11-27', '2026-11-27']);
}, 120_000);

describe('carrying an unpaid statement', () => {
  it('before its due date an unpaid statement is not carried (422, nothing written)', async () => {
    expectInvalid(await carry(as.office, second.id), 'statement_id', M.carryNotOpen);
    expect((await statement(second.id)).status).toBe('unpaid');
    expect(await db().select().from(billingAdjustments)).toEqual([]);
  });

  it('who: 保育士 403, another facility 404, signed out 401, a PIN tablet 403, a guardian 401; none of them writes', async () => {
    late = await signedInOn(overdue);
    expect((await carry(late.classStaffA, second.id)).statusCode).toBe(403);
    expect((await carry(late.classStaffB, second.id)).statusCode).toBe(403);
    expect((await carry(late.otherFacility, second.id)).statusCode).toBe(404);
    expect((await carry(late.ended, second.id)).statusCode).toBe(401);
    expect((await carry(late.guardian, second.id)).statusCode).toBe(401);
    expect((await carry(late.anonymous, second.id)).statusCode).toBe(401);
    expect((await carry(await pinTablet(t, late, built.w, overdue), second.id)).statusCode).toBe(403);
    expect((await carry(late.office, 999_999)).statusCode).toBe(404);
    expect(await db().select().from(billingAdjustments)).toEqual([]);
  });

  it('overdue: the rest moves onto November’s draft as 未収金, once; the statement takes no more payments', async () => {
    const res = await carry(late.office, second.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statement_id: second.id, month: '2026-11', amount: second.total });
    expect((await statement(second.id)).status).toBe('carried');
    const november = await call(late.director, getStaffBillingMonth, {
      params: { facilityId: built.w.facilityId, month: '2026-11' },
    });
    const family = november.data.statements.find((s) => s.payer.id === built.second.id)!;
    const line = family.lines.find((l) => l.kind === 'carried_over')!;
    expect(line).toMatchObject({ label: `2026年10月分の未収金（請求番号 ${second.number}）`, amount: second.total });
    expect(line.explanation).toContain('支払期日までに未入金');
    expect(family.total).toBe(family.lines.reduce((sum, l) => sum + l.amount, 0));
    // Once: a second carry and a payment on the carried statement are refused.
    expectInvalid(await carry(late.director, second.id), 'statement_id', M.carryNotOpen);
    const pay = await callRaw(late.office, postStaffBillingPayment, {
      params: { statementId: second.id },
      body: { method: 'cash', paid_on: '2026-11-28', amount: 100 },
    });
    expect([pay.statusCode, pay.json().message]).toEqual([409, M.carried]);
    expect(await db().select().from(billingAdjustments)).toHaveLength(1);
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'billing.carry'));
    expect(audits.map((a) => a.details)).toEqual([
      expect.objectContaining({ number: second.number, amount: second.total, to_month: '2026-11' }),
    ]);
  });

  it('the guardian reads the old statement as 翌月へ繰越 and November’s with the carried line; no yen lost once November closes', async () => {
    dec = await signedInOn(december);
    const guardian = await t.signIn(built.second, december);
    expect((await call(guardian, getBillingStatement, { params: { id: second.id } })).data.status).toBe('carried');
    const closed = await call(dec.office, postStaffBillingMonthClose, {
      params: { facilityId: built.w.facilityId, month: '2026-11' },
    });
    expect(closed.statusCode).toBe(200);
    const issued = closed.data.statements.find((s) => s.payer.id === built.second.id)!;
    const carried = issued.lines.filter((l) => l.kind === 'carried_over');
    expect(carried.reduce((sum, l) => sum + l.amount, 0)).toBe(second.total);
    expect((await call(guardian, getBillingStatement, { params: { id: issued.id! } })).data.lines).toContainEqual(
      expect.objectContaining({ kind: 'carried_over', amount: second.total }),
    );
  });

  it('a partly paid statement carries only its rest, onto the first month not closed yet (December)', async () => {
    const pay = await call(dec.office, postStaffBillingPayment, {
      params: { statementId: first.id },
      body: { method: 'cash', paid_on: '2026-12-01', amount: 1000 },
    });
    expect(pay.statusCode).toBe(201);
    const res = await carry(dec.companyAdmin, first.id);
    expect(res.json()).toEqual({ statement_id: first.id, month: '2026-12', amount: first.total - 1000 });
    const [line] = await db().select().from(billingAdjustments).where(eq(billingAdjustments.carriedStatementId, first.id));
    expect(line).toMatchObject({ month: '2026-12-01', amount: first.total - 1000 });
    expect(line!.reason).toContain(`うち未収の${(first.total - 1000).toLocaleString('ja-JP')}円`);
  });
});
