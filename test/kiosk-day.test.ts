import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkCode,
  childByToken,
  childDay,
  nextKind,
  recentScan,
  sha256Hex,
  siblingPickup,
} from '../apps/staff/src/features/kiosk/lib/day';
import type { KioskRoster, LocalScan, RosterChild } from '../apps/staff/src/features/kiosk/lib/types';

/** The gate kiosk's decisions on the device (docs/decisions/kiosk-offline-app.md), without a browser. */

const hex = (s: string) => createHash('sha256').update(s).digest('hex');
const child = (id: number, extra: Partial<RosterChild> = {}): RosterChild => ({
  note_child_id: id,
  child_id: 100 + id,
  name: `試験 ${id}`,
  first_name: String(id),
  kana: 'しけん',
  class_name: 'ひよこ組',
  photo_url: null,
  qr_hash: hex(`token-${id}`),
  arrived_at: null,
  picked_up_at: null,
  sibling_ids: [],
  pickup_persons: [],
  guardians: [],
  ...extra,
});
const at = (time: string) => new Date(`2026-06-10T${time}:00+09:00`);
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
const roster = (children: RosterChild[], codes: KioskRoster['pickup_codes'] = []): KioskRoster => ({
  facility: { id: 1, name: 'さくら保育園' },
  date: '2026-06-10',
  server_time: at('08:00').toISOString(),
  children,
  pickup_codes: codes,
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

  it('checks a one-time code offline: the child’s, unexpired, not used here', async () => {
    const r = roster(
      [child(1), child(2)],
      [{ note_child_id: 1, code_hash: hex('123456'), name: '代理 太郎', expires_at: at('23:59').toISOString() }],
    );
    expect(await checkCode(r, 1, '12345', [], at('17:00'))).toMatchObject({ ok: false, message: expect.stringContaining('6桁') });
    expect(await checkCode(r, 1, '123456', [], at('17:00'))).toEqual({ ok: true, hash: hex('123456'), name: '代理 太郎' });
    expect(await checkCode(r, 2, '123456', [], at('17:00'))).toMatchObject({ ok: false });
    expect(await checkCode(r, 1, '123456', [hex('123456')], at('17:00'))).toMatchObject({
      ok: false,
      message: 'このお迎えコードは使用済みです',
    });
    expect(await checkCode(r, 1, '123456', [], new Date('2026-06-11T00:00:00+09:00'))).toMatchObject({ ok: false });
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
