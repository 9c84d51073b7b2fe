import { billingMessages as M, feeMessages as F, type TemporaryUse } from '@renraku/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingTemporaryUses } from '../../db/schema';
import { conflict, HttpError, invalid, notFound } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { fiscalAge } from './compute';
import { ratesOf, temporaryRatesRow } from './fee-inputs';
import { enrolledInMonth, monthOf, monthRange } from './inputs';
import { lockOpenMonth } from './month';
import { priceUse } from './temporary';
import { temporaryUsesOfMonth } from './temporary-month';

/**
 * 一時預かり uses (docs/decisions/billing-temporary-care.md): the month's list (`temporary-month.ts`:
 * the 事務's records and each booked day without one), and the 事務's record of a use, for a
 * correction of a booked day's times or a use without a booking, of a child registered at the
 * facility that month; priced by the month's rates; only while the month is open.
 */
/** A closed month says so in this screen's words. */
const closedMonth = (e: unknown): never => {
  throw e instanceof HttpError && e.status === 409 ? conflict(F.useClosed) : e;
};

export async function temporaryUses(db: Db, grant: FacilityGrant, month: string): Promise<TemporaryUse[]> {
  const range = monthRange(month);
  const [uses, rates, enrolled] = await Promise.all([
    temporaryUsesOfMonth(db, grant.facilityId, range.start, range.end),
    temporaryRatesRow(db, grant.facilityId, month),
    enrolledInMonth(db, grant.facilityId, month),
  ]);
  const children = new Map(enrolled.map((c) => [c.id, c]));
  return uses.map((u) => {
    const child = children.get(u.childId);
    const priced = rates && child ? priceUse(ratesOf(rates), fiscalAge(child.birth, month), u) : null;
    return {
      id: u.recordId,
      source: u.source,
      booking_id: u.bookingId,
      child_id: u.childId,
      child_name: child?.name ?? '',
      date: u.date,
      start: u.start,
      end: u.end,
      span: priced?.span ?? 'half',
      amount: priced?.amount ?? 0,
    };
  });
}

export async function recordTemporaryUse(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  body: { child_id: number; date: string; start: string; end: string },
  now: Date,
): Promise<TemporaryUse[]> {
  const month = monthOf(body.date);
  if (body.date > staff.today) throw invalid('date', '未来の日付の利用は記録できません');
  await db.transaction(async (tx) => {
    const t: Db = tx;
    await lockOpenMonth(t, grant, month).catch(closedMonth);
    if (!(await temporaryRatesRow(t, grant.facilityId, month))) throw invalid('date', F.noRates);
    const enrolled = await enrolledInMonth(t, grant.facilityId, month);
    if (!enrolled.some((c) => c.id === body.child_id)) throw invalid('child_id', M.notEnrolled);
    const [row] = await t
      .insert(billingTemporaryUses)
      .values({
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        childId: body.child_id,
        date: body.date,
        start: body.start,
        end: body.end,
        createdBy: staff.userId,
        createdAt: now,
      })
      .returning({ id: billingTemporaryUses.id });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'billing.temporary_use.create',
      targetType: 'billing_temporary_use',
      targetId: row!.id,
      childId: body.child_id,
      details: body,
    });
  });
  return temporaryUses(db, grant, month);
}

export async function deleteTemporaryUse(db: Db, staff: StaffViewer, grant: FacilityGrant, useId: number, now: Date) {
  const month = await db.transaction(async (tx) => {
    const t: Db = tx;
    const [use] = await t
      .select()
      .from(billingTemporaryUses)
      .where(and(eq(billingTemporaryUses.id, useId), eq(billingTemporaryUses.facilityId, grant.facilityId)));
    if (!use) throw notFound();
    const m = monthOf(use.date);
    await lockOpenMonth(t, grant, m).catch(closedMonth);
    await t.delete(billingTemporaryUses).where(eq(billingTemporaryUses.id, useId));
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'billing.temporary_use.delete',
      targetType: 'billing_temporary_use',
      targetId: useId,
      childId: use.childId,
      details: { date: use.date, start: use.start, end: use.end },
    });
    return m;
  });
  return temporaryUses(db, grant, month);
}
