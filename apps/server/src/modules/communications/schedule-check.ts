import { and, eq, gte, lte } from 'drizzle-orm';
import { communicationMessages as M, monthDayShortLabel, type ScheduleCheck } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { scheduleWindows, schedules } from '../../db/schema';
import type { EnrolledGrant } from '../access';

/*
 * The schedule check (docs/decisions/communications-schedule-check.md): may a change or an
 * absence be sent for a date, or does the schedule screen own it?
 */

type Window = { firstDay: string; lastDay: string; deadline: string };

/** Schedule windows of the facility still open for registration (deadline ≥ today) that touch the dates. */
export async function openWindows(db: Db, facilityId: number, dates: string[], today: string): Promise<Window[]> {
  if (dates.length === 0) return [];
  const sorted = [...dates].sort();
  return db
    .select({ firstDay: scheduleWindows.firstDay, lastDay: scheduleWindows.lastDay, deadline: scheduleWindows.deadline })
    .from(scheduleWindows)
    .where(
      and(
        eq(scheduleWindows.facilityId, facilityId),
        gte(scheduleWindows.deadline, today),
        lte(scheduleWindows.firstDay, sorted[sorted.length - 1]!),
        gte(scheduleWindows.lastDay, sorted[0]!),
      ),
    );
}

/**
 * "Not allowed": a past date, or a date inside a schedule window whose registration is still
 * open — the guardian changes the schedule itself on the schedule screen instead.
 */
export function checkDate(date: string, today: string, windows: Window[]): ScheduleCheck {
  if (date < today)
    return { scheduledFirstDay: null, scheduledLastDay: null, type: 'past', deadline: null, result: false, message: M.pastDate };
  const window = windows.find((w) => w.firstDay <= date && date <= w.lastDay);
  if (window) {
    return {
      scheduledFirstDay: window.firstDay,
      scheduledLastDay: window.lastDay,
      type: 'rangeScheduled',
      deadline: window.deadline,
      result: false,
      message: M.scheduleRange(
        monthDayShortLabel(window.firstDay),
        monthDayShortLabel(window.lastDay),
        monthDayShortLabel(window.deadline),
      ),
    };
  }
  return { scheduledFirstDay: null, scheduledLastDay: null, type: null, deadline: null, result: true, message: null };
}

export async function checkTargetDate(
  ctx: AppContext,
  access: EnrolledGrant,
  date: string,
  today: string,
): Promise<ScheduleCheck> {
  return checkDate(date, today, await openWindows(ctx.db, access.enrolment.facilityId, [date], today));
}

export async function scheduleByDate(ctx: AppContext, access: EnrolledGrant, date: string) {
  const [row] = await ctx.db
    .select({ attendanceTime: schedules.attendanceTime, leavingTime: schedules.leavingTime, isAbsent: schedules.isAbsent })
    .from(schedules)
    .where(and(eq(schedules.noteChildId, access.enrolment.id), eq(schedules.date, date)));
  const attending = row && !row.isAbsent;
  return { data: { attendance_time: attending ? row.attendanceTime : null, leaving_time: attending ? row.leavingTime : null } };
}
