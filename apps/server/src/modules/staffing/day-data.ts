import { and, asc, eq, sql } from 'drizzle-orm';
import { fiscalYearOf, type ClockKind, type RatioFacilityType } from '@renraku/contract';
import type { Db } from '../../db/client';
import {
  classes,
  shiftPatterns,
  shifts,
  staffingSettings,
  staffMembershipClasses,
  staffMemberships,
  staffRoomMoves,
  staffTimeEntries,
  users,
} from '../../db/schema';
import { membershipCovers } from '../access';
import { facilityPresence } from '../day/service';
import { bandOf, ratioRules, type RatioRules } from './ratio';
import { END_OF_DAY, minuteOf, placeUnclassed, workSpans, type ChildSpan, type StaffSpan } from './timeline';

/** A facility's settings (no row: a 保育所 without the 加算) and the rules they give on a day. */
export async function loadSettings(db: Db, facilityId: number, date: string) {
  const [row] = await db.select().from(staffingSettings).where(eq(staffingSettings.facilityId, facilityId));
  const facilityType = (row?.facilityType ?? 'nursery') as RatioFacilityType;
  const oneYearImprovement = row?.oneYearImprovement ?? false;
  return {
    facilityType,
    oneYearImprovement,
    wishDeadlineDay: row?.wishDeadlineDay ?? 20,
    rules: ratioRules(date, facilityType, oneYearImprovement),
  };
}

/** The facility's staff on a day (memberships at the facility covering it) with their default class. */
export function facilityStaff(db: Db, facilityId: number, date: string) {
  return db
    .select({
      userId: staffMemberships.userId,
      role: staffMemberships.role,
      name: sql<string>`coalesce(${users.name}, ${staffMemberships.invitedName}, ${users.email})`,
      // The membership's first class of the day's 年度: the room before any move.
      defaultClassId: sql<number | null>`(select min(${staffMembershipClasses.classId}) from ${staffMembershipClasses}
        join ${classes} on ${classes.id} = ${staffMembershipClasses.classId}
        where ${staffMembershipClasses.membershipId} = ${staffMemberships.id} and ${classes.fiscalYear} = ${fiscalYearOf(date)})`,
    })
    .from(staffMemberships)
    .innerJoin(users, eq(users.id, staffMemberships.userId))
    .where(and(eq(staffMemberships.facilityId, facilityId), membershipCovers(staffMemberships, date)))
    .orderBy(asc(staffMemberships.id));
}

export function dayEntries(db: Db, facilityId: number, date: string, userId?: number) {
  const recorder = sql<
    string | null
  >`(select coalesce(u.name, u.email) from users u where u.id = ${staffTimeEntries.recordedBy})`;
  const voider = sql<string | null>`(select coalesce(u.name, u.email) from users u where u.id = ${staffTimeEntries.voidedBy})`;
  return db
    .select({ entry: staffTimeEntries, recorderName: recorder, voiderName: voider })
    .from(staffTimeEntries)
    .where(
      and(
        eq(staffTimeEntries.facilityId, facilityId),
        eq(staffTimeEntries.date, date),
        userId === undefined ? undefined : eq(staffTimeEntries.userId, userId),
      ),
    )
    .orderBy(asc(staffTimeEntries.time), asc(staffTimeEntries.id));
}
export type EntryRow = Awaited<ReturnType<typeof dayEntries>>[number];

export const validEntries = (rows: readonly EntryRow[]) =>
  rows.filter((row) => row.entry.voidedAt === null).map((row) => ({ kind: row.entry.kind as ClockKind, time: row.entry.time }));

export function presentEntry(row: EntryRow) {
  const e = row.entry;
  return {
    id: e.id,
    kind: e.kind as ClockKind,
    time: e.time,
    source: e.source as 'self' | 'kiosk' | 'correction',
    out_of_order: e.outOfOrder,
    reason: e.reason,
    recorded_by_name: row.recorderName,
    voided: e.voidedAt ? { reason: e.voidReason ?? '', by_name: row.voiderName } : null,
  };
}

/** The 年度's classes of the facility: the rooms. */
export function facilityRooms(db: Db, facilityId: number, date: string) {
  return db
    .select({ id: classes.id, name: classes.name, ageBand: classes.ageBand })
    .from(classes)
    .where(and(eq(classes.facilityId, facilityId), eq(classes.fiscalYear, fiscalYearOf(date))))
    .orderBy(asc(classes.sortOrder), asc(classes.id));
}

export interface StaffingDay {
  rules: RatioRules;
  facilityType: RatioFacilityType;
  oneYearImprovement: boolean;
  rooms: { id: number; name: string; ageBand: number | null }[];
  children: ChildSpan[];
  staff: (StaffSpan & { role: string })[];
  /** The plan: children by their planned times (not absent), staff by the day's shifts in their class. */
  plannedChildren: ChildSpan[];
  plannedStaff: StaffSpan[];
}

/**
 * Everything the ratio reads for a facility's day, in five statements side by side: settings,
 * rooms, children's arrivals and pick-ups (the day area), staff, 打刻 and moves. `until`: the minute
 * an open stay ends (now today; the day's end for a past day).
 */
export async function loadStaffingDay(
  db: Db,
  facilityId: number,
  date: string,
  until: number = END_OF_DAY,
): Promise<StaffingDay> {
  const [settings, rooms, presence, members, entries, moves, dayShifts] = await Promise.all([
    loadSettings(db, facilityId, date),
    facilityRooms(db, facilityId, date),
    facilityPresence(db, facilityId, date),
    facilityStaff(db, facilityId, date),
    dayEntries(db, facilityId, date),
    db
      .select()
      .from(staffRoomMoves)
      .where(and(eq(staffRoomMoves.facilityId, facilityId), eq(staffRoomMoves.date, date)))
      .orderBy(asc(staffRoomMoves.time), asc(staffRoomMoves.id)),
    db
      .select({ userId: shifts.userId, start: shiftPatterns.startTime, end: shiftPatterns.endTime })
      .from(shifts)
      .innerJoin(shiftPatterns, eq(shiftPatterns.id, shifts.patternId))
      .where(and(eq(shifts.facilityId, facilityId), eq(shifts.date, date))),
  ]);
  const children: ChildSpan[] = placeUnclassed(
    presence
      .filter((row) => row.arrivedAt !== null)
      .map((row) => ({
        classId: row.classId,
        band: bandOf(row.birth, date),
        from: minuteOf(row.arrivedAt!),
        to: row.pickedUpAt ? minuteOf(row.pickedUpAt) : until,
      })),
    rooms,
  );
  const seen = new Set<number>();
  const staff = members
    .filter((m) => !seen.has(m.userId) && seen.add(m.userId))
    .map((m) => ({
      userId: m.userId,
      name: m.name,
      role: m.role,
      defaultClassId: m.defaultClassId === null ? null : Number(m.defaultClassId),
      spans: workSpans(validEntries(entries.filter((row) => row.entry.userId === m.userId)), until).spans,
      moves: moves.filter((move) => move.userId === m.userId).map((move) => ({ at: minuteOf(move.time), classId: move.classId })),
    }));
  const plannedChildren: ChildSpan[] = placeUnclassed(
    presence
      .filter((row) => !row.plannedAbsent && row.plannedArrival && row.plannedPickUp)
      .map((row) => ({
        classId: row.classId,
        band: bandOf(row.birth, date),
        from: minuteOf(row.plannedArrival!),
        to: minuteOf(row.plannedPickUp!),
      })),
    rooms,
  );
  const plannedStaff: StaffSpan[] = dayShifts.flatMap((shift) => {
    const person = staff.find((s) => s.userId === shift.userId);
    if (!person) return [];
    const span: [number, number] = [minuteOf(shift.start), minuteOf(shift.end)];
    return [{ userId: person.userId, name: person.name, defaultClassId: person.defaultClassId, moves: [], spans: [span] }];
  });
  return { ...settings, rooms, children, staff, plannedChildren, plannedStaff };
}
