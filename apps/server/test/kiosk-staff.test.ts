import { createHash, createHmac, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  deleteStaffQr,
  getKioskRoster,
  getStaffAudit,
  getStaffMe,
  getStaffMembers,
  getStaffQr,
  kioskMessages,
  postKioskScans,
  postKioskStaffPin,
  postStaffDevice,
  postStaffDevicePair,
  postStaffDeviceUnlock,
  postStaffQr,
  putStaffPin,
  staffMessages,
  STAFF_QR_PREFIX,
  type KioskScan,
} from '@renraku/contract';
import { auditLog, childAttendances, kioskScans } from '../src/db/schema';
import { buildChild, buildUser, linkGuardian } from './factories';
import { type Agent, call, callRaw } from './harness';
import { setupStaffWorld } from './staff-world';

/**
 * issue 29 and 30: the gate kiosk names who confirmed (a PIN grant or the staff member's own QR),
 * audits every recording with person and device, and a PIN there opens nothing else.
 */
const { t, w: world, as: agents } = setupStaffWorld();
let kiosk: Agent;
let kioskId: number;
let kiosk2: Agent;
let classTablet: Agent;
const PIN = '4826';

async function pairedTablet(purpose: 'class' | 'kiosk', name: string) {
  const registered = await call(agents.director, postStaffDevice, {
    params: { facilityId: world.facilityId },
    body: { name, class_id: purpose === 'class' ? world.classA.id : null, purpose },
  });
  const tablet = t.agent();
  expect((await call(tablet, postStaffDevicePair, { body: { code: registered.data.code } })).statusCode).toBe(200);
  return { tablet, deviceId: registered.data.device.id };
}

async function freshChild() {
  const built = await buildChild(t.db, { facilityId: world.facilityId });
  const guardian = await buildUser(t.db);
  await linkGuardian(t.db, built.child.id, guardian.id, { main: true });
  return built;
}

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const scan = (noteChildId: number, kind: KioskScan['kind'], extra: Partial<KioskScan> = {}): KioskScan => ({
  id: randomUUID(),
  note_child_id: noteChildId,
  kind,
  at: ago(1).toISOString(),
  pickup: kind === 'pickup' ? { type: 'guardian' } : null,
  via: 'qr',
  staff: null,
  ...extra,
});
const post = (agent: Agent, scans: KioskScan[]) =>
  call(agent, postKioskScans, { body: { sent_at: new Date().toISOString(), scans } });
const auditOf = (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action));
const pinGrant = async (agent: Agent, userId: number, pin = PIN) =>
  call(agent, postKioskStaffPin, { body: { user_id: userId, pin, device_time: new Date().toISOString() } });

beforeAll(async () => {
  for (const who of ['classStaffA', 'classStaffB', 'director'] as const) {
    expect((await call(agents[who], putStaffPin, { body: { pin: PIN } })).statusCode).toBe(200);
  }
  const first = await pairedTablet('kiosk', 'ゲート');
  kiosk = first.tablet;
  kioskId = first.deviceId;
  kiosk2 = (await pairedTablet('kiosk', 'ゲート2')).tablet;
  classTablet = (await pairedTablet('class', 'ひよこ組')).tablet;
}, 120_000);

describe('a recording names the staff member at the gate, or the device for a guardian’s QR', () => {
  it('a guardian’s QR arrival is recorded and audited as the device; a touch or a pick-up without a staff member is refused', async () => {
    const c = await freshChild();
    const qr = scan(c.noteChild.id, 'arrival');
    expect((await post(kiosk, [qr])).data.results[0]!.status).toBe('recorded');
    const [entry] = (await auditOf('kiosk.arrival')).filter((a) => (a.details as { scan_id?: string }).scan_id === qr.id);
    expect(entry).toMatchObject({ userId: null, deviceId: kioskId, childId: c.child.id, facilityId: world.facilityId });

    const other = await freshChild();
    const touch = await post(kiosk, [scan(other.noteChild.id, 'arrival', { via: 'touch' })]);
    expect(touch.data.results[0]).toMatchObject({ status: 'rejected', message: kioskMessages.staffRequired });
    const pickup = await post(kiosk, [scan(c.noteChild.id, 'pickup', { at: new Date().toISOString() })]);
    expect(pickup.data.results[0]).toMatchObject({ status: 'rejected', message: kioskMessages.staffRequired });
    const [att] = await t.db.select().from(childAttendances).where(eq(childAttendances.noteChildId, c.noteChild.id));
    expect(att!.pickedUpAt).toBeNull();
    expect(await t.db.select().from(childAttendances).where(eq(childAttendances.noteChildId, other.noteChild.id))).toEqual([]);
  });

  it('a PIN names the person: touch arrival and pick-up recorded with person and device, in the audit log too', async () => {
    const c = await freshChild();
    const granted = await pinGrant(kiosk, world.staff.classStaffA.user.id);
    expect(granted.statusCode).toBe(200);
    expect(granted.data).toMatchObject({ user_id: world.staff.classStaffA.user.id });
    const staff = { type: 'pin' as const, grant: granted.data.grant };
    // Within the grant's minutes (a scan made before the PIN was typed is no one's: see the next test).
    const arrival = scan(c.noteChild.id, 'arrival', { via: 'touch', staff, at: new Date().toISOString() });
    const pickup = scan(c.noteChild.id, 'pickup', { staff, at: new Date(Date.now() + 70_000).toISOString() });
    const res = await post(kiosk, [arrival, pickup]);
    expect(res.data.results.map((r) => r.status)).toEqual(['recorded', 'recorded']);
    const [att] = await t.db.select().from(childAttendances).where(eq(childAttendances.noteChildId, c.noteChild.id));
    expect(att!.recordedBy).toBe(world.staff.classStaffA.user.id);
    const rows = await t.db.select().from(kioskScans).where(eq(kioskScans.noteChildId, c.noteChild.id));
    expect(rows.map((r) => r.confirmedBy)).toEqual([world.staff.classStaffA.user.id, world.staff.classStaffA.user.id]);
    for (const [action, id] of [
      ['kiosk.arrival', arrival.id],
      ['kiosk.pickup', pickup.id],
    ] as const) {
      const [entry] = (await auditOf(action)).filter((a) => (a.details as { scan_id?: string }).scan_id === id);
      expect(entry).toMatchObject({ userId: world.staff.classStaffA.user.id, deviceId: kioskId, childId: c.child.id });
    }
    const [identified] = (await auditOf('kiosk.staff.identify')).filter((a) => a.userId === world.staff.classStaffA.user.id);
    expect(identified).toMatchObject({ deviceId: kioskId, facilityId: world.facilityId });
    // The audit screen lists what the device did alone and what a person confirmed there.
    const screen = await call(agents.director, getStaffAudit, { params: { facilityId: world.facilityId }, query: {} });
    expect(screen.statusCode).toBe(200);
    expect(screen.data.data.some((e) => e.action === 'kiosk.arrival' && e.user === null && e.device?.id === kioskId)).toBe(true);
  });

  it('a PIN at the kiosk opens no staff session and no staff call', async () => {
    const granted = await pinGrant(kiosk, world.staff.director.user.id);
    expect(granted.statusCode).toBe(200);
    expect(String(granted.headers['set-cookie'] ?? '')).not.toMatch(/staff/i);
    expect((await call(kiosk, getStaffMe)).statusCode).toBe(401);
    expect((await call(kiosk, getStaffMembers, { params: { facilityId: world.facilityId } })).statusCode).toBe(401);
    // The grant is no session either.
    const withGrant = t.agent({ cookie: `staff_session=${granted.data.grant}` });
    expect((await call(withGrant, getStaffMembers, { params: { facilityId: world.facilityId } })).statusCode).toBe(401);
  });

  it('a grant is the device’s own and lasts minutes; a wrong PIN is counted', async () => {
    const c = await freshChild();
    const granted = await pinGrant(kiosk, world.staff.classStaffB.user.id);
    const staff = { type: 'pin' as const, grant: granted.data.grant };
    const elsewhere = await post(kiosk2, [scan(c.noteChild.id, 'arrival', { via: 'touch', staff })]);
    expect(elsewhere.data.results[0]).toMatchObject({ status: 'rejected', message: kioskMessages.staffInvalid });
    const before = await post(kiosk, [scan(c.noteChild.id, 'arrival', { via: 'touch', staff, at: ago(3).toISOString() })]);
    expect(before.data.results[0]).toMatchObject({ status: 'rejected', message: kioskMessages.staffInvalid });
    const later = await post(kiosk, [
      scan(c.noteChild.id, 'arrival', { via: 'touch', staff, at: new Date(Date.now() + 10 * 60_000).toISOString() }),
    ]);
    expect(later.data.results[0]).toMatchObject({ status: 'rejected', message: kioskMessages.staffInvalid });
    const forged = await post(kiosk, [
      scan(c.noteChild.id, 'arrival', { via: 'touch', staff: { type: 'pin', grant: 'x'.repeat(43) } }),
    ]);
    expect(forged.data.results[0]).toMatchObject({ status: 'rejected', message: kioskMessages.staffInvalid });

    const userId = world.staff.classStaffB.user.id;
    for (let i = 0; i < 4; i++) {
      const wrong = await pinGrant(kiosk, userId, '0000');
      expect([wrong.statusCode, wrong.json().message]).toEqual([422, staffMessages.pinInvalid]);
    }
    const fifth = await pinGrant(kiosk, userId, '0000');
    expect(fifth.statusCode).toBe(429);
    expect((await pinGrant(kiosk, userId)).statusCode).toBe(429);
  });

  it('who may name themself with a PIN at the kiosk', async () => {
    const refused: [string, Agent, number, number][] = [
      ['other facility’s staff', kiosk, world.staff.otherFacility.user.id, 404],
      ['ended membership', kiosk, world.staff.ended.user.id, 404],
      ['a guardian', kiosk, world.family.main.id, 404],
      ['class tablet', classTablet, world.staff.classStaffA.user.id, 403],
      ['staff session without a device', agents.director, world.staff.director.user.id, 401],
      ['guardian session', agents.guardian, world.staff.director.user.id, 401],
      ['anonymous', agents.anonymous, world.staff.director.user.id, 401],
    ];
    for (const [who, agent, userId, status] of refused) {
      const res = await pinGrant(agent, userId);
      expect([who, res.statusCode]).toEqual([who, status]);
    }
    const before = (await t.db.select({ n: count() }).from(auditLog))[0]!.n;
    const device_time = new Date().toISOString();
    for (const body of [
      {},
      { user_id: 'x', pin: PIN, device_time },
      { user_id: 1, pin: '12a4', device_time },
      { user_id: 1, pin: '12345', device_time },
      { user_id: -1, pin: PIN, device_time },
      { user_id: 1, pin: PIN, device_time: 'yesterday' },
      { user_id: 1, pin: PIN },
    ]) {
      const res = await callRaw(kiosk, postKioskStaffPin, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    }
    expect((await t.db.select({ n: count() }).from(auditLog))[0]!.n).toBe(before);
  });
});

describe('the staff member’s own QR (職員QR)', () => {
  const keyedHash = (key: string, token: string) =>
    createHmac('sha256', Buffer.from(key, 'hex')).update(createHash('sha256').update(token).digest('hex')).digest('hex');

  it('issued on the desktop, matched offline by a keyed hash, checked again at the server; reissue and revoke end the old one', async () => {
    const me = agents.classStaffA;
    expect((await call(me, getStaffQr)).data.issued_at).toBeNull();
    const issued = await call(me, postStaffQr);
    expect(issued.statusCode).toBe(201);
    expect(issued.data.qr.startsWith(STAFF_QR_PREFIX)).toBe(true);
    const token = issued.data.qr.slice(STAFF_QR_PREFIX.length);
    expect((await call(me, getStaffQr)).data.issued_at).toBe(issued.data.issued_at);

    const roster = (await call(kiosk, getKioskRoster)).data;
    const mine = roster.staff.find((s) => s.user_id === world.staff.classStaffA.user.id)!;
    expect(mine.qr_hash).toBe(keyedHash(roster.staff_qr_key, token));
    expect(
      roster.staff.some((s) => s.user_id === world.staff.otherFacility.user.id || s.user_id === world.staff.ended.user.id),
    ).toBe(false);
    // Keyed per device: the other kiosk's roster holds another value.
    const roster2 = (await call(kiosk2, getKioskRoster)).data;
    expect(roster2.staff.find((s) => s.user_id === mine.user_id)!.qr_hash).not.toBe(mine.qr_hash);

    const c = await freshChild();
    const byQr = scan(c.noteChild.id, 'arrival', { via: 'touch', staff: { type: 'qr', token } });
    expect((await post(kiosk, [byQr])).data.results[0]!.status).toBe('recorded');
    const [entry] = (await auditOf('kiosk.arrival')).filter((a) => (a.details as { scan_id?: string }).scan_id === byQr.id);
    expect(entry).toMatchObject({ userId: world.staff.classStaffA.user.id, deviceId: kioskId });

    const again = await call(me, postStaffQr);
    const old = await post(kiosk, [
      scan(c.noteChild.id, 'pickup', { staff: { type: 'qr', token }, at: new Date().toISOString() }),
    ]);
    expect(old.data.results[0]).toMatchObject({ status: 'rejected', message: kioskMessages.staffInvalid });
    expect((await call(me, deleteStaffQr)).statusCode).toBe(200);
    const newToken = again.data.qr.slice(STAFF_QR_PREFIX.length);
    const revoked = await post(kiosk, [
      scan(c.noteChild.id, 'pickup', { staff: { type: 'qr', token: newToken }, at: new Date().toISOString() }),
    ]);
    expect(revoked.data.results[0]).toMatchObject({ status: 'rejected', message: kioskMessages.staffInvalid });
  });

  it('only a signed-in person on the desktop; a PIN session on a tablet 403; the kiosk 401', async () => {
    const tablet = (await pairedTablet('class', 'りす組')).tablet;
    expect(
      (await call(tablet, postStaffDeviceUnlock, { body: { user_id: world.staff.classStaffA.user.id, pin: PIN } })).statusCode,
    ).toBe(200);
    const cases: [string, Agent, number][] = [
      ['PIN session', tablet, 403],
      ['kiosk', kiosk, 401],
      ['guardian', agents.guardian, 401],
      ['anonymous', agents.anonymous, 401],
      ['ended membership', agents.ended, 401],
    ];
    for (const [who, agent, status] of cases) {
      for (const c of [getStaffQr, postStaffQr, deleteStaffQr] as const) {
        const res = await callRaw(agent, c);
        expect([who, c.path, c.method, res.statusCode]).toEqual([who, c.path, c.method, status]);
      }
    }
    for (const who of ['companyAdmin', 'director', 'office', 'classStaffB', 'otherFacility'] as const) {
      expect([who, (await call(agents[who], postStaffQr)).statusCode]).toEqual([who, 201]);
    }
  });
});

describe('one-time codes at the kiosk (issue 30)', () => {
  it('100 wrong codes in one post: only the limit is evaluated, then 429; the child stays locked on this device', async () => {
    const c = await freshChild();
    const granted = await pinGrant(kiosk2, world.staff.classStaffA.user.id);
    const staff = { type: 'pin' as const, grant: granted.data.grant };
    const wrong = Array.from({ length: 100 }, (_, i) =>
      scan(c.noteChild.id, 'pickup', { pickup: { type: 'code', code: String(100000 + i) }, staff }),
    );
    const res = await post(kiosk2, wrong);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(kioskMessages.codeTooMany);
    const evaluated = await t.db
      .select({ n: count() })
      .from(kioskScans)
      .where(and(eq(kioskScans.noteChildId, c.noteChild.id), eq(kioskScans.pickupType, 'code')));
    expect(evaluated[0]!.n).toBe(5);
    const next = await post(kiosk2, [scan(c.noteChild.id, 'pickup', { pickup: { type: 'code', code: '999999' }, staff })]);
    expect(next.statusCode).toBe(429);
  });

  it('the roster carries no code hashes; each roster read is audited naming the device', async () => {
    const before = (await auditOf('kiosk.roster.read')).length;
    const roster = await call(kiosk, getKioskRoster);
    expect(roster.statusCode).toBe(200);
    expect(roster.json()).not.toHaveProperty('pickup_codes');
    expect(roster.payload).not.toMatch(/code_hash/);
    const entries = await auditOf('kiosk.roster.read');
    expect(entries.length).toBe(before + 1);
    expect(entries.at(-1)).toMatchObject({ userId: null, deviceId: kioskId, facilityId: world.facilityId, targetType: 'device' });
  });
});
