import { and, asc, between, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attendanceReports, childAttendances, familyInformation, noteChildren } from '../../db/schema';
import { rowsOf } from '../../db/rows';

/*
 * The day (staff.md §4): the inbox of what guardians sent for a day, 確認 and replies, and the class
 * board. Every read is a fixed number of statements whatever the class or facility size: reports,
 * contact books and the children are three statements, run side by side.
 */
export { parseDay } from './entries';
export { loadInbox } from './inbox';
export { confirmFamilyContactBook, confirmReport, entryPlace, type EntryPlace } from './confirm';
export { loadBoard, saveChildAttendance } from './board';
export { facilityPresence } from './presence';

/**
 * A fingerprint of the facility's day: count and latest change of its reports, sent contact books
 * and attendances. One statement on indexed lookups; the screens poll it and refetch on a change
 * (docs/decisions/day-live-updates.md).
 */
export async function dayVersion(db: Db, facilityId: number, date: string): Promise<string> {
  const result = await db.execute<{ version: string }>(sql`
    select concat_ws('/',
      (select count(*) || ':' || coalesce(max(greatest(ar.created_at, ar.confirmed_at))::text, '')
         from ${attendanceReports} ar join ${noteChildren} nc on nc.id = ar.note_child_id
        where nc.facility_id = ${facilityId} and ar.target_date = ${date}),
      (select count(*) || ':' || coalesce(max(greatest(fi.sent_at, fi.confirmed_at, fi.staff_reply_at))::text, '')
         from ${familyInformation} fi join ${noteChildren} nc on nc.id = fi.note_child_id
        where nc.facility_id = ${facilityId} and fi.contact_on = ${date} and fi.is_sent),
      (select count(*) || ':' || coalesce(max(ca.updated_at)::text, '')
         from ${childAttendances} ca join ${noteChildren} nc on nc.id = ca.note_child_id
        where nc.facility_id = ${facilityId} and ca.date = ${date})
    ) as version`);
  return rowsOf<{ version: string }>(result)[0]!.version;
}

/**
 * The recorded arrivals and pick-ups (kiosk or staff entry) of enrolments over a date range, for
 * the billing area's 延長 (spec/billing.md §2). One statement.
 */
export async function attendanceBetween(db: Db, noteChildIds: number[], from: string, to: string) {
  if (noteChildIds.length === 0) return [];
  return db
    .select({
      noteChildId: childAttendances.noteChildId,
      date: childAttendances.date,
      arrivedAt: childAttendances.arrivedAt,
      pickedUpAt: childAttendances.pickedUpAt,
    })
    .from(childAttendances)
    .where(and(inArray(childAttendances.noteChildId, noteChildIds), between(childAttendances.date, from, to)))
    .orderBy(asc(childAttendances.date));
}
