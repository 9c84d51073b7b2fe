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
 * saw on the bank statement): the statement's row locked, then `payStatement` in the same transaction.
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
    await payStatement(t, staff, s, { method: body.method, paidOn: body.paid_on, amount: body.amount }, now);
  });
  return presentStatement((await statementById(db, statementId))!, grant.facilityName);
}

type StatementRow = typeof billingStatements.$inferSelect;

/**
 * A payment of a statement whose row the caller has locked (`for update`), inside the caller's
 * transaction: refused when paid or awaiting the bank's debit, or when it would pay more than is open;
 * written (never deleted), the statement 支払済 once paid in full, audited. Shared by the office's
 * payment and the 振込 matching.
 */
export async function payStatement(
  t: Db,
  staff: StaffViewer,
  s: StatementRow,
  payment: { method: 'cash' | 'transfer'; paidOn: string; amount: number },
  now: Date,
): Promise<number> {
  if (s.status === 'paid') throw conflict(M.alreadyPaid);
  if (s.status === 'carried') throw conflict(M.carried);
  // The bank may still debit it: a payment now could be paid twice (billing-debit-results.md).
  if (s.status === 'scheduled') throw conflict(M.debitPending);
  const [{ paid, n }] = (await t
    .select({ paid: sql<number>`coalesce(sum(${billingPayments.amount}), 0)::int`, n: sql<number>`count(*)::int` })
    .from(billingPayments)
    .where(eq(billingPayments.statementId, s.id))) as [{ paid: number; n: number }];
  if (paid + payment.amount > s.total) throw invalid('amount', M.overpaid);
  const [row] = await t
    .insert(billingPayments)
    .values({
      companyId: s.companyId,
      facilityId: s.facilityId,
      statementId: s.id,
      amount: payment.amount,
      method: payment.method,
      paidOn: payment.paidOn,
      receiptNumber: payment.method === 'cash' ? `${s.number}-R${n + 1}` : null,
      recordedBy: staff.userId,
      recordedAt: now,
    })
    .returning({ id: billingPayments.id });
  if (paid + payment.amount === s.total)
    await t.update(billingStatements).set({ status: 'paid' }).where(eq(billingStatements.id, s.id));
  await recordAudit(t, staff, now, {
    companyId: s.companyId,
    facilityId: s.facilityId,
    action: 'billing.payment',
    targetType: 'billing_payment',
    targetId: row!.id,
    details: { statement_id: s.id, number: s.number, amount: payment.amount, method: payment.method, paid_on: payment.paidOn },
  });
  return row!.id;
}
