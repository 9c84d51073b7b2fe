import { createHash } from 'node:crypto';
import type { KioskRoster, LocalScan, RosterChild, ScanKind } from '../../src/features/kiosk/lib/types';

/** The gate's test data: one Tokyo day (2026-06-10), children with QR tokens `token-<id>`. */

export const hex = (s: string) => createHash('sha256').update(s).digest('hex');

/** A time of the test day (Tokyo). */
export const at = (time: string, date = '2026-06-10') => new Date(`${date}T${time}:00+09:00`);

export const child = (id: number, extra: Partial<RosterChild> = {}): RosterChild => ({
  note_child_id: id,
  child_id: 100 + id,
  name: `試験 ${id}`,
  first_name: String(id),
  kana: 'しけん',
  class_name: 'ひよこ組',
  temporary_care: false,
  photo_url: null,
  qr_hash: hex(`token-${id}`),
  arrived_at: null,
  picked_up_at: null,
  sibling_ids: [],
  pickup_persons: [],
  guardians: [],
  ...extra,
});

export const roster = (children: RosterChild[], date = '2026-06-10'): KioskRoster => ({
  facility: { id: 1, name: 'さくら保育園' },
  date,
  server_time: at('07:00', date).toISOString(),
  children,
  staff: [{ user_id: 7, name: '田中 保美', qr_hash: null, pin_set: true, clock: [] }],
  staff_qr_key: 'a1'.repeat(32),
});

export const scan = (
  id: number,
  kind: ScanKind,
  time: string,
  status: LocalScan['status'] = 'pending',
  extra: Partial<LocalScan> = {},
): LocalScan => ({
  id: `${id}-${kind}-${time}`,
  note_child_id: id,
  name: `試験 ${id}`,
  kind,
  at: at(time).toISOString(),
  pickup: kind === 'pickup' ? { type: 'guardian' } : null,
  via: 'qr',
  staff: null,
  status,
  message: null,
  ...extra,
});
