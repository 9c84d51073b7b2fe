import { and, asc, between, eq } from 'drizzle-orm';
import { monthRange, type MyShifts } from '@renraku/contract';
import type { Db } from '../../db/client';
import { shiftMonths, shiftPatterns, shifts } from '../../db/schema';

/**
 * わたしの勤務 (staffing.md §3: published shifts are visible to each staff member, their month on the
 * phone): the caller's own rows only, and only of a published month; a draft month answers none.
 */
export async function myShifts(db: Db, facilityId: number, userId: number, month: string): Promise<MyShifts> {
  const [published] = await db
    .select({ at: shiftMonths.publishedAt })
    .from(shiftMonths)
    .where(and(eq(shiftMonths.facilityId, facilityId), eq(shiftMonths.month, month)));
  if (!published) return { month, published_at: null, days: [] };
  const { first, last } = monthRange(month);
  const rows = await db
    .select({
      date: shifts.date,
      code: shiftPatterns.code,
      start: shiftPatterns.startTime,
      end: shiftPatterns.endTime,
      breakMinutes: shiftPatterns.breakMinutes,
    })
    .from(shifts)
    .innerJoin(shiftPatterns, eq(shiftPatterns.id, shifts.patternId))
    .where(and(eq(shifts.facilityId, facilityId), eq(shifts.userId, userId), between(shifts.date, first, last)))
    .orderBy(asc(shifts.date));
  return {
    month,
    published_at: published.at.toISOString(),
    days: rows.map((r) => ({ date: r.date, code: r.code, start: r.start, end: r.end, break_minutes: r.breakMinutes })),
  };
}
