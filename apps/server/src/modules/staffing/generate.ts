import { and, between, eq, inArray } from 'drizzle-orm';
import { datesOfMonth, generateMessages, monthRange, type ShiftDraft } from '@renraku/contract';
import type { Db } from '../../db/client';
import { readEach, readTogether } from '../../db/reads';
import { facilityClosedDays, shiftMonths, shifts } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { facilityPresence } from '../day/service';
import { isPublicHoliday } from '../facilities/service';
import { conditionsOfFacility, draftConditionsOf } from './conditions';
import { facilityRooms, facilityStaff, loadSettings } from './day-data';
import { generateShifts, unmetRanges, type GeneratorInput } from './generator';
import { bandOf, ratioRules } from './ratio';
import { patternsOf, shiftMonth } from './shifts';
import { hhmmOf, minuteOf } from './timeline';
import { wishesOfMonth } from './wishes';

/*
 * 下書きを作成 (staffing.md §3; docs/decisions/staffing-generator.md): the generator's input from the
 * DB (the month's planned times, the staff with a class, their 勤務条件, patterns, 希望休, closed days), its draft
 * written over the month's unpublished table in one transaction, audited.
 */

/** Roles placed in a room by the draft: class staff and the 園長 with a class; not 事務. */
const PLACED_ROLES = new Set(['class_staff', 'director']);

export async function loadGeneratorInput(db: Db, facilityId: number, month: string): Promise<GeneratorInput> {
  const { first, last } = monthRange(month);
  const dates = datesOfMonth(month);
  // The demo seed generates a draft in its transaction: there, one read after the other (db/reads.ts).
  const [settings, rooms, members, patterns, wishes, conditions, closedRows, presence] = await readTogether(
    db,
    () => loadSettings(db, facilityId, first),
    () => facilityRooms(db, facilityId, first),
    () => facilityStaff(db, facilityId, first),
    () => patternsOf(db, facilityId),
    () => wishesOfMonth(db, facilityId, month),
    () => conditionsOfFacility(db, facilityId),
    () =>
      db
        .select({ date: facilityClosedDays.date })
        .from(facilityClosedDays)
        .where(and(eq(facilityClosedDays.facilityId, facilityId), between(facilityClosedDays.date, first, last))),
    () => readEach(db, dates, (date) => facilityPresence(db, facilityId, date)),
  );
  const closed = new Set(closedRows.map((r) => r.date));
  const seen = new Set<number>();
  const staff = members
    .filter((m) => !seen.has(m.userId) && seen.add(m.userId))
    .filter((m) => PLACED_ROLES.has(m.role) && m.defaultClassId !== null)
    .map((m) => {
      // 勤務条件: the person's limits over the defaults, their patterns or all (staffing-working-conditions.md).
      const { patternIds, ...limits } = draftConditionsOf(conditions.get(m.userId));
      return {
        id: m.userId,
        classId: Number(m.defaultClassId),
        patternIds: patternIds ?? patterns.map((p) => p.id),
        wishes: wishes.get(m.userId) ?? [],
        ...limits,
      };
    });
  return {
    rooms: rooms.map((r) => r.id),
    staff,
    patterns: patterns.map((p) => ({ id: p.id, start: minuteOf(p.start), end: minuteOf(p.end), breakMinutes: p.break_minutes })),
    days: dates.map((date, i) => {
      const isClosed = closed.has(date) || isPublicHoliday(date) || new Date(`${date}T00:00:00Z`).getUTCDay() === 0;
      return {
        date,
        closed: isClosed,
        rules: ratioRules(date, settings.facilityType, settings.oneYearImprovement),
        children: isClosed
          ? []
          : presence[i]!.filter((row) => !row.plannedAbsent && row.plannedArrival && row.plannedPickUp).map((row) => ({
              classId: row.classId,
              band: bandOf(row.birth, date),
              from: minuteOf(row.plannedArrival!),
              to: minuteOf(row.plannedPickUp!),
            })),
      };
    }),
  };
}

export async function generateDraft(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  month: string,
  now: Date,
): Promise<ShiftDraft> {
  const { first, last } = monthRange(month);
  const [published] = await db
    .select({ month: shiftMonths.month })
    .from(shiftMonths)
    .where(and(eq(shiftMonths.facilityId, grant.facilityId), eq(shiftMonths.month, month)));
  if (published) throw conflict(generateMessages.published);
  const input = await loadGeneratorInput(db, grant.facilityId, month);
  if (input.patterns.length === 0) throw conflict(generateMessages.noPatterns);
  const { assignments, unmet } = generateShifts(input);
  const cells = [...assignments].flatMap(([userId, days]) =>
    [...days].flatMap(([date, patternId]) => (patternId === null ? [] : [{ userId, date, patternId }])),
  );
  const placed = input.staff.map((s) => s.id);
  await db.transaction(async (t) => {
    // Only the rows of the people the draft places: a row of someone it does not place stays.
    if (placed.length > 0)
      await t
        .delete(shifts)
        .where(and(eq(shifts.facilityId, grant.facilityId), inArray(shifts.userId, placed), between(shifts.date, first, last)));
    if (cells.length > 0)
      await t.insert(shifts).values(
        cells.map((c) => ({
          companyId: grant.companyId,
          facilityId: grant.facilityId,
          userId: c.userId,
          date: c.date,
          patternId: c.patternId,
          updatedBy: staff.userId,
          updatedAt: now,
        })),
      );
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'staffing.shift.generate',
      targetType: 'facility',
      targetId: grant.facilityId,
      details: { month, cells: cells.length, unmet_slots: unmet.length },
    });
  });
  const rooms = await facilityRooms(db, grant.facilityId, first);
  const names = new Map(rooms.map((r) => [r.id, r.name]));
  return {
    table: await shiftMonth(db, grant, staff.userId, month),
    unmet: unmetRanges(unmet).map((r) => ({
      date: r.date,
      class_id: r.classId,
      class_name: names.get(r.classId) ?? '',
      start: hhmmOf(r.start),
      end: hhmmOf(r.end),
      short: r.short,
      reason: r.reason,
    })),
  };
}
