import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import {
  getStaffBillingTransfers,
  postStaffBillingTransferAssign,
  postStaffBillingTransferDismiss,
  postStaffBillingTransfersImport,
  transferMessages as T,
} from '@renraku/contract';
import { auditLog, billingPayments, billingStatements, billingTransfers, children } from '../src/db/schema';
import { bankAmount, bankDate } from '../src/modules/billing/transfer-csv';
import { kanaKey, matchCredit, type OpenStatement } from '../src/modules/billing/transfer-match';
import { call, callRaw, setupApp, type Agent, type StaffPersona } from './harness';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';
import { buildBillingWorld, pinTablet } from './billing-world';

/**
 * 振込 (spec/billing.md §4, issue 34): the bank's 入出金明細 CSV imported once per line, credits
 * matched to open statements by カナ name and amount, the rest assigned or dismissed by the 事務.
 */

const t = setupApp();
const db = () => t.db;
const clock = { 'x-test-now': '2026-11-20T03:00:00.000Z' };
const manage = (ok: number) => statuses(ok, { office: ok, classStaff: 403 });

let built: Awaited<ReturnType<typeof buildBillingWorld>>;
let as: Record<StaffPersona, Agent>;
let first: { id: number; total: number };
let second: { id: number; total: number };

const facility = () => ({ facilityId: built.w.facilityId });
/** A bank's CSV as Japanese banks send it: Shift_JIS, account lines first, then the header. */
const csv = (lines: string[], encoding = 'cp932') =>
  iconv
    .encode(
      ['口座番号,普通 1234567', '照会期間,2026/11/01～2026/11/20', '日付,摘要,お預り金額,お引出し金額,残高', ...lines].join(
        '\r\n',
      ),
      encoding,
    )
    .toString('base64');
const importFile = (agent: Agent, file: string) =>
  callRaw(agent, postStaffBillingTransfersImport, { params: facility(), body: { file_base64: file } });
const tally = async () => ({
  transfers: (await db().select({ n: count() }).from(billingTransfers))[0]!.n,
  payments: (await db().select({ n: count() }).from(billingPayments))[0]!.n,
});

beforeAll(async () => {
  built = await buildBillingWorld(t, clock);
  as = built.as;
  await db()
    .update(children)
    .set({ lastNameKana: 'やまだ', firstNameKana: 'はると' })
    .where(eq(children.id, built.w.family.child.id));
  await db()
    .update(children)
    .set({ lastNameKana: 'さとう', firstNameKana: 'ゆい' })
    .where(eq(children.id, built.secondChild.child.id));
  const rows = await db().select().from(billingStatements);
  const of = (payer: number) => rows.find((r) => r.payerUserId === payer)!;
  first = of(built.w.family.main.id);
  second = of(built.second.id);
}, 120_000);

describe('reading a bank statement', () => {
  it('dates and amounts as banks write them', () => {
    expect(['2026/11/05', '2026-11-5', '2026年11月5日', '20261105', 'R8.11.5', '令和8年11月5日'].map(bankDate)).toEqual(
      Array(6).fill('2026-11-05'),
    );
    expect(['2026/02/30', '11/05', ''].map(bankDate)).toEqual([null, null, null]);
    expect(['12,300', '¥12,300', '１２３００円', '', '-'].map(bankAmount)).toEqual([12300, 12300, 12300, 0, 0]);
    expect(bankAmount('12.5')).toBeNull();
  });

  it('names: full-width, half-width and hiragana compare alike; one strong or one weak candidate, never a guess', () => {
    expect(kanaKey('ﾔﾏﾀﾞ ﾊﾙﾄ')).toBe(kanaKey('やまだ　はると'));
    expect(kanaKey('キャッシュ・ハナコ')).toBe('キヤツシユハナコ');
    const open = (id: number, remaining: number, names: string[], familyNames: string[]) =>
      ({
        row: { id } as OpenStatement['row'],
        remaining,
        names: names.map(kanaKey),
        familyNames: familyNames.map(kanaKey),
      }) as OpenStatement;
    const a = open(1, 4500, ['ヤマダハルト'], ['ヤマダ']);
    const b = open(2, 4500, ['ヤマダミオ'], ['ヤマダ']);
    const c = open(3, 5000, ['サトウユイ', 'ｻﾄｳ ﾀﾛｳ'], ['サトウ']);
    expect(matchCredit({ description: '振込 ﾔﾏﾀﾞ ﾊﾙﾄ', amount: 4500 }, [a, b, c])?.row.id).toBe(1);
    // Two ヤマダ families owe 4,500: the family name alone does not decide.
    expect(matchCredit({ description: 'ﾌﾘｺﾐ ﾔﾏﾀﾞ ｹｲｺ', amount: 4500 }, [a, b, c])).toBeNull();
    expect(matchCredit({ description: 'サトウ　タロウ', amount: 5000 }, [a, b, c])?.row.id).toBe(3);
    expect(matchCredit({ description: 'ｻﾄｳ ｹﾝ', amount: 5000 }, [a, b, c])?.row.id).toBe(3);
    // The right name with another amount waits.
    expect(matchCredit({ description: 'ヤマダ ハルト', amount: 4000 }, [a, b, c])).toBeNull();
  });
});

describe('importing the 入出金明細', () => {
  it('bad files answer 400 naming the line (or 422 for the field) and write nothing', async () => {
    const before = await tally();
    const bad = async (file: string, message: string) => {
      const res = await importFile(as.office, file);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    };
    await bad(Buffer.from('a,b,c\r\n1,2,3').toString('base64'), `1行目：${T.noHeader}`);
    await bad(csv([`2026/11/05,振込 ﾔﾏﾀﾞ ﾊﾙﾄ,${first.total},,100000`, '2026/11/32,振込 ｻﾄｳ,4500,,104500']), `5行目：${T.date}`);
    await bad(csv(['2026/11/05,振込 ﾔﾏﾀﾞ ﾊﾙﾄ,12.5,,100000']), `4行目：${T.amount}`);
    await bad(csv(['2026/11/05,口座振替手数料,,110,99890']), `4行目：${T.noCredits}`);
    expectInvalid(await importFile(as.office, ''), 'file_base64', T.file);
    expectInvalid(await importFile(as.office, '!!!'), 'file_base64', T.unreadable);
    expect(await tally()).toEqual(before);
  });

  it('matches by name and amount into 振込 payments, leaves the rest waiting, and imports each line once (twice at once too)', async () => {
    const file = csv([
      '2026/11/02,口座振替手数料,,110,99890',
      `2026/11/05,振込 ﾔﾏﾓﾄ ｹｲｺ,${first.total},,${99890 + first.total}`,
      `2026/11/06,ﾌﾘｺﾐ ｻﾄｳ ﾀﾛｳ,${second.total},,${99890 + first.total + second.total}`,
      '2026/11/07,ﾌﾘｺﾐ ｶ)ﾐﾄﾞﾘｼﾖｳｼﾞ,10000,,999999',
    ]);
    const [a, b] = await Promise.all([importFile(as.office, file), importFile(as.director, file)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const results = [a.json(), b.json()];
    expect(results.map((r) => r.imported).sort()).toEqual([0, 3]);
    expect(results.map((r) => r.duplicates).sort()).toEqual([0, 3]);
    const res = results.find((r) => r.imported === 3)!;
    expect(res.matched).toEqual({ count: 1, amount: second.total });
    expect(res.waiting).toEqual({ count: 2, amount: first.total + 10000 });
    const payments = await db().select().from(billingPayments);
    expect(payments).toEqual([
      expect.objectContaining({ statementId: second.id, amount: second.total, method: 'transfer', paidOn: '2026-11-06' }),
    ]);
    const [s] = await db().select().from(billingStatements).where(eq(billingStatements.id, second.id));
    expect(s!.status).toBe('paid');
    expect(res.transfers.waiting.map((x: { description: string }) => x.description)).toEqual([
      // The 摘要 as read: half-width カナ shown full-width.
      '振込 ヤマモト ケイコ',
      'フリコミ カ)ミドリシヨウジ',
    ]);
    expect(res.transfers.recent[0]).toMatchObject({ status: 'matched', statement: { id: second.id }, amount: second.total });
    expect(res.transfers.open_statements).toEqual([expect.objectContaining({ id: first.id, remaining: first.total })]);
    // An overlapping later statement adds only its new line.
    const later = await importFile(
      as.office,
      csv([`2026/11/06,ﾌﾘｺﾐ ｻﾄｳ ﾀﾛｳ,${second.total},,${99890 + first.total + second.total}`, '2026/11/08,ﾘｿｸ,3,,1000002']),
    );
    expect(later.json()).toMatchObject({ imported: 1, duplicates: 1, waiting: { count: 1, amount: 3 } });
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'billing.transfer.import'));
    expect(audits).toHaveLength(3);
  });

  it('billing.manage: 事務, 園長, 法人管理者; 保育士 403; another facility 404; signed out 401; a PIN tablet 403', async () => {
    await expectMatrix(as, manage(200), (agent) => call(agent, getStaffBillingTransfers, { params: facility() }));
    const tablet = await pinTablet(t, as, built.w, clock);
    expect((await call(tablet, getStaffBillingTransfers, { params: facility() })).statusCode).toBe(403);
    const before = await tally();
    const file = csv(['2026/11/09,ﾌﾘｺﾐ ﾃｽﾄ,1,,1']);
    await expectMatrix(as, manage(200), (agent) => importFile(agent, file));
    expect((await importFile(tablet, file)).statusCode).toBe(403);
    expect((await tally()).transfers).toBe(before.transfers + 1);
  });
});

describe('resolving what waits', () => {
  const waiting = async () => (await call(as.office, getStaffBillingTransfers, { params: facility() })).data.waiting;
  const assign = (agent: Agent, transferId: number, body: unknown) =>
    callRaw(agent, postStaffBillingTransferAssign, { params: { ...facility(), transferId }, body });
  const dismiss = (agent: Agent, transferId: number, body: unknown) =>
    callRaw(agent, postStaffBillingTransferDismiss, { params: { ...facility(), transferId }, body });

  it('assign: the 事務 pays the statement with the credit; bad choices 422; resolved 409; not ours 404; 保育士 403', async () => {
    const list = await waiting();
    const yamamoto = list.find((x) => x.description.includes('ヤマモト'))!;
    const midori = list.find((x) => x.description.includes('ミドリ'))!;
    expectInvalid(await assign(as.office, yamamoto.id, {}), 'statement_id', T.statement);
    expectInvalid(await assign(as.office, yamamoto.id, { statement_id: second.id }), 'statement_id', T.notOpen);
    expectInvalid(await assign(as.office, midori.id, { statement_id: first.id }), 'statement_id', T.overpaid);
    expectInvalid(await assign(as.office, yamamoto.id, { statement_id: 999_999 }), 'statement_id', T.statement);
    expect((await assign(as.classStaffA, yamamoto.id, { statement_id: first.id })).statusCode).toBe(403);
    expect((await assign(as.otherFacility, yamamoto.id, { statement_id: first.id })).statusCode).toBe(404);
    expect((await assign(as.office, 999_999, { statement_id: first.id })).statusCode).toBe(404);
    expect((await db().select().from(billingPayments)).filter((p) => p.statementId === first.id)).toEqual([]);
    const ok = await assign(as.office, yamamoto.id, { statement_id: first.id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().recent.find((x: { id: number }) => x.id === yamamoto.id)).toMatchObject({
      id: yamamoto.id,
      status: 'assigned',
      statement: { id: first.id },
    });
    const [s] = await db().select().from(billingStatements).where(eq(billingStatements.id, first.id));
    expect(s!.status).toBe('paid');
    expect((await assign(as.office, yamamoto.id, { statement_id: first.id })).statusCode).toBe(409);
  });

  it('dismiss: recorded with its reason, kept in the list; empty reason 422', async () => {
    const midori = (await waiting()).find((x) => x.description.includes('ミドリ'))!;
    expectInvalid(await dismiss(as.office, midori.id, { reason: ' ' }), 'reason', T.reason);
    expect((await dismiss(as.classStaffA, midori.id, { reason: '寄付' })).statusCode).toBe(403);
    const ok = await dismiss(as.office, midori.id, { reason: 'バザーの売上' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().recent.find((x: { id: number }) => x.id === midori.id)).toMatchObject({
      status: 'dismissed',
      note: 'バザーの売上',
    });
    expect((await dismiss(as.office, midori.id, { reason: '寄付' })).statusCode).toBe(409);
  });

  it('no yen appears or disappears: the payments made from credits equal the credits matched and assigned', async () => {
    const [{ credits }] = (await db()
      .select({ credits: sql<number>`coalesce(sum(${billingTransfers.amount}), 0)::int` })
      .from(billingTransfers)
      .where(sql`${billingTransfers.status} in ('matched', 'assigned')`)) as [{ credits: number }];
    const [{ paid }] = (await db()
      .select({ paid: sql<number>`coalesce(sum(${billingPayments.amount}), 0)::int` })
      .from(billingPayments)
      .where(eq(billingPayments.method, 'transfer'))) as [{ paid: number }];
    expect(credits).toBe(first.total + second.total);
    expect(paid).toBe(credits);
  });
});
