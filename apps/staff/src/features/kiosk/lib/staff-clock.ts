import { tokyoDate, tokyoTime } from '@renraku/contract/dates';
import { postKioskStaffClocks, type ClockKind } from '@renraku/contract/staff';
import { api } from '../../../lib/api';
import { statusOf } from '@renraku/ui/api';
import { kioskStore, updateStaffClocks } from './store';
import type { KioskStaff, LocalStaffClock, StaffProof } from './types';

/**
 * Staff 打刻 at the gate (docs/decisions/staffing-kiosk-clock.md): kept on the device first, sent
 * oldest first in batches, each id once; the day as the kiosk knows it (the roster's 打刻 with the
 * device's own over them) offers the step that fits.
 */

export type ClockState = 'off' | 'working' | 'on_break' | 'done';

const NEXT: Record<ClockKind, ClockState> = { in: 'working', break_start: 'on_break', break_end: 'working', out: 'done' };
const FITS: Record<ClockKind, ClockState[]> = {
  in: ['off'],
  break_start: ['working'],
  break_end: ['on_break'],
  out: ['working', 'on_break'],
};

/** The person's day: the server's 打刻 (roster) and the device's own of today not yet in it, folded in time order. */
export function staffDay(person: KioskStaff, clocks: LocalStaffClock[], now: Date) {
  const today = tokyoDate(now);
  const known = new Set(person.clock.map((c) => c.id).filter((id) => id !== null));
  const local = clocks
    .filter((c) => c.user_id === person.user_id && c.status !== 'rejected' && tokyoDate(c.at) === today && !known.has(c.id))
    .map((c) => ({ kind: c.kind, time: tokyoTime(c.at) }));
  const entries = [...person.clock.map((c) => ({ kind: c.kind, time: c.time })), ...local].sort((a, b) =>
    a.time.localeCompare(b.time),
  );
  let state: ClockState = 'off';
  for (const e of entries) if (FITS[e.kind].includes(state)) state = NEXT[e.kind];
  return { state, entries };
}

/** The step offered first for a state (the others stay reachable). */
export const fittingStep = (state: ClockState): ClockKind | null =>
  state === 'off' ? 'in' : state === 'working' ? 'out' : state === 'on_break' ? 'break_end' : null;

export const STATE_LABEL: Record<ClockState, string> = {
  off: '未出勤',
  working: '勤務中',
  on_break: '休憩中',
  done: '退勤済み',
};

export function newStaffClock(
  person: { user_id: number; name: string },
  kind: ClockKind,
  proof: NonNullable<StaffProof>,
  at: Date,
) {
  const clock: LocalStaffClock = {
    id: crypto.randomUUID(),
    user_id: person.user_id,
    name: person.name,
    kind,
    at: at.toISOString(),
    staff: proof,
    status: 'pending',
    message: null,
  };
  return clock;
}

export const appendStaffClock = (clock: LocalStaffClock) => updateStaffClocks((clocks) => [...clocks, clock]);

const BATCH = 100;

/**
 * Sends the pending staff 打刻 until none wait; answers the server's skew of the last answer, or null
 * when nothing waited. Throws what the network or the server answered otherwise (the caller decides:
 * a device refused, or try again later); a batch the server cannot read (422) is sent one by one to
 * find the entry, which is kept as refused.
 */
export async function sendStaffClocks(): Promise<number | null> {
  let skew: number | null = null;
  let size = BATCH;
  for (;;) {
    const pending = kioskStore
      .snapshot()
      .staffClocks.filter((c) => c.status === 'pending')
      .slice(0, size);
    if (pending.length === 0) return skew;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 15_000);
    let answer;
    try {
      answer = await api(postKioskStaffClocks, {
        body: { sent_at: new Date().toISOString(), entries: pending.map(({ id, kind, at, staff }) => ({ id, kind, at, staff })) },
        signal: controller.signal,
        reportUnauthenticated: false,
      });
    } catch (error) {
      if (statusOf(error) !== 422) throw error;
      if (size > 1) {
        size = 1;
        continue;
      }
      const message = error instanceof Error ? error.message : null;
      await updateStaffClocks((all) =>
        all.map((c) => (c.id === pending[0]!.id ? { ...c, status: 'rejected' as const, message } : c)),
      );
      continue;
    } finally {
      clearTimeout(timer);
    }
    const byId = new Map(answer.results.map((r) => [r.id, r]));
    await updateStaffClocks((all) =>
      all.map((c) => {
        const r = byId.get(c.id);
        return r && c.status === 'pending' ? { ...c, status: r.status, out_of_order: r.out_of_order, message: r.message } : c;
      }),
    );
    skew = answer.skew_ms;
    if (pending.every((c) => !byId.has(c.id))) return skew;
  }
}
