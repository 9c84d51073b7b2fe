import { and, asc, between, eq } from 'drizzle-orm';
import { datesOfMonth, monthRange, shiftMessages, type ShiftMonth, type ShiftPattern } from '@renraku/contract';
import type { Db } from '../../db/client';
import { shiftMonths, shiftPatterns, shifts } from '../../db/schema';
import { conflict, invalid } from '../../lib/errors';
import { grantHolds, type FacilityGrant, type StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { wishesOfMonth } from './wishes';
import { facilityStaff } from './day-data';

/*
 * Shifts (staffing.md §3), the slice built: patterns, the month's table cell by cell, publishing.
 * Directors and company admins write; other members read their own row of a published month.
 */

const presentPattern = (p: typeof shiftPatterns.$inferSelect): ShiftPattern => ({
  id: p.id,
  code: p.code,
  start: p.startTime,
  end: p.endTime,
  break_minutes: p.breakMinutes,
});

export async function patternsOf(db: Db, facilityId: number): Promise<ShiftPattern[]> {
  const rows = await db
    .select()
    .from(shiftPatterns)
    .where(eq(shiftPatterns.facilityId, facilityId))
    .orderBy(asc(shiftPatterns.startTime), asc(shiftPatterns.code));
  return rows.map(presentPattern);
}

export async function addPattern(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  body: { code: string; start: string; end: string; break_minutes: number },
  now: Date,
): Promise<ShiftPattern> {
  if (body.end <= body.start) throw invalid('end', shiftMessages.order);
  return db.transaction(async (t) => {
    const [row] = await t
      .insert(shiftPatterns)
      .values({
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        code: body.code,
        startTime: body.start,
        endTime: body.end,
        breakMinutes: body.break_minutes,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(shiftMessages.codeTaken);
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'staffing.shift_pattern.create',
      targetType: 'shift_pattern',
      targetId: row.id,
      details: body,
    });
    return presentPattern(row);
  });
}

export async function shiftMonth(db: Db, grant: FacilityGrant, userId: number, month: string): Promise<ShiftMonth> {
  const { first, last } = monthRange(month);
  const editable = grantHolds(grant, 'staffing.correct');
  const [published] = await db
    .select()
    .from(shiftMonths)
    .where(and(eq(shiftMonths.facilityId, grant.facilityId), eq(shiftMonths.month, month)));
  const [patterns, members, cells, wishes] = await Promise.all([
    patternsOf(db, grant.facilityId),
    facilityStaff(db, grant.facilityId, last),
    db
      .select({ userId: shifts.userId, date: shifts.date, patternId: shifts.patternId })
      .from(shifts)
      .where(and(eq(shifts.facilityId, grant.facilityId), between(shifts.date, first, last))),
    wishesOfMonth(db, grant.facilityId, month),
  ]);
  const seen = new Set<number>();
  const visible = members
    .filter((m) => !seen.has(m.userId) && seen.add(m.userId))
    .filter((m) => editable || (published && m.userId === userId));
  return {
    month,
    dates: datesOfMonth(month),
    published_at: published?.publishedAt.toISOString() ?? null,
    editable,
    patterns,
    staff: visible.map((m) => ({
      user_id: m.userId,
      name: m.name,
      days: Object.fromEntries(cells.filter((c) => c.userId === m.userId).map((c) => [c.date, c.patternId])),
      wishes: wishes.get(m.userId) ?? [],
    })),
  };
}

export async function setShift(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  body: { user_id: number; date: string; pattern_id: number | null },
  now: Date,
): Promise<ShiftMonth> {
  const month = body.date.slice(0, 7);
  const members = await facilityStaff(db, grant.facilityId, body.date);
  if (!members.some((m) => m.userId === body.user_id)) throw invalid('user_id', shiftMessages.staffMember);
  if (body.pattern_id !== null) {
    const [pattern] = await db
      .select({ id: shiftPatterns.id })
      .from(shiftPatterns)
      .where(and(eq(shiftPatterns.id, body.pattern_id), eq(shiftPatterns.facilityId, grant.facilityId)));
    if (!pattern) throw invalid('pattern_id', shiftMessages.pattern);
  }
  await db.transaction(async (t) => {
    const cell = and(eq(shifts.facilityId, grant.facilityId), eq(shifts.userId, body.user_id), eq(shifts.date, body.date));
    if (body.pattern_id === null) await t.delete(shifts).where(cell);
    else
      await t
        .insert(shifts)
        .values({
          companyId: grant.companyId,
          facilityId: grant.facilityId,
          userId: body.user_id,
          date: body.date,
          patternId: body.pattern_id,
          updatedBy: staff.userId,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [shifts.facilityId, shifts.userId, shifts.date],
          set: { patternId: body.pattern_id, updatedBy: staff.userId, updatedAt: now },
        });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'staffing.shift.set',
      targetType: 'staff',
      targetId: body.user_id,
      details: body,
    });
  });
  return shiftMonth(db, grant, staff.userId, month);
}

export async function publishMonth(db: Db, staff: StaffViewer, grant: FacilityGrant, month: string, now: Date) {
  await db.transaction(async (t) => {
    await t
      .insert(shiftMonths)
      .values({ facilityId: grant.facilityId, companyId: grant.companyId, month, publishedAt: now, publishedBy: staff.userId })
      .onConflictDoUpdate({
        target: [shiftMonths.facilityId, shiftMonths.month],
        set: { publishedAt: now, publishedBy: staff.userId },
      });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'staffing.shift.publish',
      targetType: 'facility',
      targetId: grant.facilityId,
      details: { month },
    });
  });
  return shiftMonth(db, grant, staff.userId, month);
}
