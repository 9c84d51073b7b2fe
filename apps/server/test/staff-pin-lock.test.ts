/**
 * Issue 30: wrong PINs lock a device, not the person everywhere (docs/decisions/staff-pin-lock-per-device.md);
 * a gate kiosk opens no staff session; an ended membership's session ends at once; a PIN reset of a
 * person without a PIN is audited.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  deleteStaffMember,
  deleteStaffUserPin,
  getStaffClassBoard,
  getStaffDevices,
  getStaffMe,
  postStaffDevice,
  postStaffDevicePair,
  postStaffDeviceUnlock,
  staffMessages,
} from '@renraku/contract';
import { auditLog, staffMemberships, staffSessions } from '../src/db/schema';
import { checkPin, DEVICE_PIN_LOCK, PIN_LOCK } from '../src/modules/staff/pin';
import { buildStaff } from './factories';
import { call, type Agent } from './harness';
import { setupStaffWorld } from './staff-world';

const { t, w, as } = setupStaffWorld();
const PIN = '2468';
const MINUTE = 60_000;

const at = (base: number, minutes: number) => ({ 'x-test-now': new Date(base + minutes * MINUTE).toISOString() });
const audits = (action: string, targetId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

async function pairedDevice(purpose: 'class' | 'kiosk' = 'class') {
  const registered = await call(as.director, postStaffDevice, {
    params: { facilityId: w.facilityId },
    body: { name: purpose === 'kiosk' ? 'ゲート' : '保育室', class_id: null, purpose },
  });
  expect(registered.statusCode).toBe(201);
  const agent = t.agent();
  expect((await call(agent, postStaffDevicePair, { body: { code: registered.data.code } })).statusCode).toBe(200);
  return { agent, id: registered.data.device.id };
}

const person = () => buildStaff(t.db, { role: 'class_staff', facilityId: w.facilityId, classIds: [w.classA.id], pin: PIN });
const unlock = (agent: Agent, userId: number, pin: string, headers?: Record<string, string>) =>
  call(agent, postStaffDeviceUnlock, { body: { user_id: userId, pin }, headers });
const listed = async (deviceId: number, headers?: Record<string, string>) =>
  (await call(as.director, getStaffDevices, { params: { facilityId: w.facilityId }, headers })).data.find(
    (d) => d.id === deviceId,
  )!;

describe('wrong PINs lock the device that guesses, not the person everywhere', () => {
  it('5 wrong on tablet A lock the person on A only; B still opens with the right PIN; the director sees it', async () => {
    const base = Date.now();
    const p = await person();
    const [a, b] = [await pairedDevice(), await pairedDevice()];
    for (let i = 1; i < PIN_LOCK.attempts; i++) {
      const wrong = await unlock(a.agent, p.user.id, '0000', at(base, 0));
      expect([wrong.statusCode, wrong.json().message]).toEqual([422, staffMessages.pinInvalid]);
    }
    const locked = await unlock(a.agent, p.user.id, '0000', at(base, 0));
    expect([locked.statusCode, locked.json().message]).toEqual([429, staffMessages.pinLocked]);
    expect((await unlock(a.agent, p.user.id, PIN, at(base, 1))).statusCode).toBe(429);
    // The same person on another tablet: not locked.
    expect((await unlock(b.agent, p.user.id, PIN, at(base, 1))).statusCode).toBe(200);
    expect(await audits('staff.pin.lock', p.user.id)).toMatchObject([{ deviceId: a.id, facilityId: w.facilityId }]);
    expect((await listed(a.id, at(base, 1))).pin_alert_at).toBe(new Date(base).toISOString());
    expect((await listed(b.id, at(base, 1))).pin_alert_at).toBeNull();
    // 15 minutes later A opens again for them.
    expect((await unlock(a.agent, p.user.id, PIN, at(base, 16))).statusCode).toBe(200);
  });

  it(`${DEVICE_PIN_LOCK.attempts} wrong PINs across people within an hour lock the whole pad of that device, flagged and audited`, async () => {
    const base = Date.now();
    const people = [await person(), await person(), await person(), await person()];
    const [a, b] = [await pairedDevice(), await pairedDevice()];
    let sent = 0;
    for (const p of people) {
      for (let i = 0; i < 4 && sent < DEVICE_PIN_LOCK.attempts - 1; i++, sent++) {
        expect((await unlock(a.agent, p.user.id, '0000', at(base, sent))).statusCode).toBe(422);
      }
    }
    // A right PIN does not reset the device's count.
    expect((await unlock(a.agent, people[3]!.user.id, PIN, at(base, 20))).statusCode).toBe(200);
    const last = await unlock(a.agent, people[3]!.user.id, '0000', at(base, 21));
    expect([last.statusCode, last.json().message]).toEqual([429, staffMessages.devicePinLocked]);
    const fresh = await person();
    const refused = await unlock(a.agent, fresh.user.id, PIN, at(base, 22));
    expect([refused.statusCode, refused.json().message]).toEqual([429, staffMessages.devicePinLocked]);
    expect((await unlock(b.agent, fresh.user.id, PIN, at(base, 22))).statusCode).toBe(200);
    expect(await audits('device.pin.lock', a.id)).toHaveLength(1);
    const flagged = await listed(a.id, at(base, 22));
    expect(flagged.pin_locked_until).toBe(new Date(base + 21 * MINUTE + DEVICE_PIN_LOCK.lockMs).toISOString());
    expect((await unlock(a.agent, fresh.user.id, PIN, at(base, 22 + 61))).statusCode).toBe(200);
  });

  it('checkPin (the kiosk’s naming) counts per device and person too', async () => {
    const p = await person();
    const kiosk = await pairedDevice('kiosk');
    const now = new Date();
    const ask = (pin: string) => checkPin(t.db, { userId: p.user.id, deviceId: kiosk.id, pin, now });
    expect(await ask(PIN)).toEqual({ result: 'ok' });
    for (let i = 1; i < PIN_LOCK.attempts; i++) expect(await ask('0000')).toEqual({ result: 'wrong' });
    expect(await ask('0000')).toMatchObject({ result: 'locked', scope: 'person' });
    expect(await ask(PIN)).toMatchObject({ result: 'locked', scope: 'person' });
    expect(await checkPin(t.db, { userId: w.staff.office.user.id, deviceId: kiosk.id, pin: PIN, now })).toEqual({
      result: 'unset',
    });
  });
});

describe('a gate kiosk opens no staff session', () => {
  it('unlock is refused with 403 even with the right PIN; no session is written', async () => {
    const p = await person();
    const kiosk = await pairedDevice('kiosk');
    const res = await unlock(kiosk.agent, p.user.id, PIN);
    expect([res.statusCode, res.json().message]).toEqual([403, staffMessages.kioskNoSession]);
    expect(await t.db.select().from(staffSessions).where(eq(staffSessions.deviceId, kiosk.id))).toHaveLength(0);
    expect((await call(kiosk.agent, getStaffMe)).statusCode).toBe(401);
  });
});

describe('an ended membership’s session ends', () => {
  it('ended by the director: the desktop session and the PIN session answer 401 at once, and are deleted', async () => {
    const p = await person();
    const desktop = await t.signInStaff(p.user);
    const tablet = await pairedDevice();
    expect((await unlock(tablet.agent, p.user.id, PIN)).statusCode).toBe(200);
    expect((await call(tablet.agent, getStaffMe)).statusCode).toBe(200);
    expect((await call(as.director, deleteStaffMember, { params: { membershipId: p.membership.id } })).statusCode).toBe(200);
    for (const agent of [desktop, tablet.agent]) {
      expect((await call(agent, getStaffMe)).statusCode).toBe(401);
      expect((await call(agent, getStaffClassBoard, { params: { classId: w.classA.id }, query: {} })).statusCode).toBe(401);
    }
    expect(await t.db.select().from(staffSessions).where(eq(staffSessions.userId, p.user.id))).toHaveLength(0);
  });

  it('ended by its date: the session opened while it was current is refused (401)', async () => {
    const p = await person();
    const desktop = await t.signInStaff(p.user);
    const tablet = await pairedDevice();
    expect((await unlock(tablet.agent, p.user.id, PIN)).statusCode).toBe(200);
    await t.db.update(staffMemberships).set({ validUntil: '2025-03-31' }).where(eq(staffMemberships.id, p.membership.id));
    expect((await call(desktop, getStaffMe)).statusCode).toBe(401);
    expect((await call(tablet.agent, getStaffMe)).statusCode).toBe(401);
    expect((await call(as.ended, getStaffMe)).statusCode).toBe(401);
  });

  it('a person still working at another facility keeps the desktop session, not the PIN session here', async () => {
    const p = await person();
    await buildStaff(t.db, { role: 'director', facilityId: w.otherFacility.facilityId }).then(({ membership }) =>
      t.db.update(staffMemberships).set({ userId: p.user.id }).where(eq(staffMemberships.id, membership.id)),
    );
    const desktop = await t.signInStaff(p.user);
    const tablet = await pairedDevice();
    expect((await unlock(tablet.agent, p.user.id, PIN)).statusCode).toBe(200);
    expect((await call(as.director, deleteStaffMember, { params: { membershipId: p.membership.id } })).statusCode).toBe(200);
    expect((await call(tablet.agent, getStaffMe)).statusCode).toBe(401);
    const me = await call(desktop, getStaffMe);
    expect(me.statusCode).toBe(200);
    expect(me.data.facilities.map((f) => f.id)).toEqual([w.otherFacility.facilityId]);
  });
});

describe('a PIN reset of a person without a PIN', () => {
  it('is audited too', async () => {
    const p = await buildStaff(t.db, { role: 'class_staff', facilityId: w.facilityId });
    const res = await call(as.director, deleteStaffUserPin, { params: { facilityId: w.facilityId, userId: p.user.id } });
    expect(res.statusCode).toBe(200);
    expect(await audits('staff.pin.reset', p.user.id)).toMatchObject([
      { userId: w.staff.director.user.id, facilityId: w.facilityId, details: { had_pin: false } },
    ]);
  });
});
