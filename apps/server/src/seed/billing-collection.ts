import { and, eq, ne } from 'drizzle-orm';
import { addMonths, tokyoDate } from '@renraku/contract';
import { billingBankAccounts, billingDebitSettings, billingStatements } from '../db/schema';
import { seal } from '../lib/crypto';
import { createDebitRequest } from '../modules/billing/collection';
import { importTransfers } from '../modules/billing/transfer-import';
import type { SeedContext } from './context';

const holders = ['ｽｽﾞｷ ﾊﾅｺ', 'ﾀﾅｶ ｹﾝｼﾞ', 'ｻﾄｳ ﾐｷ', 'ﾀｶﾊｼ ﾕｳｺ', 'ｲﾄｳ ﾏｻﾙ'];

/**
 * 集金 demo (spec/billing.md §4) at さくら保育園: the 委託者 settings, a paper-form account for each
 * other payer of last month, and last month's 口座振替 request created (their statements 引落予定),
 * so the 事務 can download the file and import the bank's result. hogosha registers their own account
 * in the guardian app. Accounts need the server's secret (sealed numbers): without it (unit tests'
 * seeds) only the settings are written.
 */
export async function seedBillingCollection(
  { db, ids, now }: SeedContext,
  staff: { director: number },
  secret: string | undefined,
): Promise<void> {
  const facilityId = ids.facilities.sakura;
  const companyId = ids.companies.sakura;
  await db.insert(billingDebitSettings).values({
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
    updatedBy: staff.director,
    updatedAt: now,
  });
  if (!secret) return;
  const lastMonth = addMonths(tokyoDate(now).slice(0, 7), -1);
  const others = await db
    .select({ payer: billingStatements.payerUserId })
    .from(billingStatements)
    .where(
      and(
        eq(billingStatements.facilityId, facilityId),
        eq(billingStatements.month, `${lastMonth}-01`),
        ne(billingStatements.payerUserId, ids.users.main),
      ),
    );
  if (others.length === 0) return;
  await db.insert(billingBankAccounts).values(
    others.map(({ payer }, i) => {
      const number = String(1000001 + i * 7919).padStart(7, '0');
      return {
        companyId,
        facilityId,
        userId: payer,
        bankCode: '0001',
        branchCode: String(100 + i).padStart(3, '0'),
        accountType: 'ordinary',
        numberSealed: seal(secret, number),
        numberLast3: number.slice(-3),
        holder: holders[i % holders.length]!,
        enteredBy: 'staff',
        updatedBy: staff.director,
        updatedAt: now,
      };
    }),
  );
  const viewer = { userId: staff.director, today: tokyoDate(now), deviceId: null, ip: '127.0.0.1' };
  const grant = {
    facilityId,
    companyId,
    facilityName: 'さくら保育園',
    role: 'director' as const,
    classIds: [],
    scopeClassId: null,
    chief: false,
  };
  await createDebitRequest(db, secret, viewer, grant, lastMonth, now);
  // 振込入金: this month's bank statement with one credit that is no family's fee, waiting for the 事務.
  const day = `${tokyoDate(now).slice(0, 7).replace('-', '/')}/01`;
  const statement = ['日付,摘要,お預り金額,お引出し金額,残高', `${day},振込 ｻｸﾗｶｲ ﾊﾞｻﾞｰ,12000,,512000`].join('\r\n');
  await importTransfers(db, viewer, grant, Buffer.from(statement).toString('base64'), now);
}
