import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  billingMessages as M,
  getBillingStatement,
  getBillingStatements,
  getStaffBillingChildren,
  getStaffBillingMonth,
  getStaffBillingMonths,
  getStaffBillingSettings,
  postStaffBillingAdjustment,
  postStaffBillingItem,
  postBillingItemConsent,
  postStaffBillingMonthClose,
  postStaffBillingPayment,
  putStaffBillingChildAttributes,
  putStaffBillingSettings,
  type BillingSettingsInput,
} from '@renraku/contract';
import {
  auditLog,
  billingAdjustments,
  billingChildAttributes,
  billingItems,
  billingPayments,
  billingSettings,
  billingStatements,
  childAttendances,
  noteChildren,
  pushOutbox,
  pushTokens,
} from '../src/db/schema';
import { buildChild } from './factories';
import { call, callRaw, type Agent } from './harness';
import { setupStaffWorld } from './staff-world';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';
import { addSibling, payerAttributes, signInFamily } from './billing-world';

const db = () => t.db;

// Tokyo 2026-11-20 12:00.
const clock = { 'x-test-now': '2026-11-20T03:00:00.000Z' };
const { t, w, as } = setupStaffWorld(clock);

let sibling: Awaited<ReturnType<typeof buildChild>>;
let guardians: Record<'main' | 'writable' | 'readOnly' | 'unrelated', Agent>;

/** 事務, 園長 and 法人管理者 run billing; 保育士 none. */
const manage = (ok: number) => statuses(ok, { office: ok, classStaff: 403 });

const settings: BillingSettingsInput = {
  valid_from: '2026-04',
  facility_type: 'licensed_nursery',
  standard_window: { start: '07:00', end: '18:00' },
  short_window: { start: '08:30', end: '16:30' },
  unit_minutes: 30,
  grace_minutes: 5,
  price_per_unit: 200,
  late_from: '18:30',
  late_price_per_unit: 300,
  daily_cap: null,
  monthly_cap: null,
  flat_monthly: 3000,
  side_dish_fee: 4500,
  staple_fee: 0,
  charge_without_attendance: false,
  due_day: 27,
};

const rows = async (
  table:
    | typeof billingSettings
    | typeof billingItems
    | typeof billingChildAttributes
    | typeof billingAdjustments
    | typeof billingStatements
    | typeof billingPayments,
) => (await db().select({ n: count() }).from(table))[0]!.n;
const audits = async (action: string) =>
  (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]!.n;

beforeAll(async () => {
  sibling = await addSibling(t, w, '2024-01-10');
  const nc = w.family.noteChild.id;
  await db()
    .insert(childAttendances)
    .values([
      { companyId: w.companyId, noteChildId: nc, date: '2026-10-05', arrivedAt: '08:00', pickedUpAt: '19:00', source: 'kiosk' },
      { companyId: w.companyId, noteChildId: nc, date: '2026-11-02', arrivedAt: '08:00', pickedUpAt: '18:40', source: 'kiosk' },
      { companyId: w.companyId, noteChildId: nc, date: '2026-11-03', arrivedAt: '06:40', pickedUpAt: '17:00', source: 'staff' },
      { companyId: w.companyId, noteChildId: nc, date: '2026-11-04', arrivedAt: '08:00', pickedUpAt: '18:05', source: 'kiosk' },
    ]);
  // The main guardian has the app on a phone: 確定 tells them (billing-issue-push.md).
  await db()
    .insert(pushTokens)
    .values({ userId: w.family.main.id, token: `fcm-${w.family.main.id}` });
  guardians = await signInFamily(t, w, clock);
}, 120_000);

const facility = () => ({ facilityId: w.facilityId });
const month = (m: string) => ({ facilityId: w.facilityId, month: m });

describe('billing settings (dated fee rules, 実費 items)', () => {
  it('GET: 事務, 園長, 法人管理者; 保育士 403; another facility 404; guardians and anonymous 401', async () => {
    await expectMatrix(as, manage(200), (agent) => call(agent, getStaffBillingSettings, { params: facility() }));
    const res = await call(as.office, getStaffBillingSettings, { params: facility() });
    expect(res.data).toMatchObject({ facility: { id: w.facilityId }, settings: [], items: [] });
  });

  it('PUT: refuses bad rules in Japanese and writes nothing', async () => {
    const put = (body: unknown) => callRaw(as.office, putStaffBillingSettings, { params: facility(), body });
    expectInvalid(await put({ ...settings, unit_minutes: 20 }), 'unit_minutes', M.unit);
    expectInvalid(await put({ ...settings, late_price_per_unit: null }), 'late_from', M.lateFrom);
    expectInvalid(await put({ ...settings, price_per_unit: 200.5 }), 'price_per_unit', M.yen);
    expectInvalid(await put({ ...settings, side_dish_fee: -1 }), 'side_dish_fee', M.yen);
    expectInvalid(await put({ ...settings, standard_window: { start: '18:00', end: '07:00' } }), 'standard_window.end', M.window);
    expectInvalid(await put({ ...settings, valid_from: '2026-13' }), 'valid_from');
    expect(await rows(billingSettings)).toBe(0);
  });

  it('PUT: sets the rules from a month on (the same month replaced), audited', async () => {
    await expectMatrix(as, manage(200), (agent) => call(agent, putStaffBillingSettings, { params: facility(), body: settings }));
    const res = await call(as.office, putStaffBillingSettings, {
      params: facility(),
      body: { ...settings, valid_from: '2027-04', side_dish_fee: 5000 },
    });
    expect(res.data.settings.map((s) => [s.valid_from, s.side_dish_fee])).toEqual([
      ['2027-04', 5000],
      ['2026-04', 4500],
    ]);
    expect(await rows(billingSettings)).toBe(2);
    expect(await audits('billing.settings.update')).toBe(4);
  });

  it('POST item: a 実費 item for a class, with the explanation; bad input 422', async () => {
    const body = {
      name: '教材費',
      amount: 500,
      frequency: 'monthly' as const,
      target: 'class' as const,
      class_id: w.classA.id,
      explanation: '絵本・製作の材料費です',
      month_from: '2026-10',
    };
    expectInvalid(
      await callRaw(as.office, postStaffBillingItem, { params: facility(), body: { ...body, class_id: null } }),
      'class_id',
      M.itemClass,
    );
    expectInvalid(
      await callRaw(as.office, postStaffBillingItem, { params: facility(), body: { ...body, explanation: '' } }),
      'explanation',
      M.explanation,
    );
    expectInvalid(
      await callRaw(as.office, postStaffBillingItem, { params: facility(), body: { ...body, class_id: 999999 } }),
      'class_id',
      M.itemClass,
    );
    expect(await rows(billingItems)).toBe(0);
    const got: Record<string, number> = {};
    for (const p of ['classStaffA', 'classStaffB', 'otherFacility', 'ended', 'guardian', 'anonymous'] as const) {
      got[p] = (await call(as[p], postStaffBillingItem, { params: facility(), body })).statusCode;
    }
    expect(got).toEqual({ classStaffA: 403, classStaffB: 403, otherFacility: 404, ended: 401, guardian: 401, anonymous: 401 });
    const res = await call(as.office, postStaffBillingItem, { params: facility(), body });
    expect(res.statusCode).toBe(201);
    expect(res.data.items).toMatchObject([
      { name: '教材費', amount: 500, target: 'class', month_from: '2026-10', month_until: null, consents: [] },
    ]);
    // Only consented 実費 is billed (billing-item-consent.md): the family consents in the guardian app.
    const consent = await call(guardians.main, postBillingItemConsent, {
      params: { id: res.data.items[0]!.id },
      body: { child_id: w.family.child.id },
    });
    expect(consent.statusCode).toBe(201);
  });
});

describe('children’s billing attributes', () => {
  const attrs = (payer: number) => payerAttributes(payer);
  const put = (agent: Agent, childId: number, body: unknown) =>
    callRaw(agent, putStaffBillingChildAttributes, { params: { facilityId: w.facilityId, childId }, body });

  it('GET: the month’s children with no attributes yet and the guardians who may pay (not the read-only one)', async () => {
    await expectMatrix(as, manage(200), (agent) =>
      call(agent, getStaffBillingChildren, { params: facility(), query: { month: '2026-11' } }),
    );
    const res = await call(as.office, getStaffBillingChildren, { params: facility() });
    expect(res.data.month).toBe('2026-11');
    expect(res.data.facility_type).toBe('licensed_nursery');
    const child = res.data.children.find((c) => c.id === w.family.child.id)!;
    expect(child.current).toBeNull();
    expect(child.payers.map((p) => p.id).sort()).toEqual([w.family.main.id, w.family.writable.id].sort());
  });

  it('PUT: refuses a read-only payer, 保育料 at a 私立認可保育所, another facility’s child, an "other" exemption without a note', async () => {
    expectInvalid(await put(as.office, w.family.child.id, attrs(w.family.readOnly.id)), 'payer_user_id', M.payer);
    expectInvalid(
      await put(as.office, w.family.child.id, { ...attrs(w.family.main.id), childcare_fee: 20000 }),
      'childcare_fee',
      M.childcareFee,
    );
    expectInvalid(await put(as.office, w.otherFacility.child.id, attrs(w.family.main.id)), 'valid_from', M.notEnrolled);
    expectInvalid(
      await put(as.office, w.family.child.id, { ...attrs(w.family.main.id), side_dish_exemption: 'other' }),
      'exemption_note',
    );
    expectInvalid(await put(as.office, w.family.child.id, { ...attrs(w.family.main.id), certification: 4 }), 'certification');
    expect(await rows(billingChildAttributes)).toBe(0);
  });

  it('PUT: sets them from a month on, audited; the sibling on the same payer', async () => {
    await expectMatrix(as, manage(200), (agent) => put(agent, w.family.child.id, attrs(w.family.main.id)));
    const res = await call(as.office, putStaffBillingChildAttributes, {
      params: { facilityId: w.facilityId, childId: sibling.child.id },
      body: { ...attrs(w.family.main.id), certification: 3 },
    });
    expect(res.data.current).toMatchObject({ valid_from: '2026-04', certification: 3, payer: { id: w.family.main.id } });
    expect(await audits('billing.child.update')).toBe(4);
  });
});

describe('the month: drafts, adjustments, 確定', () => {
  it('GET month: one draft for the family, siblings together, per-day 延長 with minutes and how it was computed', async () => {
    await expectMatrix(as, manage(200), (agent) => call(agent, getStaffBillingMonth, { params: month('2026-11') }));
    const res = await call(as.office, getStaffBillingMonth, { params: month('2026-11') });
    expect(res.data).toMatchObject({ month: '2026-11', status: 'open', settings_missing: false, missing_children: [] });
    expect(res.data.statements).toHaveLength(1);
    const [s] = res.data.statements;
    expect(s).toMatchObject({ id: null, number: null, status: 'draft', payer: { id: w.family.main.id }, due_date: '2026-12-27' });
    expect(s!.children.map((c) => c.id)).toEqual([w.family.child.id, sibling.child.id]);
    expect(s!.lines.map((l) => [l.kind, l.label, l.amount])).toEqual([
      ['extension', '延長保育料', 700],
      ['side_dish', '副食費', 4500],
      ['item', '教材費', 500],
    ]);
    // 18:40: 40 minutes → 2 units (18:00 at 200, 18:30 at 300); 06:40: 20 minutes → 1 unit; 18:05: the grace.
    expect(s!.lines[0]!.days).toEqual([
      {
        date: '2026-11-02',
        arrived_at: '08:00',
        picked_up_at: '18:40',
        early_minutes: 0,
        late_minutes: 40,
        units: 2,
        amount: 500,
      },
      {
        date: '2026-11-03',
        arrived_at: '06:40',
        picked_up_at: '17:00',
        early_minutes: 20,
        late_minutes: 0,
        units: 1,
        amount: 200,
      },
    ]);
    expect(s!.lines[0]!.explanation).toContain('30分単位・切り上げ、猶予5分');
    expect(s!.lines[2]!.explanation).toBe('絵本・製作の材料費です');
    expect(s!.total).toBe(5700);
  });

  it('POST adjustment: a signed line with its reason, audited; bad input 422; 保育士 403', async () => {
    const adjust = (agent: Agent, body: unknown) =>
      callRaw(agent, postStaffBillingAdjustment, { params: month('2026-11'), body });
    const body = { child_id: w.family.child.id, amount: -200, reason: '11/3は園の都合で早朝受入' };
    expectInvalid(await adjust(as.office, { ...body, amount: 0 }), 'amount', M.signedYen);
    expectInvalid(await adjust(as.office, { ...body, amount: 1.5 }), 'amount', M.signedYen);
    expectInvalid(await adjust(as.office, { ...body, reason: ' ' }), 'reason', M.reason);
    expectInvalid(await adjust(as.office, { ...body, child_id: w.otherFacility.child.id }), 'child_id', M.notEnrolled);
    expectInvalid(await adjust(as.office, { ...body, corrects_statement_id: 999999 }), 'corrects_statement_id', M.corrects);
    expect(await rows(billingAdjustments)).toBe(0);
    expect((await adjust(as.classStaffA, body)).statusCode).toBe(403);
    expect((await adjust(as.otherFacility, body)).statusCode).toBe(404);
    expect((await adjust(as.guardian, body)).statusCode).toBe(401);
    const res = await call(as.office, postStaffBillingAdjustment, { params: month('2026-11'), body });
    expect(res.statusCode).toBe(201);
    const line = res.data.statements[0]!.lines.at(-1)!;
    expect(line).toMatchObject({ kind: 'adjustment', label: '調整', amount: -200, explanation: body.reason });
    expect(res.data.total).toBe(5500);
    expect(await audits('billing.adjustment')).toBe(1);
  });

  it('POST close: two staff closing at the same moment issue each statement once', async () => {
    const close = (agent: Agent) => call(agent, postStaffBillingMonthClose, { params: month('2026-10') });
    const answers = await Promise.all([close(as.office), close(as.director), close(as.companyAdmin)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const lost = answers.find((a) => a.statusCode === 409)!;
    expect(lost.json().message).toBe(M.closed);
    const issued = await db().select().from(billingStatements).where(eq(billingStatements.month, '2026-10-01'));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ number: `${w.facilityId}-202610-001`, total: 500 + 4500 + 500, status: 'unpaid' });
    expect(await audits('billing.close')).toBe(1);
  });

  it('POST close: issues the month once (a second closing 409), refuses 保育士 and a future month', async () => {
    expect((await call(as.office, postStaffBillingMonthClose, { params: month('2026-12') })).statusCode).toBe(422);
    await expectMatrix(as, { ...manage(409), companyAdmin: 200 }, (agent) =>
      call(agent, postStaffBillingMonthClose, { params: month('2026-11') }),
    );
    const res = await call(as.office, getStaffBillingMonth, { params: month('2026-11') });
    expect(res.data).toMatchObject({ status: 'closed', total: 5500 });
    expect(res.data.statements[0]).toMatchObject({ number: `${w.facilityId}-202611-001`, status: 'unpaid', total: 5500 });
    expect(res.data.statements[0]!.id).toEqual(expect.any(Number));
    expect(await rows(billingStatements)).toBe(2);
    const pushes = await db().select().from(pushOutbox).where(eq(pushOutbox.kind, 'billing_statement'));
    expect(pushes.map((p) => [p.userId, p.title, p.link])).toEqual([
      [w.family.main.id, '2026年10月分の請求書が発行されました', `/billing/${res.data.statements[0]!.id! - 1}`],
      [w.family.main.id, '2026年11月分の請求書が発行されました', `/billing/${res.data.statements[0]!.id}`],
    ]);
    expect(pushes[1]!.body).toContain('5,500円（お支払い期日 2026/12/27）');
  });

  it('a closed month changes no more: adjustments and rules from it 409; a correction is a line of a later month', async () => {
    const body = { child_id: w.family.child.id, amount: 300, reason: '延長の記録漏れ（11/4 18:40降園）' };
    const closed = await callRaw(as.office, postStaffBillingAdjustment, { params: month('2026-11'), body });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(M.closed);
    expect(
      (await callRaw(as.office, putStaffBillingSettings, { params: facility(), body: { ...settings, valid_from: '2026-11' } }))
        .statusCode,
    ).toBe(409);
    const [nov] = await db().select().from(billingStatements).where(eq(billingStatements.month, '2026-11-01'));
    const res = await call(as.office, postStaffBillingAdjustment, {
      params: month('2026-12'),
      body: { ...body, corrects_statement_id: nov!.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.data.statements[0]!.lines.at(-1)).toMatchObject({
      kind: 'correction',
      label: `訂正（請求番号 ${nov!.number}）`,
      amount: 300,
    });
    const again = await db().select().from(billingStatements).where(eq(billingStatements.id, nov!.id));
    expect(again[0]!.total).toBe(5500);
  });

  it('GET months: this month, the previous one and the closed ones, newest first', async () => {
    await expectMatrix(as, manage(200), (agent) => call(agent, getStaffBillingMonths, { params: facility() }));
    const res = await call(as.office, getStaffBillingMonths, { params: facility() });
    expect(res.data).toEqual([
      // December has a correction waiting (its row exists, open).
      { month: '2026-12', status: 'open', statements: 0, total: null },
      { month: '2026-11', status: 'closed', statements: 1, total: 5500 },
      { month: '2026-10', status: 'closed', statements: 1, total: 5500 },
    ]);
  });
});

describe('guardians: 請求 in my page', () => {
  it('the main guardian and a writable co-guardian see the family’s statements; read-only and unrelated none', async () => {
    const list = await call(guardians.main, getBillingStatements);
    expect(list.data.map((s) => [s.month, s.total, s.status])).toEqual([
      ['2026-11', 5500, 'unpaid'],
      ['2026-10', 5500, 'unpaid'],
    ]);
    expect((await call(guardians.writable, getBillingStatements)).data).toHaveLength(2);
    expect((await call(guardians.readOnly, getBillingStatements)).data).toEqual([]);
    expect((await call(guardians.unrelated, getBillingStatements)).data).toEqual([]);
    expect((await call(t.agent(clock), getBillingStatements)).statusCode).toBe(401);
    expect((await call(as.office, getBillingStatements)).statusCode).toBe(401);
  });

  it('the detail: lines and each day’s 延長 minutes; 404 for read-only, unrelated, unknown; 401 anonymous', async () => {
    const [nov] = await db().select().from(billingStatements).where(eq(billingStatements.month, '2026-11-01'));
    const detail = (agent: Agent, id = nov!.id) => call(agent, getBillingStatement, { params: { id } });
    const res = await detail(guardians.main);
    expect(res.data).toMatchObject({
      number: nov!.number,
      facility_name: expect.any(String),
      due_date: '2026-12-27',
      status: 'unpaid',
    });
    expect(res.data.lines[0]!.days.map((d) => [d.date, d.late_minutes + d.early_minutes, d.amount])).toEqual([
      ['2026-11-02', 40, 500],
      ['2026-11-03', 20, 200],
    ]);
    expect((await detail(guardians.writable)).statusCode).toBe(200);
    for (const agent of [guardians.readOnly, guardians.unrelated]) {
      const denied = await detail(agent);
      expect(denied.statusCode).toBe(404);
      expect(denied.json().message).toMatch(/[\u3040-\u30FF\u4E00-\u9FFF]/);
    }
    expect((await detail(guardians.main, 999999)).statusCode).toBe(404);
    expect((await callRaw(guardians.main, getBillingStatement, { params: { id: 'abc' } })).statusCode).toBe(422);
    expect((await detail(t.agent(clock))).statusCode).toBe(401);
  });

  it('an enrolment that left before the month is not billed', async () => {
    await db().update(noteChildren).set({ leftOn: '2026-10-31' }).where(eq(noteChildren.id, sibling.noteChild.id));
    const res = await call(as.office, getStaffBillingMonth, { params: month('2026-12') });
    expect(res.data.statements[0]!.children.map((c) => c.id)).toEqual([w.family.child.id]);
  });
});

describe('payments at the office', () => {
  it('cash with a receipt number, then a transfer: 支払済 once paid in full; refused for 保育士, another facility, bad input', async () => {
    const [oct] = await db().select().from(billingStatements).where(eq(billingStatements.month, '2026-10-01'));
    const pay = (agent: Agent, body: unknown, id = oct!.id) =>
      callRaw(agent, postStaffBillingPayment, { params: { statementId: id }, body });
    const cash = { method: 'cash', paid_on: '2026-11-20', amount: 5000 };
    expect((await pay(as.classStaffA, cash)).statusCode).toBe(403);
    expect((await pay(as.otherFacility, cash)).statusCode).toBe(404);
    expect((await pay(as.guardian, cash)).statusCode).toBe(401);
    expect((await pay(as.office, cash, 999999)).statusCode).toBe(404);
    expectInvalid(await pay(as.office, { ...cash, amount: 0 }), 'amount');
    expectInvalid(await pay(as.office, { ...cash, amount: 6000 }), 'amount', M.overpaid);
    expectInvalid(await pay(as.office, { ...cash, paid_on: '2026-11-21' }), 'paid_on', M.paidInFuture);
    expectInvalid(await pay(as.office, { ...cash, method: 'card' }), 'method');
    expect(await rows(billingPayments)).toBe(0);

    const first = await call(as.office, postStaffBillingPayment, {
      params: { statementId: oct!.id },
      body: { method: 'cash', paid_on: '2026-11-20', amount: 5000 },
    });
    expect(first.statusCode).toBe(201);
    expect(first.data.status).toBe('unpaid');
    const [receipt] = await db().select().from(billingPayments);
    expect(receipt!.receiptNumber).toBe(`${oct!.number}-R1`);
    const second = await call(as.director, postStaffBillingPayment, {
      params: { statementId: oct!.id },
      body: { method: 'transfer', paid_on: '2026-11-20', amount: 500 },
    });
    expect(second.data.status).toBe('paid');
    const again = await pay(as.office, { ...cash, amount: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyPaid);
    expect(await audits('billing.payment')).toBe(2);
    const list = await call(guardians.main, getBillingStatements);
    expect(list.data.find((s) => s.id === oct!.id)!.status).toBe('paid');
  });
});
