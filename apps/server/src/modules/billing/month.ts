import { billingMessages as M, type StaffBillingMonth } from '@renraku/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingAdjustments, billingMonths, billingStatements } from '../../db/schema';
import { conflict, invalid } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { computeMonth } from './compute';
import { addMonths, enrolledInMonth, loadMonthInputs, monthOf, monthRow } from './inputs';
import { presentDraft, presentStatement } from './present';

/** A month as the 事務 sees it: the drafts computed now while open, the issued statements once closed. */
export async function billingMonth(db: Db, grant: FacilityGrant, month: string): Promise<StaffBillingMonth> {
  const row = await monthRow(db, grant.facilityId, month);
  const { inputs, missing } = await loadMonthInputs(db, grant.facilityId, month);
  if (row?.closedAt) {
    const issued = await db
      .select()
      .from(billingStatements)
      .where(and(eq(billingStatements.facilityId, grant.facilityId), eq(billingStatements.month, `${month}-01`)))
      .orderBy(asc(billingStatements.number));
    const statements = issued.map((s) => presentStatement(s, grant.facilityName));
    return {
      month,
      status: 'closed',
      closed_at: row.closedAt.toISOString(),
      settings_missing: inputs === null,
      missing_children: [],
      statements,
      total: statements.reduce((sum, s) => sum + s.total, 0),
    };
  }
  const statements = inputs ? computeMonth(inputs).map((d) => presentDraft(d, month, grant.facilityName)) : [];
  return {
    month,
    status: 'open',
    closed_at: null,
    settings_missing: inputs === null,
    missing_children: missing,
    statements,
    total: statements.reduce((sum, s) => sum + s.total, 0),
  };
}

/** This month, the previous one and every month with a closing, newest first. */
export async function listBillingMonths(db: Db, grant: FacilityGrant, today: string) {
  const current = monthOf(today);
  const [closed, sums] = await Promise.all([
    db
      .select({ month: billingMonths.month, closedAt: billingMonths.closedAt })
      .from(billingMonths)
      .where(eq(billingMonths.facilityId, grant.facilityId)),
    db
      .select({
        month: billingStatements.month,
        statements: sql<number>`count(*)::int`,
        total: sql<number>`coalesce(sum(${billingStatements.total}), 0)::int`,
      })
      .from(billingStatements)
      .where(eq(billingStatements.facilityId, grant.facilityId))
      .groupBy(billingStatements.month),
  ]);
  const sumOf = new Map(sums.map((r) => [monthOf(r.month), r]));
  const byMonth = new Map(closed.map((r) => [monthOf(r.month), r]));
  const months = new Set([current, addMonths(current, -1), ...byMonth.keys()]);
  return [...months]
    .sort((a, b) => b.localeCompare(a))
    .map((month) => {
      const r = byMonth.get(month);
      return r?.closedAt
        ? { month, status: 'closed' as const, statements: sumOf.get(month)?.statements ?? 0, total: sumOf.get(month)?.total ?? 0 }
        : { month, status: 'open' as const, statements: 0, total: null };
    });
}

/**
 * Locks the month's row (creating it open) in the transaction and refuses a closed month: an
 * adjustment and a 確定 of the same month run one after the other, never interleaved.
 */
export async function lockOpenMonth(t: Db, grant: FacilityGrant, month: string) {
  const [row] = await t
    .insert(billingMonths)
    .values({ companyId: grant.companyId, facilityId: grant.facilityId, month: `${month}-01` })
    .onConflictDoUpdate({ target: [billingMonths.facilityId, billingMonths.month], set: { month: sql`excluded.month` } })
    .returning();
  if (row!.closedAt) throw conflict(M.closed);
  return row!;
}

/** An adjustment (or a correction of an earlier statement) of a child's lines; audited. */
export async function addAdjustment(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  month: string,
  body: { child_id: number; amount: number; reason: string; corrects_statement_id: number | null },
  now: Date,
) {
  const enrolled = await enrolledInMonth(db, grant.facilityId, month);
  if (!enrolled.some((c) => c.id === body.child_id)) throw invalid('child_id', M.notEnrolled);
  if (body.corrects_statement_id !== null) {
    const [s] = await db
      .select({ month: billingStatements.month, childIds: billingStatements.childIds })
      .from(billingStatements)
      .where(
        and(
          eq(billingStatements.id, body.corrects_statement_id),
          eq(billingStatements.facilityId, grant.facilityId),
          sql`${body.child_id} = any(${billingStatements.childIds})`,
        ),
      );
    if (!s || monthOf(s.month) >= month) throw invalid('corrects_statement_id', M.corrects);
  }
  await db.transaction(async (tx) => {
    const t: Db = tx;
    await lockOpenMonth(t, grant, month);
    const [row] = await t
      .insert(billingAdjustments)
      .values({
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        month: `${month}-01`,
        childId: body.child_id,
        amount: body.amount,
        reason: body.reason,
        correctsStatementId: body.corrects_statement_id,
        createdBy: staff.userId,
        createdAt: now,
      })
      .returning({ id: billingAdjustments.id });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'billing.adjustment',
      targetType: 'billing_adjustment',
      targetId: row!.id,
      childId: body.child_id,
      details: { month, amount: body.amount, reason: body.reason, corrects_statement_id: body.corrects_statement_id },
    });
  });
  return billingMonth(db, grant, month);
}
