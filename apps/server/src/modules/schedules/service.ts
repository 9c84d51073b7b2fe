import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { scheduleTexts, type ResponseOf, type Schedule, type ScheduleDay, type getChildSchedules } from '@renraku/contract';
import type { AppContext } from '../../context';
import { facilities, noteChildren, scheduleWindows, schedules } from '../../db/schema';
import { preparedSql } from '../../db/prepared';
import { callerValues, confirmCaller, sessionStateOfCaller, type Caller, type SessionStateJson } from '../../lib/sessions';
import { invalidMany, notFound } from '../../lib/errors';
import { addMonths, datesOfMonth, isCalendarDate, monthRange, weekdayOf } from '@renraku/contract';
import { callerChildEnrolment, type EnrolledGrant } from '../access';
import { presentSchedule } from './presenter';

type Enrolment = EnrolledGrant['enrolment'];
type Window = typeof scheduleWindows.$inferSelect;

/**
 * Every date of a month with its weekday label, computed once per month (a schedules month asks for
 * it on every call; a handful of months are asked at any time, so the memo stays small).
 */
type MonthDay = { readonly date: string; readonly day: ReturnType<typeof weekdayOf> };
const monthDaysMemo = new Map<string, readonly MonthDay[]>();
function daysOfMonth(yearMonth: string): readonly MonthDay[] {
  let days = monthDaysMemo.get(yearMonth);
  if (!days) {
    if (monthDaysMemo.size >= 48) monthDaysMemo.clear();
    days = Object.freeze(datesOfMonth(yearMonth).map((date) => Object.freeze({ date, day: weekdayOf(date) })));
    monthDaysMemo.set(yearMonth, days);
  }
  return days;
}
type Row = typeof schedules.$inferSelect;

export interface Entry {
  isAbsent: boolean;
  attendanceTime?: string | null;
  leavingTime?: string | null;
  remarks?: string | null;
}

/** Windows of the facility that overlap a date range (one query). */
async function windowsFor(ctx: AppContext, facilityId: number, from: string, to: string): Promise<Window[]> {
  return ctx.db
    .select()
    .from(scheduleWindows)
    .where(and(eq(scheduleWindows.facilityId, facilityId), lte(scheduleWindows.firstDay, to), gte(scheduleWindows.lastDay, from)))
    .orderBy(desc(scheduleWindows.deadline));
}

type MonthRow = Pick<Row, 'id' | 'date' | 'isAbsent' | 'attendanceTime' | 'leavingTime'>;
type WindowRow = Pick<Window, 'firstDay' | 'lastDay' | 'deadline' | 'openDays'>;

/** A window covers a date inside its range on one of its open days (null: every day; staff.md §5). */
const windowCovers = (w: WindowRow, date: string) =>
  w.firstDay <= date && date <= w.lastDay && (w.openDays === null || w.openDays.includes(date));

interface MonthFound {
  session: SessionStateJson;
  writable: boolean;
  note_child_id: number | null;
  windows: WindowRow[] | null;
  rows: MonthRow[] | null;
  events: { id: number; name: string; date: string }[] | null;
}

/**
 * A month of a child's schedule in one prepared statement: the caller's link and the child's
 * current enrolment (the view check), the facility's windows overlapping the month (the newest
 * deadline first), the enrolment's schedule rows and the events of its facility and class.
 */
const monthStatement = preparedSql<MonthFound>(
  'schedules_month',
  sql`select ${sessionStateOfCaller} as session, l.writable, l.note_child_id,
    (select json_agg(json_build_object('firstDay', w.first_day, 'lastDay', w.last_day, 'deadline', w.deadline, 'openDays', w.open_days) order by w.deadline desc)
      from schedule_windows w
      where w.facility_id = l.facility_id and w.first_day <= ${sql.placeholder('last')} and w.last_day >= ${sql.placeholder('first')}) as windows,
    (select json_agg(json_build_object('id', s.id, 'date', s.date, 'isAbsent', s.is_absent,
        'attendanceTime', s.attendance_time, 'leavingTime', s.leaving_time) order by s.date)
      from schedules s
      where s.note_child_id = l.note_child_id and s.date >= ${sql.placeholder('first')} and s.date <= ${sql.placeholder('last')}) as rows,
    (select json_agg(json_build_object('id', e.id, 'name', e.name, 'date', e.date) order by e.date, e.id)
      from events e
      where e.facility_id = l.facility_id and e.date >= ${sql.placeholder('first')} and e.date <= ${sql.placeholder('last')}
        and (e.class_id is null or e.class_id = l.class_id)) as events
    from (${callerChildEnrolment}) l`,
);

/**
 * This month (offset 0) or next month (offset 1) of the child's schedule, keyed by date. One
 * statement, the session lookup included; 401 without a live session, 404 without an activated
 * link or a current enrolment (as the write calls' `authorizeChild` and `requireEnrolment`).
 */
export async function monthSchedules(
  ctx: AppContext,
  caller: Caller,
  childId: number,
  offset: number,
): Promise<ResponseOf<typeof getChildSchedules>> {
  const { today } = caller;
  const month = addMonths(today.slice(0, 7), offset);
  const { first, last } = monthRange(month);
  const [found] = await monthStatement(ctx.db).rows({ ...callerValues(caller), childId, today, first, last });
  await confirmCaller(ctx.db, caller, found?.session);
  if (!found?.note_child_id) throw notFound();
  const writable = found.writable;
  const windows = found.windows ?? [];
  const rows = found.rows ?? [];
  const byDate = new Map<string, { id: number; name: string }[]>();
  for (const event of found.events ?? []) {
    const list = byDate.get(event.date) ?? [];
    list.push({ id: event.id, name: event.name });
    byDate.set(event.date, list);
  }
  const byDay = new Map(rows.map((r) => [r.date, r]));
  const window = windows[0] ?? null;
  const inWindow = (date: string) => windows.some((w) => windowCovers(w, date));
  const days: Record<string, ScheduleDay> = {};
  for (const { date, day } of daysOfMonth(month)) {
    const row = byDay.get(date);
    days[date] = {
      date,
      day,
      school_day: inWindow(date),
      nurture_schedule_id: row?.id ?? null,
      attendance_time: row?.attendanceTime ?? null,
      leaving_time: row?.leavingTime ?? null,
      is_absent: row?.isAbsent ?? false,
      is_un_registered: !row,
      events: byDate.get(date) ?? [],
    };
  }
  const open = windows.some((w) => today <= w.deadline && w.lastDay >= today);
  return {
    month,
    offset,
    window: window ? { scheduledFirstDay: window.firstDay, scheduledLastDay: window.lastDay, deadline: window.deadline } : null,
    can_register: open && writable,
    writable,
    schedules: days,
  };
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Field errors of the times of an entry (F §5, §9: both times when attending, 5-minute steps, leaving after arrival). */
function timeErrors(entry: Entry): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (entry.isAbsent) return errors;
  const { attendanceTime: a, leavingTime: l } = entry;
  if (!a) errors.attendanceTime = [scheduleTexts.attendanceRequired];
  else if (minutes(a) % 5 !== 0) errors.attendanceTime = [scheduleTexts.minuteStep];
  if (!l) errors.leavingTime = [scheduleTexts.leavingRequired];
  else if (minutes(l) % 5 !== 0) errors.leavingTime = [scheduleTexts.minuteStep];
  if (a && l && !errors.attendanceTime && !errors.leavingTime && minutes(l) <= minutes(a)) {
    errors.leavingTime = [scheduleTexts.leavingAfterAttendance];
  }
  return errors;
}

/**
 * The date rules: this or next month only, not in the past, inside a window of the facility whose
 * deadline (inclusive) has not passed. Answers the message per date (null when allowed). One query.
 */
async function dateErrors(ctx: AppContext, enrolment: Enrolment, today: string, dates: string[]): Promise<(string | null)[]> {
  const lastAllowed = monthRange(addMonths(today.slice(0, 7), 1)).last;
  const sorted = [...dates].sort();
  const windows = await windowsFor(ctx, enrolment.facilityId, sorted[0]!, sorted[sorted.length - 1]!);
  return dates.map((date) => {
    if (date > lastAllowed) return scheduleTexts.monthOutOfRange;
    if (date < today) return scheduleTexts.pastDate;
    const covering = windows.filter((w) => windowCovers(w, date));
    if (covering.length === 0) return scheduleTexts.outsideWindow;
    if (!covering.some((w) => today <= w.deadline)) return scheduleTexts.deadlinePassed;
    return null;
  });
}

const values = (entry: Entry) =>
  entry.isAbsent
    ? { isAbsent: true, attendanceTime: null, leavingTime: null }
    : { isAbsent: false, attendanceTime: entry.attendanceTime!, leavingTime: entry.leavingTime! };

/** Registers (or replaces) one day. */
export async function saveSchedule(
  ctx: AppContext,
  enrolment: Enrolment,
  userId: number,
  today: string,
  now: Date,
  date: string,
  entry: Entry,
): Promise<Schedule> {
  const errors = timeErrors(entry);
  const [dateError] = isCalendarDate(date) ? await dateErrors(ctx, enrolment, today, [date]) : ['日付の形式が正しくありません'];
  if (dateError) errors.date = [dateError];
  if (Object.keys(errors).length > 0) throw invalidMany(errors);
  const set = { ...values(entry), remarks: entry.remarks ?? null, updatedBy: userId, updatedAt: now };
  const [row] = await ctx.db
    .insert(schedules)
    .values({ companyId: enrolment.companyId, noteChildId: enrolment.id, date, ...set })
    .onConflictDoUpdate({ target: [schedules.noteChildId, schedules.date], set })
    .returning();
  return presentSchedule(row!);
}

/** Registers the same answer for every date, all or none (checked first, then one statement). */
export async function saveBulk(
  ctx: AppContext,
  enrolment: Enrolment,
  userId: number,
  today: string,
  now: Date,
  dates: string[],
  entry: Entry,
): Promise<
  Record<
    string,
    { nurture_schedule_id: number; attendance_time: string | null; leaving_time: string | null; is_un_registered: boolean }
  >
> {
  const errors = timeErrors(entry);
  const seen = new Set<string>();
  dates.forEach((date, i) => {
    if (!isCalendarDate(date)) (errors[`dates.${i}`] ??= []).push('日付の形式が正しくありません');
    else if (seen.has(date)) (errors[`dates.${i}`] ??= []).push(scheduleTexts.datesDuplicated);
    seen.add(date);
  });
  if (Object.keys(errors).length === 0) {
    const messages = await dateErrors(ctx, enrolment, today, dates);
    messages.forEach((message, i) => {
      if (message) errors[`dates.${i}`] = [`${dates[i]}：${message}`];
    });
  }
  if (Object.keys(errors).length > 0) throw invalidMany(errors);
  const v = values(entry);
  // One INSERT … ON CONFLICT statement: PostgreSQL applies it to every date or to none.
  const rows = await ctx.db
    .insert(schedules)
    .values(
      dates.map((date) => ({
        companyId: enrolment.companyId,
        noteChildId: enrolment.id,
        date,
        ...v,
        updatedBy: userId,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [schedules.noteChildId, schedules.date],
      set: {
        isAbsent: sql`excluded.is_absent`,
        attendanceTime: sql`excluded.attendance_time`,
        leavingTime: sql`excluded.leaving_time`,
        updatedBy: sql`excluded.updated_by`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning();
  return Object.fromEntries(
    rows
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((r) => [
        r.date,
        { nurture_schedule_id: r.id, attendance_time: r.attendanceTime, leaving_time: r.leavingTime, is_un_registered: false },
      ]),
  );
}

/** A schedule of the child (any of its enrolments); 404 otherwise. */
export async function findSchedule(ctx: AppContext, childId: number, scheduleId: number): Promise<Row> {
  const [row] = await ctx.db
    .select({ schedule: schedules })
    .from(schedules)
    .innerJoin(noteChildren, eq(noteChildren.id, schedules.noteChildId))
    .where(and(eq(schedules.id, scheduleId), eq(noteChildren.childId, childId)))
    .limit(1);
  if (!row) throw notFound();
  return row.schedule;
}

/** Changes one registered day; the date stays the schedule's own. */
export async function updateSchedule(
  ctx: AppContext,
  enrolment: Enrolment,
  existing: Row,
  userId: number,
  today: string,
  now: Date,
  date: string,
  entry: Entry,
): Promise<Schedule> {
  // A day of a former enrolment is history: not changeable from the current one.
  if (existing.noteChildId !== enrolment.id) throw notFound();
  if (date !== existing.date) throw invalidMany({ date: [scheduleTexts.dateChanged] });
  const errors = timeErrors(entry);
  const [dateError] = await dateErrors(ctx, enrolment, today, [date]);
  if (dateError) errors.date = [dateError];
  if (Object.keys(errors).length > 0) throw invalidMany(errors);
  const [row] = await ctx.db
    .update(schedules)
    .set({ ...values(entry), remarks: entry.remarks ?? null, updatedBy: userId, updatedAt: now })
    .where(eq(schedules.id, existing.id))
    .returning();
  return presentSchedule(row!);
}

// ---- Staff side (for the later staff console; no HTTP route yet) ----

/** Opens registration of a facility's days first_day … last_day until the deadline (inclusive). */
export async function openScheduleWindow(
  ctx: AppContext,
  input: { facilityId: number; firstDay: string; lastDay: string; deadline: string },
) {
  const errors: Record<string, string[]> = {};
  if (input.lastDay < input.firstDay) errors.lastDay = ['最終日は初日以降の日付を入力してください'];
  if (input.deadline > input.lastDay) errors.deadline = ['登録期限は最終日までの日付を入力してください'];
  if (Object.keys(errors).length > 0) throw invalidMany(errors);
  const facility = await ctx.db.query.facilities.findFirst({ where: eq(facilities.id, input.facilityId) });
  if (!facility) throw notFound();
  const [row] = await ctx.db
    .insert(scheduleWindows)
    .values({ companyId: facility.companyId, ...input })
    .returning();
  return row!;
}
