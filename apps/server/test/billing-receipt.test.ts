import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { billingMessages as M, messages, postStaffBillingPayment, staffMessages } from '@renraku/contract';
import { billingStatements, facilities } from '../src/db/schema';
import { buildStaffWorld, buildUser } from './factories';
import { call, setupApp, type Agent, type StaffPersona } from './harness';
import { expectMatrix, statuses } from './staff-persona-matrix';
import { pdfText } from './pdf-text';
import { buildBillingWorld, pinTablet, signInFamily } from './billing-world';

/**
 * 領収書 (spec/billing.md §3, issue 34): the PDF of a paid statement for its guardians and the
 * office; 409 before it is paid. The text is read with pdftotext (poppler-utils).
 */

const t = setupApp();
const db = () => t.db;
const clock = { 'x-test-now': '2026-11-20T03:00:00.000Z' };

let w: Awaited<ReturnType<typeof buildStaffWorld>>;
let as: Record<StaffPersona, Agent>;
let g: Record<'main' | 'writable' | 'readOnly' | 'unrelated', Agent>;
let tablet: Agent;
let paid: { id: number; number: string; total: number };
let unpaidId: number;
let secondPayer: Awaited<ReturnType<typeof buildUser>>;

const guardianUrl = (id: number | string) => `/api/billing/statements/${id}/receipt.pdf`;
const staffUrl = (id: number | string) => `/api/staff/billing/statements/${id}/receipt.pdf`;
beforeAll(async () => {
  const built = await buildBillingWorld(t, clock);
  ({ w, as } = built);
  await db()
    .update(facilities)
    .set({ address: '東京都千代田区1-2-3', phone: '03-1234-5678' })
    .where(eq(facilities.id, w.facilityId));
  const second = built.second;
  secondPayer = second;
  const rows = await db().select().from(billingStatements);
  const mine = rows.find((r) => r.payerUserId === w.family.main.id)!;
  unpaidId = rows.find((r) => r.payerUserId === second.id)!.id;
  const pay = await call(as.office, postStaffBillingPayment, {
    params: { statementId: mine.id },
    body: { method: 'cash', paid_on: '2026-11-19', amount: mine.total },
  });
  expect(pay.statusCode).toBe(201);
  paid = { id: mine.id, number: mine.number, total: mine.total };
  g = await signInFamily(t, w, clock);
  tablet = await pinTablet(t, as, w, clock);
}, 120_000);

describe('the guardian’s 領収書', () => {
  it('the main guardian downloads an A4 portrait PDF with 領収書, the number, the payer, the amount and the facility', async () => {
    const res = await g.main.get(guardianUrl(paid.id), { headers: clock });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain(`receipt-${paid.number}.pdf`);
    const { text, pages } = pdfText(res.rawPayload);
    expect(pages).toMatch(/^595\.\d* x 841\.\d*/);
    const [facility] = await db().select().from(facilities).where(eq(facilities.id, w.facilityId));
    for (const part of [
      '領収書',
      paid.number,
      `${w.family.main.name}様`.replace(/\s+/g, ''),
      `￥${paid.total.toLocaleString('ja-JP')}－`,
      '但し2026年10月分保育料等として',
      '上記正に領収いたしました',
      '2026年11月19日現金',
      facility!.name.replace(/\s+/g, ''),
      '東京都千代田区1-2-3',
    ])
      expect(text).toContain(part);
  });

  it('read like the statement: a writable co-guardian may; read-only and unrelated 404; anonymous 401', async () => {
    expect((await g.writable.get(guardianUrl(paid.id), { headers: clock })).statusCode).toBe(200);
    const ro = await g.readOnly.get(guardianUrl(paid.id), { headers: clock });
    expect([ro.statusCode, ro.json().message]).toEqual([404, messages.notFound]);
    expect((await g.unrelated.get(guardianUrl(paid.id), { headers: clock })).statusCode).toBe(404);
    expect((await t.agent(clock).get(guardianUrl(paid.id))).statusCode).toBe(401);
    // A staff session is not a guardian's.
    expect((await as.office.get(guardianUrl(paid.id))).statusCode).toBe(401);
  });

  it('not paid: 409 in Japanese; a bad or unknown id 422 / 404', async () => {
    const second = await t.signIn(secondPayer, clock);
    const res = await second.get(guardianUrl(unpaidId), { headers: clock });
    expect([res.statusCode, res.json().message]).toEqual([409, M.receiptNotPaid]);
    const bad = await g.main.get(guardianUrl('abc'), { headers: clock });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/[\u3040-\u30FF\u4E00-\u9FFF]/);
    expect((await g.main.get(guardianUrl(999999), { headers: clock })).statusCode).toBe(404);
  });
});

describe('the office’s 領収書', () => {
  it('billing.manage: 事務, 園長 and 法人管理者 download; 保育士 403; another facility 404; signed out 401', async () => {
    await expectMatrix(as, statuses(200, { office: 200, classStaff: 403 }), (agent) => agent.get(staffUrl(paid.id)));
    const res = await as.office.get(staffUrl(paid.id));
    expect(pdfText(res.rawPayload).text).toContain('領収書');
  });

  it('a PIN (device) session is refused; unpaid 409; bad id 422; unknown 404', async () => {
    const pin = await tablet.get(staffUrl(paid.id));
    expect([pin.statusCode, pin.json().message]).toEqual([403, staffMessages.desktopOnly]);
    const unpaid = await as.office.get(staffUrl(unpaidId));
    expect([unpaid.statusCode, unpaid.json().message]).toEqual([409, M.receiptNotPaid]);
    const bad = await as.office.get(staffUrl('x'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/[\u3040-\u30FF\u4E00-\u9FFF]/);
    expect((await as.office.get(staffUrl(999999))).statusCode).toBe(404);
  });
});
