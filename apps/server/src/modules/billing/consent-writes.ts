import { billingItemMessages as IM } from '@renraku/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingItemConsents, billingItems } from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/errors';
import { addMonths, lastClosedMonth, lockBillingMonths, monthOf } from './inputs';

/**
 * The one writer of `billing_item_consents` (docs/decisions/billing-item-consent-withdrawal.md): a
 * guardian in the app or the office from a paper form. A row is one consent, billed from its
 * `month_from` (null: the item's first month) until the month before its `withdrawn_from`; a
 * withdrawn row stays as the history and a new consent starts a new row.
 */

/**
 * Who writes: the guardian in the app, or the office member who received the paper form (and the
 * guardian who signed it, when the office names them: kept in the same guardian columns).
 */
export type ConsentActor = { via: 'app'; guardianId: number } | { via: 'paper'; staffId: number; signerId: number | null };

const guardianOf = (actor: ConsentActor) => (actor.via === 'app' ? actor.guardianId : actor.signerId);

const later = (a: string, b: string | null) => (b !== null && b > a ? b : a);

/** The first month not yet closed ('YYYY-MM'), or null when the facility never closed one. */
export async function firstOpenMonth(db: Db, facilityId: number) {
  const closed = await lastClosedMonth(db, facilityId);
  return closed === null ? null : addMonths(closed, 1);
}

/**
 * The earliest month a withdrawal may name. A guardian: next month (the month under way is billed in
 * full: a withdrawal mid-month applies from the next month), and never a closed month. The office
 * (a paper form): any month not closed. A once item cannot be withdrawn after its month: null then.
 */
export function earliestWithdrawal(
  via: ConsentActor['via'],
  today: string,
  firstOpen: string | null,
  item: { frequency: string; monthFrom: string },
): string | null {
  const floor = via === 'app' ? later(addMonths(monthOf(today), 1), firstOpen) : (firstOpen ?? monthOf(item.monthFrom));
  if (item.frequency === 'once' && monthOf(item.monthFrom) < floor) return null;
  return floor;
}

/** Records a consent unless one stands; after a withdrawal it applies from this month (or the first open one). */
export async function writeConsent(
  db: Db,
  item: { id: number; companyId: number; facilityId: number },
  childId: number,
  actor: ConsentActor,
  today: string,
  now: Date,
): Promise<number | null> {
  // In the caller's transaction: a consent and 確定 never pass each other (lockBillingMonths).
  await lockBillingMonths(db, item.facilityId);
  const earlier = await db
    .select({ withdrawnFrom: billingItemConsents.withdrawnFrom })
    .from(billingItemConsents)
    .where(and(eq(billingItemConsents.itemId, item.id), eq(billingItemConsents.childId, childId)));
  if (earlier.some((r) => r.withdrawnFrom === null)) return null;
  const from = earlier.length === 0 ? null : later(monthOf(today), await firstOpenMonth(db, item.facilityId));
  const [row] = await db
    .insert(billingItemConsents)
    .values({
      companyId: item.companyId,
      itemId: item.id,
      childId,
      userId: guardianOf(actor),
      recordedBy: actor.via === 'paper' ? actor.staffId : null,
      consentedAt: now,
      monthFrom: from === null ? null : `${from}-01`,
    })
    .onConflictDoNothing({
      target: [billingItemConsents.itemId, billingItemConsents.childId],
      where: sql`withdrawn_from is null`,
    })
    .returning({ id: billingItemConsents.id });
  return row?.id ?? null;
}

/** Withdraws the standing consent from `month` on; returns the row's id. */
export async function writeWithdrawal(
  db: Db,
  itemId: number,
  childId: number,
  month: string,
  actor: ConsentActor,
  today: string,
  now: Date,
): Promise<number> {
  const [item] = await db.select().from(billingItems).where(eq(billingItems.id, itemId));
  if (!item) throw notFound();
  await lockBillingMonths(db, item.facilityId);
  const earliest = earliestWithdrawal(actor.via, today, await firstOpenMonth(db, item.facilityId), item);
  if (earliest === null || (item.frequency === 'once' && month > monthOf(item.monthFrom))) throw conflict(IM.onceAfterBilled);
  if (month < earliest) throw invalid('month_from', actor.via === 'app' ? IM.guardianWithdrawMonth : IM.officeWithdrawMonth);
  const [row] = await db
    .update(billingItemConsents)
    .set({
      withdrawnFrom: `${month}-01`,
      withdrawnAt: now,
      withdrawnBy: guardianOf(actor),
      withdrawnRecordedBy: actor.via === 'paper' ? actor.staffId : null,
    })
    .where(
      and(
        eq(billingItemConsents.itemId, itemId),
        eq(billingItemConsents.childId, childId),
        sql`${billingItemConsents.withdrawnFrom} is null`,
      ),
    )
    .returning({ id: billingItemConsents.id });
  if (!row) throw conflict(IM.notConsented);
  return row.id;
}
