import { and, eq, or } from 'drizzle-orm';
import {
  INT4_MAX,
  kioskMessages,
  kioskStaffClockMessages,
  tokyoDate,
  tokyoTime,
  type ClockKind,
  type KioskStaffClock,
  type KioskStaffClockStatus,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { devices, staffTimeEntries } from '../../db/schema';
import { recordAudit } from '../audit/service';
import type { PairedDevice } from '../staff/service';
import { clockRefusal, facilityMemberIds, lockPersonDay, minuteOf } from '../staffing/service';
import { staffOfProof, type StaffOfProof } from './staff-identification';

/**
 * Staff 打刻 at the gate (staffing.md §2; docs/decisions/staffing-kiosk-clock.md): made on the
 * kiosk offline first with the device's uuid and clock, named by the person's 職員QR or PIN grant,
 * written into staffing's `staff_time_entries` (source `kiosk`, the device, the device time) once
 * per id. A step out of the day's order is recorded and flagged for the 園長, not refused: the
 * person pressed it, maybe offline while the desktop had their day. Audited in the write's
 * transaction with the person and the device.
 */

/** As the children's scans (service.ts): a wrong device clock must not write another week. */
const MAX_PAST_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_AHEAD_MS = 24 * 60 * 60 * 1000;

export interface StaffClockResult {
  id: string;
  status: KioskStaffClockStatus;
  out_of_order: boolean;
  message: string | null;
}

/** Steps of a day that do not fit 出勤 → (休憩開始 → 休憩終了)* → 退勤, folded in time order. */
export function misfits(entries: readonly { kind: ClockKind; time: string }[]): number {
  const sorted = [...entries].sort((a, b) => minuteOf(a.time) - minuteOf(b.time));
  const next = { in: 'working', break_start: 'on_break', break_end: 'working', out: 'done' } as const;
  let state: 'off' | 'working' | 'on_break' | 'done' = 'off';
  let count = 0;
  for (const e of sorted) {
    if (clockRefusal(state, e.kind)) count++;
    else state = next[e.kind];
  }
  return count;
}

export async function recordKioskStaffClocks(
  ctx: AppContext,
  device: PairedDevice,
  input: { sentAt: string; entries: KioskStaffClock[]; ip: string },
  now: Date,
): Promise<{ results: StaffClockResult[]; skew_ms: number }> {
  const skew = now.getTime() - new Date(input.sentAt).getTime();
  const proofs = new Map<string, Promise<StaffOfProof>>();
  const members = new Map<string, Promise<Set<number>>>();
  const memberOn = (date: string) => {
    let found = members.get(date);
    if (!found) {
      found = facilityMemberIds(ctx.db, device.facilityId, date);
      members.set(date, found);
    }
    return found;
  };
  const clamped = Math.max(-INT4_MAX, Math.min(INT4_MAX, skew));
  // The device's skew and sync time are noted in the last entry's transaction when it gets that far
  // (one commit less per 打刻, issue 35), else alone after the refusals.
  const noteDevice = (db: Db) =>
    db.update(devices).set({ clockSkewMs: clamped, lastSyncedAt: now }).where(eq(devices.id, device.id));
  let noted = false;
  const results: StaffClockResult[] = [];
  for (const [index, entry] of input.entries.entries()) {
    const refuse = (message: string) => results.push({ id: entry.id, status: 'rejected', out_of_order: false, message });
    const at = new Date(entry.at);
    const ahead = at.getTime() - now.getTime();
    if (ahead > MAX_AHEAD_MS || -ahead > MAX_PAST_MS) {
      refuse(kioskMessages.timeOutOfRange);
      continue;
    }
    if (!entry.staff) {
      refuse(kioskStaffClockMessages.staffRequired);
      continue;
    }
    const date = tokyoDate(at);
    const userId = await staffOfProof(ctx.db, device, entry.staff, { at, date }, proofs);
    if (userId === null) {
      refuse(kioskMessages.staffInvalid);
      continue;
    }
    // A membership of this facility itself on the day, as one's own 打刻 on the desktop (a company
    // admin's company-wide membership has no day here).
    if (!(await memberOn(date)).has(userId)) {
      refuse(kioskStaffClockMessages.notMember);
      continue;
    }
    const last = index === input.entries.length - 1;
    results.push(
      await recordOne(ctx.db, device, { entry, userId, at, date, ip: input.ip, noteDevice: last ? noteDevice : null }, now),
    );
    noted ||= last;
  }
  if (!noted) await noteDevice(ctx.db);
  return { results, skew_ms: skew };
}

async function recordOne(
  db: Db,
  device: PairedDevice,
  input: {
    entry: KioskStaffClock;
    userId: number;
    at: Date;
    date: string;
    ip: string;
    noteDevice: ((db: Db) => Promise<unknown>) | null;
  },
  now: Date,
): Promise<StaffClockResult> {
  return db.transaction(async (t) => {
    const tx: Db = t;
    return recordLocked(tx, device, input, now);
  });
}

async function recordLocked(
  tx: Db,
  device: PairedDevice,
  input: {
    entry: KioskStaffClock;
    userId: number;
    at: Date;
    date: string;
    ip: string;
    noteDevice: ((db: Db) => Promise<unknown>) | null;
  },
  now: Date,
): Promise<StaffClockResult> {
  const { entry, userId, at, date } = input;
  const time = tokyoTime(at);
  await lockPersonDay(tx, userId, date);
  // The device row before the entry: the entry's insert bumps the facility's ratio count (migration
  // staffing_ratio_changes), and the scans' statement takes device rows before counts; one order, no deadlock.
  if (input.noteDevice) await input.noteDevice(tx);
  // The id seen before (a resend) and the person's day at the facility, in one statement.
  const e = staffTimeEntries;
  const rows = await tx
    .select({ clientId: e.clientId, outOfOrder: e.outOfOrder, kind: e.kind, time: e.time, voidedAt: e.voidedAt })
    .from(e)
    .where(or(eq(e.clientId, entry.id), and(eq(e.facilityId, device.facilityId), eq(e.date, date), eq(e.userId, userId))));
  const seen = rows.find((row) => row.clientId === entry.id);
  if (seen) return { id: entry.id, status: 'duplicate' as const, out_of_order: seen.outOfOrder, message: null };
  const day = rows.filter((row) => row.voidedAt === null).map((row) => ({ kind: row.kind as ClockKind, time: row.time }));
  const outOfOrder = misfits([...day, { kind: entry.kind, time }]) > misfits(day);
  const [row] = await tx
    .insert(staffTimeEntries)
    .values({
      companyId: device.companyId,
      facilityId: device.facilityId,
      userId,
      date,
      kind: entry.kind,
      time,
      source: 'kiosk',
      clientId: entry.id,
      outOfOrder,
      deviceAt: at,
      recordedBy: userId,
      deviceId: device.id,
    })
    .onConflictDoNothing({ target: staffTimeEntries.clientId })
    .returning({ id: staffTimeEntries.id });
  // (The same id from another request at the same moment: its transaction holds the person's lock first.)
  if (!row) return { id: entry.id, status: 'duplicate' as const, out_of_order: false, message: null };
  await recordAudit(tx, { userId, today: tokyoDate(now), deviceId: device.id, ip: input.ip }, now, {
    companyId: device.companyId,
    facilityId: device.facilityId,
    action: 'kiosk.staff.clock',
    targetType: 'staff_time_entry',
    targetId: row.id,
    details: { kind: entry.kind, date, time, client_id: entry.id, method: entry.staff!.type, out_of_order: outOfOrder },
  });
  return {
    id: entry.id,
    status: 'recorded' as const,
    out_of_order: outOfOrder,
    message: outOfOrder ? kioskStaffClockMessages.outOfOrder : null,
  };
}
