import { sql } from 'drizzle-orm';
import { addMonths, ageBandLabels, datesOfMonth, monthRange, tokyoInstant, tokyoTime, type RatioMonth } from '@renraku/contract';
import type { Db } from '../../db/client';
import {
  childAttendances,
  dailyNotes,
  napSessions,
  noteChildren,
  notices,
  recordDocuments,
  staffTimeEntries,
} from '../../db/schema';
import type { FacilityGrant } from '../access';
import { facilityPresence } from '../day/service';
import { facilityStaff, loadSettings, loadStaffingDay } from './day-data';
import { oneYearConditions, oneYearSlots, type IctCounts, type OneYearShort } from './one-year-check';
import { bandOf, facilityHeadcount, headcountGroups, ratioRules } from './ratio';
import { daySlots, END_OF_DAY, minuteOf, slotRange } from './timeline';
import { rowsOf } from '../../db/rows';

/*
 * The month's report (staffing.md §4; docs/decisions/staffing-report.md): every day up to today read
 * as the day's chart reads it (loadStaffingDay × daySlots), the FAQ headcount from the children
 * enrolled on the first day, and the 1歳児配置改善加算 self-check.
 */

/** Records of the month per ICT function (one statement): what shows the function was in use. */
async function ictCounts(db: Db, facilityId: number, month: string): Promise<IctCounts> {
  const { first, last } = monthRange(month);
  const from = tokyoInstant(first);
  const to = tokyoInstant(monthRange(addMonths(month, 1)).first);
  const result = await db.execute<Record<keyof IctCounts, string>>(sql`select
    (select count(*) from ${childAttendances} ca join ${noteChildren} nc on nc.id = ca.note_child_id
      where nc.facility_id = ${facilityId} and ca.date between ${first} and ${last} and ca.arrived_at is not null) as attendance,
    (select count(*) from ${dailyNotes} dn join ${noteChildren} nc on nc.id = dn.note_child_id
      where nc.facility_id = ${facilityId} and dn.date between ${first} and ${last} and dn.published_at is not null) as daily_notes,
    (select count(*) from ${notices} n where n.facility_id = ${facilityId} and n.state = 'published'
      and n.released_at >= ${from} and n.released_at < ${to}) as notices,
    (select count(*) from ${napSessions} ns where ns.facility_id = ${facilityId} and ns.date between ${first} and ${last}) as naps,
    (select count(*) from ${recordDocuments} rd where rd.facility_id = ${facilityId}
      and rd.period_start <= ${last} and rd.period_end >= ${first}) as records,
    (select count(*) from ${staffTimeEntries} st where st.facility_id = ${facilityId}
      and st.date between ${first} and ${last} and st.voided_at is null) as staff_clock`);
  type Row = Record<keyof IctCounts, string>;
  const row = rowsOf<Row>(result)[0]!;
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as IctCounts;
}

/** The 加算's 5 : 1 exists on the day (the dated table has the variant then). */
const improvementExists = (date: string) =>
  ratioRules(date, 'nursery', true).perStaff[1] < ratioRules(date, 'nursery', false).perStaff[1];

export async function ratioMonth(db: Db, grant: FacilityGrant, month: string, today: string, now: Date): Promise<RatioMonth> {
  const { first, last } = monthRange(month);
  const through = first > today ? null : last < today ? last : today;
  const dates = through ? datesOfMonth(month).filter((d) => d <= through) : [];
  const [settings, enrolled, members, ict, days] = await Promise.all([
    loadSettings(db, grant.facilityId, first),
    facilityPresence(db, grant.facilityId, first),
    facilityStaff(db, grant.facilityId, first),
    ictCounts(db, grant.facilityId, month),
    Promise.all(
      dates.map((date) =>
        loadStaffingDay(db, grant.facilityId, date, date === today ? minuteOf(tokyoTime(now)) + 1 : END_OF_DAY).then((day) => ({
          date,
          day,
        })),
      ),
    ),
  ]);

  let checked = 0;
  const oneYearShort: OneYearShort[] = [];
  const reportDays = days.map(({ date, day }) => {
    const { from, to } = slotRange(day.children, day.staff);
    const ids = day.rooms.map((r) => r.id);
    const { byRoom } = daySlots(from, to, ids, day.children, day.staff, day.rules);
    const check = oneYearSlots({
      date,
      rooms: day.rooms,
      children: day.children,
      staff: day.staff,
      rules: ratioRules(date, day.facilityType, true),
      from,
      to,
    });
    checked += check.checked;
    oneYearShort.push(...check.short);
    return {
      date,
      short_slots: day.rooms.flatMap((room) =>
        byRoom
          .get(room.id)!
          .filter((slot) => slot.short)
          .map((slot) => ({
            class_id: room.id,
            name: room.name,
            start: slot.start,
            children: slot.children,
            staff: slot.staff,
            required: slot.required,
          })),
      ),
    };
  });

  const byBand = [0, 0, 0, 0, 0];
  for (const child of enrolled) byBand[bandOf(child.birth, first)]! += 1;
  const groups = headcountGroups(byBand, settings.rules).map((g) => ({
    label: g.bands.length > 1 ? '1・2歳' : ageBandLabels[g.bands[0]!],
    children: g.children,
    per_staff: g.perStaff,
    tenths: g.tenths,
  }));
  const required = facilityHeadcount(byBand, settings.rules);
  const classStaff = new Set(members.filter((m) => m.role === 'class_staff').map((m) => m.userId)).size;
  const applicable = improvementExists(first);

  return {
    month,
    facility_name: grant.facilityName,
    facility_type: settings.facilityType,
    one_year_improvement: settings.oneYearImprovement,
    through,
    days: reportDays,
    headcount: {
      date: first,
      children_by_band: byBand,
      groups,
      plus: settings.rules.plus,
      required,
      class_staff: classStaff,
      met: classStaff >= required,
    },
    one_year_check: {
      applicable,
      slots_checked: checked,
      short_slots: oneYearShort,
      ...oneYearConditions({ applicable, checked, short: oneYearShort, ict }),
    },
  };
}
