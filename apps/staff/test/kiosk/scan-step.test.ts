import { describe, expect, it } from 'vitest';
import { eligibleSiblings, scanStep, siblingScans, staleRosterDate } from '../../src/features/kiosk/lib/scan-step';
import { at, child, roster, scan } from './fixtures';

/** The gate's scan state (apps/staff/src/features/kiosk/lib/scan-step.ts): what a read or a touch does next. */

describe('scanStep', () => {
  it('walks a child through the day: 登園, then 降園, then done', () => {
    const c = child(1);
    expect(scanStep(c, [], at('08:00'), 'auto', 'qr')).toEqual({ step: 'arrival', needsStaff: false });

    const arrived = [scan(1, 'arrival', '08:00')];
    expect(scanStep(c, arrived, at('17:00'), 'auto', 'qr')).toEqual({ step: 'pickup' });

    const left = [...arrived, scan(1, 'pickup', '17:00')];
    expect(scanStep(c, left, at('17:05'), 'auto', 'qr')).toEqual({
      step: 'done',
      notice: '試験 1さんは本日降園済みです。記録し直すときは「登園」「降園」を選んでください',
    });
  });

  it("starts from the server's times in the roster (another device's scans)", () => {
    expect(scanStep(child(1, { arrived_at: '07:40' }), [], at('17:00'), 'auto', 'qr')).toEqual({ step: 'pickup' });
    expect(scanStep(child(1, { arrived_at: '07:40', picked_up_at: '16:30' }), [], at('17:00'), 'auto', 'qr').step).toBe('done');
  });

  it('answers a second read within the minute as already recorded, and records nothing', () => {
    const scans = [scan(1, 'arrival', '08:00')];
    expect(scanStep(child(1), scans, new Date(at('08:00').getTime() + 59_000), 'auto', 'qr')).toEqual({
      step: 'repeat',
      notice: '試験 1さんは08:00に登園を記録済みです。1分以内の読み取りは記録しません',
    });
    // A minute later it is a new step again (降園).
    expect(scanStep(child(1), scans, new Date(at('08:00').getTime() + 61_000), 'auto', 'qr')).toEqual({ step: 'pickup' });
  });

  it('counts the repeat by what was recorded, whatever the server answered for it (duplicate too)', () => {
    const dup = [scan(1, 'arrival', '08:00', 'duplicate')];
    expect(scanStep(child(1), dup, at('08:00'), 'auto', 'qr').step).toBe('repeat');
    // A refused scan or one the server ignored as a repeat does not count: the child can be read again.
    for (const status of ['rejected', 'ignored_repeat'] as const) {
      expect(scanStep(child(1), [scan(1, 'arrival', '08:00', status)], at('08:00'), 'auto', 'qr')).toEqual({
        step: 'arrival',
        needsStaff: false,
      });
    }
  });

  it('follows the forced mode (登園 / 降園) over the day', () => {
    const left = [scan(1, 'arrival', '08:00'), scan(1, 'pickup', '17:00')];
    expect(scanStep(child(1), left, at('17:30'), 'arrival', 'qr')).toEqual({ step: 'arrival', needsStaff: false });
    expect(scanStep(child(1), [], at('08:00'), 'pickup', 'qr')).toEqual({ step: 'pickup' });
  });

  it('asks for a staff member for a touched name, not for a guardian’s QR', () => {
    expect(scanStep(child(1), [], at('08:00'), 'auto', 'touch')).toEqual({ step: 'arrival', needsStaff: true });
    expect(scanStep(child(1), [], at('08:00'), 'auto', 'qr')).toEqual({ step: 'arrival', needsStaff: false });
  });

  it("ignores yesterday's scans (a tablet left on overnight)", () => {
    const yesterday = [{ ...scan(1, 'arrival', '08:00'), at: at('08:00', '2026-06-09').toISOString() }];
    expect(scanStep(child(1), yesterday, at('08:00'), 'auto', 'qr')).toEqual({ step: 'arrival', needsStaff: false });
  });
});

describe('siblings', () => {
  const person = (id: number) => ({ id, name: '山田 和子', relation: '祖母', photo_url: null });
  const a = child(1, { sibling_ids: [1, 2, 3], pickup_persons: [person(5)] });
  const b = child(2, { sibling_ids: [1, 2, 3], pickup_persons: [person(9)] });
  const c = child(3, { sibling_ids: [1, 2, 3] });
  const r = roster([a, b, c]);

  it('offers the siblings not yet at the step, and not those read within the minute', () => {
    const made = scan(1, 'arrival', '08:00');
    expect(eligibleSiblings(r, a, 'arrival', null, at('08:00'), [made]).map((s) => s.note_child_id)).toEqual([2, 3]);
    const bToo = [made, scan(2, 'arrival', '07:59')];
    expect(eligibleSiblings(r, a, 'arrival', null, at('08:00'), bToo).map((s) => s.note_child_id)).toEqual([3]);
  });

  it('offers for 降園 only the siblings who came and may leave with the same person', () => {
    const day = [scan(1, 'arrival', '08:00'), scan(2, 'arrival', '08:00'), scan(3, 'arrival', '08:00')];
    const pickup = { type: 'person' as const, pickup_person_id: 5 };
    expect(eligibleSiblings(r, a, 'pickup', pickup, at('17:00'), day).map((s) => s.note_child_id)).toEqual([2]);
    expect(eligibleSiblings(r, a, 'pickup', { type: 'guardian' }, at('17:00'), day).map((s) => s.note_child_id)).toEqual([2, 3]);
    expect(eligibleSiblings(r, a, 'pickup', { type: 'code', code: '123456' }, at('17:00'), day)).toEqual([]);
  });

  it("records the siblings as the first child's scan: the same pick-up person, way and staff member", () => {
    const staff = { type: 'pin' as const, grant: 'g-1' };
    const first = scan(1, 'pickup', '17:00', 'pending', { via: 'touch', staff, pickup: { type: 'person', pickup_person_id: 5 } });
    const made = siblingScans(a, [b], 'pickup', [first], at('17:00'));
    expect(made).toMatchObject([
      {
        note_child_id: 2,
        kind: 'pickup',
        via: 'touch',
        staff,
        pickup: { type: 'person', pickup_person_id: 9 },
        status: 'pending',
      },
    ]);
    expect(made[0]!.id).not.toBe(first.id);
    const arrivals = siblingScans(a, [b, c], 'arrival', [scan(1, 'arrival', '08:00')], at('08:00'));
    expect(arrivals.map((s) => [s.note_child_id, s.kind, s.pickup, s.via])).toEqual([
      [2, 'arrival', null, 'qr'],
      [3, 'arrival', null, 'qr'],
    ]);
  });
});

describe('the roster kept on the device', () => {
  it("is fresh on its own day and names its date on a later one (the header's warning)", () => {
    expect(staleRosterDate(roster([]), at('23:59'))).toBeNull();
    expect(staleRosterDate(roster([]), at('00:00', '2026-06-11'))).toBe('2026-06-10');
  });
});
