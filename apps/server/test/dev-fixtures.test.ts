/**
 * The test-mode staff fixture's billing facility (seed/billing-facility.ts;
 * docs/decisions/tests-e2e-billing-facility.md): an end-to-end test's own facility of the first company,
 * where a month can be closed and collected without touching the facility the other specs read.
 */
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  getStaffBillingMonth,
  getStaffBillingMonths,
  getStaffMe,
  postStaffBillingMonthClose,
  postStaffDebitRequest,
} from '@renraku/contract';
import { billingMonths, billingStatements, facilities, staffMemberships, users } from '../src/db/schema';
import { buildStaffWorld, TEST_PASSWORD } from './factories';
import { call, setupApp } from './harness';
import { Agent, createTestApp } from './helpers';

const t = setupApp();
const clock = { 'x-test-now': '2026-06-10T01:00:00.000Z' };
const countOf = async (table: typeof users | typeof facilities | typeof staffMemberships) =>
  (await t.db.select({ n: count() }).from(table))[0]!.n;

describe('POST /api/dev/fixtures/staff with billing_facility', () => {
  it('answers 404 while there is no facility yet (the file’s first test), writing nothing', async () => {
    const res = await t
      .agent(clock)
      .post('/api/dev/fixtures/staff', { email: 'too-early@example.com', password: TEST_PASSWORD, billing_facility: true });
    expect(res.statusCode, res.body).toBe(404);
    expect([await countOf(users), await countOf(facilities), await countOf(staffMemberships)]).toEqual([0, 0, 0]);
  });

  it('puts the staff member at a new facility of the first company with two families to bill, both months open', async () => {
    const w = await buildStaffWorld(t.db);
    const res = await t.agent(clock).post('/api/dev/fixtures/staff', {
      email: 'jimu-billing@example.com',
      password: TEST_PASSWORD,
      role: 'office',
      billing_facility: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { id: number; facility_id: number; facility_name: string };
    expect(body.facility_id).not.toBe(w.facilityId);
    expect(body.facility_name).toBe(`請求試験園${body.facility_id}`);
    const [facility] = await t.db.select().from(facilities).where(eq(facilities.id, body.facility_id));
    expect(facility!.companyId).toBe(w.companyId);

    const office = await t.signInStaff({ email: 'jimu-billing@example.com' }, clock);
    const me = await call(office, getStaffMe);
    expect(me.data.facilities.map((f) => f.id)).toEqual([body.facility_id]);
    const params = { facilityId: body.facility_id };
    const months = await call(office, getStaffBillingMonths, { params });
    expect(months.data.map((m) => [m.month, m.status])).toEqual([
      ['2026-06', 'open'],
      ['2026-05', 'open'],
    ]);
    const may = await call(office, getStaffBillingMonth, { params: { ...params, month: '2026-05' } });
    expect(may.data.settings_missing).toBe(false);
    expect(may.data.missing_children).toEqual([]);
    expect(may.data.statements.map((s) => s.payer.name)).toEqual(['青木 健', '石井 舞']);
    // 副食費 4,500 円 and some 延長 from the gate's late pick-ups.
    for (const s of may.data.statements)
      expect(s.lines.map((l) => l.kind)).toEqual(expect.arrayContaining(['side_dish', 'extension']));

    // The 事務 closes it and makes the 口座振替 request: both families have an account.
    const closed = await call(office, postStaffBillingMonthClose, { params: { ...params, month: '2026-05' } });
    expect(closed.statusCode, closed.body).toBe(200);
    const request = await call(office, postStaffDebitRequest, { params: { ...params, month: '2026-05' } });
    expect(request.statusCode, request.body).toBe(200);
    expect(request.data.request?.count).toBe(2);
    expect(request.data.request?.total).toBe(may.data.total);
    // Nothing of the first facility's changed.
    expect(await t.db.select().from(billingMonths).where(eq(billingMonths.facilityId, w.facilityId))).toEqual([]);
    expect(await t.db.select().from(billingStatements).where(eq(billingStatements.facilityId, w.facilityId))).toEqual([]);
  });

  it('refuses a bad option with a 422 and writes nothing', async () => {
    await buildStaffWorld(t.db);
    const before = [await countOf(users), await countOf(facilities), await countOf(staffMemberships)];
    for (const billing_facility of ['yes', 1, null]) {
      const res = await t
        .agent(clock)
        .post('/api/dev/fixtures/staff', { email: 'bad-option@example.com', password: TEST_PASSWORD, billing_facility });
      expect(res.statusCode, String(billing_facility)).toBe(422);
    }
    expect([await countOf(users), await countOf(facilities), await countOf(staffMemberships)]).toEqual(before);
  });
});

describe('the staff fixture outside test mode', () => {
  it('is not there (404) and writes nothing', async () => {
    const dev = await createTestApp({ NODE_ENV: 'development' });
    try {
      expect(dev.config.testClock).toBe(false);
      const [before] = await dev.database.db.select({ n: count() }).from(users);
      const res = await new Agent(dev.app).post('/api/dev/fixtures/staff', {
        email: 'outside@example.com',
        password: TEST_PASSWORD,
        role: 'office',
        billing_facility: true,
      });
      expect(res.statusCode).toBe(404);
      const [after] = await dev.database.db.select({ n: count() }).from(users);
      expect(after!.n).toBe(before!.n);
    } finally {
      await dev.close();
    }
  });
});
