import type { TemporaryUseSource } from '@renraku/contract';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readTogether } from '../../db/reads';
import { billingTemporaryBookings, childAttendances, children, noteChildren } from '../../db/schema';
import { enrolmentCovers } from '../access';
import { temporaryUsesIn } from './fee-inputs';
import type { TemporaryUseRow } from './temporary';

/**
 * A month's 一時預かり uses (docs/decisions/billing-temporary-care.md), read by the 一時預かり page
 * and the month's statements alike: every use the 事務 recorded, and each booked day of a child
 * without such a record, timed by the day's arrival and pick-up when both were recorded (the gate,
 * or the board's correction), else by the booking's planned times (marked, for the 事務 to check).
 */

export interface MonthUse extends TemporaryUseRow {
  source: TemporaryUseSource;
  recordId: number | null;
  bookingId: number | null;
}

/** The facility's bookings between two days, with the child and the day's recorded times. */
export async function bookingsIn(db: Db, facilityId: number, start: string, end: string) {
  const b = billingTemporaryBookings;
  const rows = await db
    .select({
      id: b.id,
      childId: b.childId,
      childName: sql<string>`${children.lastName} || ' ' || ${children.firstName}`,
      temporaryOnly: sql<boolean>`coalesce(${noteChildren.temporaryOnly}, false)`,
      date: b.date,
      start: b.start,
      end: b.end,
      arrivedAt: childAttendances.arrivedAt,
      pickedUpAt: childAttendances.pickedUpAt,
    })
    .from(b)
    .innerJoin(children, eq(children.id, b.childId))
    .leftJoin(
      noteChildren,
      and(eq(noteChildren.childId, b.childId), eq(noteChildren.facilityId, b.facilityId), enrolmentCovers(noteChildren, b.date)),
    )
    .leftJoin(childAttendances, and(eq(childAttendances.noteChildId, noteChildren.id), eq(childAttendances.date, b.date)))
    .where(and(eq(b.facilityId, facilityId), gte(b.date, start), lte(b.date, end)))
    .orderBy(asc(b.date), asc(b.start), asc(children.lastNameKana), asc(children.firstNameKana), asc(b.id));
  // One row per booking, should a child hold two enrolments covering the day.
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
}

/** A booked day's times: the recorded arrival → pick-up when both are there and in order, else the plan. */
export function bookedTimes(booking: { start: string; end: string; arrivedAt: string | null; pickedUpAt: string | null }) {
  const { arrivedAt, pickedUpAt } = booking;
  if (arrivedAt !== null && pickedUpAt !== null && arrivedAt < pickedUpAt) {
    return { start: arrivedAt, end: pickedUpAt, source: 'attendance' as const };
  }
  return { start: booking.start, end: booking.end, source: 'booking' as const };
}

/** The month's uses by day and time: the 事務's records, then each booked day without one. */
export async function temporaryUsesOfMonth(db: Db, facilityId: number, start: string, end: string): Promise<MonthUse[]> {
  // 確定 reads the month in its transaction: there, one after the other (db/reads.ts).
  const [records, bookings] = await readTogether(
    db,
    () => temporaryUsesIn(db, facilityId, start, end),
    () => bookingsIn(db, facilityId, start, end),
  );
  const recorded = new Set(records.map((r) => `${r.childId}:${r.date}`));
  const uses: MonthUse[] = records.map((r) => ({
    id: r.id,
    childId: r.childId,
    date: r.date,
    start: r.start,
    end: r.end,
    source: 'record',
    recordId: r.id,
    bookingId: null,
  }));
  for (const b of bookings) {
    if (recorded.has(`${b.childId}:${b.date}`)) continue;
    uses.push({ id: b.id, childId: b.childId, date: b.date, ...bookedTimes(b), recordId: null, bookingId: b.id });
  }
  return uses.sort((x, y) => x.date.localeCompare(y.date) || x.start.localeCompare(y.start) || x.id - y.id);
}
