import { sql } from 'drizzle-orm';
import { staffingMessages, tokyoTime, type ClockKind, type MyClock } from '@renraku/contract';
import type { Db } from '../../db/client';
import { staffRoomMoves, staffTimeEntries } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { dayEntries, facilityRooms, presentEntry, validEntries } from './day-data';
import { clockRefusal, END_OF_DAY, minuteOf, roomAt, workSpans } from './timeline';
import { and, asc, eq } from 'drizzle-orm';

/** Serializes one person's 打刻 of a day (two taps at once: one is recorded, the other answered 409). */
export const lockPersonDay = (db: Db, userId: number, date: string) =>
  db.execute(sql`select pg_advisory_xact_lock(5035, hashtext(${`${userId}:${date}`}))`);

/** The caller's own day: entries, state and the room they are in now. */
export async function myClock(
  db: Db,
  facilityId: number,
  me: { userId: number; defaultClassId: number | null },
  date: string,
  now: Date,
): Promise<MyClock> {
  const [rows, rooms, moves] = await Promise.all([
    dayEntries(db, facilityId, date, me.userId),
    facilityRooms(db, facilityId, date),
    db
      .select()
      .from(staffRoomMoves)
      .where(and(eq(staffRoomMoves.facilityId, facilityId), eq(staffRoomMoves.date, date), eq(staffRoomMoves.userId, me.userId)))
      .orderBy(asc(staffRoomMoves.time), asc(staffRoomMoves.id)),
  ]);
  const { state } = workSpans(validEntries(rows), END_OF_DAY);
  const roomId = roomAt(
    {
      userId: me.userId,
      name: '',
      spans: [],
      defaultClassId: me.defaultClassId === null ? null : Number(me.defaultClassId),
      moves: moves.map((m) => ({ at: minuteOf(m.time), classId: m.classId })),
    },
    minuteOf(tokyoTime(now)),
  );
  const room = rooms.find((r) => r.id === roomId);
  return { date, state, entries: rows.map(presentEntry), room: room ? { class_id: room.id, name: room.name } : null };
}

/** One's own 打刻 now: in order (出勤 → 休憩 → 退勤), else 409 with what is wrong; audited. */
export async function clock(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  me: { userId: number; defaultClassId: number | null },
  kind: ClockKind,
  now: Date,
): Promise<MyClock> {
  const date = staff.today;
  const time = tokyoTime(now);
  await db.transaction(async (t) => {
    await lockPersonDay(t, staff.userId, date);
    const { state } = workSpans(validEntries(await dayEntries(t, grant.facilityId, date, staff.userId)), END_OF_DAY);
    const refusal = clockRefusal(state, kind);
    if (refusal) throw conflict(staffingMessages[refusal]);
    const [row] = await t
      .insert(staffTimeEntries)
      .values({
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        userId: staff.userId,
        date,
        kind,
        time,
        source: 'self',
        recordedBy: staff.userId,
        deviceId: staff.deviceId,
      })
      .returning({ id: staffTimeEntries.id });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'staffing.clock',
      targetType: 'staff_time_entry',
      targetId: row!.id,
      details: { kind, date, time },
    });
  });
  return myClock(db, grant.facilityId, me, date, now);
}
