import { and, asc, between, eq } from 'drizzle-orm';
import { addMonths, monthRange, wishMessages, type MyWishes } from '@renraku/contract';
import type { Db } from '../../db/client';
import { shiftWishes, staffingSettings } from '../../db/schema';
import { conflict, invalid } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';

/**
 * 希望休 (staffing.md §3; docs/decisions/staffing-wishes.md): one's own wished days off of a month,
 * replaced as a whole until the deadline (the facility's day of the month before, Tokyo), audited.
 */

/** The month's deadline: the facility's day (default 20) of the month before. */
export async function wishDeadline(db: Db, facilityId: number, month: string): Promise<string> {
  const [row] = await db
    .select({ day: staffingSettings.wishDeadlineDay })
    .from(staffingSettings)
    .where(eq(staffingSettings.facilityId, facilityId));
  return `${addMonths(month, -1)}-${String(row?.day ?? 20).padStart(2, '0')}`;
}

/** Every person's wishes of the month (the シフト表's rows), by user id. */
export async function wishesOfMonth(db: Db, facilityId: number, month: string): Promise<Map<number, string[]>> {
  const { first, last } = monthRange(month);
  const rows = await db
    .select({ userId: shiftWishes.userId, date: shiftWishes.date })
    .from(shiftWishes)
    .where(and(eq(shiftWishes.facilityId, facilityId), between(shiftWishes.date, first, last)))
    .orderBy(asc(shiftWishes.date));
  const byUser = new Map<number, string[]>();
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.date]);
  return byUser;
}

export async function myWishes(db: Db, facilityId: number, userId: number, month: string, today: string): Promise<MyWishes> {
  const deadline = await wishDeadline(db, facilityId, month);
  const { first, last } = monthRange(month);
  const rows = await db
    .select({ date: shiftWishes.date })
    .from(shiftWishes)
    .where(and(eq(shiftWishes.facilityId, facilityId), eq(shiftWishes.userId, userId), between(shiftWishes.date, first, last)))
    .orderBy(asc(shiftWishes.date));
  return { month, deadline, open: today <= deadline, dates: rows.map((r) => r.date) };
}

export async function saveMyWishes(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  body: { month: string; dates: string[] },
  now: Date,
): Promise<MyWishes> {
  const { first, last } = monthRange(body.month);
  const dates = [...new Set(body.dates)].sort();
  if (dates.some((d) => d < first || d > last)) throw invalid('dates', wishMessages.outOfMonth);
  const deadline = await wishDeadline(db, grant.facilityId, body.month);
  if (staff.today > deadline)
    throw conflict(`${wishMessages.closed}（${Number(deadline.slice(5, 7))}月${Number(deadline.slice(8))}日まで）`);
  await db.transaction(async (t) => {
    await t
      .delete(shiftWishes)
      .where(
        and(
          eq(shiftWishes.facilityId, grant.facilityId),
          eq(shiftWishes.userId, staff.userId),
          between(shiftWishes.date, first, last),
        ),
      );
    if (dates.length > 0) {
      await t
        .insert(shiftWishes)
        .values(dates.map((date) => ({ facilityId: grant.facilityId, companyId: grant.companyId, userId: staff.userId, date })));
    }
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'staffing.wishes.update',
      targetType: 'user',
      targetId: staff.userId,
      details: { month: body.month, dates },
    });
  });
  return myWishes(db, grant.facilityId, staff.userId, body.month, staff.today);
}
