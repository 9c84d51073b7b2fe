import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  billingItemMessages as IM,
  billingMessages as M,
  deleteStaffBillingTemporaryUse,
  feeMessages as F,
  getBillingItems,
  getStaffBillingFeeRules,
  getStaffBillingMonth,
  getStaffBillingSettings,
  getStaffBillingTemporaryUses,
  postBillingItemConsent,
  postStaffBillingItem,
  postStaffBillingMonthClose,
  postStaffBillingTemporaryUse,
  putStaffBillingChildAttributes,
  putStaffBillingSettings,
  putStaffBillingSiblingDiscount,
  putStaffBillingTemporaryRates,
  type SiblingDiscountInput,
  type TemporaryRatesInput,
} from '@renraku/contract';
import {
  auditLog,
  billingItemConsents,
  billingSiblingDiscounts,
  billingStatements,
  billingTemporaryRates,
  billingTemporaryUses,
  noteChildren,
} from '../src/db/schema';
import { buildChild, linkGuardian } from './factories';
import { call, callRaw, type Agent } from './harness';
import { setupStaffWorld } from './staff-world';
import { addSibling, billingSettingsBody, payerAttributes, setPayer, signInFamily } from './billing-world';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';

/**
 * The sibling discount, 一時預かり and 実費 consent (spec/billing.md §2; issue 34): every call × 事務,
 * 園長, 法人管理者, 保育士 (403), another facility (404), ended, guardians and anonymous; bad input
 * writes nothing; the discount, the uses and the consented items in the month's statements.
 */
const db = () => t.db;
// Tokyo 2026-11-20 12:00.
const clock = { 'x-test-now': '2026-11-20T03:00:00.000Z' };
const { t, w, as } = setupStaffWorld(clock);

let sibling: Awaited<ReturnType<typeof buildChild>>;
let guardians: Record<'main' | 'writable' | 'readOnly' | 'unrelated', Agent>;

const manage = (ok: number) => statuses(ok, { office: ok, classStaff: 403 });
const facility = () => ({ facilityId: w.facilityId });
const month = (m: string) => ({ facilityId: w.facilityId, month: m });
const audits = async (action: string) =>
  (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]!.n;
const rows = async (
  table: typeof billingSiblingDiscounts | typeof billingTemporaryRates | typeof billingTemporaryUses | typeof billingItemConsents,
) => (await db().select({ n: count() }).from(table))[0]!.n;

const discount: SiblingDiscountInput = {
  valid_from: '2026-04',
  applies_to: ['side_dish', 'item', 'temporary'],
  count_declared_older: true,
  tiers: [
    { from_order: 2, kind: 'percent', value: 50 },
    { from_order: 3, kind: 'percent', value: 100 },
  ],
};
const rates: TemporaryRatesInput = {
  valid_from: '2026-04',
  half_day_hours: 4,
  bands: [
    { from_age: 0, half_day: 2500, full_day: 4500 },
    { from_age: 3, half_day: 1500, full_day: 3000 },
  ],
};

beforeAll(async () => {
  // The younger sibling: the writable co-guardian pays for it, both parents are its guardians.
  sibling = await addSibling(t, w, '2023-01-10');
  await linkGuardian(db(), sibling.child.id, w.family.writable.id, { writable: true });
  await call(as.office, putStaffBillingSettings, { params: facility(), body: billingSettingsBody });
  await setPayer(as.office, w.facilityId, w.family.child.id, w.family.main.id);
  await setPayer(as.office, w.facilityId, sibling.child.id, w.family.writable.id);
  guardians = await signInFamily(t, w, clock);
}, 120_000);

describe('fee rules: sibling discount and 一時預かり prices', () => {
  it('GET: 事務, 園長, 法人管理者; 保育士 403; another facility 404; ended, guardians and anonymous 401', async () => {
    await expectMatrix(as, manage(200), (agent) => call(agent, getStaffBillingFeeRules, { params: facility() }));
    expect((await call(as.office, getStaffBillingFeeRules, { params: facility() })).data).toEqual({
      sibling_discounts: [],
      temporary_rates: [],
    });
  });

  it('PUT sibling discount: bad input is a 422 in Japanese and writes nothing', async () => {
    const put = (body: unknown) => callRaw(as.office, putStaffBillingSiblingDiscount, { params: facility(), body });
    expectInvalid(await put({ ...discount, applies_to: [] }), 'applies_to', F.appliesTo);
    expectInvalid(await put({ ...discount, applies_to: ['adjustment'] }), 'applies_to.0');
    expectInvalid(await put({ ...discount, tiers: [discount.tiers[0], discount.tiers[0]] }), 'tiers', F.tiers);
    expectInvalid(
      await put({ ...discount, tiers: [{ from_order: 1, kind: 'percent', value: 50 }] }),
      'tiers.0.from_order',
      F.tiers,
    );
    expectInvalid(
      await put({ ...discount, tiers: [{ from_order: 2, kind: 'percent', value: 150 }] }),
      'tiers.0.value',
      F.percent,
    );
    expectInvalid(await put({ ...discount, tiers: [{ from_order: 2, kind: 'amount', value: 10.5 }] }), 'tiers.0.value', M.yen);
    expectInvalid(await put({ ...discount, valid_from: '2026-13' }), 'valid_from');
    expect(await rows(billingSiblingDiscounts)).toBe(0);
  });

  it('PUT sibling discount: sets it from a month on (the same month replaced), audited', async () => {
    await expectMatrix(as, manage(200), (agent) =>
      call(agent, putStaffBillingSiblingDiscount, { params: facility(), body: discount }),
    );
    const res = await call(as.office, putStaffBillingSiblingDiscount, { params: facility(), body: discount });
    expect(res.data.sibling_discounts).toEqual([{ id: expect.any(Number), ...discount }]);
    expect(await rows(billingSiblingDiscounts)).toBe(1);
    expect(await audits('billing.sibling_discount.update')).toBe(4);
  });

  it('PUT 一時預かり prices: bad input 422 and nothing written; then set, audited', async () => {
    const put = (body: unknown) => callRaw(as.office, putStaffBillingTemporaryRates, { params: facility(), body });
    expectInvalid(await put({ ...rates, bands: [rates.bands[1]] }), 'bands', F.bands);
    expectInvalid(await put({ ...rates, bands: [] }), 'bands', F.bands);
    expectInvalid(await put({ ...rates, half_day_hours: 0 }), 'half_day_hours', F.halfDayHours);
    expectInvalid(await put({ ...rates, bands: [{ from_age: 0, half_day: -1, full_day: 100 }] }), 'bands.0.half_day', M.yen);
    expect(await rows(billingTemporaryRates)).toBe(0);
    await expectMatrix(as, manage(200), (agent) =>
      call(agent, putStaffBillingTemporaryRates, { params: facility(), body: rates }),
    );
    expect(await rows(billingTemporaryRates)).toBe(1);
    expect(await audits('billing.temporary_rates.update')).toBe(3);
  });
});

describe('the sibling discount in the month', () => {
  it('第2子 半額 on its own payer’s statement, as a separate line with its reason', async () => {
    const res = await call(as.office, getStaffBillingMonth, { params: month('2026-11') });
    const byPayer = new Map(res.data.statements.map((s) => [s.payer.id, s]));
    expect(byPayer.get(w.family.main.id)!.lines.map((l) => [l.kind, l.amount])).toEqual([['side_dish', 4500]]);
    const younger = byPayer.get(w.family.writable.id)!;
    expect(younger.lines.map((l) => [l.kind, l.label, l.amount])).toEqual([
      ['side_dish', '副食費', 4500],
      ['sibling_discount', '兄弟姉妹割引（第2子）', -2250],
    ]);
    expect(younger.lines[1]!.explanation).toBe('第2子：副食費・実費・一時預かりの50%（1円未満切り捨て）、対象額4,500円');
    expect(younger.total).toBe(2250);
  });

  it('an older sibling declared outside the facility makes the younger 第3子 (free) when the rule counts them', async () => {
    const put = (older: number) =>
      call(as.office, putStaffBillingChildAttributes, {
        params: { facilityId: w.facilityId, childId: sibling.child.id },
        body: { ...payerAttributes(w.family.writable.id), older_siblings_outside: older },
      });
    const bad = await callRaw(as.office, putStaffBillingChildAttributes, {
      params: { facilityId: w.facilityId, childId: sibling.child.id },
      body: { ...(await put(1)).data.current, payer_user_id: w.family.writable.id, older_siblings_outside: 10 },
    });
    expectInvalid(bad, 'older_siblings_outside', F.olderOutside);
    const res = await call(as.office, getStaffBillingMonth, { params: month('2026-11') });
    const younger = res.data.statements.find((s) => s.payer.id === w.family.writable.id)!;
    expect(younger.lines.at(-1)).toMatchObject({ label: '兄弟姉妹割引（第3子以降）', amount: -4500 });
    expect(younger.total).toBe(0);
    await put(0);
  });

  it('an elder who leaves mid-month still counts that month; from the next month the younger is 第1子', async () => {
    await db().update(noteChildren).set({ leftOn: '2026-11-10' }).where(eq(noteChildren.id, w.family.noteChild.id));
    const nov = await call(as.office, getStaffBillingMonth, { params: month('2026-11') });
    expect(nov.data.statements.find((s) => s.payer.id === w.family.writable.id)!.total).toBe(2250);
    const dec = await call(as.office, getStaffBillingMonth, { params: month('2026-12') });
    expect(dec.data.statements.map((s) => [s.payer.id, s.total])).toEqual([[w.family.writable.id, 4500]]);
    await db().update(noteChildren).set({ leftOn: null }).where(eq(noteChildren.id, w.family.noteChild.id));
  });
});

describe('一時預かり uses', () => {
  const use = () => ({ child_id: sibling.child.id, date: '2026-11-05', start: '09:00', end: '12:00' });

  it('POST: bad input 422 in Japanese, nothing written; 保育士 403, another facility 404, guardians 401', async () => {
    const post = (agent: Agent, body: unknown) => callRaw(agent, postStaffBillingTemporaryUse, { params: facility(), body });
    expectInvalid(await post(as.office, { ...use(), end: '08:00' }), 'end', F.useTimes);
    expectInvalid(await post(as.office, { ...use(), start: '9:00' }), 'start');
    expectInvalid(await post(as.office, { ...use(), child_id: w.otherFacility.child.id }), 'child_id', M.notEnrolled);
    expectInvalid(await post(as.office, { ...use(), date: '2026-11-21' }), 'date');
    expectInvalid(await post(as.office, { ...use(), date: '2026-02-30' }), 'date');
    expectInvalid(await post(as.office, { ...use(), date: '2026-03-10' }), 'date', F.noRates);
    expect(await rows(billingTemporaryUses)).toBe(0);
    const got: Record<string, number> = {};
    for (const p of ['classStaffA', 'classStaffB', 'otherFacility', 'ended', 'guardian', 'anonymous'] as const) {
      got[p] = (await post(as[p], use())).statusCode;
    }
    expect(got).toEqual({ classStaffA: 403, classStaffB: 403, otherFacility: 404, ended: 401, guardian: 401, anonymous: 401 });
    expect(await rows(billingTemporaryUses)).toBe(0);
  });

  it('POST and GET: each use priced by the month’s rates; the month shows a 一時預かり line (discounted as 第2子)', async () => {
    const first = await call(as.office, postStaffBillingTemporaryUse, { params: facility(), body: use() });
    expect(first.statusCode).toBe(201);
    await call(as.director, postStaffBillingTemporaryUse, {
      params: facility(),
      body: { ...use(), date: '2026-11-12', start: '08:30', end: '17:00' },
    });
    await expectMatrix(as, manage(200), (agent) => call(agent, getStaffBillingTemporaryUses, { params: month('2026-11') }));
    const list = await call(as.office, getStaffBillingTemporaryUses, { params: month('2026-11') });
    // 2023-01-10 生まれ: 3歳児 in the 2026 年度.
    expect(list.data.map((u) => [u.date, u.span, u.amount])).toEqual([
      ['2026-11-05', 'half', 1500],
      ['2026-11-12', 'full', 3000],
    ]);
    const res = await call(as.office, getStaffBillingMonth, { params: month('2026-11') });
    const younger = res.data.statements.find((s) => s.payer.id === w.family.writable.id)!;
    expect(younger.lines.map((l) => [l.kind, l.amount])).toEqual([
      ['side_dish', 4500],
      ['temporary', 4500],
      ['sibling_discount', -4500],
    ]);
    expect(younger.lines[1]!.explanation).toBe(
      '3歳児以上の料金（4時間までは半日）：11/5 09:00〜12:00 半日1,500円、11/12 08:30〜17:00 1日3,000円',
    );
    expect(await audits('billing.temporary_use.create')).toBe(2);
  });

  it('DELETE: a mistaken record of an open month; 保育士 403, another facility 404; audited', async () => {
    const extra = await call(as.office, postStaffBillingTemporaryUse, {
      params: facility(),
      body: { ...use(), date: '2026-11-13' },
    });
    const id = extra.data.find((u) => u.date === '2026-11-13')!.id;
    const del = (agent: Agent, useId = id) =>
      callRaw(agent, deleteStaffBillingTemporaryUse, { params: { facilityId: w.facilityId, useId } });
    const got: Record<string, number> = {};
    for (const p of ['classStaffA', 'otherFacility', 'guardian', 'anonymous'] as const) got[p] = (await del(as[p])).statusCode;
    expect(got).toEqual({ classStaffA: 403, otherFacility: 404, guardian: 401, anonymous: 401 });
    expect((await del(as.office, 999999)).statusCode).toBe(404);
    expect((await del(as.office)).statusCode).toBe(200);
    expect(await rows(billingTemporaryUses)).toBe(2);
    expect(await audits('billing.temporary_use.delete')).toBe(1);
  });
});

describe('実費 consent', () => {
  let itemId: number;
  const consent = (agent: Agent, body: unknown, id = itemId) => callRaw(agent, postBillingItemConsent, { params: { id }, body });

  beforeAll(async () => {
    const res = await call(as.office, postStaffBillingItem, {
      params: facility(),
      body: {
        name: '教材費',
        amount: 600,
        frequency: 'monthly',
        target: 'facility',
        explanation: '絵本・製作の材料費です（毎月）',
        month_from: '2026-11',
      },
    });
    itemId = res.data.items[0]!.id;
  });

  it('GET: main and writable guardians see the item with its explanation per child; read-only and unrelated none; staff and anonymous 401', async () => {
    const main = await call(guardians.main, getBillingItems);
    expect(main.data).toHaveLength(1);
    expect(main.data[0]).toMatchObject({
      id: itemId,
      name: '教材費',
      amount: 600,
      explanation: '絵本・製作の材料費です（毎月）',
    });
    expect(main.data[0]!.children.map((c) => [c.id, c.consent]).sort()).toEqual(
      [
        [w.family.child.id, null],
        [sibling.child.id, null],
      ].sort(),
    );
    expect((await call(guardians.writable, getBillingItems)).data[0]!.children).toHaveLength(2);
    expect((await call(guardians.readOnly, getBillingItems)).data).toEqual([]);
    expect((await call(guardians.unrelated, getBillingItems)).data).toEqual([]);
    expect((await call(t.agent(clock), getBillingItems)).statusCode).toBe(401);
    expect((await call(as.office, getBillingItems)).statusCode).toBe(401);
  });

  it('an item nobody consented to is not billed', async () => {
    const res = await call(as.office, getStaffBillingMonth, { params: month('2026-11') });
    expect(res.data.statements.flatMap((s) => s.lines).some((l) => l.kind === 'item')).toBe(false);
  });

  it('POST: read-only 403, unrelated or unknown 404, anonymous 401, bad input 422; nothing written', async () => {
    const body = { child_id: w.family.child.id };
    const ro = await consent(guardians.readOnly, body);
    expect(ro.statusCode).toBe(403);
    expect(ro.json().message).toBe(IM.readOnly);
    expect((await consent(guardians.unrelated, body)).statusCode).toBe(404);
    expect((await consent(guardians.main, body, 999999)).statusCode).toBe(404);
    expect((await consent(guardians.main, { child_id: w.otherFacility.child.id })).statusCode).toBe(404);
    expect((await consent(t.agent(clock), body)).statusCode).toBe(401);
    expect((await consent(as.office, body)).statusCode).toBe(401);
    expectInvalid(await consent(guardians.main, { child_id: 'x' }), 'child_id');
    expect((await callRaw(guardians.main, postBillingItemConsent, { params: { id: 'abc' }, body })).statusCode).toBe(422);
    expect(await rows(billingItemConsents)).toBe(0);
  });

  it('POST: the main guardian consents for one child (who, when); a second consent keeps the first; the staff see who', async () => {
    const res = await call(guardians.main, postBillingItemConsent, {
      params: { id: itemId },
      body: { child_id: w.family.child.id },
    });
    expect(res.statusCode).toBe(201);
    const mine = res.data.children.find((c) => c.id === w.family.child.id)!;
    expect(mine.consent).toEqual({
      user_id: w.family.main.id,
      user_name: expect.any(String),
      consented_at: '2026-11-20T03:00:00.000Z',
      via: 'app',
      recorded_by_name: null,
      month_from: null,
      withdrawal: null,
    });
    expect(res.data.children.find((c) => c.id === sibling.child.id)!.consent).toBeNull();
    const again = await call(guardians.writable, postBillingItemConsent, {
      params: { id: itemId },
      body: { child_id: w.family.child.id },
    });
    expect(again.data.children.find((c) => c.id === w.family.child.id)!.consent!.user_id).toBe(w.family.main.id);
    expect(await rows(billingItemConsents)).toBe(1);
    const staff = await call(as.office, getStaffBillingSettings, { params: facility() });
    expect(staff.data.items[0]!.consents).toEqual([
      {
        child_id: w.family.child.id,
        child_name: expect.any(String),
        user_id: w.family.main.id,
        user_name: expect.any(String),
        consented_at: '2026-11-20T03:00:00.000Z',
        via: 'app',
        recorded_by_name: null,
        month_from: null,
        withdrawal: null,
      },
    ]);
  });

  it('only the consented child’s item is billed; 確定 issues the discount and every line, no yen appears or disappears', async () => {
    const draft = await call(as.office, getStaffBillingMonth, { params: month('2026-11') });
    const items = draft.data.statements.flatMap((s) => s.lines).filter((l) => l.kind === 'item');
    expect(items.map((l) => [l.child_id, l.amount])).toEqual([[w.family.child.id, 600]]);
    const closed = await call(as.office, postStaffBillingMonthClose, { params: month('2026-11') });
    expect(closed.statusCode).toBe(200);
    const issued = await db().select().from(billingStatements);
    expect(issued.map((s) => s.total).sort()).toEqual(draft.data.statements.map((s) => s.total).sort());
    for (const s of issued) {
      const lines = s.lines as { amount: number; kind: string }[];
      expect(s.total).toBe(lines.reduce((sum, l) => sum + l.amount, 0));
    }
    const younger = issued.find((s) => s.payerUserId === w.family.writable.id)!;
    expect((younger.lines as { kind: string; amount: number }[]).find((l) => l.kind === 'sibling_discount')!.amount).toBe(-4500);
    // A closed month takes no more uses.
    const late = await callRaw(as.office, postStaffBillingTemporaryUse, {
      params: facility(),
      body: { child_id: sibling.child.id, date: '2026-11-06', start: '09:00', end: '10:00' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(F.useClosed);
    expect(
      (
        await callRaw(as.office, putStaffBillingSiblingDiscount, {
          params: facility(),
          body: { ...discount, valid_from: '2026-11' },
        })
      ).statusCode,
    ).toBe(409);
  });
});
