import { billingMessages as M } from '@renraku/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingPayments, billingStatements } from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { presentStatement } from './present';

export async function statementById(db: Db, id: number) {
  const [row] = await db.select().from(billingStatements).where(eq(billingStatements.id, id));
  return row;
}

/**
 * A payment recorded at the office (spec §4: cash with a receipt stays possible; a transfer the 事務
 * saw on the bank statement). In one transaction the statement's row is locked, the amount checked
 * against what is still open, the payment written (never deleted), the status set to 支払済 once
 * paid in full, and the audit entry written.
 */
export async function recordPayment(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  statementId: number,
  body: { method: 'cash' | 'transfer'; paid_on: string; amount: number },
  now: Date,
) {
  if (body.paid_on > staff.today) throw invalid('paid_on', M.paidInFuture);
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const [s] = await t.select().from(billingStatements).where(eq(billingStatements.id, statementId)).for('update');
    if (!s || s.facilityId !== grant.facilityId) throw notFound();
    if (s.status === 'paid') throw conflict(M.alreadyPaid);
    // The bank may still debit it: a payment now could be paid twice (billing-debit-results.md).
    if (s.status === 'scheduled') throw conflict(M.debitPending);
    const [{ paid }] = (await t
      .select({ paid: sql<number>`coalesce(sum(${billingPayments.amount}), 0)::int` })
      .from(billingPayments)
      .where(eq(billingPayments.statementId, s.id))) as [{ paid: number }];
    if (paid + body.amount > s.total) throw invalid('amount', M.overpaid);
    const [{ n }] = (await t
      .select({ n: sql<number>`count(*)::int` })
      .from(billingPayments)
      .where(eq(billingPayments.statementId, s.id))) as [{ n: number }];
    const [row] = await t
      .insert(billingPayments)
      .values({
        companyId: s.companyId,
        facilityId: s.facilityId,
        statementId: s.id,
        amount: body.amount,
        method: body.method,
        paidOn: body.paid_on,
        receiptNumber: body.method === 'cash' ? `${s.number}-R${n + 1}` : null,
        recordedBy: staff.userId,
        recordedAt: now,
      })
      .returning({ id: billingPayments.id });
    if (paid + body.amount === s.total)
      await t.update(billingStatements).set({ status: 'paid' }).where(eq(billingStatements.id, s.id));
    await recordAudit(t, staff, now, {
      companyId: s.companyId,
      facilityId: s.facilityId,
      action: 'billing.payment',
      targetType: 'billing_payment',
      targetId: row!.id,
      details: { statement_id: s.id, number: s.number, amount: body.amount, method: body.method, paid_on: body.paid_on },
    });
  });
  return presentStatement((await statementById(db, statementId))!, grant.facilityName);
}
