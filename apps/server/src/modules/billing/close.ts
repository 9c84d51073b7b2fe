import { billingMessages as M } from '@renraku/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingMonths, billingStatements } from '../../db/schema';
import { conflict, invalid } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { computeMonth, type DraftStatement } from './compute';
import { loadMonthInputs, lockBillingMonths, monthOf } from './inputs';
import { announceStatements, type IssueMailConfig } from './issue-notice';
import { billingMonth } from './month';

/** 請求番号: facility, month and the statement's place in the month (docs/decisions/billing-statement-numbers.md). */
export const statementNumber = (facilityId: number, month: string, index: number) =>
  `${facilityId}-${month.replace('-', '')}-${String(index + 1).padStart(3, '0')}`;

/** The statements a close issues from the month's drafts: numbered in order, unpaid. */
export const issuedStatements = (
  drafts: DraftStatement[],
  issue: { companyId: number; facilityId: number; month: string; issuedAt: Date; issuedBy: number },
) =>
  drafts.map((d, i) => ({
    companyId: issue.companyId,
    facilityId: issue.facilityId,
    month: `${issue.month}-01`,
    number: statementNumber(issue.facilityId, issue.month, i),
    payerUserId: d.payerUserId,
    payerName: d.payerName,
    childIds: d.children.map((c) => c.id),
    children: d.children,
    lines: d.lines,
    total: d.total,
    dueDate: d.dueDate,
    status: 'unpaid',
    issuedAt: issue.issuedAt,
    issuedBy: issue.issuedBy,
  }));

/**
 * 確定 (spec §3): in one transaction, the month's row is claimed (`closed_at` set only where it was
 * null: a second closing, or a concurrent one waiting on the row's lock, finds it set → 409), the
 * drafts are computed from what that transaction reads and written as numbered statements, and the
 * audit entry names the count and the total. Each statement is issued once, and its payer told once.
 */
export async function closeMonth(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  month: string,
  now: Date,
  mail: IssueMailConfig,
) {
  if (month > monthOf(staff.today)) throw invalid('month', M.futureMonth);
  await db.transaction(async (tx) => {
    const t: Db = tx;
    // Writes that check "not a closed month" take the same lock (lockBillingMonths): none lands mid-close.
    await lockBillingMonths(t, grant.facilityId);
    const [claimed] = await t
      .insert(billingMonths)
      .values({
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        month: `${month}-01`,
        closedAt: now,
        closedBy: staff.userId,
      })
      .onConflictDoUpdate({
        target: [billingMonths.facilityId, billingMonths.month],
        set: { closedAt: now, closedBy: staff.userId },
        setWhere: sql`${billingMonths.closedAt} is null`,
      })
      .returning({ id: billingMonths.id });
    if (!claimed) throw conflict(M.closed);
    const { inputs } = await loadMonthInputs(t, grant.facilityId, month);
    if (!inputs) throw invalid('month', M.noSettings);
    const drafts = computeMonth(inputs);
    if (drafts.length === 0) throw invalid('month', M.nothingToIssue);
    const rows = await t
      .insert(billingStatements)
      .values(
        issuedStatements(drafts, {
          companyId: grant.companyId,
          facilityId: grant.facilityId,
          month,
          issuedAt: now,
          issuedBy: staff.userId,
        }),
      )
      .returning({ id: billingStatements.id });
    // The payer hears of it: a push, else a mail (billing-issue-push.md, billing-issue-mail.md).
    await announceStatements(
      t,
      mail,
      grant,
      month,
      drafts.map((d, i) => ({ id: rows[i]!.id, payerUserId: d.payerUserId, total: d.total, dueDate: d.dueDate })),
    );
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'billing.close',
      targetType: 'billing_month',
      targetId: claimed.id,
      details: { month, statements: rows.length, total: drafts.reduce((sum, d) => sum + d.total, 0) },
    });
  });
  return billingMonth(db, grant, month);
}
