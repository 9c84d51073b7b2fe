import { useCallback, useEffect, useState } from 'react';
import { KIOSK_STAFF_MINUTES, kioskMessages, postKioskStaffPin } from '@renraku/contract/staff';
import { api } from '../../../lib/api';
import type { KioskStaff, StaffProof } from './types';

/** The staff member the gate remembers (docs/decisions/kiosk-staff-identification.md). */
export interface GateStaff {
  user_id: number;
  name: string;
  proof: NonNullable<StaffProof>;
  /** Device time (ms) until which the gate names them. */
  until: number;
}

export const GATE_STAFF_MS = KIOSK_STAFF_MINUTES * 60_000;

const KEY = 'renraku.kiosk.staff';

/** The staff member kept in the tab, while their minutes last. */
function kept(): GateStaff | null {
  try {
    const staff = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as GateStaff | null;
    return staff && staff.until > Date.now() ? staff : null;
  } catch {
    return null;
  }
}

/**
 * Who confirms at the gate for the next minutes: set by a PIN (online) or the staff member's own
 * QR (offline too), shown with the name and 「交代」, forgotten after `GATE_STAFF_MS` (fixed from
 * the identification: a PIN's grant lasts as long at the server) or on 交代. Kept in the tab's
 * sessionStorage, so that a reload (offline, from the service worker) keeps it for its minutes.
 */
export function useGateStaff() {
  const [staff, setStaffState] = useState<GateStaff | null>(kept);
  const setStaff = useCallback((next: GateStaff | null) => {
    if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
    else sessionStorage.removeItem(KEY);
    setStaffState(next);
  }, []);
  const [, tick] = useState(0);
  useEffect(() => {
    if (!staff) return;
    const left = staff.until - Date.now();
    const timer = setTimeout(() => setStaff(null), Math.max(0, left));
    const clock = setInterval(() => tick((n) => n + 1), 10_000);
    return () => {
      clearTimeout(timer);
      clearInterval(clock);
    };
  }, [staff, setStaff]);
  const current = staff && staff.until > Date.now() ? staff : null;
  const identify = useCallback(
    (who: Omit<GateStaff, 'until'>, until = Date.now() + GATE_STAFF_MS) => setStaff({ ...who, until }),
    [setStaff],
  );
  const forget = useCallback(() => setStaff(null), [setStaff]);
  return { staff: current, identify, forget };
}

/** 「あと N分」 of the remembered staff member. */
export const minutesLeft = (staff: GateStaff) => Math.max(1, Math.ceil((staff.until - Date.now()) / 60_000));

/**
 * A PIN needs the server (it counts wrong PINs per device and person); its grant covers this
 * device's scans of the next minutes, counted on the device's clock as the gate's memory. Answers
 * the person named and until when, or the message to show.
 */
export async function identifyByPin(person: KioskStaff, pin: string) {
  if (!navigator.onLine) return kioskMessages.staffPinOffline;
  const deviceTime = new Date();
  try {
    const body = { user_id: person.user_id, pin, device_time: deviceTime.toISOString() };
    const granted = await api(postKioskStaffPin, { body, reportUnauthenticated: false });
    const who = { user_id: granted.user_id, name: granted.name, proof: { type: 'pin' as const, grant: granted.grant } };
    return { who, until: deviceTime.getTime() + GATE_STAFF_MS };
  } catch (error) {
    return error instanceof Error ? error.message : 'PINを確認できませんでした';
  }
}
