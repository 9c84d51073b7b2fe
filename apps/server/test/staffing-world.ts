import { postStaffShiftPattern } from '@renraku/contract';
import { buildStaff } from './factories';
import { call, type Agent, type TestAppHandle } from './harness';
import { pairDevice, type StaffWorld } from './staff-world';

/*
 * Setup the staffing API tests share on top of `setupStaffWorld()`: the devices a PIN session or a
 * kiosk clock-in is tried on, and the facility's shift patterns.
 */
type Clock = Record<string, string>;

/**
 * A class A 保育士 with PIN 2468 (タブ 先生) and, registered by the director and paired but still
 * locked, class A's tablet and the gate kiosk: the PIN person unlocks either in the test.
 */
export async function pinPersonAndDevices(t: TestAppHandle, w: StaffWorld, director: Agent, clock: Clock) {
  const pinPerson = (
    await buildStaff(t.db, {
      role: 'class_staff',
      facilityId: w.facilityId,
      classIds: [w.classA.id],
      pin: '2468',
      name: 'タブ 先生',
    })
  ).user.id;
  const tablet = await pairDevice(t, director, w.facilityId, { name: 'ひよこ組', class_id: w.classA.id }, clock);
  const kiosk = await pairDevice(t, director, w.facilityId, { name: 'ゲート', purpose: 'kiosk' }, clock);
  return { pinPerson, tablet, kiosk };
}

/** Shift patterns `[code, start, end]` (60 minutes' break) created by the director: their ids by code. */
export async function addShiftPatterns<C extends string>(
  director: Agent,
  facilityId: number,
  patterns: readonly (readonly [C, string, string])[],
  clock: Clock,
): Promise<Record<C, number>> {
  const ids = {} as Record<C, number>;
  for (const [code, start, end] of patterns) {
    const res = await call(director, postStaffShiftPattern, {
      params: { facilityId },
      body: { code, start, end, break_minutes: 60 },
      headers: clock,
    });
    ids[code] = res.data.id;
  }
  return ids;
}
