import { billingMessages as M } from '@renraku/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingPayments, billingStatements, facilities } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { FacilityGrant, Viewer } from '../access';
import { presentStatement } from './present';
import { renderReceipt } from './receipt-pdf';
import { visibleTo } from './statements';

type StatementRow = typeof billingStatements.$inferSelect;
export interface ReceiptFile {
  filename: string;
  body: Buffer;
  type: string;
}

/**
 * 領収書 (spec/billing.md §3: a receipt PDF once paid; docs/decisions/billing-receipt.md): the
 * statement's snapshot, its payments and the facility's name and address. Only a 支払済 statement
 * has one (409 otherwise); its number is the statement's.
 */
async function receiptOf(db: Db, row: StatementRow, today: string): Promise<ReceiptFile> {
  if (row.status !== 'paid') throw conflict(M.receiptNotPaid);
  const [facility] = await db.select().from(facilities).where(eq(facilities.id, row.facilityId));
  const payments = await db
    .select({ method: billingPayments.method, paidOn: billingPayments.paidOn, amount: billingPayments.amount })
    .from(billingPayments)
    .where(eq(billingPayments.statementId, row.id))
    .orderBy(asc(billingPayments.paidOn), asc(billingPayments.id));
  const body = await renderReceipt({
    statement: presentStatement(row, facility!.name),
    facilityAddress: facility!.address,
    facilityPhone: facility!.phone,
    payments,
    issuedOn: today,
  });
  return { filename: `receipt-${row.number}.pdf`, body, type: 'application/pdf' };
}

/** The guardian's copy: read like the statement (main or writable guardian; anyone else 404). */
export async function guardianReceipt(db: Db, viewer: Viewer, id: number): Promise<ReceiptFile> {
  const [row] = await db
    .select()
    .from(billingStatements)
    .where(and(eq(billingStatements.id, id), visibleTo(viewer.userId)));
  if (!row) throw notFound();
  return receiptOf(db, row, viewer.today);
}

/** The office's copy (billing.manage): the same file; another facility's statement is 404. */
export async function staffReceipt(db: Db, grant: FacilityGrant, row: StatementRow, today: string): Promise<ReceiptFile> {
  if (row.facilityId !== grant.facilityId) throw notFound();
  return receiptOf(db, row, today);
}
