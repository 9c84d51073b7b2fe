import { expect } from 'vitest';
import {
  postStaffBillingMonthClose,
  postStaffDevice,
  postStaffDevicePair,
  postStaffDeviceUnlock,
  putStaffBillingChildAttributes,
  putStaffBillingSettings,
} from '@renraku/contract';
import { eq } from 'drizzle-orm';
import { childAttendances, children } from '../src/db/schema';
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

/** A child's billing attributes from `validFrom` on: 2号認定, standard hours, 延長 per use, paid by `payer`. */
export const payerAttributes = (payer: number, validFrom = '2026-04') => ({
  valid_from: validFrom,
  certification: 2 as const,
  need: 'standard' as const,
  side_dish_exemption: null,
  childcare_fee: null,
  extension_plan: 'per_use' as const,
  payer_user_id: payer,
});

/** `payerAttributes(payer)` put for a child by the office (200): who pays for it, which every statement needs. */
export async function setPayer(office: Agent, facilityId: number, childId: number, payer: number) {
  const res = await call(office, putStaffBillingChildAttributes, {
    params: { facilityId, childId },
    body: payerAttributes(payer),
  });
  expect(res.statusCode).toBe(200);
  return res;
}

/**
 * The staff world's child made the elder (born 2021-05-01) of a younger sibling 妹 born on `birth`,
 * whose main guardian is the family's: the pair the sibling discount and the month's lines look at.
 */
export async function addSibling(t: TestAppHandle, w: Awaited<ReturnType<typeof buildStaffWorld>>, birth: string) {
  await t.db.update(children).set({ birth: '2021-05-01' }).where(eq(children.id, w.family.child.id));
  const sibling = await buildChild(t.db, { facilityId: w.facilityId, firstName: '妹' });
  await t.db.update(children).set({ birth }).where(eq(children.id, sibling.child.id));
  await linkGuardian(t.db, sibling.child.id, w.family.main.id, { main: true });
  return sibling;
}

/** The staff world's family signed in: its main, writable, read-only guardians and an unrelated one. */
export async function signInFamily(
  t: TestAppHandle,
  w: Awaited<ReturnType<typeof buildStaffWorld>>,
  clock: Record<string, string>,
) {
  return {
    main: await t.signIn(w.family.main, clock),
    writable: await t.signIn(w.family.writable, clock),
    readOnly: await t.signIn(w.family.readOnly, clock),
    unrelated: await t.signIn(w.family.unrelated, clock),
  };
}

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
  await setPayer(as.office, w.facilityId, w.family.child.id, w.family.main.id);
  await setPayer(as.office, w.facilityId, kid.child.id, second.id);
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
