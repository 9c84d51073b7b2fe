import type { Db } from '../src/db/client';
import { classes, events, growths, scheduleWindows, schedules } from '../src/db/schema';

/** Factories of the events, schedules and growths areas. */
export async function buildClass(db: Db, input: { companyId: number; facilityId: number; name?: string }) {
  const [row] = await db
    .insert(classes)
    .values({ name: 'ひよこ組', ...input })
    .returning();
  return row!;
}

export async function buildEvent(
  db: Db,
  input: { companyId: number; facilityId: number; date: string; name?: string; classId?: number | null },
) {
  const [row] = await db
    .insert(events)
    .values({ name: '行事', classId: null, ...input })
    .returning();
  return row!;
}

export async function buildWindow(
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
  const [row] = await db
    .insert(schedules)
    .values({ attendanceTime: '08:00', leavingTime: '17:00', ...input })
    .returning();
  return row!;
}

export async function buildGrowth(
  db: Db,
  input: {
    companyId: number;
    childId: number;
    measuredOn: string;
    height?: number | null;
    weight?: number | null;
    head?: number | null;
    chest?: number | null;
  },
) {
  const [row] = await db
    .insert(growths)
    .values({ height: 95.2, weight: 14.3, ...input })
    .returning();
  return row!;
}
