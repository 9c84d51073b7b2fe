import { and, asc, eq, sql } from 'drizzle-orm';
import { attendanceStatus, napMessages as M, tokyoDate, tokyoInstant, tokyoTime, type NapPresence } from '@renraku/contract';
import type { Db } from '../../db/client';
import { attendanceReports, childAttendances, children, classes, noteChildren, schedules } from '../../db/schema';
import { childName, childKana } from '../../lib/child-names';
import { invalid } from '../../lib/errors';
import { enrolmentCovers } from '../access';

/*
 * Who is in the room for a nap (docs/decisions/naps-presence.md): the class board's own source — the
 * day's actual arrival and pick-up (child_attendances: the gate kiosk or the board), the guardians'
 * absences (attendance_reports) and planned absences (schedules). Present = arrived and not yet picked
 * up, by the times recorded; only a present child is due and may be checked.
 */

type Klass = typeof classes.$inferSelect;

export interface ClassChild {
  id: number;
  name: string;
  kana: string;
  firstName: string;
  lastName: string;
  arrivedAt: string | null;
  pickedUpAt: string | null;
  absenceReported: boolean;
}

/** The class's children enrolled on the day with the day's attendance, by kana. One statement. */
export async function classChildren(db: Db, klass: Klass, date: string): Promise<ClassChild[]> {
  return db
    .select({
      id: children.id,
      name: childName,
      kana: childKana,
      firstName: children.firstName,
      lastName: children.lastName,
      arrivedAt: childAttendances.arrivedAt,
      pickedUpAt: childAttendances.pickedUpAt,
      absenceReported: sql<boolean>`(coalesce(${schedules.isAbsent}, false) or exists (select 1 from ${attendanceReports}
        where ${attendanceReports.noteChildId} = ${noteChildren.id} and ${attendanceReports.targetDate} = ${date}
          and ${attendanceReports.statusId} = ${attendanceStatus.absence}))`,
    })
    .from(noteChildren)
    .innerJoin(children, eq(children.id, noteChildren.childId))
    .leftJoin(childAttendances, and(eq(childAttendances.noteChildId, noteChildren.id), eq(childAttendances.date, date)))
    .leftJoin(schedules, and(eq(schedules.noteChildId, noteChildren.id), eq(schedules.date, date)))
    .where(and(eq(noteChildren.classId, klass.id), enrolmentCovers(noteChildren, date)))
    .orderBy(asc(children.lastNameKana), asc(children.firstNameKana), asc(children.id));
}

/**
 * The wall-clock time (HH:MM) up to which recorded times count: today now; a past day its end; a
 * future day its start. A time entered ahead on the board (a pick-up at 16:00 typed at noon) has not
 * happened yet.
 */
export function presenceCutoff(date: string, now: Date): string {
  const today = tokyoDate(now);
  return date === today ? tokyoTime(now) : date < today ? '24:00' : '';
}

/**
 * Present: arrived and not picked up (by the cutoff). A recorded arrival wins over an absence report
 * (the child came after all: the one asleep in the room must be checkable); without one, a reported
 * absence reads 欠席, otherwise 未登園.
 */
export function presenceOf(child: ClassChild, cutoff: string): NapPresence {
  const arrived = child.arrivedAt !== null && child.arrivedAt <= cutoff;
  const pickedUp = child.pickedUpAt !== null && child.pickedUpAt <= cutoff;
  if (arrived) return pickedUp ? 'picked_up' : 'present';
  return child.absenceReported ? 'absent' : 'not_arrived';
}

/** When a child arriving during the nap joined it: the recorded arrival of the day (null: none). */
export const arrivalInstant = (child: ClassChild, date: string) => (child.arrivedAt ? tokyoInstant(date, child.arrivedAt) : null);

const refusal: Record<Exclude<NapPresence, 'present'>, string> = {
  absent: M.absent,
  not_arrived: M.notArrived,
  picked_up: M.pickedUp,
};

/** A check is only for a child in the room: a 422 naming why not. */
export function assertPresent(presence: NapPresence): void {
  if (presence !== 'present') throw invalid('child_id', refusal[presence]);
}
