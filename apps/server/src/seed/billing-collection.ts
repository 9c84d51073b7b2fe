import { and, asc, eq } from 'drizzle-orm';
import { addMonths, tokyoDate } from '@renraku/contract';
import { billingBankAccounts, billingDebitSettings, billingStatements } from '../db/schema';
import { seal } from '../lib/crypto';
import { carryStatement } from '../modules/billing/carry';
import { createDebitRequest, debitRequestOf } from '../modules/billing/collection';
import { importDebitResults } from '../modules/billing/debit-results';
import { importTransfers } from '../modules/billing/transfer-import';
import type { SeedContext } from './context';

const holders = ['ｽｽﾞｷ ﾊﾅｺ', 'ﾀﾅｶ ｹﾝｼﾞ', 'ｻﾄｳ ﾐｷ', 'ﾀｶﾊｼ ﾕｳｺ', 'ｲﾄｳ ﾏｻﾙ'];

/**
 * 集金 demo (spec/billing.md §4; docs/decisions/billing-demo-collection.md) at さくら保育園: the 委託者
 * settings, each payer of last month with a 口座振替 account (hogosha's entered in the guardian app,
 * the others' from the paper form), last month's request made and the bank's answer imported —
 * hogosha's and the 渡辺 family's 振替済 (支払済), sub's 資金不足 (引落不能) carried into this month's
 * draft as a 未収金 line (翌月へ繰越) — so a newcomer sees every state. Accounts need the server's secret (sealed
 * numbers): without it (unit tests' seeds) only the settings are written and last month stays 未払い.
 */
export async function seedBillingCollection(
  { db, ids, now }: SeedContext,
  staff: { director: number },
  secret: string | undefined,
): Promise<void> {
  const facilityId = ids.facilities.sakura;
  const companyId = ids.companies.sakura;
  await db.insert(billingDebitSettings).values(demoDebitSettings(companyId, facilityId, staff.director, now));
  if (!secret) return;
  const lastMonth = addMonths(tokyoDate(now).slice(0, 7), -1);
  const issued = await db
    .select({ id: billingStatements.id, payer: billingStatements.payerUserId })
    .from(billingStatements)
    .where(and(eq(billingStatements.facilityId, facilityId), eq(billingStatements.month, `${lastMonth}-01`)))
    .orderBy(asc(billingStatements.number));
  if (issued.length === 0) return;
  const holderOf = new Map([
    [ids.users.main, 'ﾔﾏﾀﾞ ﾊﾅｺ'],
    [ids.users.sub, 'ﾔﾏﾀﾞ ﾀﾛｳ'],
  ]);
  const registered = new Date(`${lastMonth}-01T10:00:00+09:00`);
  await db.insert(billingBankAccounts).values(
    issued.map(({ payer }, i) =>
      demoBankAccount(secret, {
        companyId,
        facilityId,
        userId: payer,
        index: i,
        holder: holderOf.get(payer) ?? holders[i % holders.length]!,
        own: payer === ids.users.main,
        registeredAt: registered,
        registeredBy: staff.director,
      }),
    ),
  );
  const viewer = { userId: staff.director, today: tokyoDate(now), deviceId: null, ip: '127.0.0.1' };
  const grant = {
    facilityId,
    companyId,
    facilityName: 'さくら保育園',
    role: 'director' as const,
    classIds: [],
    scopeClassId: null,
    pinSession: false,
    chief: false,
  };
  await createDebitRequest(db, secret, viewer, grant, lastMonth, now);
  // The bank's answer: sub's 資金不足, the others' debited; the 事務 carries sub's into this month.
  const request = await debitRequestOf(db, facilityId, lastMonth);
  const file = Buffer.from(request!.fileBase64, 'base64');
  const failed = issued.filter((s) => s.payer === ids.users.sub).map((s) => s.id);
  const result = bankResultOf(file, (statementId) => (failed.includes(statementId) ? '1' : '0'));
  await importDebitResults(db, viewer, grant, lastMonth, result.toString('base64'), now);
  for (const statementId of failed) await carryStatement(db, viewer, grant, statementId, now);
  // 振込入金: this month's bank statement with one credit that is no family's fee, waiting for the 事務.
  const day = `${tokyoDate(now).slice(0, 7).replace('-', '/')}/01`;
  const statement = ['日付,摘要,お預り金額,お引出し金額,残高', `${day},振込 ｻｸﾗｶｲ ﾊﾞｻﾞｰ,12000,,512000`].join('\r\n');
  await importTransfers(db, viewer, grant, Buffer.from(statement).toString('base64'), now);
}

/**
 * The bank's 振替結果 for the demo: the request file with each data record's 振替結果コード (position
 * 112) chosen by its 顧客番号 (the statement's id, positions 92–111) and the trailer's totals.
 */
function bankResultOf(request: Buffer, codeOf: (statementId: number) => '0' | '1'): Buffer {
  const out = Buffer.from(request);
  const records = out.length / 122;
  const totals = { '0': { count: 0, amount: 0 }, '1': { count: 0, amount: 0 } };
  for (let i = 1; i < records - 2; i++) {
    const record = out.subarray(i * 122, i * 122 + 120);
    const code = codeOf(Number(record.subarray(91, 111).toString('latin1')));
    record.write(code, 111, 'latin1');
    totals[code].count += 1;
    totals[code].amount += Number(record.subarray(80, 90).toString('latin1'));
  }
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  out.write(
    pad(totals['0'].count, 6) + pad(totals['0'].amount, 12) + pad(totals['1'].count, 6) + pad(totals['1'].amount, 12),
    (records - 2) * 122 + 19,
    'latin1',
  );
  return out;
}

/** The demo 委託者 settings of a facility (consignor 1234567890 at ｻｸﾗｷﾞﾝｺｳ). */
export function demoDebitSettings(companyId: number, facilityId: number, updatedBy: number, now: Date) {
  return {
    facilityId,
    companyId,
    consignorCode: '1234567890',
    consignorName: 'ｼﾔｶｲﾌｸｼﾎｳｼﾞﾝ ｻｸﾗｶｲ',
    bankCode: '0009',
    bankName: 'ｻｸﾗｷﾞﾝｺｳ',
    branchCode: '101',
    branchName: 'ｴｷﾏｴ',
    accountType: 'ordinary',
    accountNumber: '1234567',
    updatedBy,
    updatedAt: now,
  } satisfies typeof billingDebitSettings.$inferInsert;
}

/**
 * A payer's demo 口座振替 account (the `index`-th of the facility's), registered at the bank on
 * `registeredAt`: entered in the guardian app when `own`, else by the 事務 from the paper form.
 */
export function demoBankAccount(
  secret: string,
  a: {
    companyId: number;
    facilityId: number;
    userId: number;
    index: number;
    holder: string;
    own: boolean;
    registeredAt: Date;
    registeredBy: number;
  },
) {
  const number = String(1000001 + a.index * 7919).padStart(7, '0');
  return {
    companyId: a.companyId,
    facilityId: a.facilityId,
    userId: a.userId,
    bankCode: '0001',
    branchCode: String(100 + a.index).padStart(3, '0'),
    accountType: 'ordinary',
    numberSealed: seal(secret, number),
    numberLast3: number.slice(-3),
    holder: a.holder,
    enteredBy: a.own ? 'guardian' : 'staff',
    // The bank registered the forms before last month's debit (the 事務's 登録済 mark).
    registeredAt: a.registeredAt,
    registeredBy: a.registeredBy,
    updatedBy: a.own ? a.userId : a.registeredBy,
    updatedAt: a.registeredAt,
  } satisfies typeof billingBankAccounts.$inferInsert;
}
