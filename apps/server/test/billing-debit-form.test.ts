import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  bankAccountMessages as A,
  debitMessages as D,
  getStaffBillingAccounts,
  messages,
  putBillingAccount,
  putStaffBillingAccount,
  putStaffBillingAccountRegistered,
  putStaffDebitSettings,
  staffMessages,
} from '@renraku/contract';
import { auditLog, billingBankAccounts } from '../src/db/schema';
import { buildStaffWorld } from './factories';
import { call, callRaw, setupApp, type Agent, type StaffPersona } from './harness';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';
import { pdfText } from './pdf-text';
import { buildBillingWorld, pinTablet, signInFamily } from './billing-world';

/**
 * 預金口座振替依頼書 and 登録済 (spec/billing.md §4, issue 34): the form printed with the full number
 * for the payer to sign, the office's and the main guardian's; the bank's registration marked by the
 * 事務, audited and cleared when the account changes. PDF text read with pdftotext (poppler-utils).
 */

const t = setupApp();
const db = () => t.db;
const clock = { 'x-test-now': '2026-11-20T03:00:00.000Z' };
const manage = (ok: number) => statuses(ok, { office: ok, classStaff: 403 });

let w: Awaited<ReturnType<typeof buildStaffWorld>>;
let as: Record<StaffPersona, Agent>;
let g: Record<'main' | 'writable' | 'readOnly' | 'unrelated', Agent>;
let tablet: Agent;

const account = {
  bank_code: '0009',
  branch_code: '456',
  account_type: 'ordinary' as const,
  account_number: '1234567',
  holder: 'やまだ　たろう',
};
const guardianUrl = (facilityId: number | string = w.facilityId) => `/api/billing/accounts/${facilityId}/debit-form.pdf`;
const staffUrl = (userId: number | string = w.family.main.id, facilityId: number | string = w.facilityId) =>
  `/api/staff/facilities/${facilityId}/billing/accounts/${userId}/debit-form.pdf`;
const registered = (agent: Agent, body: unknown, userId = w.family.main.id) =>
  callRaw(agent, putStaffBillingAccountRegistered, { params: { facilityId: w.facilityId, userId }, body });
const audits = async (action: string) =>
  (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]!.n;
const row = async (userId = w.family.main.id) =>
  (
    await db()
      .select()
      .from(billingBankAccounts)
      .where(and(eq(billingBankAccounts.facilityId, w.facilityId), eq(billingBankAccounts.userId, userId)))
  )[0];

beforeAll(async () => {
  ({ w, as } = await buildBillingWorld(t, clock));
  g = await signInFamily(t, w, clock);
  tablet = await pinTablet(t, as, w, clock);
}, 120_000);

describe('the 預金口座振替依頼書', () => {
  it('no account: 404 in Japanese; no 委託者 settings: 409', async () => {
    const none = await as.office.get(staffUrl());
    expect([none.statusCode, none.json().message]).toEqual([404, A.noAccount]);
    expect((await g.main.get(guardianUrl(), { headers: clock })).statusCode).toBe(404);
    expect((await call(g.main, putBillingAccount, { params: { facilityId: w.facilityId }, body: account })).statusCode).toBe(200);
    const noSettings = await as.office.get(staffUrl());
    expect([noSettings.statusCode, noSettings.json().message]).toEqual([409, D.noSettings]);
    const guardian = await g.main.get(guardianUrl(), { headers: clock });
    expect([guardian.statusCode, guardian.json().message]).toEqual([409, A.formNotReady]);
    const settings = await call(as.office, putStaffDebitSettings, {
      params: { facilityId: w.facilityId },
      body: {
        consignor_code: '1234567890',
        consignor_name: 'サクラホイクエン',
        bank_code: '0005',
        bank_name: 'ミツビシ',
        branch_code: '001',
        branch_name: 'ホンテン',
        account_type: 'ordinary',
        account_number: '7654321',
      },
    });
    expect(settings.statusCode).toBe(200);
  });

  it('the office prints A4 with the title, the 委託者, the bank and branch codes, the full number and the 名義; audited', async () => {
    const before = await audits('billing.account.debit_form');
    const res = await as.office.get(staffUrl());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const { text, pages } = pdfText(res.rawPayload);
    expect(pages).toMatch(/^595\.\d* x 841\.\d*/);
    for (const part of [
      '預金口座振替依頼書',
      '1234567890',
      'ｻｸﾗﾎｲｸｴﾝ',
      '0009',
      '456',
      '普通',
      '1234567',
      'ﾔﾏﾀﾞﾀﾛｳ',
      '口座振替により支払う',
      'お届出印',
      (w.family.main.name ?? '').replace(/\s+/g, ''),
    ])
      expect(text).toContain(part);
    expect(await audits('billing.account.debit_form')).toBe(before + 1);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'billing.account.debit_form'));
    expect(JSON.stringify(entry!.details)).not.toContain('1234567');
  });

  it('billing.manage: 事務, 園長 and 法人管理者 200; 保育士 403; another facility 404; signed out 401', async () => {
    await expectMatrix(as, manage(200), (agent) => agent.get(staffUrl()));
  });

  it('a PIN session 403; a bad id 422; a non-payer 404', async () => {
    const pin = await tablet.get(staffUrl());
    expect([pin.statusCode, pin.json().message]).toEqual([403, staffMessages.desktopOnly]);
    const bad = await as.office.get(staffUrl('abc'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/[\u3040-\u30FF\u4E00-\u9FFF]/);
    expect((await as.office.get(staffUrl(w.family.unrelated.id))).statusCode).toBe(404);
  });

  it('the main guardian downloads their own; writable, read-only and unrelated 404; signed out 401; bad id 422', async () => {
    const res = await g.main.get(guardianUrl(), { headers: clock });
    expect(res.statusCode).toBe(200);
    const { text } = pdfText(res.rawPayload);
    for (const part of ['預金口座振替依頼書', '0009', '1234567', 'ﾔﾏﾀﾞﾀﾛｳ']) expect(text).toContain(part);
    for (const agent of [g.writable, g.readOnly, g.unrelated]) {
      const other = await agent.get(guardianUrl(), { headers: clock });
      expect([other.statusCode, other.json().message]).toEqual([404, messages.notFound]);
    }
    expect((await t.agent(clock).get(guardianUrl())).statusCode).toBe(401);
    expect((await as.office.get(guardianUrl())).statusCode).toBe(401);
    expect((await g.main.get(guardianUrl('x'), { headers: clock })).statusCode).toBe(422);
  });
});

describe('登録済', () => {
  it('billing.manage marks and unmarks it; the list shows it; audited', async () => {
    const before = await audits('billing.account.registered');
    await expectMatrix(as, manage(200), (agent) => registered(agent, { registered: true }));
    const list = await call(as.office, getStaffBillingAccounts, { params: { facilityId: w.facilityId } });
    const mine = list.data.find((p) => p.user_id === w.family.main.id)!;
    expect(mine.account!.registered_at).toBe('2026-11-20T03:00:00.000Z');
    expect((await row())!.registeredBy).not.toBeNull();
    expect(await audits('billing.account.registered')).toBe(before + 3);
    const off = await call(as.office, putStaffBillingAccountRegistered, {
      params: { facilityId: w.facilityId, userId: w.family.main.id },
      body: { registered: false },
    });
    expect(off.data.account!.registered_at).toBeNull();
    expect(await audits('billing.account.registered')).toBe(before + 4);
  });

  it('cleared when the account changes (by the office or the guardian)', async () => {
    await registered(as.office, { registered: true });
    expect((await row())!.registeredAt).not.toBeNull();
    const changed = await call(as.office, putStaffBillingAccount, {
      params: { facilityId: w.facilityId, userId: w.family.main.id },
      body: { ...account, account_number: '7777777' },
    });
    expect(changed.data.account!.registered_at).toBeNull();
    await registered(as.office, { registered: true });
    await call(g.main, putBillingAccount, { params: { facilityId: w.facilityId }, body: account });
    expect((await row())!.registeredAt).toBeNull();
  });

  it('bad input 422 in Japanese, nothing written; no account 404; not a payer 422; PIN session 403', async () => {
    const before = await audits('billing.account.registered');
    expectInvalid(await registered(as.office, { registered: 'yes' }), 'registered', A.registered);
    expectInvalid(await registered(as.office, {}), 'registered', A.registered);
    expect((await row())!.registeredAt).toBeNull();
    const noAccount = await registered(as.office, { registered: true }, w.family.writable.id);
    expect([noAccount.statusCode, noAccount.json().message]).toEqual([404, A.noAccount]);
    expectInvalid(await registered(as.office, { registered: true }, w.family.unrelated.id), 'user_id', A.notPayer);
    expect((await registered(tablet, { registered: true })).statusCode).toBe(403);
    expect(await audits('billing.account.registered')).toBe(before);
  });
});
