import { tokyoDate, tokyoTime } from '@renraku/contract/dates';
import { STAFF_QR_PREFIX } from '@renraku/contract/staff';
import type { KioskRoster, KioskStaff, LocalScan, Pickup, RosterChild, ScanKind, ScanVia, StaffProof } from './types';

/** A second scan of the same child within this time (device clock) is ignored on the device. */
export const REPEAT_MS = 60_000;

/** SHA-256 of a text as lowercase hex (the roster's qr_hash and code_hash). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A scan counts for the day's state unless the server refused it. */
const counts = (s: LocalScan) => s.status !== 'rejected' && s.status !== 'ignored_repeat';

export interface ChildDay {
  arrivedAt: string | null;
  pickedUpAt: string | null;
}

/** The child's day: the roster's times (the server's) with the device's own scans of today over them. */
export function childDay(child: RosterChild, scans: LocalScan[], now: Date): ChildDay {
  const today = tokyoDate(now);
  let arrivedAt = child.arrived_at;
  let pickedUpAt = child.picked_up_at;
  for (const s of scans) {
    if (s.note_child_id !== child.note_child_id || !counts(s) || tokyoDate(s.at) !== today) continue;
    if (s.kind === 'arrival') arrivedAt ??= tokyoTime(s.at);
    else pickedUpAt = tokyoTime(s.at);
  }
  return { arrivedAt, pickedUpAt };
}

/** What a scan of the child records, by its state (a forced mode overrides); null: the day is over for it. */
export function nextKind(day: ChildDay, mode: 'auto' | ScanKind): ScanKind | null {
  if (mode !== 'auto') return mode;
  if (!day.arrivedAt) return 'arrival';
  if (!day.pickedUpAt) return 'pickup';
  return null;
}

/** The device's last scan of the child within the minute before `now`, if any. */
export function recentScan(childId: number, scans: LocalScan[], now: Date): LocalScan | undefined {
  const t = now.getTime();
  return scans.findLast((s) => s.note_child_id === childId && counts(s) && Math.abs(t - new Date(s.at).getTime()) < REPEAT_MS);
}

export function newScan(
  child: RosterChild,
  kind: ScanKind,
  pickup: Pickup,
  now: Date,
  via: ScanVia = 'qr',
  staff: StaffProof = null,
): LocalScan {
  return {
    via,
    staff,
    id: crypto.randomUUID(),
    note_child_id: child.note_child_id,
    name: child.name,
    kind,
    at: now.toISOString(),
    pickup: kind === 'pickup' ? pickup : null,
    status: 'pending',
    message: null,
  };
}

/** The roster child with a QR token's hash. */
export async function childByToken(roster: KioskRoster, token: string): Promise<RosterChild | undefined> {
  const hash = await sha256Hex(token.trim());
  return roster.children.find((c) => c.qr_hash === hash);
}

/**
 * The staff member whose own QR (職員QR) was read: the token's SHA-256, keyed with this device's
 * key (HMAC-SHA256), among the roster's staff. Works offline; the server checks the token again
 * when the scan arrives (docs/decisions/kiosk-staff-identification.md).
 */
export async function staffByQr(roster: KioskRoster, text: string): Promise<{ staff: KioskStaff; token: string } | null> {
  const token = text.trim().slice(STAFF_QR_PREFIX.length);
  if (!roster.staff_qr_key || token.length < 16) return null;
  const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
  const keyBytes = new Uint8Array(roster.staff_qr_key.match(/../g)!.map((h) => parseInt(h, 16)));
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const keyed = hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(await sha256Hex(token))));
  const staff = roster.staff.find((s) => s.qr_hash === keyed);
  return staff ? { staff, token } : null;
}

/** Siblings of the child in today's roster. */
export function siblingsOf(roster: KioskRoster, child: RosterChild): RosterChild[] {
  return child.sibling_ids
    .map((id) => roster.children.find((c) => c.note_child_id === id))
    .filter((c): c is RosterChild => c !== undefined && c.note_child_id !== child.note_child_id);
}

/** The pick-up to record for a sibling leaving with the same person: a guardian, the same registered person by name; a code is the child's own. */
export function siblingPickup(pickup: Pickup, from: RosterChild, sibling: RosterChild): Pickup | undefined {
  if (pickup === null || pickup.type === 'guardian') return pickup;
  if (pickup.type === 'code') return undefined;
  const person = from.pickup_persons.find((p) => p.id === pickup.pickup_person_id);
  const same = person && sibling.pickup_persons.find((p) => p.name === person.name);
  return same ? { type: 'person', pickup_person_id: same.id } : undefined;
}
