import { debitMessages as D, debitResultLabels } from '@renraku/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingDebitItems, billingPayments, billingStatements } from '../../db/schema';
import { HttpError, invalid } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { collectionOf, debitRequestOf } from './collection';
import { parseZenginResult, ZenginFileError, type ZenginResult } from './zengin';

/** A file the import refuses: 400 naming the line (nothing written). */
const badFile = (line: number, message: string) => new HttpError(400, `${line}行目：${message}`);

function parse(bytes: Buffer): ZenginResult[] {
  try {
    return parseZenginResult(bytes);
  } catch (error) {
    if (error instanceof ZenginFileError) throw new HttpError(400, error.message);
    throw error;
  }
}

/**
 * The bank's 振替結果 (docs/decisions/billing-debit-results.md): every line checked against the month's
 * request (its 顧客番号 and amount) before anything is written; then, under the items' row locks, each
 * line not answered before records its code: 0 振替済 writes a payment (口座振替, paid on the 引落日) and
 * closes the statement as 支払済, the others mark it 引落不能 with the reason. A line already answered
 * (the same file again) changes nothing, so no payment is ever written twice. Audited.
 */
export async function importDebitResults(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  month: string,
  fileBase64: string,
  now: Date,
) {
  const request = await debitRequestOf(db, grant.facilityId, month);
  if (!request) throw invalid('file_base64', D.noRequest);
  const results = parse(Buffer.from(fileBase64, 'base64'));
  const summary = { paid: { count: 0, amount: 0 }, failed: { count: 0, amount: 0 }, unchanged: 0 };
  const failures: { number: string; payer_name: string; amount: number; code: keyof typeof debitResultLabels; reason: string }[] =
    [];
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const items = await t
      .select({ item: billingDebitItems, s: billingStatements })
      .from(billingDebitItems)
      .innerJoin(billingStatements, eq(billingStatements.id, billingDebitItems.statementId))
      .where(eq(billingDebitItems.requestId, request.id))
      .for('update');
    // The data records follow the header: the i-th one is line i + 2.
    const matched = results.map((r, i) => {
      const line = i + 2;
      const found = items.find((x) => x.item.customerNumber === r.customerNumber);
      if (!found) throw badFile(line, `${D.notThisRequest}（${r.customerNumber}）`);
      if (found.item.amount !== r.amount) throw badFile(line, D.amountMismatch);
      return { r, ...found };
    });
    const seen = new Set<string>();
    matched.forEach(({ r }, i) => {
      if (seen.has(r.customerNumber)) throw badFile(i + 2, `顧客番号${r.customerNumber}が2回あります`);
      seen.add(r.customerNumber);
    });
    const paidIds: number[] = [];
    const failedIds: number[] = [];
    for (const { r, item, s } of matched) {
      if (item.resultCode !== null) {
        summary.unchanged += 1;
        continue;
      }
      await t
        .update(billingDebitItems)
        .set({ resultCode: r.code, resultImportedAt: now })
        .where(eq(billingDebitItems.id, item.id));
      if (r.code === '0') {
        summary.paid.count += 1;
        summary.paid.amount += r.amount;
        paidIds.push(s.id);
        await t.insert(billingPayments).values({
          companyId: s.companyId,
          facilityId: s.facilityId,
          statementId: s.id,
          amount: r.amount,
          method: 'debit',
          paidOn: request.debitDate,
          receiptNumber: null,
          recordedBy: staff.userId,
          recordedAt: now,
        });
      } else {
        summary.failed.count += 1;
        summary.failed.amount += r.amount;
        failedIds.push(s.id);
        failures.push({
          number: s.number,
          payer_name: s.payerName,
          amount: r.amount,
          code: r.code,
          reason: debitResultLabels[r.code],
        });
      }
    }
    if (paidIds.length) await t.update(billingStatements).set({ status: 'paid' }).where(inArray(billingStatements.id, paidIds));
    if (failedIds.length)
      await t
        .update(billingStatements)
        .set({ status: 'failed' })
        .where(and(inArray(billingStatements.id, failedIds), eq(billingStatements.status, 'scheduled')));
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'billing.debit.import',
      targetType: 'billing_debit_request',
      targetId: request.id,
      details: { month, ...summary },
    });
  });
  return { ...summary, failures, collection: await collectionOf(db, grant, month) };
}
