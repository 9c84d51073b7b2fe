import {
  feeMessages as F,
  temporaryBookingMessages as B,
  type TemporaryBooking,
  type TemporaryBookingInput,
} from '@renraku/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingTemporaryBookings, noteChildren } from '../../db/schema';
import { conflict, HttpError, invalid, notFound } from '../../lib/errors';
import { enrolmentCovers, type FacilityGrant, type StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { temporaryRatesRow } from './fee-inputs';
import { monthOf, monthRange } from './inputs';
import { lockOpenMonth } from './month';
import { bookingsIn } from './temporary-month';

/**
 * 一時預かり bookings (予約; docs/decisions/billing-temporary-care.md): the 事務 or 園長 books a
 * child registered at the facility on the day (for 一時預かり only, or a child of a class) for a day
 * from today with planned times, one booking per child and day, in an open month with prices set;
 * cancels it while the day has not come. Both audited. The gate's roster takes a child registered
 * for 一時預かり only on a booked day (kiosk/roster.ts); the day's use its times (temporary-month.ts).
 */

/** A closed month says so in this screen's words. */
const closedMonth = (e: unknown): never => {
  throw e instanceof HttpError && e.status === 409 ? conflict(F.useClosed) : e;
};

export async function temporaryBookings(db: Db, grant: FacilityGrant, month: string, today: string): Promise<TemporaryBooking[]> {
  const { start, end } = monthRange(month);
  const rows = await bookingsIn(db, grant.facilityId, start, end);
  return rows.map((b) => ({
    id: b.id,
    child_id: b.childId,
    child_name: b.childName,
    temporary_only: Boolean(b.temporaryOnly),
    date: b.date,
    start: b.start,
    end: b.end,
    arrived_at: b.arrivedAt,
    picked_up_at: b.pickedUpAt,
    cancellable: b.date > today,
  }));
}

export async function bookTemporaryCare(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  body: TemporaryBookingInput,
  now: Date,
): Promise<TemporaryBooking[]> {
  if (body.date < staff.today) throw invalid('date', B.pastDay);
  const month = monthOf(body.date);
  await db.transaction(async (tx) => {
    const t: Db = tx;
    await lockOpenMonth(t, grant, month).catch(closedMonth);
    if (!(await temporaryRatesRow(t, grant.facilityId, month))) throw invalid('date', F.noRates);
    const [registered] = await t
      .select({ id: noteChildren.id })
      .from(noteChildren)
      .where(
        and(
          eq(noteChildren.childId, body.child_id),
          eq(noteChildren.facilityId, grant.facilityId),
          enrolmentCovers(noteChildren, body.date),
        ),
      )
      .limit(1);
    if (!registered) throw invalid('child_id', B.notRegistered);
    const [row] = await t
      .insert(billingTemporaryBookings)
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
      .onConflictDoNothing()
      .returning({ id: billingTemporaryBookings.id });
    if (!row) throw conflict(B.taken);
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'billing.temporary_booking.create',
      targetType: 'billing_temporary_booking',
      targetId: row.id,
      childId: body.child_id,
      details: body,
    });
  });
  return temporaryBookings(db, grant, month, staff.today);
}

export async function cancelTemporaryBooking(db: Db, staff: StaffViewer, grant: FacilityGrant, bookingId: number, now: Date) {
  const month = await db.transaction(async (tx) => {
    const t: Db = tx;
    const [booking] = await t
      .select()
      .from(billingTemporaryBookings)
      .where(and(eq(billingTemporaryBookings.id, bookingId), eq(billingTemporaryBookings.facilityId, grant.facilityId)))
      .for('update');
    if (!booking) throw notFound();
    if (booking.date <= staff.today) throw conflict(B.started);
    const m = monthOf(booking.date);
    await lockOpenMonth(t, grant, m).catch(closedMonth);
    await t.delete(billingTemporaryBookings).where(eq(billingTemporaryBookings.id, bookingId));
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'billing.temporary_booking.cancel',
      targetType: 'billing_temporary_booking',
      targetId: bookingId,
      childId: booking.childId,
      details: { date: booking.date, start: booking.start, end: booking.end },
    });
    return m;
  });
  return temporaryBookings(db, grant, month, staff.today);
}
