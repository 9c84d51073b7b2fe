import { staffingMessages, tokyoTime, type RatioNow } from '@renraku/contract';
import type { Db } from '../../db/client';
import { staffRoomMoves } from '../../db/schema';
import { forbidden, invalid } from '../../lib/errors';
import { grantHolds, type FacilityGrant, type StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { loadStaffingDay } from './day-data';
import { loadRatioInputs } from './ratio-inputs';
import { minuteOf, roomsAt } from './timeline';

/**
 * The ratio now (staffing.md §4): per room (class) the children present by band, the staff at work
 * in it, the required number and the shortfall. A class tablet sees its own class only. The
 * screens fetch it when ratio-version moves (docs/decisions/staffing-live-ratio.md).
 */
export async function ratioNow(db: Db, grant: FacilityGrant, userId: number, today: string, now: Date): Promise<RatioNow> {
  const time = tokyoTime(now);
  const minute = minuteOf(time);
  // Open stays end now: a child not yet picked up and a person not yet out are here. One statement,
  // the same row ratio-version digests (ratio-inputs.ts).
  const day = await loadRatioInputs(db, grant.facilityId, today, minute + 1);
  const rooms = day.rooms.filter((room) => grant.scopeClassId === null || room.id === grant.scopeClassId);
  const at = roomsAt(
    minute,
    rooms.map((r) => r.id),
    day.children,
    day.staff,
    day.rules,
  );
  const inRooms = new Set([...at.values()].flatMap((room) => room.staff.map((s) => s.userId)));
  const atWork = day.staff.filter((s) => s.spans.some(([from, to]) => from <= minute && minute < to));
  return {
    date: today,
    time,
    facility_type: day.facilityType,
    one_year_improvement: day.oneYearImprovement,
    rooms: rooms.map((room) => {
      const r = at.get(room.id)!;
      return {
        class_id: room.id,
        name: room.name,
        children_by_band: r.childrenByBand,
        children: r.childrenByBand.reduce((a, b) => a + b, 0),
        staff: r.staff.map((s) => ({ user_id: s.userId, name: s.name })),
        required: r.required,
        short: Math.max(0, r.required - r.staff.length),
      };
    }),
    unassigned:
      grant.scopeClassId === null
        ? atWork.filter((s) => !inRooms.has(s.userId)).map((s) => ({ user_id: s.userId, name: s.name }))
        : [],
    can_move: grantHolds(grant, 'staffing.move') && atWork.some((s) => s.userId === userId),
  };
}

/**
 * Moves a staff member at work into a class's room from now (staffing.md §2: the afternoon in
 * another room, from that room's tablet): oneself (not office), or anyone for a director; audited.
 */
export async function moveToRoom(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  klass: { id: number; facilityId: number },
  userId: number,
  now: Date,
): Promise<RatioNow> {
  if (!grantHolds(grant, userId !== staff.userId ? 'staffing.correct' : 'staffing.move')) throw forbidden();
  const time = tokyoTime(now);
  const minute = minuteOf(time);
  const day = await loadStaffingDay(db, grant.facilityId, staff.today, minute + 1);
  const person = day.staff.find((s) => s.userId === userId);
  if (!person) throw invalid('user_id', staffingMessages.staffMember);
  if (!person.spans.some(([from, to]) => from <= minute && minute < to)) throw invalid('user_id', staffingMessages.notClocked);
  await db.transaction(async (t) => {
    const [row] = await t
      .insert(staffRoomMoves)
      .values({
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        userId,
        date: staff.today,
        time,
        classId: klass.id,
        movedBy: staff.userId,
      })
      .returning({ id: staffRoomMoves.id });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'staffing.room.move',
      targetType: 'class',
      targetId: klass.id,
      details: { move_id: row!.id, user_id: userId, time },
    });
  });
  return ratioNow(db, grant, staff.userId, staff.today, now);
}
