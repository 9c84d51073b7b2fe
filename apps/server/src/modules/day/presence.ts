import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { childAttendances, children, noteChildren, schedules } from '../../db/schema';
import { enrolmentCovers } from '../access';

/**
 * Who of a facility's children came and left on a day, from the class board's sources (the day's
 * arrivals and pick-ups by staff or the gate kiosk; the guardians' planned times): the staffing
 * ratio counts them per class, actual and planned. One statement; birth dates only, no names.
 */
export function facilityPresence(db: Db, facilityId: number, date: string) {
  return db
    .select({
      childId: children.id,
      classId: noteChildren.classId,
      birth: children.birth,
      arrivedAt: childAttendances.arrivedAt,
      pickedUpAt: childAttendances.pickedUpAt,
      plannedAbsent: schedules.isAbsent,
      plannedArrival: schedules.attendanceTime,
      plannedPickUp: schedules.leavingTime,
    })
    .from(noteChildren)
    .innerJoin(children, eq(children.id, noteChildren.childId))
    .leftJoin(childAttendances, and(eq(childAttendances.noteChildId, noteChildren.id), eq(childAttendances.date, date)))
    .leftJoin(schedules, and(eq(schedules.noteChildId, noteChildren.id), eq(schedules.date, date)))
    .where(and(eq(noteChildren.facilityId, facilityId), enrolmentCovers(noteChildren, date)));
}
