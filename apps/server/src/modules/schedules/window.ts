import { eq } from 'drizzle-orm';
import { addDays, monthRange, scheduleWindowMessages as M } from '@renraku/contract';
import type { Db } from '../../db/client';
import { scheduleWindows } from '../../db/schema';
import { conflict, invalid, invalidMany } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { WindowRow, presentWindow } from './month';

/* Opening, editing and closing a month's window (staff.md §5). */

function checkWindow(month: string, input: { deadline: string; open_days: string[] }, today: string) {
  const errors: Record<string, string[]> = {};
  const { first } = monthRange(month);
  if (month < today.slice(0, 7)) errors.month = [M.pastMonth];
  if (input.deadline < today) errors.deadline = [M.deadlinePast];
  else if (input.deadline >= first) errors.deadline = [M.deadlineAfterStart];
  const seen = new Set<string>();
  input.open_days.forEach((day, i) => {
    if (day.slice(0, 7) !== month) errors[`open_days.${i}`] = [M.openDayOutside];
    else if (seen.has(day)) errors[`open_days.${i}`] = [M.openDaysDuplicated];
    seen.add(day);
  });
  if (Object.keys(errors).length > 0) throw invalidMany(errors);
  return [...seen].sort();
}

export async function openWindow(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  input: { month: string; deadline: string; open_days: string[] },
  now: Date,
) {
  const openDays = checkWindow(input.month, input, staff.today);
  const { first, last } = monthRange(input.month);
  return db.transaction(async (tx) => {
    const t: Db = tx;
    const [row] = await t
      .insert(scheduleWindows)
      .values({
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        firstDay: first,
        lastDay: last,
        deadline: input.deadline,
        openDays,
        updatedBy: staff.userId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(M.exists);
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'schedule_window.create',
      targetType: 'schedule_window',
      targetId: row.id,
      details: { month: input.month, deadline: input.deadline, open_days: openDays.length },
    });
    return presentWindow(row, staff.today);
  });
}

export async function editWindow(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  window: WindowRow,
  input: { deadline: string; open_days: string[] },
  now: Date,
) {
  const openDays = checkWindow(window.firstDay.slice(0, 7), input, staff.today);
  return db.transaction(async (tx) => {
    const t: Db = tx;
    const [row] = await t
      .update(scheduleWindows)
      .set({ deadline: input.deadline, openDays, closedAt: null, updatedBy: staff.userId, updatedAt: now })
      .where(eq(scheduleWindows.id, window.id))
      .returning();
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'schedule_window.update',
      targetType: 'schedule_window',
      targetId: window.id,
      details: { deadline: input.deadline, open_days: openDays.length, previous_deadline: window.deadline },
    });
    return presentWindow(row!, staff.today);
  });
}

/** Closes registration now: the deadline becomes yesterday, so every guardian rule ("today ≤ deadline") holds it closed. */
export async function closeWindow(db: Db, staff: StaffViewer, grant: FacilityGrant, window: WindowRow, now: Date) {
  if (window.deadline < staff.today) throw invalid('deadline', M.alreadyClosed);
  return db.transaction(async (tx) => {
    const t: Db = tx;
    const [row] = await t
      .update(scheduleWindows)
      .set({ deadline: addDays(staff.today, -1), closedAt: now, updatedBy: staff.userId, updatedAt: now })
      .where(eq(scheduleWindows.id, window.id))
      .returning();
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'schedule_window.close',
      targetType: 'schedule_window',
      targetId: window.id,
      details: { previous_deadline: window.deadline },
    });
    return presentWindow(row!, staff.today);
  });
}

/**
 * Mails the guardians (activated, writable) of the children with unregistered open days, one mail
 * per guardian naming their children. The reminder rows are written first with ON CONFLICT DO
 * NOTHING in the same transaction: only the guardians whose row this call inserted get a mail, so
 * a second press the same day (or two staff at once) never mails anyone twice.
 */
