import { INT4_MAX, kioskMessages, kioskStaffClockMessages, tokyoDate, tokyoTime, type KioskStaffClock } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { PairedDevice } from '../staff/service';
import type { StaffClockGroupCommit, StaffClockResult, StaffClockToRecord } from './staff-clock-batch';
import { staffOfProof, type StaffOfProof } from './staff-identification';

/**
 * Staff 打刻 at the gate (staffing.md §2; docs/decisions/staffing-kiosk-clock.md): made on the
 * kiosk offline first with the device's uuid and clock, named by the person's 職員QR or PIN grant,
 * written into staffing's `staff_time_entries` (source `kiosk`, the device, the device time) once
 * per id. A step out of the day's order is recorded and flagged for the 園長, not refused: the
 * person pressed it, maybe offline while the desktop had their day. Audited in the write's
 * transaction with the person and the device. The 打刻 that pass the checks here are written with
 * those of the requests arriving at the same time (`staff-clock-batch.ts`: one transaction, one commit).
 */

/** As the children's scans (service.ts): a wrong device clock must not write another week. */
const MAX_PAST_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_AHEAD_MS = 24 * 60 * 60 * 1000;

export type { StaffClockResult } from './staff-clock-batch';

export async function recordKioskStaffClocks(
  ctx: AppContext,
  clocks: StaffClockGroupCommit,
  device: PairedDevice,
  input: { sentAt: string; entries: KioskStaffClock[]; ip: string },
  now: Date,
): Promise<{ results: StaffClockResult[]; skew_ms: number }> {
  const skew = now.getTime() - new Date(input.sentAt).getTime();
  const proofs = new Map<string, Promise<StaffOfProof>>();
  // Each entry's answer in order: a refusal here, or null for the batch's answer.
  const answers: (StaffClockResult | null)[] = [];
  const toRecord: StaffClockToRecord[] = [];
  for (const entry of input.entries) {
    const refuse = (message: string) => answers.push({ id: entry.id, status: 'rejected', out_of_order: false, message });
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
    const staff = await staffOfProof(ctx.db, device, entry.staff, { at, date }, proofs);
    if (staff === null) {
      refuse(kioskMessages.staffInvalid);
      continue;
    }
    // A membership of this facility itself on the day, as one's own 打刻 on the desktop (a company
    // admin's company-wide membership has no day here).
    if (!staff.member) {
      refuse(kioskStaffClockMessages.notMember);
      continue;
    }
    answers.push(null);
    toRecord.push({ entry, userId: staff.userId, at, date, time: tokyoTime(at) });
  }
  const clamped = Math.max(-INT4_MAX, Math.min(INT4_MAX, skew));
  const [recorded] = await clocks.record([{ device, clocks: toRecord, skew: clamped, now, ip: input.ip }]);
  let next = 0;
  return { results: answers.map((answer) => answer ?? recorded![next++]!), skew_ms: skew };
}
