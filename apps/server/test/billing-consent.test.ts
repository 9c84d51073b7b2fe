import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq, isNotNull } from 'drizzle-orm';
import {
  billingItemMessages as IM,
  getBillingItems,
  getStaffBillingMonth,
  getStaffBillingSettings,
  postBillingItemConsent,
  postBillingItemWithdrawal,
  postStaffBillingItem,
  postStaffBillingItemConsent,
  postStaffBillingItemWithdrawal,
  postStaffBillingMonthClose,
  getStaffAudit,
} from '@renraku/contract';
import { auditLog, billingItemConsents, billingStatements } from '../src/db/schema';
import { call, callRaw, setupApp, type Agent, type StaffPersona } from './harness';
import { buildBillingWorld } from './billing-world';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';

/**
 * Withdrawing a 実費 consent (issue 34; docs/decisions/billing-item-consent-withdrawal.md): the
 * guardian from next month on, the office from a paper form (any month not closed), both audited or
 * recorded with who and when; issued statements keep their lines, the drafts follow the consent.
 */
const t = setupApp();
const db = () => t.db;
// Tokyo 2026-11-20 12:00; October 2026 is closed (buildBillingWorld).
const clock = { 'x-test-now': '2026-11-20T03:00:00.000Z' };

let world: Awaited<ReturnType<typeof buildBillingWorld>>;
let as: Record<StaffPersona, Agent>;
let guardians: Record<'main' | 'writable' | 'readOnly' | 'unrelated' | 'second', Agent>;
let itemId: number;
let onceId: number;

const facilityId = () => world.w.facilityId;
const childId = () => world.w.family.child.id;
const itemLines = async (month: string) =>
  (await call(as.office, getStaffBillingMonth, { params: { facilityId: facilityId(), month } })).data.statements
    .flatMap((s) => s.lines)
    .filter((l) => l.kind === 'item')
    .map((l) => [l.child_id, l.label, l.amount]);
const withdrawn = async () =>
  (await db().select({ n: count() }).from(billingItemConsents).where(isNotNull(billingItemConsents.withdrawnFrom)))[0]!.n;
const audits = async (action: string) =>
  (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]!.n;
const withdraw = (agent: Agent, body: unknown, id = itemId) =>
  callRaw(agent, postBillingItemWithdrawal, { params: { id }, body });
const paperWithdraw = (agent: Agent, body: unknown, id = itemId) =>
  callRaw(agent, postStaffBillingItemWithdrawal, { params: { facilityId: facilityId(), itemId: id }, body });
const paperConsent = (agent: Agent, body: unknown, id = itemId) =>
  callRaw(agent, postStaffBillingItemConsent, { params: { facilityId: facilityId(), itemId: id }, body });

beforeAll(async () => {
  world = await buildBillingWorld(t, clock);
  as = world.as;
  const add = async (body: {
    name: string;
    amount: number;
    frequency: 'once' | 'monthly';
    target: 'facility';
    explanation: string;
    month_from: string;
  }) => (await call(as.office, postStaffBillingItem, { params: { facilityId: facilityId() }, body })).data.items;
  itemId = (
    await add({
      name: '教材費',
      amount: 600,
      frequency: 'monthly',
      target: 'facility',
      explanation: '絵本・製作の材料費です',
      month_from: '2026-11',
    })
  ).find((i) => i.name === '教材費')!.id;
  onceId = (
    await add({
      name: '遠足代',
      amount: 1200,
      frequency: 'once',
      target: 'facility',
      explanation: '11月の遠足のバス代です',
      month_from: '2026-11',
    })
  ).find((i) => i.name === '遠足代')!.id;
  guardians = {
    main: await t.signIn(world.w.family.main, clock),
    writable: await t.signIn(world.w.family.writable, clock),
    readOnly: await t.signIn(world.w.family.readOnly, clock),
    unrelated: await t.signIn(world.w.family.unrelated, clock),
    second: await t.signIn(world.second, clock),
  };
  for (const id of [itemId, onceId])
    expect(
      (await call(guardians.main, postBillingItemConsent, { params: { id }, body: { child_id: childId() } })).statusCode,
    ).toBe(201);
}, 120_000);

describe('a guardian withdraws a 実費 consent', () => {
  it('the list offers next month as the earliest; a once item of this month cannot be withdrawn', async () => {
    const items = (await call(guardians.main, getBillingItems)).data;
    expect(items.find((i) => i.id === itemId)!.withdrawable_from).toBe('2026-12');
    expect(items.find((i) => i.id === onceId)!.withdrawable_from).toBeNull();
    expect(await itemLines('2026-11')).toEqual([
      [childId(), '教材費', 600],
      [childId(), '遠足代', 1200],
    ]);
  });

  it('read-only 403, unrelated or another facility’s child or unknown item 404, anonymous and staff 401, bad input 422; nothing written', async () => {
    const body = { child_id: childId(), month_from: '2026-12' };
    const ro = await withdraw(guardians.readOnly, body);
    expect(ro.statusCode).toBe(403);
    expect(ro.json().message).toBe(IM.readOnly);
    expect((await withdraw(guardians.unrelated, body)).statusCode).toBe(404);
    expect((await withdraw(guardians.second, body)).statusCode).toBe(404);
    expect((await withdraw(guardians.main, { ...body, child_id: world.w.otherFacility.child.id })).statusCode).toBe(404);
    expect((await withdraw(guardians.main, body, 999999)).statusCode).toBe(404);
    expect((await withdraw(t.agent(clock), body)).statusCode).toBe(401);
    expect((await withdraw(as.office, body)).statusCode).toBe(401);
    expectInvalid(await withdraw(guardians.main, { ...body, month_from: '2026-13' }), 'month_from');
    expectInvalid(await withdraw(guardians.main, { child_id: 'x', month_from: '2026-12' }), 'child_id');
    // The month under way is billed in full: a withdrawal mid-month names next month at the earliest.
    expectInvalid(await withdraw(guardians.main, { ...body, month_from: '2026-11' }), 'month_from', IM.guardianWithdrawMonth);
    expectInvalid(await withdraw(guardians.main, { ...body, month_from: '2026-10' }), 'month_from', IM.guardianWithdrawMonth);
    const once = await withdraw(guardians.main, body, onceId);
    expect(once.statusCode).toBe(409);
    expect(once.json().message).toBe(IM.onceAfterBilled);
    // The second family's child never consented: not theirs to withdraw → 404; nobody’s consent → 409 below.
    expect(await withdrawn()).toBe(0);
  });

  it('the writable co-guardian withdraws from December: November keeps the item, December drafts none; twice is 409', async () => {
    const res = await call(guardians.writable, postBillingItemWithdrawal, {
      params: { id: itemId },
      body: { child_id: childId(), month_from: '2026-12' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.data.children.find((c) => c.id === childId())!.consent).toMatchObject({
      user_id: world.w.family.main.id,
      via: 'app',
      month_from: null,
      withdrawal: { month_from: '2026-12', at: '2026-11-20T03:00:00.000Z', via: 'app', recorded_by_name: null },
    });
    expect(await itemLines('2026-11')).toEqual([
      [childId(), '教材費', 600],
      [childId(), '遠足代', 1200],
    ]);
    expect(await itemLines('2026-12')).toEqual([]);
    const again = await withdraw(guardians.main, { child_id: childId(), month_from: '2027-01' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(IM.notConsented);
    expect(await withdrawn()).toBe(1);
  });

  it('consenting again applies from this month on; the staff see both rows', async () => {
    const res = await call(guardians.main, postBillingItemConsent, { params: { id: itemId }, body: { child_id: childId() } });
    expect(res.statusCode).toBe(201);
    expect(res.data.children.find((c) => c.id === childId())!.consent).toMatchObject({
      month_from: '2026-11',
      withdrawal: null,
    });
    expect(await itemLines('2026-12')).toEqual([[childId(), '教材費', 600]]);
    const staff = await call(as.office, getStaffBillingSettings, { params: { facilityId: facilityId() } });
    const consents = staff.data.items.find((i) => i.id === itemId)!.consents;
    expect(consents.map((c) => [c.child_id, c.via, c.month_from, c.withdrawal?.month_from ?? null])).toEqual([
      [childId(), 'app', null, '2026-12'],
      [childId(), 'app', '2026-11', null],
    ]);
  });
});

describe('the office records a paper consent or withdrawal', () => {
  const second = () => world.secondChild.child.id;

  it('consent: 事務, 園長, 法人管理者; 保育士 403; another facility 404; guardians and anonymous 401; written once, audited', async () => {
    await expectMatrix(as, statuses(201, { office: 201, classStaff: 403 }), (agent) =>
      paperConsent(agent, { child_id: second() }),
    );
    const rows = await db().select().from(billingItemConsents).where(eq(billingItemConsents.childId, second()));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: null, recordedBy: expect.any(Number), monthFrom: null });
    expect(await audits('billing.item.consent')).toBe(1);
    const staff = await call(as.office, getStaffBillingSettings, { params: { facilityId: facilityId() } });
    expect(staff.data.items.find((i) => i.id === itemId)!.consents.find((c) => c.child_id === second())).toMatchObject({
      via: 'paper',
      user_id: null,
      user_name: null,
      recorded_by_name: expect.any(String),
    });
    expect(await itemLines('2026-11')).toContainEqual([second(), '教材費', 600]);
    // The guardian app shows the paper consent.
    const mine = (await call(guardians.second, getBillingItems)).data.find((i) => i.id === itemId)!;
    expect(mine.children[0]!.consent).toMatchObject({ via: 'paper', withdrawal: null });
  });

  it('bad input: 422 in Japanese, a child the item does not target 422, an unknown item 404; nothing written', async () => {
    expectInvalid(await paperConsent(as.office, { child_id: 'x' }), 'child_id');
    expectInvalid(await paperConsent(as.office, { child_id: world.w.otherFacility.child.id }), 'child_id', IM.notTargeted);
    expect((await paperConsent(as.office, { child_id: second() }, 999999)).statusCode).toBe(404);
    expectInvalid(await paperWithdraw(as.office, { child_id: second(), month_from: 'december' }), 'month_from');
    expectInvalid(await paperWithdraw(as.office, { child_id: second() }), 'month_from');
    // October is closed: its statements keep their lines.
    expectInvalid(
      await paperWithdraw(as.office, { child_id: second(), month_from: '2026-10' }),
      'month_from',
      IM.officeWithdrawMonth,
    );
    const none = await paperWithdraw(as.office, { child_id: world.w.family.child.id, month_from: '2026-12' }, onceId);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(IM.onceAfterBilled);
    expect(await audits('billing.item.withdrawal')).toBe(0);
    expect(await withdrawn()).toBe(1);
  });

  it('withdrawal: 保育士 403, another facility 404, guardians 401; the 園長 withdraws from this month (not closed), audited', async () => {
    const body = { child_id: second(), month_from: '2026-11' };
    // Nobody consented to the 遠足代 for this child: members who may get 409, the others never reach it.
    await expectMatrix(as, statuses(409, { office: 409, classStaff: 403 }), (agent) => paperWithdraw(agent, body, onceId));
    const res = await call(as.director, postStaffBillingItemWithdrawal, {
      params: { facilityId: facilityId(), itemId },
      body,
    });
    expect(res.statusCode).toBe(201);
    expect(res.data.items.find((i) => i.id === itemId)!.consents.find((c) => c.child_id === second())!.withdrawal).toMatchObject({
      month_from: '2026-11',
      via: 'paper',
      user_name: null,
      recorded_by_name: expect.any(String),
    });
    expect(await itemLines('2026-11')).not.toContainEqual([second(), '教材費', 600]);
    for (const persona of ['companyAdmin', 'office'] as const) {
      const twice = await paperWithdraw(as[persona], body);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(IM.notConsented);
    }
    expect(await audits('billing.item.withdrawal')).toBe(1);
    const log = await call(as.director, getStaffAudit, { params: { facilityId: facilityId() }, query: {} });
    expect(JSON.stringify(log.data)).toContain('実費の同意の取り下げの記録（書面）');
  });

  it('a paper form names the guardian who signed it: one who may consent for the child, else 422 and nothing written', async () => {
    const fam = world.w.family;
    const items = (
      await call(as.office, postStaffBillingItem, {
        params: { facilityId: facilityId() },
        body: {
          name: '行事費',
          amount: 300,
          frequency: 'monthly',
          target: 'facility',
          explanation: '発表会の衣装代です',
          month_from: '2026-11',
        },
      })
    ).data.items;
    const eventId = items.find((i) => i.name === '行事費')!.id;
    const rowsOf = () => db().select().from(billingItemConsents).where(eq(billingItemConsents.itemId, eventId));
    // A read-only co-guardian cannot consent, another family's guardian is not the child's, a bad id is bad input.
    for (const signed_by of [fam.readOnly.id, world.second.id, fam.unrelated.id, 999999])
      expectInvalid(await paperConsent(as.office, { child_id: childId(), signed_by }, eventId), 'signed_by', IM.signer);
    expectInvalid(await paperConsent(as.office, { child_id: childId(), signed_by: 'x' }, eventId), 'signed_by');
    expect(await rowsOf()).toHaveLength(0);

    const res = await call(as.office, postStaffBillingItemConsent, {
      params: { facilityId: facilityId(), itemId: eventId },
      body: { child_id: childId(), signed_by: fam.writable.id },
    });
    expect(res.statusCode).toBe(201);
    expect((await rowsOf())[0]).toMatchObject({ userId: fam.writable.id, recordedBy: expect.any(Number) });
    const shown = res.data.items.find((i) => i.id === eventId)!.consents.find((c) => c.child_id === childId())!;
    expect(shown).toMatchObject({
      via: 'paper',
      user_id: fam.writable.id,
      user_name: expect.any(String),
      recorded_by_name: expect.any(String),
    });
    // The guardian app still says the form was recorded by the facility.
    const mine = (await call(guardians.main, getBillingItems)).data.find((i) => i.id === eventId)!;
    expect(mine.children[0]!.consent).toMatchObject({ via: 'paper', user_id: fam.writable.id });

    // A withdrawal form signed by the main guardian; a signer who may not consent writes nothing.
    const body = { child_id: childId(), month_from: '2026-11' };
    expectInvalid(await paperWithdraw(as.office, { ...body, signed_by: fam.readOnly.id }, eventId), 'signed_by', IM.signer);
    expect((await rowsOf())[0]!.withdrawnFrom).toBeNull();
    const out = await call(as.office, postStaffBillingItemWithdrawal, {
      params: { facilityId: facilityId(), itemId: eventId },
      body: { ...body, signed_by: fam.main.id },
    });
    expect(out.statusCode).toBe(201);
    expect((await rowsOf())[0]).toMatchObject({ withdrawnBy: fam.main.id, withdrawnRecordedBy: expect.any(Number) });
    expect(out.data.items.find((i) => i.id === eventId)!.consents[0]!.withdrawal).toMatchObject({
      via: 'paper',
      user_name: expect.any(String),
      recorded_by_name: expect.any(String),
    });
    const logged = (await db().select().from(auditLog).where(eq(auditLog.targetId, eventId))).filter((l) =>
      ['billing.item.consent', 'billing.item.withdrawal'].includes(l.action),
    );
    expect(logged.map((l) => (l.details as { signed_by?: number }).signed_by).sort()).toEqual(
      [fam.main.id, fam.writable.id].sort(),
    );
  });

  it('確定 issues November with the consented lines; a withdrawal from November is then refused and the statement keeps them', async () => {
    const draft = await itemLines('2026-11');
    expect(
      (await call(as.office, postStaffBillingMonthClose, { params: { facilityId: facilityId(), month: '2026-11' } })).statusCode,
    ).toBe(200);
    const issued = await db().select().from(billingStatements);
    const issuedItems = issued
      .filter((s) => s.month === '2026-11-01')
      .flatMap((s) => s.lines as { kind: string; child_id: number; label: string; amount: number }[])
      .filter((l) => l.kind === 'item')
      .map((l) => [l.child_id, l.label, l.amount]);
    expect(issuedItems).toEqual(draft);
    const late = await paperWithdraw(as.office, { child_id: childId(), month_from: '2026-11' });
    expectInvalid(late, 'month_from', IM.officeWithdrawMonth);
    // December, the first open month, is still possible for the office.
    expect((await paperWithdraw(as.office, { child_id: childId(), month_from: '2026-12' })).statusCode).toBe(201);
    expect(await itemLines('2026-12')).toEqual([]);
  });
});
