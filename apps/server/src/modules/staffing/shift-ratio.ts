import { and, between, eq } from 'drizzle-orm';
import { monthRange, type ShiftRatio } from '@renraku/contract';
import type { Db } from '../../db/client';
import { shiftPatterns, shifts } from '../../db/schema';
import type { FacilityGrant } from '../access';
import { facilityRooms, facilityStaff } from './day-data';
import { loadGeneratorInput } from './generate';
import { daySlots, minuteOf, slotRange, SLOT_MINUTES, hhmmOf, type StaffSpan } from './timeline';

/*
 * シフト表's red slots (staffing.md §3 "slots short of staff are red before publishing";
 * docs/decisions/staffing-report.md): per day of the month, the table's shifts (each person in their
 * class, the whole pattern) × the children's planned times, through the day chart's code (daySlots),
 * short slots joined into ranges of the same staff and required (children: the most).
 */
export async function shiftRatio(db: Db, grant: FacilityGrant, month: string): Promise<ShiftRatio> {
  const { first, last } = monthRange(month);
  const [input, rooms, members, cells] = await Promise.all([
    loadGeneratorInput(db, grant.facilityId, month),
    facilityRooms(db, grant.facilityId, first),
    facilityStaff(db, grant.facilityId, first),
    db
      .select({ userId: shifts.userId, date: shifts.date, start: shiftPatterns.startTime, end: shiftPatterns.endTime })
      .from(shifts)
      .innerJoin(shiftPatterns, eq(shiftPatterns.id, shifts.patternId))
      .where(and(eq(shifts.facilityId, grant.facilityId), between(shifts.date, first, last))),
  ]);
  const people = new Map(members.map((m) => [m.userId, m]));
  const ids = rooms.map((r) => r.id);
  return {
    month,
    days: input.days.map((day) => {
      const staff: StaffSpan[] = cells
        .filter((c) => c.date === day.date && people.has(c.userId))
        .map((c) => {
          const person = people.get(c.userId)!;
          return {
            userId: c.userId,
            name: person.name,
            defaultClassId: person.defaultClassId === null ? null : Number(person.defaultClassId),
            moves: [],
            spans: [[minuteOf(c.start), minuteOf(c.end)]],
          };
        });
      const { from, to } = slotRange(day.children, staff);
      const { byRoom } = daySlots(from, to, ids, day.children, staff, day.rules);
      const short: ShiftRatio['days'][number]['short'] = [];
      for (const room of rooms) {
        let open: (typeof short)[number] | undefined;
        byRoom.get(room.id)!.forEach((slot, i) => {
          const start = from + i * SLOT_MINUTES;
          if (!slot.short) return void (open = undefined);
          if (open && open.staff === slot.staff && open.required === slot.required && open.end === hhmmOf(start)) {
            open.end = hhmmOf(start + SLOT_MINUTES);
            open.children = Math.max(open.children, slot.children);
          } else {
            open = {
              class_id: room.id,
              name: room.name,
              start: hhmmOf(start),
              end: hhmmOf(start + SLOT_MINUTES),
              children: slot.children,
              staff: slot.staff,
              required: slot.required,
            };
            short.push(open);
          }
        });
      }
      return { date: day.date, short };
    }),
  };
}
