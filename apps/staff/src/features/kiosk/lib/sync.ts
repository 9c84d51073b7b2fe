import { getKioskRoster, postKioskScans } from '@renraku/contract/staff';
import { api } from '../../../lib/api';
import { statusOf } from '@renraku/ui/api';
import { forgetRoster, kioskStore, saveRoster, updateScans } from './store';
import { cachePhotos } from './photos';
import { sendStaffClocks } from './staff-clock';
import type { LocalScan } from './types';

/** At most this many scans per request (the contract's bound). */
export const BATCH_SIZE = 100;

export type DeviceProblem = 'unpaired' | 'not_kiosk' | null;

export interface SyncStatus {
  /** A round is running. */
  sending: boolean;
  /** The last round ended without an answer (offline, timeout, 5xx): it is tried again later. */
  failed: boolean;
  /** Server time minus device time at the last answer, ms (the server’s skew_ms). */
  skewMs: number | null;
  device: DeviceProblem;
  /** The last roster fetch had no answer (the kept roster, if any, is shown). */
  rosterFailed: boolean;
}

let status: SyncStatus = { sending: false, failed: false, skewMs: null, device: null, rosterFailed: false };
const listeners = new Set<() => void>();
function publish(next: Partial<SyncStatus>) {
  status = { ...status, ...next };
  for (const listener of listeners) listener();
}
export const syncStatusStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => status,
};

/** A device answer (401 revoked / not paired, 403 not a kiosk): the device is told, the roster leaves it. */
async function deviceRefused(error: unknown): Promise<boolean> {
  const code = statusOf(error);
  if (code !== 401 && code !== 403) return false;
  publish({ device: code === 401 ? 'unpaired' : 'not_kiosk' });
  await forgetRoster();
  return true;
}

const withTimeout = (ms: number) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  return { signal: controller.signal, done: () => clearTimeout(timer) };
};

let round: Promise<void> | null = null;

const isCode = (s: LocalScan) => s.kind === 'pickup' && s.pickup?.type === 'code';

/**
 * Sends the pending scans, oldest first, in batches of up to 100, until none wait or the network
 * fails. One round at a time (a second call joins the running one). Each answer is applied by scan
 * id: `recorded` and `duplicate` (the server had it: a lost answer, a retry) are done;
 * `ignored_repeat` and `rejected` are done too but shown until the staff acknowledges them.
 */
export function sendPending(): Promise<void> {
  // (Assigned before the round can end: `finally` below runs after this assignment, never before.)
  round ??= sendRound().finally(() => {
    round = null;
    publish({ sending: false });
  });
  return round;
}

async function sendRound(): Promise<void> {
  publish({ sending: true });
  let batchSize = BATCH_SIZE;
  try {
    for (;;) {
      const pending = kioskStore
        .snapshot()
        .scans.filter((s) => s.status === 'pending')
        .slice(0, batchSize);
      if (pending.length === 0) break;
      const timeout = withTimeout(15_000);
      let answer;
      try {
        answer = await api(postKioskScans, {
          body: {
            sent_at: new Date().toISOString(),
            scans: pending.map(({ id, note_child_id, kind, at, pickup, via, staff }) => ({
              id,
              note_child_id,
              kind,
              at,
              pickup,
              via: via ?? 'qr',
              staff: staff ?? null,
            })),
          },
          signal: timeout.signal,
          reportUnauthenticated: false,
        });
      } catch (error) {
        if (await deviceRefused(error)) return;
        // A scan the server cannot read (422): sent alone to find it, then kept as refused with the message.
        if (statusOf(error) === 422) {
          if (batchSize > 1) {
            batchSize = 1;
            continue;
          }
          const message = error instanceof Error ? error.message : null;
          await updateScans((scans) =>
            scans.map((s) => (s.id === pending[0]!.id ? { ...s, status: 'rejected' as const, message } : s)),
          );
          continue;
        }
        // Too many wrong one-time codes from this device (issue 30): its code scans waiting here are
        // refused with the server's message (else they would block the queue until midnight).
        if (statusOf(error) === 429 && pending.some(isCode)) {
          const message = error instanceof Error ? error.message : null;
          await updateScans((scans) =>
            scans.map((s) => (s.status === 'pending' && isCode(s) ? { ...s, status: 'rejected' as const, message } : s)),
          );
          continue;
        }
        publish({ failed: true });
        return;
      } finally {
        timeout.done();
      }
      const byId = new Map(answer.results.map((r) => [r.id, r]));
      await updateScans((scans) =>
        scans.map((s) => {
          const result = byId.get(s.id);
          return result && s.status === 'pending' ? { ...s, status: result.status, message: result.message } : s;
        }),
      );
      publish({ failed: false, skewMs: answer.skew_ms, device: null });
      // An id the server did not answer for stays pending: stop rather than loop on it.
      if (pending.every((s) => !byId.has(s.id))) return;
    }
    // Then the staff 打刻 made at the gate (lib/staff-clock.ts), the same way.
    try {
      const skewMs = await sendStaffClocks();
      if (skewMs !== null) publish({ failed: false, skewMs, device: null });
    } catch (error) {
      if (!(await deviceRefused(error))) publish({ failed: true });
    }
  } catch {
    publish({ failed: true });
  }
}

/** Fetches the day's roster and keeps it (with the photos) on the device; false without an answer. */
export async function refreshRoster(): Promise<boolean> {
  const timeout = withTimeout(20_000);
  try {
    const roster = await api(getKioskRoster, { signal: timeout.signal, reportUnauthenticated: false });
    await saveRoster(roster, new Date().toISOString());
    publish({ device: null, rosterFailed: false });
    void cachePhotos(roster);
    return true;
  } catch (error) {
    if (!(await deviceRefused(error))) publish({ rosterFailed: true });
    return false;
  } finally {
    timeout.done();
  }
}
