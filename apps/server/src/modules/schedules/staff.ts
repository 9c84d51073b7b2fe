import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  addDays,
  addMonths,
  datesOfMonth,
  monthDayLabel,
  monthRange,
  scheduleWindowMessages as M,
  weekdayIndexOf,
  weekdayOf,
  yearMonthLabel,
  type PlanDay,
  type ScheduleChildStatus,
  type StaffScheduleMonth,
  type StaffScheduleWindow,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  childUser,
  children,
  classes,
  facilities,
  facilityClosedDays,
  noteChildren,
  scheduleReminders,
  scheduleWindows,
  schedules,
  users,
} from '../../db/schema';
import { conflict, invalid, invalidMany } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail';
import type { FacilityGrant, StaffViewer } from '../access';
import { isPublicHoliday } from '../facilities/service';
import { recordAudit } from '../audit/service';

type WindowRow = typeof scheduleWindows.$inferSelect;

/** Who writes windows and reminders: directors, office and company admins (staff.md §1 "schedules windows"). */
export const mayWriteSchedules = (grant: FacilityGrant) => grant.role !== 'class_staff';

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

function rangeDays(first: string, last: string): string[] {
  const days: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The facility's own closed days and the public holidays of a month. */
async function closedDaysOf(db: Db, facilityId: number, month: string) {
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
async function proposalFor(db: Db, facilityId: number, month: string, today: string) {
  const closed = await closedDaysOf(db, facilityId, month);
  const closedSet = new Set(closed.map((d) => d.date));
  const open_days = datesOfMonth(month).filter((d) => ![0, 6].includes(weekdayIndexOf(d)) && !closedSet.has(d));
  const first = monthRange(month).first;
  const twentieth = `${addMonths(month, -1)}-20`;
  const deadline = twentieth < today ? (today < first ? today : addDays(first, -1)) : twentieth;
  return { open_days, deadline, closed_days: closed };
}

async function windowOfMonth(db: Db, facilityId: number, month: string) {
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

interface Enrolment {
  noteChildId: number;
  childId: number;
  name: string;
  kana: string;
  className: string | null;
  admittedOn: string;
  leftOn: string | null;
}

/** The facility's enrolments that cover a day of the month, by class then kana. One query. */
async function enrolmentsOfMonth(db: Db, facilityId: number, month: string): Promise<Enrolment[]> {
  const { first, last } = monthRange(month);
  return db
    .select({
      noteChildId: noteChildren.id,
      childId: children.id,
      name: sql<string>`${children.lastName} || ' ' || ${children.firstName}`,
      kana: sql<string>`${children.lastNameKana} || ' ' || ${children.firstNameKana}`,
      className: classes.name,
      admittedOn: noteChildren.admittedOn,
      leftOn: noteChildren.leftOn,
    })
    .from(noteChildren)
    .innerJoin(children, eq(children.id, noteChildren.childId))
    .leftJoin(classes, eq(classes.id, noteChildren.classId))
    .where(
      and(
        eq(noteChildren.facilityId, facilityId),
        lte(noteChildren.admittedOn, last),
        or(isNull(noteChildren.leftOn), gte(noteChildren.leftOn, first)),
      ),
    )
    .orderBy(
      asc(classes.sortOrder),
      asc(classes.name),
      asc(children.lastNameKana),
      asc(children.firstNameKana),
      asc(children.id),
    );
}

const covers = (e: Enrolment, date: string) => e.admittedOn <= date && (e.leftOn === null || e.leftOn >= date);

type ScheduleRow = {
  noteChildId: number;
  date: string;
  isAbsent: boolean;
  attendanceTime: string | null;
  leavingTime: string | null;
};

async function schedulesOfMonth(db: Db, enrolments: Enrolment[], month: string): Promise<ScheduleRow[]> {
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
async function childStates(db: Db, facilityId: number, window: WindowRow, today: string): Promise<ScheduleChildStatus[]> {
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
        eq(childUser.activated, true),
        eq(childUser.writable, true),
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
    const t = tx as unknown as Db;
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
    const t = tx as unknown as Db;
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
    const t = tx as unknown as Db;
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
export async function remindUnregistered(
  ctx: AppContext,
  staff: StaffViewer,
  grant: FacilityGrant,
  window: WindowRow,
  now: Date,
) {
  const today = staff.today;
  if (window.deadline < today) throw invalid('deadline', M.notOpen);
  const states = (await childStates(ctx.db, grant.facilityId, window, today)).filter((c) => c.state !== 'registered');
  const byGuardian = new Map<number, string[]>();
  for (const child of states)
    for (const g of child.guardians) byGuardian.set(g.id, [...(byGuardian.get(g.id) ?? []), child.name]);
  if (byGuardian.size === 0) return { message: M.noneToRemind, sent: 0, suppressed: 0, already: 0 };
  const month = window.firstDay.slice(0, 7);
  const appName = ctx.config.operator.app_name;
  const url = new URL('/schedules/children', ctx.config.appUrl).toString();
  return ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const inserted = await t
      .insert(scheduleReminders)
      .values(
        [...byGuardian.keys()].map((userId) => ({
          companyId: grant.companyId,
          windowId: window.id,
          userId,
          sentOn: today,
          sentBy: staff.userId,
          createdAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: scheduleReminders.id, userId: scheduleReminders.userId });
    const recipients = inserted.length
      ? await t
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(
            inArray(
              users.id,
              inserted.map((r) => r.userId),
            ),
          )
      : [];
    let sent = 0;
    for (const row of inserted) {
      const user = recipients.find((u) => u.id === row.userId)!;
      const names = byGuardian.get(row.userId)!.map((n) => `${n}さん`);
      const mailId = await enqueueMail(t, {
        to: user.email,
        userId: user.id,
        kind: 'schedule_reminder',
        subject: `【${appName}】${yearMonthLabel(month)}の登園予定の登録をお願いします`,
        text: [
          `${user.name ?? user.email} 様`,
          '',
          `${grant.facilityName}より、${yearMonthLabel(month)}の登園予定の登録のお願いです。`,
          `${names.join('、')}の予定に、まだ登録されていない日があります。`,
          `締切：${monthDayLabel(window.deadline)}`,
          '',
          '次のURLから登録してください。',
          url,
        ].join('\n'),
      });
      if (mailId !== null) {
        sent += 1;
        await t.update(scheduleReminders).set({ mailId }).where(eq(scheduleReminders.id, row.id));
      }
    }
    const suppressed = inserted.length - sent;
    const already = byGuardian.size - inserted.length;
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'schedule_window.remind',
      targetType: 'schedule_window',
      targetId: window.id,
      details: { sent, suppressed, already },
    });
    return { message: inserted.length === 0 ? M.remindedNone : M.reminded(sent), sent, suppressed, already };
  });
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * 保育標準時間 (the national 11-hour standard): from the facility's opening time (07:00 when not
 * entered) for 11 hours, never past its closing time. A plan outside it is 延長保育.
 */
export function standardHours(facility: { openingTime: string | null; closingTime: string | null }) {
  const start = facility.openingTime ?? '07:00';
  const end = Math.min(toMinutes(start) + 11 * 60, facility.closingTime ? toMinutes(facility.closingTime) : 24 * 60 - 1);
  return { start, end: toTime(end) };
}

/** The month's plan per day (every day of the month; open = an open day of its window, or every day without one). */
export async function schedulePlan(db: Db, grant: FacilityGrant, month: string) {
  const [facility] = await db
    .select({ openingTime: facilities.openingTime, closingTime: facilities.closingTime })
    .from(facilities)
    .where(eq(facilities.id, grant.facilityId));
  const hours = standardHours(facility!);
  const window = await windowOfMonth(db, grant.facilityId, month);
  const openDays = window ? new Set(presentWindow(window, '').open_days) : null;
  const enrolments = await enrolmentsOfMonth(db, grant.facilityId, month);
  const rows = await schedulesOfMonth(db, enrolments, month);
  const byKey = new Map(rows.map((r) => [`${r.noteChildId}:${r.date}`, r]));
  const days: PlanDay[] = datesOfMonth(month).map((date) => {
    const open = openDays ? openDays.has(date) : true;
    const present = enrolments.filter((e) => covers(e, date));
    const planned = present.flatMap((e) => {
      const row = byKey.get(`${e.noteChildId}:${date}`);
      if (!row) return [];
      const extended =
        !row.isAbsent &&
        !!row.attendanceTime &&
        !!row.leavingTime &&
        (row.attendanceTime < hours.start || row.leavingTime > hours.end);
      return [
        {
          id: e.childId,
          name: e.name,
          class_name: e.className,
          is_absent: row.isAbsent,
          attendance_time: row.attendanceTime,
          leaving_time: row.leavingTime,
          extended,
        },
      ];
    });
    const expected = planned.filter((c) => !c.is_absent);
    expected.sort((a, b) => (a.attendance_time ?? '').localeCompare(b.attendance_time ?? ''));
    const arrivals = expected.map((c) => c.attendance_time!).sort();
    const leavings = expected.map((c) => c.leaving_time!).sort();
    return {
      date,
      open,
      expected: expected.length,
      absent: planned.length - expected.length,
      unregistered: open ? present.length - planned.length : 0,
      earliest_arrival: arrivals[0] ?? null,
      latest_leaving: leavings[leavings.length - 1] ?? null,
      extended: expected.filter((c) => c.extended).length,
      children: [...expected, ...planned.filter((c) => c.is_absent)],
    };
  });
  return { month, standard_hours: hours, days };
}

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  // Quote every cell; a leading = + - @ is defused so Excel never runs it as a formula.
  return `"${(/^[=+\-@]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
};
const csv = (lines: (string | number | null)[][]) => `\uFEFF${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`;

/** The plan as CSV for Excel (UTF-8 with BOM, CRLF): a line per day, or a line per child and day. */
export function schedulePlanCsv(plan: Awaited<ReturnType<typeof schedulePlan>>, view: 'days' | 'children'): string {
  if (view === 'days') {
    return csv([
      [
        '日付',
        '曜日',
        '開所日',
        '登園予定（人）',
        '欠席（人）',
        '未登録（人）',
        '最も早い登園',
        '最も遅い降園',
        '延長保育（人）',
      ],
      ...plan.days.map((d) => [
        d.date,
        weekdayOf(d.date),
        d.open ? '開所' : '休園',
        d.expected,
        d.absent,
        d.unregistered,
        d.earliest_arrival,
        d.latest_leaving,
        d.extended,
      ]),
    ]);
  }
  return csv([
    ['日付', '曜日', 'クラス', '園児', '予定', '登園予定', '降園予定', '延長保育'],
    ...plan.days.flatMap((d) =>
      d.children.map((c) => [
        d.date,
        weekdayOf(d.date),
        c.class_name,
        c.name,
        c.is_absent ? '欠席' : '登園',
        c.attendance_time,
        c.leaving_time,
        c.extended ? '延長' : '',
      ]),
    ),
  ]);
}
