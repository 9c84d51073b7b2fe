import { transferMessages as T, type StaffTransfers, type Transfer } from '@renraku/contract';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readTogether } from '../../db/reads';
import { billingStatements, billingTransfers } from '../../db/schema';
import { conflict, HttpError, invalid, notFound } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { payStatement } from './payments';
import { openStatements } from './transfer-match';

/** 振込 (spec/billing.md §4): the list the 事務 works from, and the two ways a waiting credit is resolved. */

type TransferRow = typeof billingTransfers.$inferSelect;
const RECENT = 100;

async function present(db: Db, rows: TransferRow[]): Promise<Transfer[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.statementId ? [r.statementId] : [])))];
  const statements = ids.length
    ? await db
        .select({ id: billingStatements.id, number: billingStatements.number, payer: billingStatements.payerName })
        .from(billingStatements)
        .where(inArray(billingStatements.id, ids))
    : [];
  const byId = new Map(statements.map((s) => [s.id, s]));
  return rows.map((r) => {
    const s = r.statementId ? byId.get(r.statementId) : undefined;
    return {
      id: r.id,
      received_on: r.receivedOn,
      description: r.description,
      amount: r.amount,
      status: r.status as Transfer['status'],
      statement: s ? { id: s.id, number: s.number, payer_name: s.payer } : null,
      note: r.note,
    };
  });
}

export async function transfersOf(db: Db, grant: FacilityGrant): Promise<StaffTransfers> {
  const mine = eq(billingTransfers.facilityId, grant.facilityId);
  const [waiting, recent, open] = await readTogether(
    db,
    () =>
      db
        .select()
        .from(billingTransfers)
        .where(and(mine, eq(billingTransfers.status, 'waiting')))
        .orderBy(billingTransfers.receivedOn, billingTransfers.id),
    () =>
      db
        .select()
        .from(billingTransfers)
        .where(and(mine, ne(billingTransfers.status, 'waiting')))
        .orderBy(desc(billingTransfers.receivedOn), desc(billingTransfers.id))
        .limit(RECENT),
    () => openStatements(db, grant.facilityId),
  );
  return {
    waiting: await present(db, waiting),
    recent: await present(db, recent),
    open_statements: open.map((o) => ({
      id: o.row.id,
      number: o.row.number,
      month: o.row.month.slice(0, 7),
      payer_name: o.row.payerName,
      children: (o.row.children as { name: string }[]).map((c) => c.name),
      total: o.row.total,
      remaining: o.remaining,
    })),
  };
}

/** The waiting credit, locked in the caller's transaction; 404 when it is not this facility's, 409 once resolved. */
async function lockWaiting(t: Db, grant: FacilityGrant, transferId: number) {
  const [row] = await t.select().from(billingTransfers).where(eq(billingTransfers.id, transferId)).for('update');
  if (!row || row.facilityId !== grant.facilityId) throw notFound();
  if (row.status !== 'waiting') throw conflict(T.resolved);
  return row;
}

export async function assignTransfer(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  transferId: number,
  statementId: number,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const credit = await lockWaiting(t, grant, transferId);
    const [s] = await t.select().from(billingStatements).where(eq(billingStatements.id, statementId)).for('update');
    if (!s || s.facilityId !== grant.facilityId) throw invalid('statement_id', T.statement);
    if (s.status === 'paid' || s.status === 'scheduled') throw invalid('statement_id', T.notOpen);
    const paymentId = await payStatement(
      t,
      staff,
      s,
      { method: 'transfer', paidOn: credit.receivedOn, amount: credit.amount },
      now,
    ).catch((error: unknown) => {
      // The statement's open amount is smaller than the credit: say so on the field chosen.
      if (error instanceof HttpError && error.status === 422) throw invalid('statement_id', T.overpaid);
      throw error;
    });
    await t
      .update(billingTransfers)
      .set({ status: 'assigned', statementId: s.id, paymentId, resolvedBy: staff.userId, resolvedAt: now })
      .where(eq(billingTransfers.id, credit.id));
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'billing.transfer.assign',
      targetType: 'billing_transfer',
      targetId: credit.id,
      details: { statement_id: s.id, number: s.number, amount: credit.amount, received_on: credit.receivedOn },
    });
  });
  return transfersOf(db, grant);
}

export async function dismissTransfer(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  transferId: number,
  reason: string,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const credit = await lockWaiting(t, grant, transferId);
    await t
      .update(billingTransfers)
      .set({ status: 'dismissed', note: reason, resolvedBy: staff.userId, resolvedAt: now })
      .where(eq(billingTransfers.id, credit.id));
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'billing.transfer.dismiss',
      targetType: 'billing_transfer',
      targetId: credit.id,
      details: { amount: credit.amount, received_on: credit.receivedOn, reason },
    });
  });
  return transfersOf(db, grant);
}
