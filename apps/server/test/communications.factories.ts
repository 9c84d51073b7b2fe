import type { Db } from '../src/db/client';
import { attendanceReports, scheduleWindows, schedules } from '../src/db/schema';
import { ensureDiseaseMaster } from '../src/modules/communications/diseases';

export { ensureDiseaseMaster };

/** A schedule registration window of the facility (first … last day, deadline). */
export async function buildScheduleWindow(
  db: Db,
  input: { companyId: number; facilityId: number; firstDay: string; lastDay: string; deadline: string },
) {
  const [row] = await db.insert(scheduleWindows).values(input).returning();
  return row!;
}

export async function buildSchedule(
  db: Db,
  input: {
    companyId: number;
    noteChildId: number;
    date: string;
    isAbsent?: boolean;
    attendanceTime?: string | null;
    leavingTime?: string | null;
  },
) {
  const [row] = await db.insert(schedules).values(input).returning();
  return row!;
}

/** An absence already reported for the date (status 3). */
export async function buildAbsence(
  db: Db,
  input: { companyId: number; noteChildId: number; targetDate: string; absenceType?: number },
) {
  const [row] = await db
    .insert(attendanceReports)
    .values({ ...input, statusId: 3, absenceType: input.absenceType ?? 2, requestHash: `factory-${Math.random()}` })
    .returning();
  return row!;
}
