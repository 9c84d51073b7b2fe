import { addMonths, billingMessages as M, debitResultLabels, yearMonthLabel } from '@renraku/contract';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingAdjustments, billingDebitItems, billingMonths, billingPayments, billingStatements } from '../../db/schema';
import { invalid, notFound } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { monthOf } from './inputs';

/**
 * 繰越 (spec/billing.md §4, docs/decisions/billing-carry-over.md): the unpaid rest of an issued
 * statement (引落不能, or 未払い past its due date) moves onto the first month after it that is not
 * closed yet, as a line 「2026年10月分の未収金（請求番号 …）」 of the same child's family; the statement
 * becomes 翌月へ繰越 and takes no more payments. In one transaction under the statement's lock, once
 * (a unique index holds one carry line per statement); audited.
 */
export async function carryStatement(db: Db, staff: StaffViewer, grant: FacilityGrant, statementId: number, now: Date) {
  return db.transaction(async (tx) => {
    const t: Db = tx;
    const [s] = await t.select().from(billingStatements).where(eq(billingStatements.id, statementId)).for('update');
    if (!s || s.facilityId !== grant.facilityId) throw notFound();
    const overdue = s.status === 'unpaid' && s.dueDate < staff.today;
    if (s.status !== 'failed' && !overdue) throw invalid('statement_id', M.carryNotOpen);
    const [{ paid }] = (await t
      .select({ paid: sql<number>`coalesce(sum(${billingPayments.amount}), 0)::int` })
      .from(billingPayments)
      .where(eq(billingPayments.statementId, s.id))) as [{ paid: number }];
    const rest = s.total - paid;
    if (rest <= 0) throw invalid('statement_id', M.carryNothing);
    const month = await firstOpenMonthAfter(t, s.facilityId, monthOf(s.month));
    const [debit] = await t
      .select({ code: billingDebitItems.resultCode })
      .from(billingDebitItems)
      .where(eq(billingDebitItems.statementId, s.id));
    const why = debit?.code
      ? `口座振替：${debitResultLabels[debit.code as keyof typeof debitResultLabels]}`
      : '支払期日までに未入金';
    const [line] = await t
      .insert(billingAdjustments)
      .values({
        companyId: s.companyId,
        facilityId: s.facilityId,
        month: `${month}-01`,
        childId: s.childIds[0]!,
        amount: rest,
        reason: `${yearMonthLabel(monthOf(s.month))}分 ${s.total.toLocaleString('ja-JP')}円のうち未収の${rest.toLocaleString('ja-JP')}円（${why}）`,
        carriedStatementId: s.id,
        createdBy: staff.userId,
        createdAt: now,
      })
      .returning({ id: billingAdjustments.id });
    await t.update(billingStatements).set({ status: 'carried' }).where(eq(billingStatements.id, s.id));
    await recordAudit(t, staff, now, {
      companyId: s.companyId,
      facilityId: s.facilityId,
      action: 'billing.carry',
      targetType: 'billing_statement',
      targetId: s.id,
      details: { number: s.number, amount: rest, to_month: month, adjustment_id: line!.id },
    });
    return { statement_id: s.id, month, amount: rest };
  });
}

/** The first month after `month` whose 確定 has not happened (a month with no row is open). */
async function firstOpenMonthAfter(t: Db, facilityId: number, month: string): Promise<string> {
  const closed = await t
    .select({ month: billingMonths.month })
    .from(billingMonths)
    .where(
      and(eq(billingMonths.facilityId, facilityId), gt(billingMonths.month, `${month}-01`), isNotNull(billingMonths.closedAt)),
    );
  const taken = new Set(closed.map((r) => monthOf(r.month)));
  let next = addMonths(month, 1);
  while (taken.has(next)) next = addMonths(next, 1);
  return next;
}
