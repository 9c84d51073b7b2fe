import { debitMessages as D } from '@renraku/contract';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingBankAccounts, billingDebitItems, billingDebitRequests, billingStatements } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { collectionOf, debitRequestOf } from './collection';

/**
 * 取り下げ (docs/decisions/billing-debit-request.md): the 事務 withdraws a request the bank has not
 * answered (not sent, or cancelled with the bank): its file and items go, its statements are 未払い
 * again, the accounts it was the first for get 新規コード 1 again; audited with its count and total.
 * Once a result is imported the request stays (409): payments hang on it.
 */
export async function withdrawDebitRequest(db: Db, staff: StaffViewer, grant: FacilityGrant, month: string, now: Date) {
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const found = await debitRequestOf(t, grant.facilityId, month);
    if (!found) throw notFound(D.noRequest);
    const [request] = await t.select().from(billingDebitRequests).where(eq(billingDebitRequests.id, found.id)).for('update');
    const items = await t.select().from(billingDebitItems).where(eq(billingDebitItems.requestId, request!.id));
    if (items.some((i) => i.resultCode !== null)) throw conflict(D.withdrawAnswered);
    const statementIds = items.map((i) => i.statementId);
    await t.delete(billingDebitItems).where(eq(billingDebitItems.requestId, request!.id));
    await t.delete(billingDebitRequests).where(eq(billingDebitRequests.id, request!.id));
    if (statementIds.length > 0) {
      await t
        .update(billingStatements)
        .set({ status: 'unpaid' })
        .where(and(inArray(billingStatements.id, statementIds), eq(billingStatements.status, 'scheduled')));
      const payers = t
        .select({ id: billingStatements.payerUserId })
        .from(billingStatements)
        .where(inArray(billingStatements.id, statementIds));
      await t
        .update(billingBankAccounts)
        .set({ firstRequestedAt: null })
        .where(
          and(
            eq(billingBankAccounts.facilityId, grant.facilityId),
            inArray(billingBankAccounts.userId, payers),
            isNotNull(billingBankAccounts.firstRequestedAt),
            eq(billingBankAccounts.firstRequestedAt, request!.createdAt),
          ),
        );
    }
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'billing.debit.withdraw',
      targetType: 'billing_debit_request',
      targetId: request!.id,
      details: { month, count: request!.count, total: request!.total },
    });
  });
  return collectionOf(db, grant, month);
}
