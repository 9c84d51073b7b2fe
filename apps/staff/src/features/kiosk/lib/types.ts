import type { ResponseOf } from '@renraku/contract/client';
import type { ClockKind, getKioskRoster, postKioskScans, postKioskStaffClocks } from '@renraku/contract/staff';

export type KioskRoster = ResponseOf<typeof getKioskRoster>;
export type RosterChild = KioskRoster['children'][number];
export type ScanResult = ResponseOf<typeof postKioskScans>['results'][number];
export type ScanKind = 'arrival' | 'pickup';
export type KioskStaff = KioskRoster['staff'][number];
/** qr: a guardian's QR; touch: a name tapped (a staff member must be named). */
export type ScanVia = 'qr' | 'touch';
/** Who confirmed at the gate: the grant a PIN gave, or the staff member's own QR token. */
export type StaffProof = null | { type: 'pin'; grant: string } | { type: 'qr'; token: string };
export type Pickup = null | { type: 'guardian' } | { type: 'person'; pickup_person_id: number } | { type: 'code'; code: string };

/**
 * One scan as the device keeps it (IndexedDB): made with a uuid and the device's clock, `pending`
 * until the server has answered for it, then the server's status (kept for the day's state and the
 * one-minute repeat check; a `rejected` or `ignored_repeat` one is shown until acknowledged).
 */
export interface LocalScan {
  id: string;
  note_child_id: number;
  /** The child's name when scanned (the list of problems reads it even after the roster changed). */
  name: string;
  kind: ScanKind;
  /** Device time, ISO. */
  at: string;
  pickup: Pickup;
  /** Absent on scans kept by an older version of the app (sent as a guardian's QR, without staff). */
  via?: ScanVia;
  staff?: StaffProof;
  status: 'pending' | ScanResult['status'];
  message: string | null;
  /** A problem the staff has seen (「確認しました」). */
  acknowledged?: boolean;
}

export type StaffClockResult = ResponseOf<typeof postKioskStaffClocks>['results'][number];

/**
 * A staff member's 打刻 at the gate as the device keeps it (docs/decisions/staffing-kiosk-clock.md):
 * made with a uuid and the device's clock, `pending` until the server answers for it.
 */
export interface LocalStaffClock {
  id: string;
  user_id: number;
  /** The person's name when pressed. */
  name: string;
  kind: ClockKind;
  /** Device time, ISO. */
  at: string;
  staff: NonNullable<StaffProof>;
  status: 'pending' | StaffClockResult['status'];
  /** Recorded but not in the day's order (the 園長 reviews it). */
  out_of_order?: boolean;
  message: string | null;
  acknowledged?: boolean;
}
