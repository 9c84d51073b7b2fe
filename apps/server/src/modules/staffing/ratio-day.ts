import { tokyoTime, type RatioDay } from '@renraku/contract';
import type { Db } from '../../db/client';
import type { FacilityGrant } from '../access';
import { loadStaffingDay } from './day-data';
import { daySlots, END_OF_DAY, minuteOf, slotRange } from './timeline';

/**
 * The day per room and 15-minute slot (staffing.md §4): actual from 打刻 × attendance, planned from the
 * shift table × the children's planned times, with every actual slot short of staff listed.
 */
export async function ratioDay(db: Db, grant: FacilityGrant, date: string, today: string, now: Date): Promise<RatioDay> {
  const until = date === today ? minuteOf(tokyoTime(now)) + 1 : date < today ? END_OF_DAY : 0;
  const day = await loadStaffingDay(db, grant.facilityId, date, until);
  const rooms = day.rooms.filter((room) => grant.scopeClassId === null || room.id === grant.scopeClassId);
  const { from, to } = slotRange(day.children, day.staff);
  const ids = rooms.map((r) => r.id);
  const { starts: slots, byRoom } = daySlots(from, to, ids, day.children, day.staff, day.rules);
  const planned = daySlots(from, to, ids, day.plannedChildren, day.plannedStaff, day.rules).byRoom;
  const result = rooms.map((room) => ({
    class_id: room.id,
    name: room.name,
    actual: byRoom.get(room.id)!,
    planned: planned.get(room.id)!,
  }));
  return {
    date,
    slots,
    rooms: result,
    short_slots: result.flatMap((room) =>
      room.actual
        .filter((slot) => slot.short)
        .map((slot) => ({
          class_id: room.class_id,
          name: room.name,
          start: slot.start,
          children: slot.children,
          staff: slot.staff,
          required: slot.required,
        })),
    ),
  };
}
