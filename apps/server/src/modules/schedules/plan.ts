import { eq } from 'drizzle-orm';
import { datesOfMonth, weekdayOf, type PlanDay } from '@renraku/contract';
import type { Db } from '../../db/client';
import { facilities } from '../../db/schema';
import type { FacilityGrant } from '../access';
import { presentWindow, windowOfMonth, enrolmentsOfMonth, covers, schedulesOfMonth } from './month';

/* The month's plan: children per day and hour from the registered times, and its CSV. */

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
