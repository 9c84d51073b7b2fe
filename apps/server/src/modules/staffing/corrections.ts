import { and, eq, isNull } from 'drizzle-orm';
import { staffingMessages, tokyoTime, type ClockKind, type StaffDay, type TimeEntriesDay } from '@renraku/contract';
import type { Db } from '../../db/client';
import { staffTimeEntries } from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { lockPersonDay } from './clock';
import { dayEntries, facilityStaff, presentEntry, validEntries, type EntryRow } from './day-data';
import { END_OF_DAY, workSpans } from './timeline';

/*
 * The 園長's corrections (staffing.md §2): a missing 打刻 is added with a reason, a wrong one voided
 * with a reason (kept and shown struck through); each audited with the reason. Who: directors and
 * company admins (`staffing.correct` of the role catalogue).
 */

const staffDayOf = (person: { userId: number; name: string }, rows: EntryRow[]): StaffDay => ({
  user_id: person.userId,
  name: person.name,
  state: workSpans(validEntries(rows), END_OF_DAY).state,
  entries: rows.map(presentEntry),
});

/** Every staff member of the facility on the day with their entries (voided ones too). */
export async function timeEntriesDay(db: Db, facilityId: number, date: string): Promise<TimeEntriesDay> {
  const [members, rows] = await Promise.all([facilityStaff(db, facilityId, date), dayEntries(db, facilityId, date)]);
  const seen = new Set<number>();
  return {
    date,
    staff: members
      .filter((m) => !seen.has(m.userId) && seen.add(m.userId))
      .map((m) =>
        staffDayOf(
          m,
          rows.filter((row) => row.entry.userId === m.userId),
        ),
      ),
  };
}

async function staffDay(db: Db, facilityId: number, date: string, userId: number): Promise<StaffDay> {
  const day = await timeEntriesDay(db, facilityId, date);
  const person = day.staff.find((s) => s.user_id === userId);
  if (person) return person;
  // A person whose membership has since ended: their entries still show.
  const rows = await dayEntries(db, facilityId, date, userId);
  return staffDayOf({ userId, name: rows[0]?.recorderName ?? '' }, rows);
}

export async function addTimeEntry(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  input: { user_id: number; date: string; kind: ClockKind; time: string; reason: string },
  now: Date,
): Promise<StaffDay> {
  if (input.date > staff.today || (input.date === staff.today && input.time > tokyoTime(now)))
    throw invalid('time', staffingMessages.future);
  const members = await facilityStaff(db, grant.facilityId, input.date);
  if (!members.some((m) => m.userId === input.user_id)) throw invalid('user_id', staffingMessages.staffMember);
  await db.transaction(async (t) => {
    await lockPersonDay(t, input.user_id, input.date);
    const [row] = await t
      .insert(staffTimeEntries)
      .values({
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        userId: input.user_id,
        date: input.date,
        kind: input.kind,
        time: input.time,
        source: 'correction',
        reason: input.reason,
        recordedBy: staff.userId,
        deviceId: staff.deviceId,
      })
      .returning({ id: staffTimeEntries.id });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'staffing.correction.add',
      targetType: 'staff_time_entry',
      targetId: row!.id,
      details: { user_id: input.user_id, date: input.date, kind: input.kind, time: input.time, reason: input.reason },
    });
  });
  return staffDay(db, grant.facilityId, input.date, input.user_id);
}

/** The entry and its facility, for the caller's authorization (unknown: 404). */
export async function entryPlace(db: Db, entryId: number) {
  const [row] = await db.select().from(staffTimeEntries).where(eq(staffTimeEntries.id, entryId));
  if (!row) throw notFound();
  return row;
}

export async function voidTimeEntry(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  entry: typeof staffTimeEntries.$inferSelect,
  reason: string,
  now: Date,
): Promise<StaffDay> {
  await db.transaction(async (t) => {
    const [row] = await t
      .update(staffTimeEntries)
      .set({ voidedAt: now, voidedBy: staff.userId, voidReason: reason })
      .where(and(eq(staffTimeEntries.id, entry.id), isNull(staffTimeEntries.voidedAt)))
      .returning({ id: staffTimeEntries.id });
    if (!row) throw conflict(staffingMessages.entryVoided);
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'staffing.correction.void',
      targetType: 'staff_time_entry',
      targetId: entry.id,
      details: { user_id: entry.userId, date: entry.date, kind: entry.kind, time: entry.time, reason },
    });
  });
  return staffDay(db, grant.facilityId, entry.date, entry.userId);
}
