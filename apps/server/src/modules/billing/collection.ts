import {
  bankAccountTypeCodes,
  collectionMethods,
  debitMessages as D,
  debitResultLabels,
  type BankAccountType,
  type StaffCollection,
  type StatementStatus,
} from '@renraku/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readTogether } from '../../db/reads';
import {
  billingBankAccounts,
  billingDebitItems,
  billingDebitRequests,
  billingDebitSettings,
  billingMonths,
  billingStatements,
} from '../../db/schema';
import { unseal } from '../../lib/crypto';
import { invalid } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { monthRow } from './inputs';
import { zenginRequestFile } from './zengin';
import { statementsWithBalance } from './balances';

type DebitResultCode = keyof typeof debitResultLabels;

/** 顧客番号: the statement's id, 20 digits (docs/decisions/billing-debit-request.md). */
export const customerNumberOf = (statementId: number) => String(statementId).padStart(20, '0');
export const debitFilename = (facilityId: number, month: string) => `kouza-furikae-${facilityId}-${month.replace('-', '')}.txt`;

export async function debitRequestOf(db: Db, facilityId: number, month: string) {
  const [row] = await db
    .select()
    .from(billingDebitRequests)
    .where(and(eq(billingDebitRequests.facilityId, facilityId), eq(billingDebitRequests.month, `${month}-01`)));
  return row;
}

/** The month's collection as the 事務 follows it: per family the amount, the way, the status, the bank's answer. */
export async function collectionOf(db: Db, grant: FacilityGrant, month: string): Promise<StaffCollection> {
  const [closed, settings, request, statements] = await readTogether(
    db,
    () => monthRow(db, grant.facilityId, month),
    () =>
      db
        .select({ id: billingDebitSettings.facilityId })
        .from(billingDebitSettings)
        .where(eq(billingDebitSettings.facilityId, grant.facilityId)),
    () => debitRequestOf(db, grant.facilityId, month),
    () =>
      statementsWithBalance(db)
        .where(and(eq(billingStatements.facilityId, grant.facilityId), eq(billingStatements.month, `${month}-01`)))
        .orderBy(asc(billingStatements.number)),
  );
  const ids = statements.map((r) => r.s.id);
  const items = ids.length ? await db.select().from(billingDebitItems).where(inArray(billingDebitItems.statementId, ids)) : [];
  return {
    month,
    closed: !!closed?.closedAt,
    settings_ready: settings.length > 0,
    request: request
      ? {
          created_at: request.createdAt.toISOString(),
          debit_date: request.debitDate,
          count: request.count,
          total: request.total,
          filename: debitFilename(grant.facilityId, month),
        }
      : null,
    rows: statements.map(({ s, paid, last3 }) => {
      const item = items.find((i) => i.statementId === s.id);
      const code = item?.resultCode as DebitResultCode | null | undefined;
      const debit = item ? true : !request && last3 !== null && s.status === 'unpaid';
      return {
        statement_id: s.id,
        number: s.number,
        payer: { id: s.payerUserId, name: s.payerName },
        children: (s.children as { name: string }[]).map((c) => c.name),
        total: s.total,
        paid,
        due_date: s.dueDate,
        status: s.status as StatementStatus,
        method: collectionMethods[debit ? 0 : 1],
        account_number_masked: item ? `****${item.numberLast3}` : last3 ? `****${last3}` : null,
        result: code ? { code, label: debitResultLabels[code] } : null,
      };
    }),
  };
}

/**
 * The month's 口座振替 request, created once (docs/decisions/billing-debit-request.md): under the
 * month's row lock, the closed month's unpaid statements whose payer has an account are written into
 * a 全銀 file (its bytes kept), listed with their 顧客番号 and marked 引落予定; audited. A later call
 * (or a concurrent one, after the lock) finds the request and answers it unchanged.
 */
export async function createDebitRequest(
  db: Db,
  secret: string,
  staff: StaffViewer,
  grant: FacilityGrant,
  month: string,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const [monthLock] = await t
      .select()
      .from(billingMonths)
      .where(and(eq(billingMonths.facilityId, grant.facilityId), eq(billingMonths.month, `${month}-01`)))
      .for('update');
    if (!monthLock?.closedAt) throw invalid('month', D.notClosed);
    if (await debitRequestOf(t, grant.facilityId, month)) return;
    const [settings] = await t.select().from(billingDebitSettings).where(eq(billingDebitSettings.facilityId, grant.facilityId));
    if (!settings) throw invalid('month', D.noSettings);
    const due = await t
      .select({ s: billingStatements, a: billingBankAccounts })
      .from(billingStatements)
      .innerJoin(
        billingBankAccounts,
        and(
          eq(billingBankAccounts.facilityId, billingStatements.facilityId),
          eq(billingBankAccounts.userId, billingStatements.payerUserId),
        ),
      )
      .where(
        and(
          eq(billingStatements.facilityId, grant.facilityId),
          eq(billingStatements.month, `${month}-01`),
          eq(billingStatements.status, 'unpaid'),
          sql`${billingStatements.total} > 0`,
        ),
      )
      .orderBy(asc(billingStatements.number));
    if (due.length === 0) throw invalid('month', D.nothingToDebit);
    const debitDate = due[0]!.s.dueDate;
    const file = zenginRequestFile({
      consignorCode: settings.consignorCode,
      consignorName: settings.consignorName,
      debitDate,
      account: {
        bankCode: settings.bankCode,
        bankName: settings.bankName,
        branchCode: settings.branchCode,
        branchName: settings.branchName,
        type: bankAccountTypeCodes[settings.accountType as BankAccountType],
        number: settings.accountNumber,
      },
      records: due.map(({ s, a }) => ({
        // No bank master here: the names stay blank, the codes identify the branch.
        account: {
          bankCode: a.bankCode,
          bankName: '',
          branchCode: a.branchCode,
          branchName: '',
          type: bankAccountTypeCodes[a.accountType as BankAccountType],
          number: unseal(secret, a.numberSealed),
        },
        holder: a.holder,
        amount: s.total,
        customerNumber: customerNumberOf(s.id),
        firstTime: a.firstRequestedAt === null,
      })),
    });
    const total = due.reduce((sum, d) => sum + d.s.total, 0);
    const [request] = await t
      .insert(billingDebitRequests)
      .values({
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        month: `${month}-01`,
        debitDate,
        fileBase64: file.toString('base64'),
        count: due.length,
        total,
        createdBy: staff.userId,
        createdAt: now,
      })
      .returning({ id: billingDebitRequests.id });
    await t.insert(billingDebitItems).values(
      due.map(({ s, a }) => ({
        companyId: grant.companyId,
        requestId: request!.id,
        statementId: s.id,
        customerNumber: customerNumberOf(s.id),
        amount: s.total,
        numberLast3: a.numberLast3,
      })),
    );
    const statementIds = due.map((d) => d.s.id);
    await t.update(billingStatements).set({ status: 'scheduled' }).where(inArray(billingStatements.id, statementIds));
    await t
      .update(billingBankAccounts)
      .set({ firstRequestedAt: now })
      .where(
        and(
          inArray(
            billingBankAccounts.id,
            due.map((d) => d.a.id),
          ),
          sql`${billingBankAccounts.firstRequestedAt} is null`,
        ),
      );
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'billing.debit.request',
      targetType: 'billing_debit_request',
      targetId: request!.id,
      details: { month, count: due.length, total, debit_date: debitDate },
    });
  });
  return collectionOf(db, grant, month);
}
