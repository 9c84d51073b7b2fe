import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  childByToken,
  childDay,
  nextKind,
  recentScan,
  sha256Hex,
  siblingPickup,
  staffByQr,
} from '../../src/features/kiosk/lib/day';
import type { KioskRoster, LocalScan, RosterChild } from '../../src/features/kiosk/lib/types';
import { at, child, hex } from './fixtures';

/** The gate kiosk's decisions on the device (docs/decisions/kiosk-offline-app.md), without a browser. */

const scan = (id: number, kind: 'arrival' | 'pickup', time: string, status: LocalScan['status'] = 'pending'): LocalScan => ({
  id: `${id}-${kind}-${time}`,
  note_child_id: id,
  name: '',
  kind,
  at: at(time).toISOString(),
  pickup: null,
  status,
  message: null,
});
const STAFF_KEY = 'a1'.repeat(32);
/** The roster's keyed hash of a staff QR token (as the server makes it: HMAC of the token's SHA-256). */
const keyedQr = (token: string) => createHmac('sha256', Buffer.from(STAFF_KEY, 'hex')).update(hex(token)).digest('hex');
const roster = (children: RosterChild[], staff: KioskRoster['staff'] = []): KioskRoster => ({
  facility: { id: 1, name: 'さくら保育園' },
  date: '2026-06-10',
  server_time: at('08:00').toISOString(),
  children,
  staff,
  staff_qr_key: STAFF_KEY,
});

describe('the kiosk on the device', () => {
  it('hashes as the server does (hex SHA-256) and finds the child of a QR token', async () => {
    expect(await sha256Hex('abc')).toBe(hex('abc'));
    const r = roster([child(1), child(2)]);
    expect((await childByToken(r, 'token-2'))?.note_child_id).toBe(2);
    expect(await childByToken(r, 'token-3')).toBeUndefined();
  });

  it('decides 登園 / 降園 by the day: the server’s times with the device’s scans over them; the toggle overrides', () => {
    const c = child(1);
    expect(nextKind(childDay(c, [], at('08:00')), 'auto')).toBe('arrival');
    const arrived = childDay(c, [scan(1, 'arrival', '08:01')], at('08:30'));
    expect(arrived).toEqual({ arrivedAt: '08:01', pickedUpAt: null });
    expect(nextKind(arrived, 'auto')).toBe('pickup');
    expect(nextKind(childDay(child(1, { arrived_at: '07:50', picked_up_at: '17:00' }), [], at('17:30')), 'auto')).toBeNull();
    expect(nextKind(childDay(child(1, { arrived_at: '07:50', picked_up_at: '17:00' }), [], at('17:30')), 'arrival')).toBe(
      'arrival',
    );
    // A scan the server refused does not count; yesterday's neither.
    expect(childDay(c, [scan(1, 'arrival', '08:01', 'rejected')], at('08:30')).arrivedAt).toBeNull();
    expect(childDay(c, [scan(1, 'arrival', '08:01')], new Date('2026-06-11T08:00:00+09:00')).arrivedAt).toBeNull();
  });

  it('ignores the same child again within a minute (device time)', () => {
    const scans = [scan(1, 'arrival', '08:01')];
    expect(recentScan(1, scans, new Date(at('08:01').getTime() + 59_000))).toBeDefined();
    expect(recentScan(1, scans, new Date(at('08:01').getTime() + 61_000))).toBeUndefined();
    expect(recentScan(2, scans, at('08:01'))).toBeUndefined();
  });

  it('finds the staff member of a 職員QR offline by the keyed hash, and no one for another token or text', async () => {
    const token = 'T'.repeat(43);
    const r = roster(
      [child(1)],
      [
        { user_id: 7, name: '田中 保美', qr_hash: keyedQr(token), pin_set: true, clock: [] },
        { user_id: 8, name: '佐藤 園子', qr_hash: null, pin_set: false, clock: [] },
      ],
    );
    expect(await staffByQr(r, `renraku-staff:${token}`)).toEqual({ staff: r.staff[0], token });
    expect(await staffByQr(r, `renraku-staff:${'U'.repeat(43)}`)).toBeNull();
    expect(await staffByQr(r, 'renraku-staff:short')).toBeNull();
    // The roster's hash is keyed: the plain SHA-256 of the token (what a device could reverse) matches nobody.
    expect(r.staff[0]!.qr_hash).not.toBe(hex(token));
  });

  it('lets siblings leave with a guardian or the same registered person, never on another child’s code', () => {
    const a = child(1, { pickup_persons: [{ id: 5, name: '山田 和子', relation: '祖母', photo_url: null }] });
    const b = child(2, { pickup_persons: [{ id: 9, name: '山田 和子', relation: '祖母', photo_url: null }] });
    const c = child(3);
    expect(siblingPickup({ type: 'guardian' }, a, b)).toEqual({ type: 'guardian' });
    expect(siblingPickup({ type: 'person', pickup_person_id: 5 }, a, b)).toEqual({ type: 'person', pickup_person_id: 9 });
    expect(siblingPickup({ type: 'person', pickup_person_id: 5 }, a, c)).toBeUndefined();
    expect(siblingPickup({ type: 'code', code: '123456' }, a, b)).toBeUndefined();
  });
});
