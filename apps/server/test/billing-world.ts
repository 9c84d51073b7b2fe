import { expect } from 'vitest';
import {
  postStaffBillingMonthClose,
  postStaffDevice,
  postStaffDevicePair,
  postStaffDeviceUnlock,
  putStaffBillingChildAttributes,
  putStaffBillingSettings,
} from '@renraku/contract';
import { childAttendances } from '../src/db/schema';
import { buildChild, buildStaff, buildStaffWorld, buildUser, linkGuardian } from './factories';
import { call, staffAgents, type Agent, type StaffPersona, type TestAppHandle } from './harness';

/** The fee rules the billing tests share: 延長 200 円 per 30 minutes past 18:00 (5 minutes' grace), 副食費 4,500 円. */
export const billingSettingsBody = {
  valid_from: '2026-04',
  facility_type: 'licensed_nursery',
  standard_window: { start: '07:00', end: '18:00' },
  short_window: { start: '08:30', end: '16:30' },
  unit_minutes: 30,
  grace_minutes: 5,
  price_per_unit: 200,
  late_from: null,
  late_price_per_unit: null,
  daily_cap: null,
  monthly_cap: null,
  flat_monthly: null,
  side_dish_fee: 4500,
  staple_fee: 0,
  charge_without_attendance: true,
  due_day: 27,
} as const;

/**
 * A facility with two paying families and October 2026 closed (the world of the collection tests):
 * the staff world's family (陽翔's payer is its main guardian; one pick-up at 19:00 on 10/5) and a
 * second family whose only guardian pays. Statements: the first family's 7,300 円, the second's 4,500 円.
 */
export async function buildBillingWorld(t: TestAppHandle, clock: Record<string, string>) {
  const db = t.db;
  const w = await buildStaffWorld(db);
  const as = await staffAgents(t, w, clock);
  const second = await buildUser(db);
  const kid = await buildChild(db, { facilityId: w.facilityId });
  await linkGuardian(db, kid.child.id, second.id, { main: true });
  await call(as.office, putStaffBillingSettings, { params: { facilityId: w.facilityId }, body: billingSettingsBody });
  for (const [childId, payer] of [
    [w.family.child.id, w.family.main.id],
    [kid.child.id, second.id],
  ] as const) {
    const res = await call(as.office, putStaffBillingChildAttributes, {
      params: { facilityId: w.facilityId, childId },
      body: {
        valid_from: '2026-04',
        certification: 2,
        need: 'standard',
        side_dish_exemption: null,
        childcare_fee: null,
        extension_plan: 'per_use',
        payer_user_id: payer,
      },
    });
    expect(res.statusCode).toBe(200);
  }
  await db.insert(childAttendances).values({
    companyId: w.companyId,
    noteChildId: w.family.noteChild.id,
    date: '2026-10-05',
    arrivedAt: '08:00',
    pickedUpAt: '19:00',
    source: 'kiosk',
  });
  const closed = await call(as.office, postStaffBillingMonthClose, { params: { facilityId: w.facilityId, month: '2026-10' } });
  expect(closed.statusCode).toBe(200);
  return { w, as, second, secondChild: kid };
}

/** A class tablet of the facility unlocked by its director's PIN: billing is not a tablet's work (403). */
export async function pinTablet(
  t: TestAppHandle,
  as: Record<StaffPersona, Agent>,
  w: Awaited<ReturnType<typeof buildStaffWorld>>,
  clock: Record<string, string>,
): Promise<Agent> {
  const registered = await call(as.director, postStaffDevice, {
    params: { facilityId: w.facilityId },
    body: { name: 'ひよこ組', class_id: w.classA.id },
    headers: clock,
  });
  const tablet = t.agent(clock);
  await call(tablet, postStaffDevicePair, { body: { code: registered.data.code } });
  const pinned = await buildStaff(t.db, { role: 'director', facilityId: w.facilityId, pin: '2468' });
  await call(tablet, postStaffDeviceUnlock, { body: { user_id: pinned.user.id, pin: '2468' } });
  return tablet;
}
