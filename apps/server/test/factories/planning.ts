import type { Db } from '../../src/db/client';
import { classes, events, growths, scheduleWindows, schedules } from '../../src/db/schema';
import { buildChild, facilityOf } from './core';

/** The events, schedules and growths areas: classes, events, schedule windows, schedules, growth records. */
export async function buildClass(db: Db, input: { facilityId?: number; name?: string; fiscalYear?: number } = {}) {
  const facility = await facilityOf(db, input.facilityId);
  const [row] = await db
    .insert(classes)
    .values({
      name: input.name ?? 'ひよこ組',
      companyId: facility.companyId,
      facilityId: facility.id,
      fiscalYear: input.fiscalYear ?? 2026,
    })
    .returning();
  return row!;
}

/** An event of the facility (of one class when classId is given). */
export async function buildEvent(db: Db, input: { facilityId?: number; date: string; name?: string; classId?: number | null }) {
  const facility = await facilityOf(db, input.facilityId);
  const [row] = await db
    .insert(events)
    .values({
      companyId: facility.companyId,
      facilityId: facility.id,
      date: input.date,
      name: input.name ?? '行事',
      classId: input.classId ?? null,
    })
    .returning();
  return row!;
}

/** A schedule registration window of the facility (first … last day, deadline). */
export async function buildScheduleWindow(
  db: Db,
  input: { facilityId?: number; firstDay: string; lastDay: string; deadline: string },
) {
  const facility = await facilityOf(db, input.facilityId);
  const [row] = await db
    .insert(scheduleWindows)
    .values({
      companyId: facility.companyId,
      facilityId: facility.id,
      firstDay: input.firstDay,
      lastDay: input.lastDay,
      deadline: input.deadline,
    })
    .returning();
  return row!;
}

/** A registered schedule of an enrolment (a new child's when none is given): 08:00–17:00, or no times when absent. */
export async function buildSchedule(
  db: Db,
  input: {
    noteChild?: { id: number; companyId: number };
    date: string;
    isAbsent?: boolean;
    attendanceTime?: string | null;
    leavingTime?: string | null;
  },
) {
  const noteChild = input.noteChild ?? (await buildChild(db)).noteChild;
  const absent = input.isAbsent ?? false;
  const [row] = await db
    .insert(schedules)
    .values({
      companyId: noteChild.companyId,
      noteChildId: noteChild.id,
      date: input.date,
      isAbsent: absent,
      attendanceTime: input.attendanceTime !== undefined ? input.attendanceTime : absent ? null : '08:00',
      leavingTime: input.leavingTime !== undefined ? input.leavingTime : absent ? null : '17:00',
    })
    .returning();
  return row!;
}

/** A growth record of a child (a new child when none is given). */
export async function buildGrowth(
  db: Db,
  input: {
    child?: { id: number; companyId: number };
    measuredOn: string;
    height?: number | null;
    weight?: number | null;
    head?: number | null;
    chest?: number | null;
  },
) {
  const { child: given, ...values } = input;
  const child = given ?? (await buildChild(db)).child;
  const [row] = await db
    .insert(growths)
    .values({ height: 95.2, weight: 14.3, ...values, companyId: child.companyId, childId: child.id })
    .returning();
  return row!;
}
