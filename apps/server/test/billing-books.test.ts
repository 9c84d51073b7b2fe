import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { postStaffBillingPayment } from '@renraku/contract';
import { auditLog, billingStatements } from '../src/db/schema';
import { call, setupApp, type Agent, type StaffPersona } from './harness';
import { expectMatrix, statuses } from './staff-persona-matrix';
import { buildBillingWorld, pinTablet } from './billing-world';

/**
 * Books (spec/billing.md §5, issue 34; docs/decisions/billing-books.md): the month's statements and
 * payments for Excel, and the 仕訳 in 弥生会計's import format; the yen in both equal the statements'.
 */

const t = setupApp();
const db = () => t.db;
const clock = { 'x-test-now': '2026-11-20T03:00:00.000Z' };

let built: Awaited<ReturnType<typeof buildBillingWorld>>;
let as: Record<StaffPersona, Agent>;
let statements: (typeof billingStatements.$inferSelect)[];

const url = (file: 'books' | 'journal', month = '2026-10') =>
  `/api/staff/facilities/${built.w.facilityId}/billing/${file}.csv?month=${month}`;
const rowsOf = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

beforeAll(async () => {
  built = await buildBillingWorld(t, clock);
  as = built.as;
  statements = await db().select().from(billingStatements).orderBy(billingStatements.number);
  const second = statements.find((s) => s.payerUserId === built.second.id)!;
  const paid = await call(as.office, postStaffBillingPayment, {
    params: { statementId: second.id },
    body: { method: 'cash', paid_on: '2026-11-05', amount: second.total },
  });
  expect(paid.statusCode).toBe(201);
}, 120_000);

describe('the month’s CSV for Excel', () => {
  it('billing.manage downloads it (UTF-8 with BOM); 保育士 403, another facility 404, signed out 401, a PIN tablet 403', async () => {
    await expectMatrix(as, statuses(200, { office: 200, classStaff: 403 }), (agent) => agent.get(url('books')));
    expect((await (await pinTablet(t, as, built.w, clock)).get(url('books'))).statusCode).toBe(403);
  });

  it('bad input: the month is required and must be a month (422 in Japanese)', async () => {
    for (const bad of ['', '2026-13', 'x']) {
      const res = await as.office.get(`/api/staff/facilities/${built.w.facilityId}/billing/books.csv?month=${bad}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/[\u3040-\u30FF\u4E00-\u9FFF]/);
    }
    expect((await as.office.get(`/api/staff/facilities/${built.w.facilityId}/billing/books.csv`)).statusCode).toBe(422);
  });

  it('one row per statement: lines by kind summing to the total, what was paid, how and when, what is open', async () => {
    const res = await as.office.get(url('books'));
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = rowsOf(res.body);
    expect(header).toEqual([
      '請求番号',
      '対象月',
      '支払者',
      '園児',
      '保育料',
      '延長保育料',
      '副食費',
      '主食費',
      '実費',
      '一時預かり',
      '兄弟姉妹割引',
      '調整',
      '訂正',
      '前月までの未収金',
      '請求額',
      '支払期日',
      '状態',
      '入金額',
      '入金日',
      '入金方法',
      '未収額',
    ]);
    expect(rows.map((r) => r[0])).toEqual(statements.map((s) => s.number));
    for (const [i, row] of rows.entries()) {
      const s = statements[i]!;
      const byKind = row.slice(4, 14).map(Number);
      expect(byKind.reduce((a, b) => a + b, 0)).toBe(s.total);
      expect(Number(row[14])).toBe(s.total);
    }
    const second = rows.find((r) => r[0] === statements.find((s) => s.payerUserId === built.second.id)!.number)!;
    expect(second.slice(16)).toEqual(['支払済', second[14]!, '2026-11-05', '現金', '0']);
    const first = rows.find((r) => r !== second)!;
    expect(first.slice(16)).toEqual(['未払い', '0', '', '', first[14]!]);
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'billing.books.export'));
    expect(audits.length).toBeGreaterThan(0);
  });
});

describe('the 仕訳 for 弥生会計', () => {
  const journal = async (month: string) => {
    const res = await as.office.get(url('journal', month));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('shift_jis');
    const text = iconv.decode(res.rawPayload, 'cp932');
    expect(text.endsWith('\r\n')).toBe(true);
    return rowsOf(text);
  };

  it('October: each statement’s revenue by kind on 10/31 (未収金 / 収入, 非課売上), 25 columns, flag 2000; the yen equal the statements', async () => {
    const lines = await journal('2026-10');
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      expect(l).toHaveLength(25);
      expect([l[0], l[3], l[4], l[7], l[13], l[19], l[24]]).toEqual([
        '2000',
        '2026/10/31',
        '未収金',
        '対象外',
        '非課売上',
        '0',
        'no',
      ]);
      expect(l[8]).toBe(l[14]);
      expect(Number(l[8])).toBeGreaterThan(0);
      expect(l[16]!.length).toBeLessThanOrEqual(32);
    }
    expect(lines.map((l) => l[10])).toEqual(expect.arrayContaining(['副食費収入', '延長保育料収入']));
    const revenue = lines.reduce((sum, l) => sum + Number(l[8]), 0);
    expect(revenue).toBe(statements.reduce((sum, s) => sum + s.total, 0));
  });

  it('November: the cash payment made then (現金 / 未収金 on its day); no October revenue again', async () => {
    const lines = await journal('2026-11');
    const second = statements.find((s) => s.payerUserId === built.second.id)!;
    expect(lines).toEqual([expect.arrayContaining(['2000', '2026/11/05', '現金', '対象外', String(second.total), '未収金'])]);
    expect(lines[0]![16]).toContain(second.number);
  });
});
