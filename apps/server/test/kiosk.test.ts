import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  deleteStaffDevice,
  getChildrenContent,
  getKioskRoster,
  getStaffDevices,
  kioskMessages,
  messages,
  postChildPickupCode,
  postKioskScans,
  postStaffDevice,
  postStaffDevicePair,
  tokyoDate,
  tokyoTime,
  type KioskScan,
} from '@renraku/contract';
import { childAttendances, devices, kioskScans, pickupCodes, pickupPersons, pushOutbox } from '../src/db/schema';
import { sha256Hex } from '../src/modules/kiosk/service';
import { buildChild, buildStaffWorld, buildUser, linkGuardian } from './factories';
import { type Agent, call, callRaw, setupApp, staffAgents, type StaffPersona } from './harness';

const t = setupApp();
let world: Awaited<ReturnType<typeof buildStaffWorld>>;
let agents: Record<StaffPersona, Agent>;
let kiosk: Agent;
let kiosk2: Agent;
let kioskId: number;
let classTablet: Agent;
let revoked: Agent;

/** A tablet registered by the director with `purpose` and paired on a fresh client. */
async function pairedTablet(purpose: 'class' | 'kiosk', name = 'ゲート') {
  const registered = await call(agents.director, postStaffDevice, {
    params: { facilityId: world.facilityId },
    body: { name, class_id: null, purpose },
  });
  expect(registered.statusCode).toBe(201);
  expect(registered.data.device.purpose).toBe(purpose);
  const tablet = t.agent();
  expect((await call(tablet, postStaffDevicePair, { body: { code: registered.data.code } })).statusCode).toBe(200);
  return { tablet, deviceId: registered.data.device.id };
}

/** A child of the world's facility, with its own main guardian. */
async function freshChild() {
  const built = await buildChild(t.db, { facilityId: world.facilityId });
  const guardian = await buildUser(t.db);
  await linkGuardian(t.db, built.child.id, guardian.id, { main: true });
  return { ...built, guardian };
}

const scan = (noteChildId: number, kind: KioskScan['kind'], at: Date, pickup: KioskScan['pickup'] = null): KioskScan => ({
  id: randomUUID(),
  note_child_id: noteChildId,
  kind,
  at: at.toISOString(),
  pickup,
});
const post = (agent: Agent, scans: KioskScan[], sentAt = new Date()) =>
  call(agent, postKioskScans, { body: { sent_at: sentAt.toISOString(), scans } });

const attendanceOf = async (noteChildId: number) =>
  (await t.db.select().from(childAttendances).where(eq(childAttendances.noteChildId, noteChildId)))[0];
const scanCount = async () => (await t.db.select({ n: count() }).from(kioskScans))[0]!.n;
const pushCount = async () => (await t.db.select({ n: count() }).from(pushOutbox).where(eq(pushOutbox.kind, 'attendance')))[0]!.n;
const attendanceCount = async () => (await t.db.select({ n: count() }).from(childAttendances))[0]!.n;

/** Minutes before now: scans of the tests are "this morning", earlier than the server's now. */
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  world = await buildStaffWorld(t.db);
  agents = await staffAgents(t, world);
  const first = await pairedTablet('kiosk');
  kiosk = first.tablet;
  kioskId = first.deviceId;
  kiosk2 = (await pairedTablet('kiosk', 'ゲート2')).tablet;
  classTablet = (await pairedTablet('class', 'ひよこ組')).tablet;
  const gone = await pairedTablet('kiosk', '撤去');
  revoked = gone.tablet;
  expect((await call(agents.director, deleteStaffDevice, { params: { deviceId: gone.deviceId } })).statusCode).toBe(200);
}, 120_000);

describe('who may call the kiosk', () => {
  it('a kiosk device only: class device 403, revoked 401, anonymous, staff session and guardian 401', async () => {
    expect((await call(kiosk, getKioskRoster)).statusCode).toBe(200);
    const refused: [string, Agent, number, string][] = [
      ['class tablet', classTablet, 403, kioskMessages.notKiosk],
      ['revoked', revoked, 401, kioskMessages.notPaired],
      ['anonymous', agents.anonymous, 401, kioskMessages.notPaired],
      ['director (no device)', agents.director, 401, kioskMessages.notPaired],
      ['guardian', agents.guardian, 401, kioskMessages.notPaired],
    ];
    const before = await scanCount();
    for (const [who, agent, status, message] of refused) {
      const roster = await call(agent, getKioskRoster);
      expect([who, roster.statusCode, roster.json().message]).toEqual([who, status, message]);
      const res = await post(agent, [scan(world.family.noteChild.id, 'arrival', ago(1))]);
      expect([who, res.statusCode, res.json().message]).toEqual([who, status, message]);
      // The scans' device is checked by their statement; input refused before it still answers the
      // device's refusal first, never the input's 422.
      for (const body of [
        { sent_at: 'x', scans: [] },
        { sent_at: new Date().toISOString(), scans: [{ id: '\u0000' }] },
      ]) {
        const bad = await callRaw(agent, postKioskScans, { body });
        expect([who, bad.statusCode, bad.json().message]).toEqual([who, status, message]);
      }
    }
    expect(await scanCount()).toBe(before);
  });
});

describe('getKioskRoster', () => {
  it('the facility’s children today with QR hashes, guardians, siblings, approved pick-up persons; no other facility', async () => {
    const sibling = await buildChild(t.db, { facilityId: world.facilityId });
    await linkGuardian(t.db, sibling.child.id, world.family.main.id, { main: true });
    await t.db.insert(pickupPersons).values([
      { companyId: world.companyId, childId: world.family.child.id, name: '山田 花子', relation: '祖母', status: 'approved' },
      { companyId: world.companyId, childId: world.family.child.id, name: '申請中', relation: '叔母', status: 'proposed' },
    ]);
    const res = await call(kiosk, getKioskRoster);
    expect(res.statusCode).toBe(200);
    expect(res.data.facility.id).toBe(world.facilityId);
    expect(res.data.date).toBe(tokyoDate(new Date()));
    const mine = res.data.children.find((c) => c.child_id === world.family.child.id)!;
    expect(mine).toMatchObject({
      note_child_id: world.family.noteChild.id,
      class_name: 'ひよこ組',
      qr_hash: sha256Hex(world.family.child.qrToken),
      sibling_ids: [sibling.noteChild.id],
      pickup_persons: [{ name: '山田 花子', relation: '祖母', photo_url: null }],
    });
    expect(mine.guardians).toHaveLength(3);
    expect(res.data.children.some((c) => c.child_id === world.otherFacility.child.id)).toBe(false);
    expect(res.data.children.find((c) => c.child_id === sibling.child.id)!.sibling_ids).toEqual([world.family.noteChild.id]);
  });

  it('a bounded number of statements whatever the facility size', async () => {
    const measure = async () => {
      const before = t.database.queryCount();
      expect((await call(kiosk, getKioskRoster)).statusCode).toBe(200);
      return t.database.queryCount() - before;
    };
    const small = await measure();
    for (let i = 0; i < 8; i++) await freshChild();
    expect(await measure()).toBe(small);
    expect(small).toBeLessThanOrEqual(6);
  });
});

describe('postKioskScans', () => {
  it('records an arrival once: a repeated id is a duplicate and writes nothing; guardians get one push each', async () => {
    const c = await freshChild();
    const co = await buildUser(t.db);
    await linkGuardian(t.db, c.child.id, co.id, {});
    const pending = await buildUser(t.db);
    await linkGuardian(t.db, c.child.id, pending.id, { activated: null });
    const at = ago(30);
    const first = scan(c.noteChild.id, 'arrival', at);
    const pushesBefore = await pushCount();
    const res = await post(kiosk, [first]);
    expect(res.statusCode).toBe(200);
    expect(res.data.results).toEqual([{ id: first.id, status: 'recorded', message: null }]);
    expect(await attendanceOf(c.noteChild.id)).toMatchObject({
      arrivedAt: tokyoTime(at),
      pickedUpAt: null,
      source: 'kiosk',
      deviceId: kioskId,
      date: tokyoDate(at),
    });
    // Two activated guardians, the pending one not.
    expect((await pushCount()) - pushesBefore).toBe(2);
    const rows = await t.db.select().from(pushOutbox).where(eq(pushOutbox.userId, c.guardian.id));
    expect(rows).toMatchObject([{ kind: 'attendance', dedupeKey: `${first.id}:${c.guardian.id}`, title: '登園しました' }]);

    const before = { scans: await scanCount(), pushes: await pushCount(), attendances: await attendanceCount() };
    const again = await post(kiosk2, [first]);
    expect(again.data.results).toEqual([{ id: first.id, status: 'duplicate', message: kioskMessages.duplicate }]);
    expect({ scans: await scanCount(), pushes: await pushCount(), attendances: await attendanceCount() }).toEqual(before);
  });

  it('the same id posted concurrently is recorded once', async () => {
    const c = await freshChild();
    const one = scan(c.noteChild.id, 'arrival', ago(20));
    const answers = await Promise.all([post(kiosk, [one]), post(kiosk2, [one]), post(kiosk, [one])]);
    const statuses = answers.map((a) => a.data.results[0]!.status).sort();
    expect(statuses).toEqual(['duplicate', 'duplicate', 'recorded']);
    const rows = await t.db.select().from(kioskScans).where(eq(kioskScans.id, one.id));
    expect(rows).toHaveLength(1);
    expect((await t.db.select().from(pushOutbox).where(eq(pushOutbox.userId, c.guardian.id))).length).toBe(1);
  });

  it('a second scan of the same child and kind within 60 s is ignored, also from another device; later ones keep the first arrival', async () => {
    const c = await freshChild();
    const base = ago(40);
    const plus = (s: number) => new Date(base.getTime() + s * 1000);
    const res = await post(kiosk, [scan(c.noteChild.id, 'arrival', base), scan(c.noteChild.id, 'arrival', plus(30))]);
    expect(res.data.results.map((r) => r.status)).toEqual(['recorded', 'ignored_repeat']);
    expect(res.data.results[1]!.message).toBe(kioskMessages.ignoredRepeat);
    const other = await post(kiosk2, [scan(c.noteChild.id, 'arrival', plus(-50))]);
    expect(other.data.results[0]!.status).toBe('ignored_repeat');
    const later = await post(kiosk2, [scan(c.noteChild.id, 'arrival', plus(180))]);
    expect(later.data.results[0]!.status).toBe('recorded');
    expect((await attendanceOf(c.noteChild.id))!.arrivedAt).toBe(tokyoTime(base));
    // The first arrival only is told to the guardians.
    expect((await t.db.select().from(pushOutbox).where(eq(pushOutbox.userId, c.guardian.id))).length).toBe(1);
    // A pick-up within the minute is another kind: recorded.
    const pickup = await post(kiosk, [scan(c.noteChild.id, 'pickup', plus(200), { type: 'guardian' })]);
    expect(pickup.data.results[0]!.status).toBe('recorded');
    expect((await attendanceOf(c.noteChild.id))!.pickedUpAt).toBe(tokyoTime(plus(200)));
  });

  it('a child of another facility or none is rejected and nothing is recorded', async () => {
    const before = await attendanceCount();
    const res = await post(kiosk, [
      scan(world.otherFacility.noteChild.id, 'arrival', ago(10)),
      scan(2_000_000_000, 'arrival', ago(10)),
    ]);
    expect(res.data.results.map((r) => [r.status, r.message])).toEqual([
      ['rejected', kioskMessages.notEnrolled],
      ['rejected', kioskMessages.notEnrolled],
    ]);
    expect(await attendanceCount()).toBe(before);
    expect(await attendanceOf(world.otherFacility.noteChild.id)).toBeUndefined();
  });

  it('pick-up by a registered person of the child, not of another child', async () => {
    const c = await freshChild();
    const other = await freshChild();
    const [mine] = await t.db
      .insert(pickupPersons)
      .values({ companyId: world.companyId, childId: c.child.id, name: '祖父', relation: '祖父', status: 'approved' })
      .returning();
    const wrong = await post(kiosk, [scan(other.noteChild.id, 'pickup', ago(5), { type: 'person', pickup_person_id: mine!.id })]);
    expect(wrong.data.results[0]).toMatchObject({ status: 'rejected', message: kioskMessages.pickupPersonNotFound });
    expect(await attendanceOf(other.noteChild.id)).toBeUndefined();
    const right = await post(kiosk, [scan(c.noteChild.id, 'pickup', ago(5), { type: 'person', pickup_person_id: mine!.id })]);
    expect(right.data.results[0]!.status).toBe('recorded');
    const [row] = await t.db.select().from(kioskScans).where(eq(kioskScans.noteChildId, c.noteChild.id));
    expect(row).toMatchObject({ pickupType: 'person', pickupPersonId: mine!.id, status: 'recorded' });
  });

  it('pick-up by a one-time code: once; the second use is refused; another child’s code is refused', async () => {
    const guardian = await t.signIn(world.family.main);
    const issued = await call(guardian, postChildPickupCode, {
      params: { childId: world.family.child.id },
      body: { name: '佐藤 一郎' },
    });
    expect(issued.statusCode).toBe(201);
    const roster = await call(kiosk, getKioskRoster);
    expect(roster.data.pickup_codes).toContainEqual({
      note_child_id: world.family.noteChild.id,
      code_hash: sha256Hex(issued.data.code),
      name: '佐藤 一郎',
      expires_at: issued.data.expires_at,
    });
    const other = await freshChild();
    const stranger = await post(kiosk, [scan(other.noteChild.id, 'pickup', ago(3), { type: 'code', code: issued.data.code })]);
    expect(stranger.data.results[0]).toMatchObject({ status: 'rejected', message: kioskMessages.codeInvalid });

    const used = scan(world.family.noteChild.id, 'pickup', ago(3), { type: 'code', code: issued.data.code });
    expect((await post(kiosk, [used])).data.results[0]!.status).toBe('recorded');
    const [code] = await t.db.select().from(pickupCodes).where(eq(pickupCodes.id, issued.data.id));
    expect(code).toMatchObject({ usedScanId: used.id });
    expect(code!.usedAt).not.toBeNull();
    expect((await call(kiosk, getKioskRoster)).data.pickup_codes.some((c) => c.name === '佐藤 一郎')).toBe(false);

    const twice = await post(kiosk2, [
      scan(world.family.noteChild.id, 'pickup', ago(1), { type: 'code', code: issued.data.code }),
    ]);
    expect(twice.data.results[0]).toMatchObject({ status: 'rejected', message: kioskMessages.codeInvalid });
  });

  it('bad input: 422 in Japanese, nothing written', async () => {
    const before = { scans: await scanCount(), attendances: await attendanceCount() };
    const good = scan(world.family.noteChild.id, 'arrival', ago(1));
    const bodies: unknown[] = [
      { sent_at: new Date().toISOString(), scans: [] },
      { sent_at: 'yesterday', scans: [good] },
      { sent_at: new Date().toISOString(), scans: [{ ...good, id: 'not-a-uuid' }] },
      { sent_at: new Date().toISOString(), scans: [{ ...good, kind: 'nap' }] },
      { sent_at: new Date().toISOString(), scans: [{ ...good, at: '08:00' }] },
      { sent_at: new Date().toISOString(), scans: [{ ...good, note_child_id: 'x' }] },
      { sent_at: new Date().toISOString(), scans: [{ ...good, kind: 'pickup', pickup: { type: 'code', code: '12ab' } }] },
      { sent_at: new Date().toISOString(), scans: [{ ...good, kind: 'pickup', pickup: { type: 'magic' } }] },
      { sent_at: new Date().toISOString(), scans: Array.from({ length: 101 }, () => ({ ...good, id: randomUUID() })) },
    ];
    for (const body of bodies) {
      const res = await callRaw(kiosk, postKioskScans, { body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json().message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    }
    // A device clock far off is refused per scan, writing no attendance.
    const future = await post(kiosk, [scan(world.family.noteChild.id, 'arrival', new Date(Date.now() + 3 * 86_400_000))]);
    expect(future.data.results[0]).toMatchObject({ status: 'rejected', message: kioskMessages.timeOutOfRange });
    expect({ scans: (await scanCount()) - 1, attendances: await attendanceCount() }).toEqual(before);
  });

  it('the device’s skew is kept and shown on the devices list with its purpose', async () => {
    const res = await post(kiosk, [scan(world.family.noteChild.id, 'arrival', ago(2))], new Date(Date.now() - 5 * 60_000));
    expect(res.data.skew_ms).toBeGreaterThanOrEqual(5 * 60_000);
    const [row] = await t.db.select().from(devices).where(eq(devices.id, kioskId));
    expect(row!.clockSkewMs).toBeGreaterThanOrEqual(5 * 60_000);
    const list = await call(agents.director, getStaffDevices, { params: { facilityId: world.facilityId } });
    expect(list.data.find((d) => d.id === kioskId)).toMatchObject({ purpose: 'kiosk', clock_skew_ms: row!.clockSkewMs });
    expect(list.data.find((d) => d.name === 'ひよこ組')).toMatchObject({ purpose: 'class', clock_skew_ms: null });
  });
});

describe('the guardians’ feed', () => {
  it('shows the arrival and pick-up times of a day with nothing else, to the child’s guardians only', async () => {
    const c = await freshChild();
    const arrival = ago(50);
    const leave = ago(2);
    await post(kiosk, [scan(c.noteChild.id, 'arrival', arrival), scan(c.noteChild.id, 'pickup', leave, { type: 'guardian' })]);
    const guardian = await t.signIn(c.guardian);
    const res = await call(guardian, getChildrenContent, { query: { children: [c.child.id] } });
    expect(res.statusCode).toBe(200);
    const day = tokyoDate(arrival);
    expect(res.data.data[day]).toMatchObject([
      { child_id: c.child.id, attendances: { attendanceTime: tokyoTime(arrival), leavingTime: tokyoTime(leave) } },
    ]);
    const stranger = await t.signIn(world.family.unrelated);
    const refused = await callRaw(stranger, getChildrenContent, { query: { children: [c.child.id] } });
    expect([refused.statusCode, refused.json().message]).toEqual([404, messages.notFound]);
  });
});

describe('demo data', () => {
  it('the README’s kiosk code pairs the gate tablet: a morning of scans, 陽翔’s pick-up code', async () => {
    const { seedDemo } = await import('../src/seed');
    const { DEMO_KIOSK_PAIRING_CODE } = await import('../src/seed/staff');
    const { DEMO_PICKUP_CODE } = await import('../src/seed/kiosk');
    const now = tokyoInstantOf('10:00');
    const ids = await seedDemo(t.db, t.config, now);
    const gate = t.agent({ 'x-test-now': now.toISOString() });
    expect((await call(gate, postStaffDevicePair, { body: { code: DEMO_KIOSK_PAIRING_CODE } })).statusCode).toBe(200);
    const roster = await call(gate, getKioskRoster);
    expect(roster.statusCode).toBe(200);
    const arrived = roster.data.children.filter((c) => c.arrived_at !== null);
    expect(arrived.length).toBeGreaterThanOrEqual(2);
    expect(roster.data.pickup_codes).toMatchObject([{ code_hash: sha256Hex(DEMO_PICKUP_CODE) }]);
    const recorded = await t.db.select().from(kioskScans).where(eq(kioskScans.facilityId, ids.facilities.sakura));
    expect(recorded.map((s) => s.status).sort()).toEqual(['ignored_repeat', 'recorded']);
  });
});

/** Today at a Tokyo time. */
function tokyoInstantOf(time: string) {
  return new Date(`${tokyoDate(new Date())}T${time}:00+09:00`);
}
