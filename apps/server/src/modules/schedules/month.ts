import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  addDays,
  addMonths,
  datesOfMonth,
  monthRange,
  weekdayIndexOf,
  type ScheduleChildStatus,
  type StaffScheduleMonth,
  type StaffScheduleWindow,
} from '@renraku/contract';
import type { Db } from '../../db/client';
import {
  childUser,
  children,
  classes,
  facilityClosedDays,
  noteChildren,
  scheduleReminders,
  scheduleWindows,
  schedules,
  users,
} from '../../db/schema';
import { childName, childKana } from '../../lib/child-names';
import { enrolmentDuring, grantHolds, writableLinks, type FacilityGrant } from '../access';
import { isPublicHoliday } from '../facilities/service';

/* The month as the staff see it: its window, each child's registration state (staff.md §5). */

export type WindowRow = typeof scheduleWindows.$inferSelect;

/** Who writes windows and reminders: who holds `roster.write`, as the write calls check (staff.md §1 "schedules windows"). */
export const mayWriteSchedules = (grant: FacilityGrant) => grantHolds(grant, 'roster.write');

export function presentWindow(row: WindowRow, today: string): StaffScheduleWindow {
  return {
    id: row.id,
    month: row.firstDay.slice(0, 7),
    first_day: row.firstDay,
    last_day: row.lastDay,
    deadline: row.deadline,
    open_days: row.openDays ? [...row.openDays].sort() : rangeDays(row.firstDay, row.lastDay),
    status: today <= row.deadline ? 'open' : 'closed',
    closed_at: row.closedAt?.toISOString() ?? null,
  };
}

export function rangeDays(first: string, last: string): string[] {
  const days: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The facility's own closed days and the public holidays of a month. */
export async function closedDaysOf(db: Db, facilityId: number, month: string) {
  const { first, last } = monthRange(month);
  const entered = await db
    .select({ date: facilityClosedDays.date, name: facilityClosedDays.name })
    .from(facilityClosedDays)
    .where(
      and(eq(facilityClosedDays.facilityId, facilityId), gte(facilityClosedDays.date, first), lte(facilityClosedDays.date, last)),
    );
  const names = new Map(entered.map((d) => [d.date, d.name]));
  for (const date of datesOfMonth(month)) if (isPublicHoliday(date) && !names.has(date)) names.set(date, '祝日');
  return [...names].map(([date, name]) => ({ date, name })).sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * What a new window starts with: Monday to Friday minus the facility's closed days and public
 * holidays; the deadline on the 20th of the month before (today when that has passed, never on or
 * after the month's first day).
 */
export async function proposalFor(db: Db, facilityId: number, month: string, today: string) {
  const closed = await closedDaysOf(db, facilityId, month);
  const closedSet = new Set(closed.map((d) => d.date));
  const open_days = datesOfMonth(month).filter((d) => ![0, 6].includes(weekdayIndexOf(d)) && !closedSet.has(d));
  const first = monthRange(month).first;
  const twentieth = `${addMonths(month, -1)}-20`;
  const deadline = twentieth < today ? (today < first ? today : addDays(first, -1)) : twentieth;
  return { open_days, deadline, closed_days: closed };
}

export async function windowOfMonth(db: Db, facilityId: number, month: string) {
  const [row] = await db
    .select()
    .from(scheduleWindows)
    .where(and(eq(scheduleWindows.facilityId, facilityId), eq(scheduleWindows.firstDay, monthRange(month).first)));
  return row;
}

/** A window's facility (undefined: no such window). */
export async function windowById(db: Db, windowId: number) {
  const [row] = await db.select().from(scheduleWindows).where(eq(scheduleWindows.id, windowId));
  return row;
}

export interface Enrolment {
  noteChildId: number;
  childId: number;
  name: string;
  kana: string;
  className: string | null;
  admittedOn: string;
  leftOn: string | null;
}

/** The facility's enrolments that cover a day of the month, by class then kana. One query. */
export async function enrolmentsOfMonth(db: Db, facilityId: number, month: string): Promise<Enrolment[]> {
  const { first, last } = monthRange(month);
  return db
    .select({
      noteChildId: noteChildren.id,
      childId: children.id,
      name: childName,
      kana: childKana,
      className: classes.name,
      admittedOn: noteChildren.admittedOn,
      leftOn: noteChildren.leftOn,
    })
    .from(noteChildren)
    .innerJoin(children, eq(children.id, noteChildren.childId))
    .leftJoin(classes, eq(classes.id, noteChildren.classId))
    .where(and(eq(noteChildren.facilityId, facilityId), enrolmentDuring(noteChildren, first, last)))
    .orderBy(
      asc(classes.sortOrder),
      asc(classes.name),
      asc(children.lastNameKana),
      asc(children.firstNameKana),
      asc(children.id),
    );
}

export const covers = (e: Enrolment, date: string) => e.admittedOn <= date && (e.leftOn === null || e.leftOn >= date);

export type ScheduleRow = {
  noteChildId: number;
  date: string;
  isAbsent: boolean;
  attendanceTime: string | null;
  leavingTime: string | null;
};

export async function schedulesOfMonth(db: Db, enrolments: Enrolment[], month: string): Promise<ScheduleRow[]> {
  if (enrolments.length === 0) return [];
  const { first, last } = monthRange(month);
  return db
    .select({
      noteChildId: schedules.noteChildId,
      date: schedules.date,
      isAbsent: schedules.isAbsent,
      attendanceTime: schedules.attendanceTime,
      leavingTime: schedules.leavingTime,
    })
    .from(schedules)
    .where(
      and(
        inArray(
          schedules.noteChildId,
          enrolments.map((e) => e.noteChildId),
        ),
        gte(schedules.date, first),
        lte(schedules.date, last),
      ),
    );
}

/** Each child's registration state for the window's open days, with the guardians who may register. Four queries. */
export async function childStates(db: Db, facilityId: number, window: WindowRow, today: string): Promise<ScheduleChildStatus[]> {
  const month = window.firstDay.slice(0, 7);
  const openDays = presentWindow(window, today).open_days;
  const enrolments = (await enrolmentsOfMonth(db, facilityId, month)).filter((e) => openDays.some((d) => covers(e, d)));
  if (enrolments.length === 0) return [];
  const rows = await schedulesOfMonth(db, enrolments, month);
  const registered = new Set(rows.map((r) => `${r.noteChildId}:${r.date}`));
  const guardians = await db
    .select({ childId: childUser.childId, id: users.id, name: users.name, email: users.email, main: childUser.main })
    .from(childUser)
    .innerJoin(users, eq(users.id, childUser.userId))
    .where(
      and(
        inArray(
          childUser.childId,
          enrolments.map((e) => e.childId),
        ),
        writableLinks(childUser),
      ),
    )
    .orderBy(sql`${childUser.main} desc`, asc(childUser.sortOrder), asc(users.id));
  const reminded = new Set(
    (
      await db
        .select({ userId: scheduleReminders.userId })
        .from(scheduleReminders)
        .where(and(eq(scheduleReminders.windowId, window.id), eq(scheduleReminders.sentOn, today)))
    ).map((r) => r.userId),
  );
  const states = enrolments.map((e): ScheduleChildStatus => {
    const days = openDays.filter((d) => covers(e, d));
    const done = days.filter((d) => registered.has(`${e.noteChildId}:${d}`)).length;
    return {
      id: e.childId,
      name: e.name,
      kana: e.kana,
      class_name: e.className,
      open_days: days.length,
      registered_days: done,
      state: done === days.length ? 'registered' : done === 0 ? 'none' : 'partial',
      guardians: guardians
        .filter((g) => g.childId === e.childId)
        .map((g) => ({ id: g.id, name: g.name ?? g.email, main: g.main, reminded_today: reminded.has(g.id) })),
    };
  });
  const order = { none: 0, partial: 1, registered: 2 } as const;
  return states.sort((a, b) => order[a.state] - order[b.state]);
}

/** The month's window (or the proposal for one) and each child's state. */
export async function scheduleMonth(db: Db, grant: FacilityGrant, month: string, today: string): Promise<StaffScheduleMonth> {
  const window = await windowOfMonth(db, grant.facilityId, month);
  return {
    month,
    window: window ? presentWindow(window, today) : null,
    proposal: await proposalFor(db, grant.facilityId, month, today),
    can_write: mayWriteSchedules(grant),
    children: window ? await childStates(db, grant.facilityId, window, today) : [],
  };
}

/** The rules of a window's month, deadline and open days (every field at once, as a 422). */
