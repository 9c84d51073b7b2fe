import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingStatements, billingTransfers } from '../../db/schema';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { payStatement } from './payments';
import { parseBankCredits } from './transfer-csv';
import { matchCredit, openStatements } from './transfer-match';
import { transfersOf } from './transfers';

/**
 * The bank statement's import (docs/decisions/billing-transfer-matching.md): the file is read whole
 * first (a bad line answers 400 naming it, nothing written); then, in one transaction, each credit is
 * inserted once (a line already imported is skipped by its fingerprint), matched against the open
 * statements (whose remaining amount drops as credits in the same file pay them) and, when one
 * statement fits, paid as a 振込 on the credit's date; the rest wait for the 事務. Audited once.
 */
export async function importTransfers(db: Db, staff: StaffViewer, grant: FacilityGrant, fileBase64: string, now: Date) {
  const credits = parseBankCredits(fileBase64);
  const summary = { imported: 0, duplicates: 0, matched: { count: 0, amount: 0 }, waiting: { count: 0, amount: 0 } };
  await db.transaction(async (tx) => {
    const t: Db = tx;
    // Lock the facility's open statements first, so two imports at once match one after the other.
    await t
      .select({ id: billingStatements.id })
      .from(billingStatements)
      .where(and(eq(billingStatements.facilityId, grant.facilityId), inArray(billingStatements.status, ['unpaid', 'failed'])))
      .for('update');
    const open = await openStatements(t, grant.facilityId);
    for (const credit of credits) {
      const [row] = await t
        .insert(billingTransfers)
        .values({
          companyId: grant.companyId,
          facilityId: grant.facilityId,
          lineKey: credit.key,
          receivedOn: credit.receivedOn,
          description: credit.description,
          amount: credit.amount,
          status: 'waiting',
          importedBy: staff.userId,
          importedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: billingTransfers.id });
      if (!row) {
        summary.duplicates += 1;
        continue;
      }
      summary.imported += 1;
      const fit = matchCredit(credit, open);
      if (!fit) {
        summary.waiting.count += 1;
        summary.waiting.amount += credit.amount;
        continue;
      }
      const paymentId = await payStatement(
        t,
        staff,
        fit.row,
        { method: 'transfer', paidOn: credit.receivedOn, amount: credit.amount },
        now,
      );
      fit.remaining -= credit.amount;
      await t
        .update(billingTransfers)
        .set({ status: 'matched', statementId: fit.row.id, paymentId, resolvedAt: now })
        .where(eq(billingTransfers.id, row.id));
      summary.matched.count += 1;
      summary.matched.amount += credit.amount;
    }
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'billing.transfer.import',
      targetType: 'facility',
      targetId: grant.facilityId,
      details: summary,
    });
  });
  return { ...summary, transfers: await transfersOf(db, grant) };
}
