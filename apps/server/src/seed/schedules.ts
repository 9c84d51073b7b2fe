import { scheduleWindows, schedules } from '../db/schema';
import { addDays, tokyoDate } from '@renraku/contract';
import { addMonths, datesOfMonth, monthRange, weekdayOf } from '@renraku/contract';
import { isPublicHoliday } from '../modules/facilities/profile';
import type { SeedContext } from './context';

/**
 * Demo content of the schedules area (DESIGN §8): at both facilities an open window for next month
 * (deadline a week ahead) with some days registered, and this month's window, closed, fully registered.
 */
export async function seedSchedules({ db, ids, now }: SeedContext): Promise<void> {
  const today = tokyoDate(now);
  const thisMonth = monthRange(today.slice(0, 7));
  const next = addMonths(today.slice(0, 7), 1);
  const nextMonth = monthRange(next);
  const facilities = [
    { companyId: ids.companies.sakura, facilityId: ids.facilities.sakura },
    { companyId: ids.companies.himawari, facilityId: ids.facilities.himawari },
  ];
  const weekdays = (dates: string[]) => dates.filter((d) => !['土', '日'].includes(weekdayOf(d)));
  // The days staff would open (staff.md §5): weekdays without the public holidays.
  const openDays = (month: string) => weekdays(datesOfMonth(month)).filter((d) => !isPublicHoliday(d));
  await db.insert(scheduleWindows).values(
    facilities.flatMap((f) => [
      {
        ...f,
        firstDay: thisMonth.first,
        lastDay: thisMonth.last,
        deadline: addDays(thisMonth.first, -10),
        openDays: openDays(today.slice(0, 7)),
      },
      { ...f, firstDay: nextMonth.first, lastDay: nextMonth.last, deadline: addDays(today, 7), openDays: openDays(next) },
    ]),
  );

  const rows: (typeof schedules.$inferInsert)[] = [];
  const children = [
    { noteChildId: ids.noteChildren.haruto, companyId: ids.companies.sakura, times: ['08:00', '17:00'] },
    { noteChildId: ids.noteChildren.yui, companyId: ids.companies.himawari, times: ['08:30', '17:30'] },
    { noteChildId: ids.noteChildren.sota, companyId: ids.companies.sakura, times: ['09:00', '16:30'] },
  ];
  for (const child of children) {
    // This month: every weekday registered, one absence.
    weekdays(datesOfMonth(today.slice(0, 7))).forEach((date, i) => {
      const absent = i === 6;
      rows.push({
        ...child,
        date,
        isAbsent: absent,
        attendanceTime: absent ? null : child.times[0],
        leavingTime: absent ? null : child.times[1],
        remarks: absent ? '家族旅行のため' : null,
      });
    });
  }
  // Next month: the first week registered for 陽翔 (one day absent, one late pick-up: 延長保育), the rest open.
  const haruto = children[0]!;
  weekdays(datesOfMonth(next))
    .slice(0, 5)
    .forEach((date, i) => {
      rows.push({
        noteChildId: haruto.noteChildId,
        companyId: haruto.companyId,
        date,
        isAbsent: i === 2,
        attendanceTime: i === 2 ? null : '08:00',
        leavingTime: i === 2 ? null : i === 4 ? '18:30' : '17:00',
        remarks: i === 2 ? '通院のためお休みします' : i === 4 ? '父がお迎えに行きます' : null,
      });
    });
  await db.insert(schedules).values(rows.map((r) => ({ ...r, updatedBy: ids.users.main })));
}
